/// The Markdown page `baton-bench report` writes into (docs/benchmarks.md):
/// the text between its two marker lines is the report's, and everything
/// around them is written by hand and kept as it is.
///
/// A marker counts only as a whole line of its own (surrounding blanks
/// ignored), so a page can name the markers in running text. The page is
/// read once, before anything is measured, so a page that cannot take the
/// report is refused before a half-hour run rather than after it.
public struct ReportPage: Sendable, Equatable {
    /// The line that opens the generated part.
    public static let beginMarker = "<!-- baton-bench report: begin -->"
    /// The line that closes the generated part.
    public static let endMarker = "<!-- baton-bench report: end -->"

    /// The hand-written text up to and including the begin marker's line.
    public let head: String
    /// The hand-written text from the end marker's line to the end of the page.
    public let tail: String

    /// Reads `text` as a page holding exactly one begin marker line followed,
    /// later, by exactly one end marker line.
    ///
    /// - Throws: `ReportPageError.missingMarker` when either is absent,
    ///   `.repeatedMarker` when either is there more than once, and
    ///   `.markersOutOfOrder` when the end comes before the begin.
    public init(text: String) throws(ReportPageError) {
        // Split on the byte, not the Character: "\r\n" is one Character.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        let begins = lines.indices.filter { lines[$0].trimmingBlanks == Self.beginMarker }
        let ends = lines.indices.filter { lines[$0].trimmingBlanks == Self.endMarker }
        for (marker, found) in [(Self.beginMarker, begins), (Self.endMarker, ends)] {
            if found.isEmpty { throw .missingMarker(marker) }
            if found.count > 1 { throw .repeatedMarker(marker, lines: found.map { $0 + 1 }) }
        }
        guard let begin = begins.first, let end = ends.first, begin < end else { throw .markersOutOfOrder }
        // A final newline leaves an empty last element; keep it so the tail
        // ends as the page did.
        if lines.last == "" { lines.removeLast() }
        let ending = text.hasSuffix("\n") ? "\n" : ""
        head = lines[...begin].joined(separator: "\n") + "\n"
        tail = lines[end...].joined(separator: "\n") + ending
    }

    /// The page with `generated` between the markers and the hand-written
    /// text around them unchanged. A blank line separates the report from
    /// each marker, so Markdown renders its first heading and last table.
    public func replacing(with generated: String) -> String {
        head + "\n" + Self.trimmingNewlines(generated) + "\n\n" + tail
    }

    /// A page that holds only the markers around `generated`: what
    /// `--output` writes to a file that does not exist yet.
    public static func fresh(_ generated: String) -> String {
        beginMarker + "\n\n" + trimmingNewlines(generated) + "\n\n" + endMarker + "\n"
    }

    private static func trimmingNewlines(_ text: String) -> Substring {
        let start = text.firstIndex { $0 != "\n" } ?? text.endIndex
        let end = text.lastIndex { $0 != "\n" }.map { text.index(after: $0) } ?? start
        return text[start..<max(start, end)]
    }
}

/// Why a page cannot take `baton-bench report`'s output. The report refuses
/// rather than guess where its part begins: overwriting a page whose markers
/// were lost would delete the hand-written text around them.
public enum ReportPageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No line holds the marker.
    case missingMarker(String)
    /// The marker is on more than one line (their 1-based numbers).
    case repeatedMarker(String, lines: [Int])
    /// The end marker comes before the begin marker.
    case markersOutOfOrder

    /// A stable snake_case code.
    public var code: String {
        switch self {
        case .missingMarker: "report_marker_missing"
        case .repeatedMarker: "report_marker_repeated"
        case .markersOutOfOrder: "report_markers_out_of_order"
        }
    }

    /// What is wrong with the page and how to mend it.
    public var message: String {
        switch self {
        case .missingMarker(let marker):
            "the page has no line '\(marker)'; add the begin and end marker lines around the generated part"
        case .repeatedMarker(let marker, let lines):
            "the line '\(marker)' appears \(lines.count) times (lines \(lines.map(String.init).joined(separator: ", "))); keep one"
        case .markersOutOfOrder:
            "the line '\(ReportPage.endMarker)' comes before '\(ReportPage.beginMarker)'"
        }
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}

extension Substring {
    /// The line without the spaces, tabs and carriage return around it.
    fileprivate var trimmingBlanks: Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return self[first...last]
    }
}
