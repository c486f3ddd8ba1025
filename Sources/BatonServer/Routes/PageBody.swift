/// One page of a list answer, `{"<itemsKey>": [...], "next_cursor": ...}`
/// with the cursor `null` on the last page: the shape of the keyset-paged
/// lists (invites, an invite's events, webhook endpoints, delivery logs,
/// the audit trail).
struct PageBody<Item: Encodable>: Encodable {
    /// The member holding the items, such as `invites`.
    var itemsKey: String
    /// The page's items, in the list's order.
    var items: [Item]
    /// Where the next page starts; nil on the last page.
    var nextCursor: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(items, forKey: JSONKey(itemsKey))
        try container.encode(nextCursor, forKey: JSONKey("next_cursor"))
    }
}
