import BatonCore
import Testing

@Suite("PageLimit", .timeLimit(.minutes(10)))
struct PageLimitTests {
    struct Refused: Error, Equatable {
        let reason: String
    }

    @Test("an absent limit is the fallback, and both ends of the range are accepted")
    func accepted() throws {
        #expect(try PageLimit.parse(nil, in: 1...500, default: 100, refusal: Refused.init) == 100)
        #expect(try PageLimit.parse("1", in: 1...500, default: 100, refusal: Refused.init) == 1)
        #expect(try PageLimit.parse("500", in: 1...500, default: 100, refusal: Refused.init) == 500)
    }

    @Test(
        "a limit outside the range or not a whole number is refused with the caller's error naming the range",
        arguments: ["0", "501", "ten", "", " 5", "1.5", "\u{202E}1", "99999999999999999999"])
    func refused(text: String) {
        #expect(throws: Refused(reason: "must be a whole number from 1 to 500")) {
            try PageLimit.parse(text, in: 1...500, default: 100, refusal: Refused.init)
        }
    }
}
