import Foundation
import GRDB
import Logging
import TodoMDKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Two-way sync of a vault's tasks and notes with a PostgreSQL database (§16, §22).
///
/// One pass (``sync(progress:)``):
/// 1. **Record** — every file whose content differs from its merge base (or from its pending
///    change) becomes an outbox entry, committed to `.todomd/sync/state.sqlite` before anything
///    is sent; a file gone since the last sync becomes a tombstone. This needs no network.
/// 2. **Pull** — rows with a revision above the cursor are applied: written to the file when
///    nothing changed locally, merged field by field (``FieldMerge``) when something did.
/// 3. **Push** — outbox entries are upserted in batches, each only if the server still has the
///    revision the change was made against, tagged with the change's id: a push repeated after
///    a crash is recognized, never applied twice, and a push that lost a race is pulled,
///    merged and pushed again.
///
/// The base, the outbox and the cursor move together in local transactions, so the process can
/// be killed at any moment and the next pass picks up where it stopped.
public final class SyncEngine: Sendable {
    /// The database synced with.
    public let url: DatabaseURL
    let files: LocalFiles
    let state: SyncState
    /// Whose rows this vault syncs (`user_id`); `""` for a database that is not shared.
    public let owner: String
    let clock: TodoClock
    /// The environment a running watcher is looked for in (the index's cache location,
    /// `TODOMD_NO_WATCHER`); nil never asks one and always walks the files.
    let environment: [String: String]?
    let logger: Logger
    private let lockDescriptor: Int32

    /// Opens the sync state of the vault at `vaultPath` and takes its sync lock.
    ///
    /// - Parameter environment: where to look for a running watcher whose word spares the walk
    ///   over every file (``LocalFiles/scan(environment:)``); nil always walks.
    /// - Throws: ``TodoError/noVault(_:)``; ``SyncError/busy(path:)`` when another sync runs on
    ///   the vault; ``SyncError/damagedState(path:reason:)``.
    public init(vaultPath: String, url: DatabaseURL, clock: TodoClock, owner: String? = nil,
                environment: [String: String]? = nil, logger: Logger = Logger(label: "todomd.sync")) throws {
        var folder = try VaultFolder(path: vaultPath)
        folder.audit = AuditLog(root: folder.root, actor: "sync", clock: clock)
        // A vault read through a field map (TaskNotes in place) syncs in §3 terms and keeps the
        // other tool's names in its files, as every other command does.
        folder.fieldMap = try FieldMap.load(from: folder)
        // A link anywhere on `.todomd/sync/` is refused before the lock or SQLite creates a file.
        try SyncState.refuseLinks(in: folder)
        let fd = try folder.openFile(SyncState.folder + "/lock", flags: O_RDWR | O_CREAT)
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw SyncError.busy(path: ".todomd/sync/lock")
        }
        let syncState: SyncState
        let synced: String?
        do {
            syncState = try SyncState(vault: folder)
            synced = try syncState.read { try syncState.meta($0, "owner") }
        } catch {
            close(fd)
            throw error
        }
        // The owner this vault syncs as (issue 21): given, else the one it synced as before.
        let given = owner?.trimmingCharacters(in: .whitespaces)
        if let given, !given.isEmpty, let synced, synced != given {
            close(fd)
            throw SyncError.ownerMismatch(synced: synced, asked: given)
        }
        state = syncState
        lockDescriptor = fd
        files = LocalFiles(folder: folder, clock: clock)
        self.owner = (given?.isEmpty == false ? given : nil) ?? synced ?? ""
        self.url = url
        self.clock = clock
        self.environment = environment
        self.logger = logger
    }

    deinit { close(lockDescriptor) }

    /// The database URL to use: `option` when given, else `sync_url` in the vault's
    /// `.todomd/config.json`.
    ///
    /// - Throws: ``SyncError/noDatabase``, ``SyncError/invalidURL(_:reason:)``, or
    ///   ``TodoError/noVault(_:)``.
    public static func databaseURL(option: String?, vaultPath: String) throws -> DatabaseURL {
        if let option, !option.isEmpty { return try DatabaseURL(parsing: option) }
        let folder = try VaultFolder(path: vaultPath)
        let settings = try SideFile<VaultSettings>(folder: folder, index: nil).load().value
        guard let text = settings.json["sync_url"]?.stringValue, !text.isEmpty else { throw SyncError.noDatabase }
        return try DatabaseURL(parsing: text)
    }

    /// Turns row-level security on for the database's sync tables (see ``RemoteStore/installPolicies()``).
    public func installPolicies() async throws {
        let remote = try await RemoteStore.connect(url, logger: logger, owner: owner)
        do {
            try await remote.prepareSchema()
            try await remote.installPolicies()
        } catch {
            await remote.close()
            throw error
        }
        await remote.close()
    }

    /// The owner to sync as: `option`, else `sync_owner` in the vault's `.todomd/config.json`.
    public static func owner(option: String?, vaultPath: String) throws -> String? {
        if let option, !option.isEmpty { return option }
        let folder = try VaultFolder(path: vaultPath)
        return try SideFile<VaultSettings>(folder: folder, index: nil).load().value.json["sync_owner"]?.stringValue
    }

    /// Local changes waiting to be pushed.
    public func pendingCount() throws -> Int { try state.read { try state.pendingCount($0) } }

    // MARK: - A pass

    /// Records local changes, then pulls and pushes until the vault and the database agree.
    ///
    /// - Throws: ``SyncError/unreachable(_:reason:)`` when the database cannot be reached (the
    ///   local changes are recorded first and kept for the next pass), ``SyncError/database(_:reason:)``.
    public func sync(progress: (@Sendable (SyncProgress) -> Void)? = nil) async throws -> SyncSummary {
        var summary = SyncSummary()
        try recordLocalChanges(&summary, progress: progress)
        let remote = try await RemoteStore.connect(url, logger: logger, owner: owner)
        do {
            try await remote.prepareSchema()
            if !owner.isEmpty, try state.read({ try state.meta($0, "owner") }) == nil {
                try state.write { try state.setMeta($0, "owner", owner) }
            }
            let identity = try await remote.identity()
            let known = try state.read { try state.meta($0, "database") }
            if known != identity {
                // Another database (or this one recreated): what was synced before means nothing here.
                try state.write { db in
                    if known != nil { try state.reset(db) }
                    try state.setMeta(db, "database", identity)
                }
                if known != nil { try recordLocalChanges(&summary, progress: progress) }
            }
            try await pull(remote, &summary, progress: progress)
            try await push(remote, &summary, progress: progress)
            summary.pending = try pendingCount()
        } catch {
            await remote.close()
            throw error
        }
        await remote.close()
        return summary
    }

    // MARK: - Recording local changes

    struct Key: Hashable {
        let kind: SyncKind
        let id: String
    }

    /// This vault's id, the prefix of its change ids.
    func vaultID(_ db: Database) throws -> String {
        if let id = try state.meta(db, "vault_id") { return id }
        let id = String(UUID().uuidString.lowercased().prefix(13))
        try state.setMeta(db, "vault_id", id)
        return id
    }

    func newChangeID(_ vaultID: String) -> String { vaultID + ":" + UUID().uuidString.lowercased() }

    /// Compares every file with its base (or pending change) and records what changed in the
    /// outbox, in one transaction.
    ///
    /// Each base row is read as the few values the comparison needs and paired with its file
    /// through a table of the files' names (``pair(_:_:)``): a file whose path, size and mtime
    /// are its base's is passed over without reading anything more. While a watcher vouches for
    /// the vault's index, the files' stamps come from it and nothing is walked.
    ///
    /// The state remembers the index's mark (``IndexMark``) of the last pass that read its files
    /// from it and left nothing behind (no file skipped, no two of one name). Asked with that
    /// mark, the index gives only the task files changed since, and the names removed since;
    /// then only those, the notes, and their bases are compared: every other task file is as
    /// that pass found it, and its change, if any, is recorded. Every change since reaches the
    /// index at a later generation (the watcher vouches for all of them), so nothing is missed;
    /// a change compared twice is found equal the second time.
    func recordLocalChanges(_ summary: inout SyncSummary, progress: (@Sendable (SyncProgress) -> Void)?) throws {
        let since = try state.read { try state.meta($0, SyncState.indexMarkKey) }.flatMap(IndexMark.init(text:))
        let scan = files.scan(environment: environment, since: since)
        let found = scan.files
        summary.walked = summary.walked || scan.walked
        summary.compared += found.count
        summary.skipped += scan.duplicates.map { "\($0): another file has the same name; rename one to sync it" }
        var skipped: [String] = []
        try state.write { db in
            let vaultID = try vaultID(db)
            let pending = Dictionary(try state.outbox(db).map { (Key(kind: $0.kind, id: $0.id), $0) },
                                     uniquingKeysWith: { a, _ in a })
            // What this pass compares: every row, or the notes and the task files it was given.
            let inScope: (Key) -> Bool
            let bases: [BaseStat]
            if let removed = scan.removed {
                let tasks = Set(found.lazy.filter { $0.kind == .task }.map(\.id)).union(removed)
                inScope = { $0.kind == .note || tasks.contains($0.id) }
                bases = try state.baseStats(db, notesAndTasks: tasks)
            } else {
                inScope = { _ in true }
                bases = try state.baseStats(db)
            }
            let (pairs, unmatched) = SyncEngine.pair(found, bases)
            for (index, (file, base)) in pairs.enumerated() {
                if index % 500 == 0 { progress?(.scanning(index, found.count)) }
                let key = Key(kind: file.kind, id: file.id)
                let entry = pending.isEmpty ? nil : pending[key]
                let live = base.flatMap { $0.deleted ? nil : $0 }
                // What the file looked like when last recorded: the pending change, else the base.
                let known: (path: String, size: Int, mtime: Int64)?
                if let entry {
                    known = entry.record == nil ? nil : (entry.path, entry.size, entry.mtime)
                } else {
                    known = live.map { ($0.path, $0.size, $0.mtime) }
                }
                if let known, known.path == file.path, known.size == file.size, known.mtime == file.mtime { continue }
                let record: SyncRecord, snapshot: FileSnapshot
                switch files.read(file.kind, path: file.path) {
                case let .record(r, s): (record, snapshot) = (r, s)
                case let .unreadable(reason):
                    skipped.append("\(file.path): \(reason)")
                    continue
                }
                let stamp = snapshot.stamp
                let table = entry == nil ? "base" : "outbox"
                if let known, known.path == file.path,
                   try (entry.map { $0.hash } ?? live.flatMap { try state.baseHash(db, $0.kind, $0.id) }) == stamp.hash {
                    try updateFileState(db, table, key, path: file.path, stamp: stamp)
                    continue
                }
                let knownRecord: SyncRecord?
                if let entry {
                    knownRecord = entry.record
                } else {
                    knownRecord = try live.flatMap { try state.baseRecord(db, $0.kind, $0.id) }
                }
                if let knownRecord, knownRecord == record, known?.path == file.path {
                    // Same content in other bytes (a reformatted file): nothing to push.
                    try updateFileState(db, table, key, path: file.path, stamp: stamp)
                    continue
                }
                try state.enqueue(db, OutboxEntry(
                    kind: file.kind, id: file.id, changeID: newChangeID(vaultID), path: file.path, hash: stamp.hash,
                    size: stamp.size, mtime: stamp.mtime, record: record,
                    baseRevision: entry?.baseRevision ?? base?.revision, conflictLoser: entry?.conflictLoser))
            }
            progress?(.scanning(found.count, found.count))
            // Gone since the last sync: a tombstone (deletes propagate, §16) for each pending
            // change and each live base whose file the walk did not find.
            var gone: [(key: Key, path: String, revision: Int64?)] = []
            if !pending.isEmpty {
                let foundKeys = Set(pairs.lazy.map { Key(kind: $0.file.kind, id: $0.file.id) }.filter { pending[$0] != nil })
                for (key, entry) in pending where !foundKeys.contains(key) && entry.record != nil && inScope(key) {
                    let revision = try entry.baseRevision ?? state.base(db, key.kind, key.id)?.revision
                    gone.append((key, entry.path, revision))
                }
            }
            for base in unmatched where !base.deleted {
                let key = Key(kind: base.kind, id: base.id)
                if pending[key] == nil { gone.append((key, base.path, base.revision)) }
            }
            for (key, path, revision) in gone {
                try state.enqueue(db, OutboxEntry(
                    kind: key.kind, id: key.id, changeID: newChangeID(vaultID), path: path, hash: "", size: 0,
                    mtime: 0, record: nil, baseRevision: revision, conflictLoser: nil))
            }
            // A file skipped or left out is tried again by the next pass, which must see it.
            if let mark = scan.mark, skipped.isEmpty, scan.duplicates.isEmpty {
                try state.setMeta(db, SyncState.indexMarkKey, mark.text)
            } else {
                try state.removeMeta(db, SyncState.indexMarkKey)
            }
        }
        summary.skipped += skipped
    }

    /// Each file found with its base row (nil when it has none), and the base rows no file has.
    /// Names are compared as everywhere else: one composed otherwise than its row's (an
    /// accented letter as another system may write it) is still that row.
    static func pair(_ found: [LocalFile], _ bases: [BaseStat]) -> (pairs: [(file: LocalFile, base: BaseStat?)],
                                                                    unmatched: [BaseStat]) {
        var position: [Key: Int] = [:]
        position.reserveCapacity(found.count)
        for (i, file) in found.enumerated() { position[Key(kind: file.kind, id: file.id)] = i }
        var pairs = found.map { (file: $0, base: BaseStat?.none) }
        var unmatched: [BaseStat] = []
        for base in bases {
            if let i = position[Key(kind: base.kind, id: base.id)] {
                pairs[i].base = base
            } else {
                unmatched.append(base)
            }
        }
        return (pairs, unmatched)
    }

    /// Remembers a file's new hash and stat for its base or pending change (content unchanged).
    func updateFileState(_ db: Database, _ table: String, _ key: Key, path: String, stamp: FileStamp) throws {
        try db.execute(sql: "UPDATE \(table) SET path = ?, hash = ?, size = ?, mtime = ? WHERE kind = ? AND id = ?",
                       arguments: [path, stamp.hash, stamp.size, stamp.mtime, key.kind.rawValue, key.id])
    }

    // MARK: - Pull

    /// Applies every row changed on the server since the cursor.
    func pull(_ remote: RemoteStore, _ summary: inout SyncSummary,
              progress: (@Sendable (SyncProgress) -> Void)?) async throws {
        let cursor = try state.read { try state.cursor($0) }
        let rows = try await remote.changes(since: cursor)
        guard !rows.isEmpty else { return }
        var done = 0
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + 500, rows.count)]
            var local = summary
            try state.write { db in
                let vaultID = try vaultID(db)
                for row in chunk { try apply(row, db, &local, vaultID: vaultID) }
                if let last = chunk.last { try state.setCursor(db, last.revision) }
                // The files are on disk before the bases saying so are committed.
                files.flush()
            }
            summary = local
            done += chunk.count
            start += chunk.count
            progress?(.pulling(done, rows.count))
        }
    }

    // MARK: - Push

    /// Crash testing (`SyncProcessTests`): with `TODOMD_SYNC_CRASH_AFTER_BATCHES=N` the process
    /// kills itself with SIGKILL right after the server committed its Nth pushed batch and before
    /// the outbox records it — the worst moment for a crash. Unset in normal use.
    static let crashAfterBatches: Int? = ProcessInfo.processInfo.environment["TODOMD_SYNC_CRASH_AFTER_BATCHES"]
        .flatMap { Int($0) }

    /// Pushes the outbox; a row the server changed meanwhile is fetched, merged and pushed again.
    func push(_ remote: RemoteStore, _ summary: inout SyncSummary,
              progress: (@Sendable (SyncProgress) -> Void)?) async throws {
        let cursor = try state.read { try state.cursor($0) }
        var newest: Int64 = 0
        var pushedBatches = 0
        for _ in 0..<8 {
            let entries = try state.read { try state.outbox($0) }
            guard !entries.isEmpty else { break }
            var rejected: [SyncKind: [String]] = [:]
            var sent = 0
            for kind in SyncKind.allCases {
                let list = entries.filter { $0.kind == kind }
                var start = 0
                while start < list.count {
                    let batch = Array(list[start..<min(start + 1000, list.count)])
                    start += batch.count
                    let rows = batch.map { entry in
                        PushRow(id: entry.id, record: entry.record, path: entry.path, changeID: entry.changeID,
                                baseRevision: entry.baseRevision, conflictLoser: entry.conflictLoser)
                    }
                    let written = try await remote.push(kind, rows)
                    pushedBatches += 1
                    if let n = Self.crashAfterBatches, pushedBatches >= n { kill(getpid(), SIGKILL) }
                    var acked = 0
                    try state.write { db in
                        for entry in batch {
                            if let revision = written[entry.id] {
                                try acknowledge(entry, revision: revision, db)
                                newest = max(newest, revision)
                                acked += 1
                            } else {
                                rejected[kind, default: []].append(entry.id)
                            }
                        }
                    }
                    summary.pushed += acked
                    sent += batch.count
                    progress?(.pushing(sent, entries.count))
                }
            }
            guard !rejected.isEmpty else { break }
            for (kind, ids) in rejected {
                var start = 0
                while start < ids.count {
                    let chunk = Array(ids[start..<min(start + 1000, ids.count)])
                    start += chunk.count
                    let rows = try await remote.rows(kind, ids: chunk)
                    var local = summary
                    try state.write { db in
                        let vaultID = try vaultID(db)
                        for row in rows { try apply(row, db, &local, vaultID: vaultID) }
                        files.flush()
                        let present = Set(rows.map(\.id))
                        for id in chunk where !present.contains(id) {
                            // The row is gone from the server altogether: push it as new.
                            try db.execute(sql: "UPDATE outbox SET base_revision = NULL WHERE kind = ? AND id = ?",
                                           arguments: [kind.rawValue, id])
                        }
                    }
                    summary = local
                }
            }
        }
        try await skipOwnRows(remote, from: cursor, through: newest)
    }

    /// After a push, moves the cursor over the revisions it wrote when nobody else wrote in
    /// between: the next pass then need not read our own rows back.
    func skipOwnRows(_ remote: RemoteStore, from cursor: Int64, through newest: Int64) async throws {
        guard newest > cursor, try state.read({ try state.pendingCount($0) }) == 0 else { return }
        let ours = try state.write { try vaultID($0) }
        guard try await remote.foreignChanges(after: cursor, through: newest, vaultID: ours) == 0 else { return }
        try state.write { db in
            // Only if no pull moved it meanwhile (rows fetched for a rejected push may have).
            if try state.cursor(db) == cursor { try state.setCursor(db, newest) }
        }
    }

    /// The server took `entry` at `revision`: it becomes the base.
    func acknowledge(_ entry: OutboxEntry, revision: Int64, _ db: Database) throws {
        try state.saveBase(db, BaseEntry(kind: entry.kind, id: entry.id, path: entry.path, hash: entry.hash,
                                         size: entry.size, mtime: entry.mtime, revision: revision,
                                         changeID: entry.changeID, deleted: entry.record == nil),
                           record: entry.record)
        try state.dequeue(db, entry.kind, entry.id)
    }
}
