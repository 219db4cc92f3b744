import Foundation

/// What a watching process does with a batch of file-system changes (§17): bring the index up
/// to date, tell the program's own writes (recorded in the audit log) from everyone else's,
/// record the others as `external`, and raise the ingest alert when more than 50 tasks arrive
/// within a minute. Used by `todomd serve` and `todomd watch`.
public final class VaultMonitor: Sendable {
    /// One change to a task file.
    public struct Change: Sendable, Equatable {
        public enum Kind: String, Sendable { case created, updated, deleted }
        public let kind: Kind
        public let id: String
        /// Who made it: the program's actor (`cli`, `web`, `mcp:NAME`) or `external`.
        public let who: String
        /// The task's `source` (nil for deletions and unparseable files).
        public let source: String?
    }

    /// What one call to ``process()`` found.
    public struct Report: Sendable {
        public var changes: [Change] = []
        /// Notes (`Notes/ID.md`) another program created, changed or removed.
        public var notes: [String] = []
        /// Side files in ``VaultMonitor/watchedSideFiles`` another program changed.
        public var sideFiles: [String] = []
        /// Set when this batch pushed new tasks over the ingest threshold.
        public var alert: IngestAlert?
    }

    public let vault: Vault
    let audit: AuditLog
    let ingest: Locked<IngestWindow>
    /// Every indexed file's content hash as this process last reported it. The index is shared
    /// with other todo.md processes (a `todomd add` in another terminal updates it too), so
    /// what changed is decided against this snapshot, not against the index's own diff.
    let known: Locked<[String: String]>
    /// Size and mtime of each note and watched side file as this process last saw them.
    let stamps: Locked<[String: String]>
    /// What the running watcher tells commands about the index (nil when it tells them nothing).
    let beacon = Locked<FreshnessBeacon?>(nil)

    /// The side files whose changes a view of the vault shows (the web app reloads what they
    /// hold); a vault's private state (`.todomd/reminders.json`, `.backup` copies) is not one.
    public static let watchedSideFiles = [OrderFile.path, PerspectiveFile.path, Theme.path, CategoryFile.path,
                                          VaultSettings.path]

    /// - Parameters:
    ///   - threshold: more new tasks than this within `window` raise an alert (§17: 50 in 60 s).
    public init(vault: Vault, threshold: Int = 50, window: TimeInterval = 60) {
        self.vault = vault
        audit = vault.folder.audit ?? AuditLog(root: vault.folder.root, actor: "todomd", clock: vault.clock)
        ingest = Locked(IngestWindow(threshold: threshold, window: window))
        known = Locked((try? vault.index.fileHashes()) ?? [:])
        stamps = Locked(VaultMonitor.stamps(in: vault))
    }

    /// Syncs the index and classifies what changed since the last call: tasks, notes and the
    /// watched side files.
    public func process() throws -> Report {
        var report = Report()
        let now = VaultMonitor.stamps(in: vault)
        stamps.withLock { before in
            let changed = Set(now.keys.filter { before[$0] != now[$0] }).union(before.keys.filter { now[$0] == nil })
            report.notes = changed.filter { VaultChange.kind(of: $0) == .note }.sorted()
            report.sideFiles = changed.filter { VaultChange.kind(of: $0) != .note }.sorted()
            before = now
        }
        // The beacon learns which changes this sync covers: every one seen before it walks.
        let running = beacon.withLock { $0 }
        let seen = running?.syncStarting()
        let synced = try vault.refreshIndex()
        if let running, let seen { running.syncFinished(seen: seen, generation: synced.generation) }
        let current = try vault.index.fileHashes()
        let (added, changed, removed) = known.withLock { known -> ([String], [String], [String]) in
            var added: [String] = [], changed: [String] = []
            for (id, hash) in current {
                if let old = known[id] { if old != hash { changed.append(id) } } else { added.append(id) }
            }
            let removed = known.keys.filter { current[$0] == nil }
            known = current
            return (added.sorted(), changed.sorted(), removed.sorted())
        }
        guard !added.isEmpty || !changed.isEmpty || !removed.isEmpty else { return report }
        let info = try vault.index.fileInfo(added + changed)
        // The program's recent writes, by file: the last entry wins.
        let horizon = vault.clock.now.addingTimeInterval(-600)
        var ours: [String: AuditLog.Entry] = [:]
        for entry in audit.recentEntries() where entry.who != "external" && entry.time >= horizon {
            ours[entry.file] = entry
        }
        var external: [AuditLog.Entry] = []
        for (id, kind) in added.map({ ($0, Change.Kind.created) }) + changed.map({ ($0, Change.Kind.updated) }) {
            let (hash, source) = info[id] ?? ("", nil)
            let who: String
            if let mine = ours[id], mine.hash == hash {
                who = mine.who
            } else if let moved = ours.values.first(where: { $0.to == id && $0.action == "moved" }) {
                who = moved.who
            } else {
                who = "external"
                external.append(AuditLog.Entry(time: vault.clock.now, who: who, action: kind.rawValue, file: id,
                                               hash: hash.isEmpty ? nil : hash, source: source))
            }
            report.changes.append(Change(kind: kind, id: id, who: who, source: source))
        }
        for id in removed {
            let mine = ours[id].flatMap { ["deleted", "moved"].contains($0.action) ? $0 : nil }
            let who = mine?.who ?? "external"
            if mine == nil { external.append(AuditLog.Entry(time: vault.clock.now, who: who, action: "deleted", file: id)) }
            report.changes.append(Change(kind: .deleted, id: id, who: who, source: nil))
        }
        audit.append(external)
        report.alert = recordCreated(report.changes.filter { $0.kind == .created }.map { ($0.id, $0.source) })
        return report
    }

    /// Starts a watcher on the vault whose batches call `handler` (which should have
    /// ``process()`` run), and which, while it runs, tells commands opening the vault whether
    /// the index is current so they can skip walking every file (``WatcherAnswer``).
    ///
    /// Only one process at a time answers for a vault; a second watcher runs without answering
    /// until the first stops. The watcher answers "current" only after a ``process()`` that began
    /// after every change it has seen. Every two seconds it looks whether its socket is still in
    /// the cache folder: cleared with the folder, the socket is made again once a command has
    /// rebuilt the index there, and the watcher syncs that index before it vouches for it.
    ///
    /// - Throws: what ``FileWatcher/start(_:)`` throws.
    public func startWatching(mode: FileWatcher.Mode = .automatic,
                              _ handler: @escaping @Sendable (WatchBatch) -> Void) throws -> FileWatcher {
        try startWatching(FileWatcher(root: vault.folder.root, mode: mode), handler)
    }

    /// ``startWatching(mode:_:)`` with a watcher made by the caller (tests give it other
    /// trusted file systems), looking every `beaconCheck` whether it still answers where
    /// commands ask (``FreshnessBeacon/stayInPlace()``).
    func startWatching(_ watcher: FileWatcher, beaconCheck: Duration = FreshnessBeacon.defaultCheckInterval,
                       _ handler: @escaping @Sendable (WatchBatch) -> Void) throws -> FileWatcher {
        let index = vault.index
        // The generation of the index file commands find: after another process replaced it
        // (a cold build renamed into place), the one at the path. It differs from the last
        // sync's, so the watcher syncs that file and vouches for it.
        let fresh = FreshnessBeacon(cacheFolder: vault.cacheFolder, root: vault.folder.root, checkInterval: beaconCheck) {
            index.followReplacement()
            return try? index.generation()
        }
        beacon.withLock { $0 = fresh }
        try watcher.start(beacon: fresh, handler)
        // A process that watches stays up to answer searches: it builds the full-text index a
        // cold build left for later now, in the background, instead of at the first search.
        DispatchQueue.global(qos: .utility).async { _ = try? index.buildFullText() }
        return watcher
    }

    /// Takes note of what this process just changed (and already reported), so the next
    /// ``process()`` does not report it again.
    public func acknowledge(_ change: VaultChange) {
        guard !change.isEmpty else { return }
        let written = change.writtenTasks
        let hashes = written.isEmpty ? [:] : ((try? vault.index.fileInfo(written)) ?? [:])
        known.withLock { known in
            for id in change.removedTasks { known[id] = nil }
            for id in written { known[id] = hashes[id]?.hash }
        }
        let files = change.notes + change.sideFiles.filter(VaultMonitor.watchedSideFiles.contains)
        guard !files.isEmpty else { return }
        stamps.withLock { stamps in
            for path in files { stamps[path] = VaultMonitor.stamp(path, in: vault) }
        }
    }

    /// Size and modification time of every note and watched side file, by path: one `stat` each.
    static func stamps(in vault: Vault) -> [String: String] {
        var out: [String: String] = [:]
        for path in vault.noteIDs().map(Note.path(for:)) + watchedSideFiles {
            out[path] = stamp(path, in: vault)
        }
        return out
    }

    static func stamp(_ path: String, in vault: Vault) -> String? {
        vault.folder.quickStamp(path).map { "\($0.size)-\($0.mtime)" }
    }

    /// Counts tasks created by this process (already indexed, so ``process()`` will not see
    /// them) toward the ingest alert.
    public func recordCreated(_ tasks: [(id: String, source: String?)]) -> IngestAlert? {
        guard !tasks.isEmpty else { return nil }
        let now = vault.clock.now
        return ingest.withLock { $0.record(tasks.map { $0.source ?? "unknown" }, at: now) }
    }
}

/// "247 new tasks were added by claude-agent — review?" (§17).
public struct IngestAlert: Sendable, Equatable {
    /// New tasks within the window.
    public let count: Int
    /// Sources with their counts, most first.
    public let sources: [SourceCount]

    public struct SourceCount: Sendable, Equatable {
        public let source: String
        public let count: Int
    }

    /// The sentence to show.
    public var message: String {
        let who: String
        if sources.count == 1 {
            who = sources[0].source
        } else {
            let parts = sources.map { "\($0.source) (\($0.count))" }
            who = parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
        }
        return "\(count) new tasks were added by \(who) — review?"
    }
}

/// The sliding window behind the ingest alert: one alert per burst, not one per file.
struct IngestWindow: Sendable {
    let threshold: Int
    let window: TimeInterval
    var arrivals: [(time: Date, source: String)] = []
    var alerted = false

    init(threshold: Int, window: TimeInterval) {
        self.threshold = threshold
        self.window = window
    }

    mutating func record(_ sources: [String], at now: Date) -> IngestAlert? {
        arrivals.removeAll { now.timeIntervalSince($0.time) > window }
        if arrivals.isEmpty { alerted = false }
        arrivals += sources.map { (now, $0) }
        guard arrivals.count > threshold, !alerted else { return nil }
        alerted = true
        var counts: [String: Int] = [:]
        for a in arrivals { counts[a.source, default: 0] += 1 }
        let sorted = counts.map { IngestAlert.SourceCount(source: $0.key, count: $0.value) }
            .sorted { ($0.count, $1.source) > ($1.count, $0.source) }
        return IngestAlert(count: arrivals.count, sources: sorted)
    }
}
