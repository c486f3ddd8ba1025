import Foundation
import Locking

/// The journey stages an API server saw, kept in memory until a
/// ``FunnelFlusher`` writes them: first marks per invite and stage
/// (deduplicated here, so a repeated view costs no write), with the
/// platform of the first `link_opened` mark, and every view per hour (a ``HourlyCounter`` of ``StageView``). Recording takes a lock
/// around small sets (a `SleepingLock`, as every landing-page open and app
/// redemption takes it from a handler thread) and never touches the database.
///
/// Bounded: the invites already marked are remembered in two generations of
/// at most ``rememberedLimit`` each, so an invite marked long ago may be
/// written once more (the table keeps its first row: `ON CONFLICT DO
/// NOTHING`); at most ``pendingLimit`` marks wait for a flush, and marks
/// beyond that are dropped and counted in ``droppedCount``.
public final class StageMarks: Sendable {
    /// One mark: `invite` reached `stage` at `at`.
    public struct Mark: Sendable, Hashable {
        /// The invite.
        public var invite: UUID
        /// The stage reached.
        public var stage: InviteStage
        /// When.
        public var at: Date
        /// The platform of the open, for `link_opened` only; nil otherwise.
        public var platform: JourneyPlatform?
    }

    private struct Key: Hashable {
        var invite: UUID
        var stage: InviteStage
    }

    private struct Pending {
        var at: Date
        var platform: JourneyPlatform?
    }

    private struct State {
        var current: Set<Key> = []
        var previous: Set<Key> = []
        var pending: [Key: Pending] = [:]
        var dropped = 0
    }

    /// Marks remembered per generation.
    public static let rememberedLimit = 100_000
    /// Marks waiting for a flush at most.
    public static let pendingLimit = 100_000

    /// Every view, first or repeated, per hour.
    public let views = HourlyCounter<StageView>()
    private let state = SleepingLock(State())

    /// Nothing marked yet.
    public init() {}

    /// Notes that `invite` reached `stage` at `date` (on `platform`, for a
    /// `link_opened`; ignored for other stages): pending for the next flush
    /// the first time this process sees it, nothing otherwise, so a later
    /// open on another platform changes nothing.
    public func mark(_ invite: UUID, _ stage: InviteStage, platform: JourneyPlatform? = nil, at date: Date = Date()) {
        let key = Key(invite: invite, stage: stage)
        state.withLock { state in
            guard !state.current.contains(key), !state.previous.contains(key) else { return }
            guard state.pending.count < Self.pendingLimit else {
                state.dropped += 1
                return
            }
            if state.current.count >= Self.rememberedLimit {
                state.previous = state.current
                state.current = []
            }
            state.current.insert(key)
            state.pending[key] = Pending(at: date, platform: stage == .linkOpened ? platform : nil)
        }
    }

    /// Removes and returns the pending marks.
    public func drain() -> [Mark] {
        let pending = state.withLock { state in
            defer { state.pending = [:] }
            return state.pending
        }
        return pending.map { Mark(invite: $0.key.invite, stage: $0.key.stage, at: $0.value.at, platform: $0.value.platform) }
    }

    /// Puts back `marks` from a flush that failed, within the bound.
    public func restore(_ marks: [Mark]) {
        state.withLock { state in
            for mark in marks {
                guard state.pending.count < Self.pendingLimit else {
                    state.dropped += 1
                    continue
                }
                state.pending[Key(invite: mark.invite, stage: mark.stage)] = Pending(at: mark.at, platform: mark.platform)
            }
        }
    }

    /// Marks dropped because the pending bound was reached.
    public var droppedCount: Int { state.withLock { $0.dropped } }
}
