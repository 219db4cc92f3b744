/// One batch of changes after debouncing, as a ``FileWatcher`` delivers it.
///
/// A batch says *where* something may have changed, not what: the caller re-syncs those paths (or,
/// when ``rescan`` is set, the whole vault) with its index. A path can be named although nothing
/// changed in the end (a file created and deleted again within one batch), never the other way round.
public struct WatchBatch: Sendable, Equatable {
    /// Vault-relative paths (`Work/x.md`, `.order.json`) that were created, changed, moved or deleted.
    ///
    /// A folder's path stands for everything below it (a folder created or deleted as a whole).
    public var paths: Set<String>
    /// True when the kernel dropped events (inotify queue overflow), a watched folder moved, or the
    /// watcher switched to polling: the caller must rescan everything.
    public var rescan: Bool

    /// A batch naming `paths`, asking for a full rescan when `rescan` is set.
    public init(paths: Set<String> = [], rescan: Bool = false) {
        self.paths = paths
        self.rescan = rescan
    }
}
