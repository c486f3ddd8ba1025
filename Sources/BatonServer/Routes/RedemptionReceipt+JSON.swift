import BatonCore
import BatonJSON
import Foundation
import HTTP

extension RedemptionReceipt {
    /// The receipt's JSON body, written with `JSONObjectWriter`: the same
    /// bytes as `JSONCoding.encode(self)`, without `JSONEncoder`'s cost on
    /// every redemption (metadata other than `{}` goes through `JSONCoding`).
    func json() -> Data {
        var object = JSONObjectWriter(
            capacity: 320 + familyID.utf8.count + familyName.utf8.count + redeemerID.utf8.count + metadata.utf8.count
                + (inviterID?.utf8.count ?? 0) + (inviterName?.utf8.count ?? 0)
        )
        object.add("campaign", attribution.campaign)
        object.add("channel", channel.rawValue)
        object.add("family_id", familyID)
        object.add("family_name", familyName)
        object.add("id", id)
        object.add("invite_id", inviteID)
        object.add("inviter_id", inviterID)
        object.add("inviter_name", inviterName)
        object.add(
            "metadata",
            json: metadata == "{}"
                ? Data("{}".utf8) : (try? JSONCoding.encode(JSONValue(storedObject: metadata))) ?? Data("{}".utf8))
        object.add("redeemed_at", redeemedAt)
        object.add("redeemer_id", redeemerID)
        object.add("source", attribution.source)
        object.add("uses_left", usesLeft)
        return object.data()
    }
}
