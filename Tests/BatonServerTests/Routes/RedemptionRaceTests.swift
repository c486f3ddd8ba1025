import BatonTestSupport
import Foundation
import Synchronization
import Testing

@Suite("Redemption races", .timeLimit(.minutes(10)))
struct RedemptionRaceTests {
    /// One answer a racing client got.
    struct Answer: Sendable {
        let invite: Int
        let redeemer: String
        let status: Int
        let body: Data
    }

    static let threads = 16
    static let singleUse = 200
    static let threeUse = 20

    @Test("16 clients racing over 200 single-use and 20 three-use invites get exactly max_redemptions receipts each")
    func exactlyOnce() async throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "off", "BATON_HTTP_THREADS": "16", "BATON_DB_POOL_SIZE": "16"])
        try app.addWebhookEndpoint()
        let invites = try app.makeInvites(Self.singleUse) + app.makeInvites(Self.threeUse, maxRedemptions: 3)
        let tokens = invites.map(\.token.text)
        let port = app.port
        let key = app.adminKey
        // Two threads share each redeemer id, so a redeemer also races itself.
        let answers = try await Self.onThreads(Self.threads) { thread in
            let client = try HTTPTestClient(port: port, apiKey: key)
            let redeemer = "racer-\(thread / 2)"
            var answers: [Answer] = []
            for index in tokens.indices.shuffled() {
                let response = try client.post("/v1/redemptions", json: ["token": tokens[index], "redeemer_id": redeemer])
                answers.append(Answer(invite: index, redeemer: redeemer, status: response.status, body: response.body))
            }
            return answers
        }

        let receipts = Dictionary(grouping: answers.filter { $0.status == 201 }, by: \.invite)
        for index in invites.indices {
            #expect(receipts[index]?.count == (index < Self.singleUse ? 1 : 3), "invite \(index)")
        }
        #expect(answers.allSatisfy { [200, 201, 409].contains($0.status) })
        // Every 200 is a replay: the body its redeemer's 201 carried.
        let issued = Dictionary(uniqueKeysWithValues: answers.filter { $0.status == 201 }.map { ("\($0.invite)/\($0.redeemer)", $0.body) })
        for replay in answers where replay.status == 200 {
            #expect(issued["\(replay.invite)/\(replay.redeemer)"] == replay.body)
        }
        // Retrying now replays every receipt.
        let client = try app.client()
        for (invite, group) in receipts.prefix(40) {
            let first = try #require(group.first)
            let again = try client.post("/v1/redemptions", json: ["token": tokens[invite], "redeemer_id": first.redeemer])
            #expect(again.status == 200 && again.body == first.body)
        }

        let expected = Self.singleUse + 3 * Self.threeUse
        #expect(try app.count("SELECT count(*) FROM baton.redemptions") == expected)
        #expect(try app.count("SELECT count(*) FROM baton.events WHERE type = 'invite.redeemed'") == expected)
        #expect(try app.count("SELECT count(*) FROM baton.jobs WHERE kind = 'webhook.deliver'") == expected)
        #expect(
            try app.count("SELECT count(*) FROM baton.invites WHERE state = 'used_up' AND redemption_count = max_redemptions")
                == invites.count)
    }

    @Test("a redeemer racing itself over single-use invites gets its receipt and its replay, never invite_used_up")
    func redeemerRacingItself() async throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "off", "BATON_HTTP_THREADS": "8", "BATON_DB_POOL_SIZE": "8"])
        let tokens = try app.makeInvites(Self.singleUse).map(\.token.text)
        let port = app.port
        let key = app.adminKey
        // Pairs of threads meet before each token and send it for the same
        // redeemer at once: an app retrying while its first request is in flight.
        let meetings = [Rendezvous(), Rendezvous()]
        let answers = try await Self.onThreads(4) { thread in
            let client = try HTTPTestClient(port: port, apiKey: key)
            return try tokens.indices.filter { $0 % 2 == thread / 2 }.map { index in
                meetings[thread / 2].meet(parties: 2)
                let response = try client.post("/v1/redemptions", json: ["token": tokens[index], "redeemer_id": "twin-\(index)"])
                return Answer(invite: index, redeemer: "twin-\(index)", status: response.status, body: response.body)
            }
        }
        #expect(answers.count == 2 * tokens.count)
        for (invite, pair) in Dictionary(grouping: answers, by: \.invite) {
            #expect(pair.map(\.status).sorted() == [200, 201], "invite \(invite)")
            #expect(pair[0].body == pair[1].body, "invite \(invite)")
        }
        #expect(try app.count("SELECT count(*) FROM baton.redemptions") == tokens.count)
    }

    /// Runs `body` on `count` threads of their own at once and collects what they return.
    static func onThreads<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> [T]) async throws -> [T] {
        let results = Mutex<[Result<[T], any Error>]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let remaining = Mutex(count)
            for index in 0..<count {
                Thread {
                    let result = Result { try body(index) }
                    results.withLock { $0.append(result) }
                    if remaining.withLock({
                        $0 -= 1
                        return $0
                    }) == 0 {
                        done.resume()
                    }
                }.start()
            }
        }
        return try results.withLock { $0 }.flatMap { try $0.get() }
    }
}

/// Holds each arriving thread until `parties` have arrived, then lets them all go.
final class Rendezvous: @unchecked Sendable {
    // @unchecked: `arrived` and `round` are only touched under `condition`.
    private let condition = NSCondition()
    private var arrived = 0
    private var round = 0

    func meet(parties: Int) {
        condition.lock()
        defer { condition.unlock() }
        let mine = round
        arrived += 1
        if arrived == parties {
            arrived = 0
            round += 1
            condition.broadcast()
        } else {
            while round == mine { condition.wait() }
        }
    }
}
