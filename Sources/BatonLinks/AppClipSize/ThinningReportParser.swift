import Foundation

/// The line-by-line state of reading a ``ThinningReport``.
struct ThinningReportParser {
    private static let title = "App Thinning Size Report for All Variants of "

    private var product: String?
    private var variants: [ThinningReport.Variant] = []
    /// The variant being read: its name, first line, and what was seen so far.
    private var current: (name: String, line: Int, lowestOS: Int?, app: (ReportedSize, ReportedSize)?, odr: ReportedSize?)?

    mutating func read(_ line: Substring, number: Int) throws(ClipSizeError) {
        let line = line.drop(while: { $0 == " " || $0 == "\t" })
        if line.isEmpty { return }
        if product == nil {
            guard line.hasPrefix(Self.title), line.count > Self.title.count else { throw .notAReport }
            product = String(line.dropFirst(Self.title.count))
            return
        }
        if let name = Self.value(of: "Variant:", in: line) {
            try closeVariant()
            guard !name.isEmpty else { throw .malformed(line: number, what: "a variant without a name") }
            current = (String(name), number, nil, nil, nil)
            return
        }
        guard current != nil else { return }
        if let descriptors = Self.value(of: "Supported variant descriptors:", in: line) {
            guard let lowest = Self.lowestOSMajor(in: descriptors) else {
                throw .malformed(line: number, what: "variant descriptors without an os-version")
            }
            current?.lowestOS = lowest
        } else if let sizes = Self.value(of: "App size:", in: line) {
            guard current?.app == nil else { throw .malformed(line: number, what: "a second App size line in one variant") }
            current?.app = try Self.sizes(sizes, line: number)
        } else if let sizes = Self.value(of: "On Demand Resources size:", in: line) {
            current?.odr = try Self.sizes(sizes, line: number).uncompressed
        } else if let sizes = Self.value(of: "App + On Demand Resources size:", in: line) {
            _ = try Self.sizes(sizes, line: number)
        }
    }

    mutating func finish() throws(ClipSizeError) -> (String, [ThinningReport.Variant]) {
        guard let product else { throw .notAReport }
        try closeVariant()
        guard !variants.isEmpty else { throw .noVariants }
        return (product, variants)
    }

    private mutating func closeVariant() throws(ClipSizeError) {
        guard let variant = current else { return }
        guard let app = variant.app else { throw .missingAppSize(line: variant.line) }
        variants.append(
            ThinningReport.Variant(
                name: variant.name, lowestOSMajor: variant.lowestOS, compressed: app.0, uncompressed: app.1,
                onDemandResources: variant.odr ?? ReportedSize(bytes: 0)
            ))
        current = nil
    }

    private static func value(of key: String, in line: Substring) -> Substring? {
        guard line.hasPrefix(key) else { return nil }
        return line.dropFirst(key.count).drop(while: { $0 == " " })
    }

    /// `A compressed, B uncompressed`.
    private static func sizes(_ text: Substring, line: Int) throws(ClipSizeError) -> (compressed: ReportedSize, uncompressed: ReportedSize)
    {
        let halves = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.drop(while: { $0 == " " }) }
        guard halves.count == 2, halves[0].hasSuffix(" compressed"), halves[1].hasSuffix(" uncompressed"),
            let compressed = ReportedSize(parsing: halves[0].dropLast(" compressed".count)),
            let uncompressed = ReportedSize(parsing: halves[1].dropLast(" uncompressed".count))
        else { throw .malformed(line: line, what: "a size that is not “N unit compressed, N unit uncompressed”") }
        return (compressed, uncompressed)
    }

    /// The lowest major version among `os-version: 16.0` entries.
    private static func lowestOSMajor(in descriptors: Substring) -> Int? {
        var lowest: Int?
        var rest = descriptors[...]
        while let range = rest.range(of: "os-version: ") {
            let version = rest[range.upperBound...].prefix(while: \.isASCIIDigit).prefix(4)
            if let major = Int(version) { lowest = min(lowest ?? major, major) }
            rest = rest[range.upperBound...]
        }
        return lowest
    }
}
