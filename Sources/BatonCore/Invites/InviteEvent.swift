import Foundation

/// One entry of an invite's timeline (`GET /v1/invites/{id}/events`): an
/// event of `baton.events` (`invite.created`, `.previewed` (the first preview
/// only), `.updated`, `.reissued`, `.redeemed`, `.expired`, `.revoked`).
public struct InviteEvent: Sendable, Equatable {
    /// The event's id, which is also its webhook's `id`.
    public var id: UUID
    /// The event type, such as `invite.redeemed`.
    public var type: String
    /// When it happened, by the database's clock.
    public var occurredAt: Date
    /// How it arrived (`clip`, `app`, `web`, `backend`), when the event has one.
    public var channel: String?
    /// The event's data as JSON text (the webhook's `data`).
    public var data: String
    /// The event's row number: the timeline's order and its cursor.
    var sequence: Int64
}

/// One page of an invite's timeline, oldest first, and where the next page
/// starts (nil on the last).
public struct InviteTimeline: Sendable, Equatable {
    /// Page sizes accepted.
    public static let limitRange = 1...1000
    /// The events, oldest first.
    public var events: [InviteEvent]
    /// The `after` cursor of the next page; nil on the last.
    public var next: String?
}
