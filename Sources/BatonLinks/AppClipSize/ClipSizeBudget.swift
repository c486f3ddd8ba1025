import SafeText

/// Apple's limit on an App Clip's uncompressed size after App Thinning, and
/// a report's variants measured against it.
///
/// The limit depends on the clip's minimum deployment target and on how it
/// is invoked: 10 MB through iOS 15, 15 MB for iOS 16, and for iOS 17 and
/// later 100 MB when the clip is invoked only digitally (links, Safari,
/// Messages; no NFC, QR or App Clip Codes), otherwise 15 MB. Megabytes are
/// decimal, as the report writes them.
public struct ClipSizeBudget: Equatable, Sendable {
    /// How people reach the clip.
    public enum Invocations: String, Sendable, CaseIterable {
        /// Only links: Safari, Messages, Maps, Spotlight, Smart App Banners.
        case digital
        /// Also NFC tags, QR codes or App Clip Codes.
        case physical
    }

    /// One variant's verdict.
    public struct Line: Equatable, Sendable {
        /// The variant.
        public let variant: ThinningReport.Variant
        /// The limit minus the variant's uncompressed size; negative when over.
        public let headroom: ReportedSize
        /// Whether the variant is over the limit.
        public var isOver: Bool { headroom.bytes < 0 }
    }

    /// The clip's minimum iOS major version.
    public let minimumIOS: Int
    /// How it is invoked.
    public let invocations: Invocations

    /// A budget for a clip that runs on iOS `minimumIOS` and later.
    public init(minimumIOS: Int, invocations: Invocations) {
        self.minimumIOS = minimumIOS
        self.invocations = invocations
    }

    /// The largest uncompressed size allowed.
    public var limit: ReportedSize {
        switch minimumIOS {
        case ...15: .megabytes(10)
        case 16: .megabytes(15)
        default: invocations == .digital ? .megabytes(100) : .megabytes(15)
        }
    }

    /// Every variant of `report` whose name starts with `clipName` (all of
    /// them without one), against ``limit``.
    ///
    /// - Throws: ``ClipSizeError/noClipVariants`` when no variant is the clip's.
    public func lines(for report: ThinningReport, clipName: String? = nil) throws(ClipSizeError) -> [Line] {
        let variants = report.variants.filter { clipName.map($0.name.hasPrefix) ?? true }
        guard !variants.isEmpty else { throw .noClipVariants }
        return variants.map { Line(variant: $0, headroom: ReportedSize(bytes: limit.bytes - $0.uncompressed.bytes)) }
    }
}
