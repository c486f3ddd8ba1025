import Testing

@Suite("Health routes", .timeLimit(.minutes(10)))
struct HealthRoutesTests {
    @Test("healthz answers without a key and readyz once the migrations are applied")
    func healthAndReadiness() throws {
        let app = try TestApp()
        let client = try app.client()
        client.apiKey = nil
        #expect(try client.get("/healthz").status == 200)
        let ready = try client.get("/readyz")
        #expect(ready.status == 200)
        #expect(ready.header("X-Request-Id") != nil)
    }
}
