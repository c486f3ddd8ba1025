import SafeText

/// Why a file is not a readable App Thinning Size Report. Nothing here
/// echoes the file's text: a line is named by its number.
public enum ClipSizeError: Error, Equatable, Sendable {
    /// Larger than ``ThinningReport/sizeLimit``; nothing was read.
    case tooLarge(limit: Int)
    /// The bytes are not UTF-8.
    case notUTF8
    /// The first line is not `App Thinning Size Report for All Variants of …`.
    case notAReport
    /// A line the parser knows, written in a form it does not.
    case malformed(line: Int, what: String)
    /// A variant (starting at `line`) without an `App size:` line.
    case missingAppSize(line: Int)
    /// A title and no variant.
    case noVariants
    /// `--clip` named a product no variant belongs to.
    case noClipVariants

    /// Stable machine code.
    public var code: String {
        switch self {
        case .tooLarge: "report_too_large"
        case .notUTF8: "report_not_utf8"
        case .notAReport: "report_not_a_thinning_report"
        case .malformed: "report_malformed_line"
        case .missingAppSize: "report_missing_app_size"
        case .noVariants: "report_no_variants"
        case .noClipVariants: "report_no_clip_variants"
        }
    }

    /// A sentence for people.
    public var message: String {
        switch self {
        case .tooLarge(let limit): "the report is larger than \(limit) bytes"
        case .notUTF8: "the report is not UTF-8 text"
        case .notAReport: "the file does not start with “App Thinning Size Report for All Variants of …”"
        case .malformed(let line, let what): "line \(line) holds \(what)"
        case .missingAppSize(let line): "the variant starting on line \(line) has no “App size:” line"
        case .noVariants: "the report lists no variant"
        case .noClipVariants: "no variant's name starts with the given App Clip name"
        }
    }
}

extension ClipSizeError: CustomStringConvertible {
    public var description: String { "\(code): \(message)" }
}
