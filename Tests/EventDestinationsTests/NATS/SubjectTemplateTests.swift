import EventDestinations
import Testing

@Suite("NATS subject templates", .timeLimit(.minutes(10)))
struct SubjectTemplateTests {
    @Test("the type fills the placeholder, its dots making more tokens")
    func fillsTheType() throws {
        #expect(try SubjectTemplate("baton.{type}").subject(forType: "invite.redeemed") == "baton.invite.redeemed")
        #expect(try SubjectTemplate("events.{type}.v1").subject(forType: "invite.created") == "events.invite.created.v1")
        #expect(try SubjectTemplate("baton.all").subject(forType: "invite.created") == "baton.all")
    }

    @Test(
        "a template that is no literal subject is invalid_subject",
        arguments: ["", "baton.>", "baton.*", "baton..{type}", ".{type}", "baton.{id}", "ba ton.{type}", "baton.{type}."])
    func badTemplateIsRefused(template: String) {
        #expect {
            try SubjectTemplate(template)
        } throws: { ($0 as? DestinationError)?.kind == .invalidSubject }
    }

    @Test("a type that would make a wildcard or an empty token is invalid_subject", arguments: ["*", ">", "a..b", "", "with space"])
    func badTypeIsRefused(type: String) throws {
        let template = try SubjectTemplate("baton.{type}")
        #expect {
            try template.subject(forType: type)
        } throws: { ($0 as? DestinationError)?.kind == .invalidSubject }
    }
}
