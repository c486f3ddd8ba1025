import SafeText

/// The App Thinning Size Report Xcode writes when it exports an archive with
/// App Thinning (`App Thinning Size Report.txt`): one section per variant.
///
/// The format, as Xcode writes it:
///
///     App Thinning Size Report for All Variants of FamilyClip
///
///     Variant: FamilyClip-1C2D….ipa
///     Supported variant descriptors: [device: iPhone15,2, os-version: 16.0], and …
///     App + On Demand Resources size: 4.1 MB compressed, 9.6 MB uncompressed
///     App size: 4.1 MB compressed, 9.6 MB uncompressed
///     On Demand Resources size: Zero KB compressed, Zero KB uncompressed
///
/// Unknown lines are skipped (Xcode has added some over the years); a line
/// this parser knows must be well formed.
public struct ThinningReport: Equatable, Sendable {
    /// The longest report read, in bytes: far above thousands of variants.
    public static let sizeLimit = 8 << 20

    /// One variant: an `.ipa` for a set of devices and OS versions.
    public struct Variant: Equatable, Sendable {
        /// The `.ipa` name after `Variant:`.
        public let name: String
        /// Lowest `os-version` among its descriptors (`16.0` as 16), if any are listed.
        public let lowestOSMajor: Int?
        /// The app bundle alone (`App size:`), compressed for download.
        public let compressed: ReportedSize
        /// The app bundle alone (`App size:`), installed: what the App Clip limit applies to.
        public let uncompressed: ReportedSize
        /// `On Demand Resources size:` uncompressed, zero when absent.
        public let onDemandResources: ReportedSize
    }

    /// The product named in the title line.
    public let product: String
    /// The variants, in report order.
    public let variants: [Variant]

    /// Reads a report.
    ///
    /// - Throws: ``ClipSizeError``: too large, not UTF-8, no title line, a
    ///   malformed known line (by line number), a variant without `App size:`,
    ///   or no variant at all.
    public init(_ data: some Collection<UInt8>) throws(ClipSizeError) {
        guard data.count <= Self.sizeLimit else { throw .tooLarge(limit: Self.sizeLimit) }
        guard let text = PercentEncoding.validUTF8(Array(data)) else { throw .notUTF8 }
        var parser = ThinningReportParser()
        // `\r\n` is one Character, a newline, like `\n`.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            try parser.read(line, number: index + 1)
        }
        (product, variants) = try parser.finish()
    }
}
