import Foundation
import Locking

/// Refusals counted in memory per UTC hour and ``RejectionCode``, until a
/// ``FunnelFlusher`` adds them to `baton.rejections_hourly`.
public typealias RejectionCounter = HourlyCounter<RejectionCode>

/// Events counted in memory per UTC hour and `Label` (a small fixed set,
/// such as ``RejectionCode`` or ``StageView``), until a flusher adds them to
/// an hourly table. Recording costs a lock around a small dictionary and
/// never touches the database, so counting an invalid code (refused without
/// a lookup) or a repeated view stays as cheap as answering it. The lock is
/// a `SleepingLock`: every preview takes it from one of many more handler
/// threads than cores, where `Mutex`'s spinning cost more than the count.
///
/// Bounded: at most ``maxEntries`` hour-and-label pairs are held; while the
/// database is unreachable the oldest hours are dropped beyond that, and
/// ``droppedCount`` says how many events were lost.
public final class HourlyCounter<Label>: Sendable
where Label: Hashable & Sendable & CaseIterable & RawRepresentable, Label.RawValue == String {
    /// One pending count.
    public struct Entry: Sendable, Equatable {
        /// The UTC hour's start, in whole seconds since 1970.
        public var hourStart: Int64
        /// What was counted (for refusals: why the requests were refused).
        public var code: Label
        /// How many.
        public var count: Int

        /// An entry of `count` events labelled `code` in the hour starting at `hourStart`.
        public init(hourStart: Int64, code: Label, count: Int) {
            self.hourStart = hourStart
            self.code = code
            self.count = count
        }
    }

    @usableFromInline
    struct Key: Hashable, Sendable {
        @usableFromInline var hourStart: Int64
        @usableFromInline var code: Label

        @inlinable
        init(hourStart: Int64, code: Label) {
            self.hourStart = hourStart
            self.code = code
        }
    }

    /// Two days of every label: far more than a few seconds between flushes.
    public static var maxEntries: Int { 48 * Label.allCases.count }

    @usableFromInline
    typealias CounterState = (counts: [Key: Int], dropped: Int, totals: [Label: Int])
    @usableFromInline
    let state = SleepingLock<CounterState>(([:], 0, [:]))

    /// An empty counter.
    public init() {}

    /// Counts one event labelled `code` at `date`.
    ///
    /// Inlinable so that the caller's module specializes it for its `Label`:
    /// this runs on every preview and refusal, and the dictionaries of a
    /// generic key, unspecialized, cost several times the lock itself
    /// (docs/performance.md has the figure).
    @inlinable
    public func record(_ code: Label, at date: Date = Date()) {
        let key = Key(hourStart: Self.hourStart(of: date), code: code)
        state.withLock { state in
            state.totals[code, default: 0] += 1
            Self.add(1, to: key, in: &state)
        }
    }

    /// Events recorded since the process started, per label: monotonic,
    /// never drained (for Prometheus counters).
    public var totals: [Label: Int] { state.withLock { $0.totals } }

    /// Removes and returns every pending count, oldest hour first.
    public func drain() -> [Entry] {
        let counts = state.withLock { state in
            defer { state.counts = [:] }
            return state.counts
        }
        return counts.map { Entry(hourStart: $0.key.hourStart, code: $0.key.code, count: $0.value) }
            .sorted { ($0.hourStart, $0.code.rawValue) < ($1.hourStart, $1.code.rawValue) }
    }

    /// Adds `entries` back (a flush that failed), within the bound.
    public func add(_ entries: [Entry]) {
        state.withLock { state in
            for entry in entries { Self.add(entry.count, to: Key(hourStart: entry.hourStart, code: entry.code), in: &state) }
        }
    }

    /// Adds `count` to `key`; past the bound, drops the oldest hours' counts.
    @inlinable
    static func add(_ count: Int, to key: Key, in state: inout CounterState) {
        state.counts[key, default: 0] += count
        guard state.counts.count > maxEntries else { return }
        let excess = state.counts.keys.sorted { $0.hourStart < $1.hourStart }.prefix(state.counts.count - maxEntries)
        for old in excess { state.dropped += state.counts.removeValue(forKey: old) ?? 0 }
    }

    /// Events dropped because the bound was reached.
    public var droppedCount: Int { state.withLock { $0.dropped } }

    @inlinable
    static func hourStart(of date: Date) -> Int64 {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        return seconds - ((seconds % 3_600) + 3_600) % 3_600
    }
}
