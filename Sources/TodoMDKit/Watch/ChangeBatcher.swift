/// Collects changes and decides when they form a batch (the watcher's debounce).
///
/// A batch is due once no change arrived for `quiet`, or at the latest `maxHold` after its first
/// change, so a steady stream of writes is still delivered in pieces.
struct ChangeBatcher {
    /// How long the folder must stay quiet before a batch goes out.
    let quiet: Duration
    /// How long the first change of a batch may wait at most.
    let maxHold: Duration

    /// How many times changes arrived or a rescan was asked for: a reading that moved it held
    /// something the index may not have yet.
    private(set) var arrivals: UInt64 = 0

    private var paths: Set<String> = []
    private var rescan = false
    private var first: ContinuousClock.Instant?
    private var last: ContinuousClock.Instant?

    init(quiet: Duration, maxHold: Duration = .milliseconds(500)) {
        self.quiet = max(quiet, .zero)
        self.maxHold = max(maxHold, self.quiet)
    }

    /// Whether nothing is waiting.
    var isEmpty: Bool { first == nil }

    /// Adds a changed path (the time is given by ``touch(at:)``).
    mutating func add(_ path: String) { paths.insert(path) }

    /// Asks for a full rescan in the next batch.
    mutating func requestRescan() {
        rescan = true
        arrivals &+= 1
    }

    /// Records that changes arrived at `now`: restarts the quiet period.
    mutating func touch(at now: ContinuousClock.Instant) {
        arrivals &+= 1
        if first == nil { first = now }
        last = now
    }

    /// When the pending batch is due; nil when nothing is pending.
    var deadline: ContinuousClock.Instant? {
        guard let first, let last else { return nil }
        return min(last + quiet, first + maxHold)
    }

    /// The pending batch if it is due at `now` (and forgets it), else nil.
    mutating func takeIfDue(at now: ContinuousClock.Instant) -> WatchBatch? {
        guard let deadline, deadline <= now else { return nil }
        let batch = WatchBatch(paths: paths, rescan: rescan)
        paths = []
        rescan = false
        first = nil
        last = nil
        // Touches without a relevant path (an ignored temp file) make no batch at all.
        return batch.paths.isEmpty && !batch.rescan ? nil : batch
    }
}
