import SafeText

/// A fragment of HTML markup that escapes by construction: in its string
/// interpolation a `String` is text, escaped, and only another `HTML` value
/// (or a number) passes through as it is. Markup therefore comes only from
/// string literals in this module's source, and every page is built from
/// `HTML` values, never from a plain `String` of markup.
///
/// Text is escaped one way everywhere, in element content and in quoted
/// attribute values alike: hidden characters (``HiddenCharacters``, such as
/// U+202E) become visible `\u{202E}` escapes (``SafeText``), then `& < > " '`
/// become character references. Names in any script and emoji stay as they are.
struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup, ready to send.
    private(set) var markup: String

    /// The empty fragment.
    static let empty: HTML = ""

    init(stringLiteral literal: String) {
        markup = literal
    }

    init(stringInterpolation: Interpolation) {
        markup = stringInterpolation.markup
    }

    /// `text` as HTML: escaped as the interpolation escapes it.
    init(text: some StringProtocol) {
        markup = Self.escaped(text)
    }

    private init(markup: String) {
        self.markup = markup
    }

    var description: String { markup }

    static func + (lhs: HTML, rhs: HTML) -> HTML {
        HTML(markup: lhs.markup + rhs.markup)
    }

    static func += (lhs: inout HTML, rhs: HTML) {
        lhs.markup += rhs.markup
    }

    /// `text` with hidden characters made visible and `& < > " '` replaced by character references.
    static func escaped(_ text: some StringProtocol) -> String {
        let visible = SafeText.escaped(text)
        var out = ""
        out.reserveCapacity(visible.utf8.count)
        for scalar in visible.unicodeScalars {
            if let reference = characterReferences[scalar] {
                out += reference
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The references that stand for markup characters in element content and quoted attributes alike.
    private static let characterReferences: [Unicode.Scalar: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;",
    ]

    /// Builds an ``HTML`` from a literal: literal segments are markup,
    /// interpolated strings are text.
    struct Interpolation: StringInterpolationProtocol {
        fileprivate var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        mutating func appendLiteral(_ literal: String) {
            markup += literal
        }

        /// Markup, as it is.
        mutating func appendInterpolation(_ html: HTML) {
            markup += html.markup
        }

        /// Text, escaped.
        mutating func appendInterpolation(_ text: some StringProtocol) {
            markup += HTML.escaped(text)
        }

        /// An integer, in decimal digits (nothing to escape).
        mutating func appendInterpolation(_ number: some BinaryInteger) {
            markup += String(number)
        }

        /// A coordinate or measure, as Swift prints it (digits, `.`, `-`, `e`: nothing to escape).
        mutating func appendInterpolation(_ number: Double) {
            markup += String(number)
        }
    }
}

extension Sequence<HTML> {
    /// The fragments one after another, `separator` between them.
    func joined(separator: HTML = .empty) -> HTML {
        var out = HTML.empty
        for (index, fragment) in enumerated() {
            if index > 0 { out += separator }
            out += fragment
        }
        return out
    }
}
