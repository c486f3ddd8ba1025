import HTTP
import Testing

@Suite("Media types", .timeLimit(.minutes(10)))
struct MediaTypeTests {
    @Test(
        "the essence is the type before any parameter, trimmed of spaces and tabs, ASCII letters lower-cased",
        arguments: [
            ("application/json", "application/json"), ("Application/JSON; charset=utf-8", "application/json"),
            ("  text/html  ;x=1", "text/html"), ("\t a/b \t", "a/b"), ("", ""), (";", ""), ("   ", ""), (" ; a/b", ""),
            ("APPLICATION/VND.API+JSON", "application/vnd.api+json"), ("Ünicode/X", "Ünicode/x"), ("a /b", "a /b"),
        ])
    func essence(contentType: String, expected: String) {
        #expect(MediaType.essence(of: contentType) == expected)
    }

    @Test(
        "JSON is application/json or an application/…+json type, in any case and with parameters",
        arguments: [
            ("application/json", true), ("APPLICATION/JSON ; charset=utf-8", true), ("application/problem+json", true),
            ("application/+json", true), ("text/json", false), ("application/jsonx", false), ("application/json+xml", false),
            ("", false),
        ])
    func json(contentType: String, expected: Bool) {
        #expect(MediaType.isJSON(contentType) == expected)
    }
}
