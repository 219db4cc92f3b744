/// Where the watcher's thread gets changes from: inotify or a periodic scan.
///
/// A source is created on the thread that calls ``FileWatcher/start(_:)`` and then used only by the
/// watcher's thread.
protocol ChangeSource: AnyObject {
    /// "inotify" or "polling", for ``FileWatcher/activeMode``.
    var modeName: String { get }
    /// A descriptor to wait on until it is readable; nil when the source only works by time.
    var descriptor: Int32? { get }
    /// When the source wants ``collect(into:now:)`` called even without a readable descriptor.
    var nextCollection: ContinuousClock.Instant? { get }
    /// Reads what changed into `batcher`.
    ///
    /// - Returns: false when the source cannot go on (the inotify watch limit was reached); the
    ///   watcher then falls back to polling.
    func collect(into batcher: inout ChangeBatcher, now: ContinuousClock.Instant) -> Bool
    /// Whether the source has seen every change made so far once ``collect(into:now:)`` returned:
    /// inotify on file systems that report every change, with nothing left unread. A watcher
    /// vouches for the index (``WatcherAnswer``) only then.
    var seesEveryChange: Bool { get }
    /// Releases the source's descriptors. Called once, on the watcher's thread.
    func close()
}
