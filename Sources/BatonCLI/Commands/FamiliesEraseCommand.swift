import BatonCore
import BatonServer
import Foundation

/// `baton families erase FAMILY_ID`: revokes a family's live invites and
/// erases its personal data, as `DELETE /v1/families/{family_id}` does
/// (docs/privacy.md); safe to run again.
enum FamiliesEraseCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "families erase",
        summary: "Revoke a family's invites and erase its personal data; erasing twice is fine.",
        positionals: "FAMILY_ID",
        positionalCount: 1...1,
        options: [.flag("json", "Print what was erased as JSON.")],
        examples: ["baton families erase fam_8c1d"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let report = try ConfiguredDatabase.open { configuration, connection in
            let eraser = FamilyEraser(
                secret: configuration.secretKey,
                webhookMaxAttempts: configuration.webhookDelivery.maxAttempts
            )
            return try connection.transaction { try eraser.erase(familyID: arguments.positionals[0], on: $0) }
        }
        try console.result(arguments, json: { try Console.apiJSON(FamilyErasureBody(report)) }) {
            "erased family \(report.familyID): \(report.invitesRevoked) invites revoked, \(report.invitesErased) invites, "
                + "\(report.redemptionsErased) redemptions and \(report.eventsErased) events erased; "
                + "family.erased event \(report.eventID.uuidString.lowercased())"
        }
        return .success
    }
}
