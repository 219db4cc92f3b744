import Foundation
import GRDB
import GRDBSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What bringing the index up to date did.
public struct SyncReport: Sendable, Equatable {
    /// Files read and parsed (new or changed).
    public var parsed = 0
    /// Files whose bytes were re-read only to compare hashes (unchanged stamps, racy mtimes).
    public var hashed = 0
    /// Files dropped from the index because they are gone.
    public var removed = 0
    /// Files in the vault after the sync.
    public var total = 0
    /// Ids of files added or changed, and of files removed.
    public var changedIDs: [String] = []
    public var removedIDs: [String] = []

    /// Whether the vault's files were walked; false when a running watcher vouched that the
    /// index was already current (``TaskIndex/open(at:for:timeZone:variant:progress:watcherTimeout:)``).
    public var scanned = true
    /// The index generation this sync saw the vault match: the index held exactly what the files
    /// said when they were walked. Nil when another process wrote the index meanwhile (its rows
    /// were read from the files at another moment), or when nothing was walked.
    public var generation: Int64?

    /// Whether anything changed.
    public var isEmpty: Bool { parsed == 0 && removed == 0 }
}

extension TaskIndex {
    /// Opens the index at `path` and brings it up to date with `folder`; a damaged index is a
    /// cache, so it is thrown away and built again, once.
    ///
    /// When `todomd watch` or `todomd serve` holds the vault and vouches that the index is current
    /// (``WatcherAnswer``), the walk over every file is skipped; any doubt — no watcher, one that
    /// died or does not answer within `watcherTimeout`, changes it has not indexed yet, an index
    /// another process wrote since — means the walk, as without a watcher.
    ///
    /// - Parameter watcherTimeout: how long to wait for a watcher's answer; nil never asks.
    /// - Parameter scanAhead: the walk of `folder` started earlier, taken instead of walking
    ///   when the index is brought up to date (not for a build).
    /// - Returns: the index and what bringing it up to date found.
    public static func open(at path: String, for folder: VaultFolder, timeZone: TimeZone, variant: String?,
                            clock: TodoClock? = nil,
                            progress: (@Sendable (Int, Int) -> Void)? = nil,
                            watcherTimeout: Duration? = WatcherAnswer.defaultTimeout,
                            scanAhead: ScanAhead? = nil) throws -> (TaskIndex, SyncReport) {
        if let index = TaskIndex(existingAt: path, timeZone: timeZone, variant: variant, clock: clock) {
            do {
                if let watcherTimeout, let report = try index.vouchedSync(with: folder, timeout: watcherTimeout) {
                    return (index, report)
                }
                return (index, try index.sync(with: folder, timeZone: timeZone, progress: progress, scanAhead: scanAhead))
            } catch is DatabaseError {
                // Damaged after all: built again below.
            }
        }
        return try build(at: path, for: folder, timeZone: timeZone, variant: variant, clock: clock, progress: progress)
    }

    /// Builds the index for `folder` in a file of its own beside `path` and renames it into
    /// place when it is whole: whoever opens `path` finds the old file or the finished one,
    /// never half a build, so the build needs no journal (a write-ahead log would write every
    /// page twice). One process builds at a time (`flock` on `path.lock`); one that waited for
    /// another's build uses it.
    static func build(at path: String, for folder: VaultFolder, timeZone: TimeZone, variant: String?,
                      clock: TodoClock?, progress: (@Sendable (Int, Int) -> Void)?) throws -> (TaskIndex, SyncReport) {
        let folderPath = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true)
        let lock = try lockExclusively(path + ".lock")
        defer { close(lock) }
        if let built = TaskIndex(existingAt: path, timeZone: timeZone, variant: variant, clock: clock),
           let report = try? built.sync(with: folder, timeZone: timeZone, progress: progress) {
            return (built, report)
        }
        let building = path + ".building"
        let report: SyncReport
        do {
            let index = try TaskIndex(buildingAt: building, timeZone: timeZone, variant: variant, clock: clock)
            report = try index.sync(with: folder, timeZone: timeZone, progress: progress)
            try index.sealBuild()
            // The old file's log and shared memory must not be taken for the new file's.
            TaskIndex.remove(at: path)
            guard rename(building, path) == 0 else {
                throw TodoError.io(path: path, reason: "the new index could not be moved into place: \(String(cString: strerror(errno)))")
            }
        } catch {
            TaskIndex.remove(at: building)
            throw error
        }
        return (try TaskIndex(path: path, timeZone: timeZone, variant: variant, clock: clock), report)
    }

    /// A file's stored stamp (its content hash is read only when the stamp cannot decide).
    struct StoredFile {
        let size: Int
        let mtime: Int64
        let indexedAt: Int64
    }

    /// Every file's stored stamp by path, and the generation they belong to, read together.
    ///
    /// - Complexity: one pass over the `file` table, read straight from SQLite (GRDB's `Row`
    ///   decoded each column through a protocol: this runs on every command), each path's bytes
    ///   copied into the table as they are (no string per row, ``StoredStamps``).
    func storedStamps() throws -> (stamps: StoredStamps, generation: Int64?) {
        try database.read { db in
            var stamps = StoredStamps(capacity: try Int.fetchOne(db, sql: "SELECT count(*) FROM file") ?? 0)
            try TaskIndex.forEachFileBytes(db, "SELECT path, size, mtime, indexed_at FROM file") { path, raw in
                stamps.append(path: path, StoredFile(size: Int(sqlite3_column_int64(raw, 1)), mtime: sqlite3_column_int64(raw, 2),
                                                     indexedAt: sqlite3_column_int64(raw, 3)))
            }
            return (stamps, try TaskIndex.generation(db))
        }
    }

    /// Steps through the rows `sql` selects from `file`, whose first column is the path: each
    /// goes to `row` with the path read from SQLite's bytes and the statement, to read the rest by
    /// position — no row object per file.
    static func forEachFile(_ db: Database, _ sql: String, _ row: (String, OpaquePointer) throws -> Void) throws {
        try forEachFileBytes(db, sql) { path, raw in try row(String(decoding: path, as: UTF8.self), raw) }
    }

    /// ``forEachFile(_:_:_:)`` with the path as SQLite's UTF-8 bytes, valid only during the call
    /// (no string made for it).
    static func forEachFileBytes(_ db: Database, _ sql: String, _ row: (UnsafeBufferPointer<UInt8>, OpaquePointer) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        let raw = statement.sqliteStatement
        defer { sqlite3_reset(raw) }
        while true {
            let code = sqlite3_step(raw)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
                                    sql: statement.sql)
            }
            // `path` is NOT NULL: SQLite gives its UTF-8 bytes (the text first, then its length).
            let text = sqlite3_column_text(raw, 0)
            try row(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(raw, 0))), raw)
        }
    }

    /// The stored content hashes of files `ids`, by path.
    func storedHashes(_ ids: [String]) throws -> [String: String] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { db in
            var out: [String: String] = [:]
            for id in ids {
                out[id] = try String.fetchOne(db, sql: "SELECT hash FROM file WHERE path = ?", arguments: [id])
            }
            return out
        }
    }

    /// Brings the index up to date with the folder (§8): only new or changed files are parsed,
    /// removed ones are dropped. Size and mtime decide; the content hash decides when they are
    /// ambiguous (a file modified within two seconds of being indexed).
    ///
    /// - Parameters:
    ///   - progress: called with (done, total) while many files are parsed.
    ///   - scanAhead: a walk of `folder` started earlier (``ScanAhead``): its files are compared
    ///     instead of walking again, when it walked this folder.
    /// - Complexity: one `stat` per file plus a parse per changed file; parsing runs on all cores.
    @discardableResult
    public func sync(with folder: VaultFolder, timeZone: TimeZone,
                     progress: (@Sendable (Int, Int) -> Void)? = nil, scanAhead: ScanAhead? = nil) throws -> SyncReport {
        // Into an index that knows no file, every file is parsed, and parsing reads each one's
        // stamp: the walk need not `stat` them first.
        let knowsFiles = try database.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM file)") } ?? true
        // The stored stamps are read on a core of their own while the folder is walked.
        let reading = OnThread { [self] in try storedStamps() }
        let scanned: [ScannedFile]
        let walkStarted: Int64
        if let ahead = scanAhead?.take(for: folder) {
            (scanned, walkStarted) = ahead
        } else {
            walkStarted = WallClock.nanoseconds()
            scanned = folder.scan(stamps: knowsFiles)
        }
        let (stored, generationRead) = try reading.value()
        var known = generationRead
        var report = SyncReport()
        report.total = scanned.count
        // Each file against its stored stamp, on every core for a big vault (the stored
        // dictionary is only read meanwhile).
        let compared = OnThread.split(scanned.count, minimum: VaultFolder.parallelStatThreshold) { [stored] range in
            var part = (toParse: [ScannedFile](), toHash: [ScannedFile](), found: 0)
            for file in scanned[range] {
                guard let i = stored.index(of: file.id) else { part.toParse.append(file); continue }
                let old = stored.entries[i].stamp
                part.found += 1
                if old.size != file.size || old.mtime != file.mtime {
                    part.toParse.append(file)
                } else if file.mtime >= old.indexedAt - 2_000_000_000 {
                    part.toHash.append(file)
                }
            }
            return part
        }
        var toParse = compared.flatMap(\.toParse)
        let toHash = compared.flatMap(\.toHash)
        // Stored files the walk did not find are gone from the folder (paths are unique, so
        // every stored one was found when the counts agree) — but for those another process
        // indexed after the walk began: made after the walk read their folder, they are missing
        // from it without being gone (the stored stamps are read beside the walk, or after a
        // walk started ahead).
        // (Only those indexed between the walk's start and now: a row stamped later than now
        // was stamped by a clock that has since been set back, and proves nothing.)
        var removed: [String] = []
        if compared.reduce(0, { $0 + $1.found }) < stored.count {
            var found = [Bool](repeating: false, count: stored.count)
            for file in scanned { if let i = stored.index(of: file.id) { found[i] = true } }
            // Compared one bound at a time: a clock set back during the walk puts `now` before
            // its start (no range to make, and nothing then counts as indexed since).
            let now = WallClock.nanoseconds()
            removed = found.indices.filter { i in
                let indexedAt = stored.entries[i].stamp.indexedAt
                return !found[i] && !(indexedAt >= walkStarted && indexedAt <= now)
            }.map(stored.path(at:))
        }

        // Racy files: compare content hashes; re-parse only the ones that really changed.
        var confirmed: [String] = []
        let hashes = try storedHashes(toHash.map(\.id))
        for file in toHash {
            report.hashed += 1
            guard let snapshot = try? folder.read(file.id) else { toParse.append(file); continue }
            if snapshot.stamp.hash == hashes[file.id] {
                confirmed.append(file.id)
            } else {
                toParse.append(file)
            }
        }
        if toParse.isEmpty, removed.isEmpty, confirmed.isEmpty {
            // The structure also depends on two side files (children order, sequential projects).
            if try storedStructureStamp() != TaskIndex.structureStamp(folder) {
                known = TaskIndex.chain(known, try restructure(folder))
            }
            report.generation = known
            return report
        }

        // Sorted by id, rows go into the B-trees in order: a cold build inserts much faster.
        toParse.sort { $0.id < $1.id }
        report.parsed = toParse.count
        report.removed = removed.count
        report.changedIDs = toParse.map(\.id)
        report.removedIDs = removed.sorted()
        let now = WallClock.nanoseconds()
        known = try database.write { [known, toParse] db in
            let fullText = try TaskIndex.holdsFullText(db)
            for id in removed { try TaskIndex.deleteFile(id, db, fullText: fullText) }
            try TaskIndex.logRemoval(removed, db)
            for id in confirmed {
                try db.execute(sql: "UPDATE file SET indexed_at = ? WHERE path = ?", arguments: [now, id])
            }
            // The one writer stores each file as soon as it is parsed, while the other cores
            // parse the next ones.
            let writer = try RowWriter(db, indexedAt: now)
            try TaskIndex.parse(toParse, in: folder, timeZone: timeZone, progress: progress) { try writer.store($0) }
            try writer.finish()
            // Hash-confirmed files only had their indexing time renewed: the rows are as they
            // were, and so is the generation.
            if toParse.isEmpty, removed.isEmpty { return try TaskIndex.generation(db) == known ? known : nil }
            return TaskIndex.chain(known, try TaskIndex.advanceGeneration(db))
        }
        let stampChanged = try storedStructureStamp() != TaskIndex.structureStamp(folder)
        if report.parsed > 0 || report.removed > 0 || stampChanged {
            known = TaskIndex.chain(known, try restructure(folder))
        }
        report.generation = known
        return report
    }

    /// Skips the walk over every file when a watcher vouches that the index is current: it
    /// answers for generation G (after reading every change the kernel queued before this asked),
    /// and the index is still at G.
    ///
    /// The structure's side files are compared as always (two `stat`s): `.todomd/projects.json`
    /// lives in a folder no watcher watches.
    ///
    /// - Returns: nil when the walk is needed.
    func vouchedSync(with folder: VaultFolder, timeout: Duration) throws -> SyncReport? {
        let cacheFolder = (path as NSString).deletingLastPathComponent
        guard case let .current(vouched) = WatcherAnswer.ask(cacheFolder: cacheFolder, timeout: timeout),
              vouched.identifies(folder.root), try generation() == vouched.generation else { return nil }
        if try storedStructureStamp() != TaskIndex.structureStamp(folder) { try restructure(folder) }
        var report = SyncReport()
        report.scanned = false
        report.total = try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM file") ?? 0 }
        return report
    }

    /// The task files of the vault at `folder` as ``VaultFolder/scan(stamps:)`` would find them,
    /// read from its index without walking the folder, when a running watcher vouches that the
    /// index is current; nil when none does (then walk).
    ///
    /// For a program that needs the files' stamps but not the index (`todomd sync`): it opens
    /// the index commands use (the §2 cache location in `environment`) only to read, asks its
    /// watcher as a command opening the vault does (``WatcherAnswer/timeout(environment:)``),
    /// and reads the list in the same transaction that finds the index still at the generation
    /// vouched for. An index made for another time zone or field map is not this vault's as
    /// `timeZone` reads it: nil.
    ///
    /// - Parameter since: the mark a former answer gave: then only the files changed since are
    ///   read, with the paths removed since, when that can be told (``changes(_:since:limit:)``);
    ///   else every file.
    /// - Complexity: a connect to the watcher and one read of every file's row (with `since`,
    ///   usually a few lookups); no `stat`.
    public static func vouchedFiles(for folder: VaultFolder, timeZone: TimeZone, environment: [String: String],
                                    since: IndexMark? = nil) -> VouchedFiles? {
        guard let timeout = WatcherAnswer.timeout(environment: environment) else { return nil }
        let path = defaultPath(forVaultAt: folder.root, environment: environment)
        // The watcher first: with none, the index is not even opened.
        guard case let .current(vouched) = WatcherAnswer.ask(cacheFolder: (path as NSString).deletingLastPathComponent,
                                                             timeout: timeout),
              vouched.identifies(folder.root),
              let index = TaskIndex(existingAt: path, timeZone: timeZone, variant: folder.fieldMap?.fingerprint, clock: nil)
        else { return nil }
        return try? index.database.read { db -> VouchedFiles? in
            guard let mark = try TaskIndex.mark(db), mark.generation == vouched.generation else { return nil }
            if let since, let (changed, removed) = try TaskIndex.changes(db, since: since) {
                return VouchedFiles(files: changed, removed: removed, mark: mark)
            }
            var files: [ScannedFile] = []
            files.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM file") ?? 0)
            try TaskIndex.forEachFile(db, "SELECT path, size, mtime FROM file") { path, raw in
                files.append(ScannedFile(id: path, size: Int(sqlite3_column_int64(raw, 1)), mtime: sqlite3_column_int64(raw, 2)))
            }
            return VouchedFiles(files: files, removed: nil, mark: mark)
        } ?? nil
    }

    /// Re-reads specific files (after this program wrote or moved them) without a full scan.
    public func refresh(_ ids: [String], in folder: VaultFolder, timeZone: TimeZone) throws {
        var present: [ScannedFile] = []
        var gone: [String] = []
        for id in ids {
            var st = stat()
            if lstat(folder.path(id), &st) == 0, (st.st_mode & S_IFMT) == S_IFREG {
                present.append(ScannedFile(id: id, size: Int(st.st_size), mtime: VaultFolder.mtime(st)))
            } else {
                gone.append(id)
            }
        }
        var parsed: [ParsedFile] = []
        try TaskIndex.parse(present, in: folder, timeZone: timeZone, progress: nil) { parsed.append($0) }
        let now = WallClock.nanoseconds()
        let (quiet, projects) = try database.write { db in
            // Whether the change can leave every task's links as they are (then the whole-vault
            // structure pass is skipped): decided on the rows before and after.
            var quiet = try TaskIndex.structurallyQuiet(ids, db)
            var projects = try TaskIndex.projects(of: ids, db)
            let fullText = try TaskIndex.holdsFullText(db)
            for id in gone { try TaskIndex.deleteFile(id, db, fullText: fullText) }
            try TaskIndex.logRemoval(gone, db)
            let writer = try RowWriter(db, indexedAt: now)
            for file in parsed { try writer.store(file) }
            try writer.finish()
            _ = try TaskIndex.advanceGeneration(db)
            quiet = try quiet && TaskIndex.structurallyQuiet(ids, db)
            projects.formUnion(try TaskIndex.projects(of: ids, db))
            return (quiet, projects)
        }
        if !quiet || TaskIndex.anySequential(projects, folder) { try restructure(folder) }
    }

    // MARK: - Parsing

    /// One parsed file, ready to store: everything its rows hold is computed by the parser, on
    /// every core, so the one writer only binds values.
    struct ParsedFile: Sendable {
        let id: String
        let stamp: FileStamp
        /// The task's rows; nil when the file is not a task (`reason` says why).
        let row: RowValues?
        let reason: String?
    }

    /// The values a task's rows are inserted with: made by the parsers, on every core, so that
    /// the one writer only binds them (``RowWriter``).
    struct RowValues: Sendable {
        /// ``TaskColumns/insertColumns``' values.
        let task: [DatabaseValue]
        /// ``TaskColumns/textColumns``' values (after the `rid`, which the insert into `task`
        /// gives): the body and its folded copy, then the JSON forms' UTF-8 text in `json`.
        let text: [DatabaseValue]
        let json: [[UInt8]]
        /// The task's tags, each once (``TaskIndex/openCountsByTag()`` counts rows).
        let tags: [String]
        /// Whether the task is open (not done or cancelled), stored with each of its tags.
        let open: Bool

        init(_ t: TodoTask) {
            (task, text, json) = TaskColumns.insertValues(t)
            // Most tasks have no tag or one: no set made for them (this runs for every task of a
            // cold build).
            if t.tags.count < 2 {
                tags = t.tags
            } else {
                var seen: Set<String> = []
                tags = t.tags.filter { seen.insert($0).inserted }
            }
            open = !t.status.isClosed
        }
    }

    /// Files parsed per unit of work: small enough that the writer soon has work, large enough
    /// that handing chunks over costs nothing.
    static let parseChunk = 128

    /// Reads and decodes `files` on every core and hands each to `consume` on the calling
    /// thread, in the order of `files`, as soon as it and all before it are parsed: the caller
    /// stores rows while the other cores are still parsing.
    ///
    /// - Parameter progress: called with (done, total) as chunks of files are parsed.
    /// - Throws: what `consume` throws; the parsing still under way is then abandoned.
    static func parse(_ files: [ScannedFile], in folder: VaultFolder, timeZone: TimeZone,
                      progress: (@Sendable (Int, Int) -> Void)?, consume: (ParsedFile) throws -> Void) throws {
        guard files.count > parseChunk else {
            // Too few to be worth another thread (a refresh after one write).
            for file in files { try consume(parseOne(file, in: folder, root: nil, timeZone: timeZone)) }
            if let progress, !files.isEmpty { progress(files.count, files.count) }
            return
        }
        let chunk = parseChunk
        let chunks = (files.count + chunk - 1) / chunk
        let slots = Slots<ParsedFile>(count: files.count)
        let gate = ChunkGate(count: chunks)
        let counter = Counter()
        let next = Counter()
        let parsers = DispatchGroup()
        // Files opened relative to the vault's folder, looked up once here.
        let root = folder.openRoot()
        defer { if let root { close(root) } }
        // Threads of their own, not the shared pool: the caller may be one of the pool's few
        // threads, and it blocks below until the parsers have done the next chunk.
        for _ in 0..<max(1, ProcessInfo.processInfo.activeProcessorCount) {
            parsers.enter()
            let thread = Thread {
                defer { parsers.leave() }
                while !gate.isAbandoned {
                    let c = next.add(1) - 1
                    guard c < chunks, gate.waitForRoom(c) else { break }
                    let range = (c * chunk)..<min(files.count, (c + 1) * chunk)
                    for i in range {
                        slots.set(i, parseOne(files[i], in: folder, root: root, timeZone: timeZone))
                    }
                    gate.finish(c)
                    if let progress { progress(counter.add(range.count), files.count) }
                }
            }
            // A file's YAML may nest deeply: the stack of a main thread, not a secondary one's.
            thread.stackSize = 8 << 20
            thread.start()
        }
        defer {
            gate.abandon()
            parsers.wait()
        }
        for c in 0..<chunks {
            gate.wait(for: c)
            for i in (c * chunk)..<min(files.count, (c + 1) * chunk) {
                if let file = slots.take(i) { try consume(file) }
            }
            gate.consumed(c)
        }
    }

    /// - Parameter root: an open descriptor of `folder`'s root to read from (nil: by path).
    static func parseOne(_ file: ScannedFile, in folder: VaultFolder, root: Int32?, timeZone: TimeZone) -> ParsedFile {
        do {
            let snapshot = try folder.read(file.id, in: root)
            let modified = Date(timeIntervalSince1970: TimeInterval(snapshot.stamp.mtime) / 1e9)
            let decoding = TaskFileCodec.decode(snapshot.bytes, id: file.id, fileModified: modified, timeZone: timeZone,
                                                fieldMap: folder.fieldMap)
            // Keep the stamp read with the bytes: it is what a later change is compared with.
            let stamp = FileStamp(size: snapshot.stamp.size, mtime: snapshot.stamp.mtime, hash: snapshot.stamp.hash)
            switch decoding {
            case let .task(t): return ParsedFile(id: file.id, stamp: stamp, row: RowValues(t), reason: nil)
            case let .unparseable(reason): return ParsedFile(id: file.id, stamp: stamp, row: nil, reason: reason)
            }
        } catch {
            let reason = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            return ParsedFile(id: file.id, stamp: FileStamp(size: file.size, mtime: file.mtime, hash: ""),
                              row: nil, reason: "it could not be read: \(reason)")
        }
    }

    // MARK: - Storing

    /// Removes file `id` and its task; `fullText`: whether the full-text index is kept up to
    /// date (``holdsFullText(_:)``), so that the task's words leave it too.
    static func deleteFile(_ id: String, _ db: Database, fullText: Bool) throws {
        if let rid = try Int64.fetchOne(db, sql: "SELECT rid FROM task WHERE id = ?", arguments: [id]) {
            // First: the full-text index reads the words to remove from the rows themselves.
            if fullText { try db.execute(sql: "DELETE FROM task_fts WHERE rowid = ?", arguments: [rid]) }
            try db.execute(sql: "DELETE FROM task_tag WHERE task_rid = ?", arguments: [rid])
            try db.execute(sql: "DELETE FROM task_text WHERE rid = ?", arguments: [rid])
            try db.execute(sql: "DELETE FROM task WHERE rid = ?", arguments: [rid])
        }
        try db.execute(sql: "DELETE FROM file WHERE path = ?", arguments: [id])
    }

    /// Stores parsed files inside one write transaction, with its statements prepared once.
    ///
    /// Into an index without tasks (a cold build) it loads in bulk: the secondary indexes are
    /// dropped first and made again by ``finish()`` from the loaded rows, in one sort each,
    /// instead of growing row by row. All of it happens inside the caller's transaction, so a
    /// build that does not finish leaves the index as it was: empty, and built again next time.
    final class RowWriter {
        private let db: Database
        private let indexedAt: Int64
        /// The generation the caller's write moves the index to, stored with each file's row.
        private let generation: Int64
        /// Whether the index held no task when this began: nothing to replace, indexes rebuilt.
        private let fresh: Bool
        /// Whether the full-text index is kept up to date row by row (it is whole), rather than
        /// left for ``TaskIndex/buildFullText()``.
        let keepsFullText: Bool
        private var file: Statement?
        private var task: Statement?
        private var text: Statement?
        private var tag: Statement?
        private var fullText: Statement?

        init(_ db: Database, indexedAt: Int64) throws {
            self.db = db
            self.indexedAt = indexedAt
            generation = try TaskIndex.writeGeneration(db)
            fresh = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM task)") == false
            keepsFullText = try !fresh && TaskIndex.holdsFullText(db)
        }

        func store(_ parsed: ParsedFile) throws {
            if file == nil { try prepare() }
            guard let file, let task, let text, let tag, let fullText else { return }
            if !fresh { try TaskIndex.deleteFile(parsed.id, db, fullText: keepsFullText) }
            try RowWriter.execute(file, [parsed.id.databaseValue, parsed.stamp.size.databaseValue,
                                         parsed.stamp.mtime.databaseValue, parsed.stamp.hash.databaseValue,
                                         indexedAt.databaseValue, parsed.reason.databaseValue,
                                         TodoTask.filename(ofID: parsed.id).databaseValue, generation.databaseValue])
            guard let row = parsed.row else { return }
            try RowWriter.execute(task, row.task)
            let rid = db.lastInsertedRowID
            try RowWriter.execute(text, row.text, after: rid.databaseValue, texts: row.json)
            for (i, name) in row.tags.enumerated() {
                try RowWriter.execute(tag, [rid.databaseValue, name.databaseValue, i.databaseValue, row.open.databaseValue])
            }
            if keepsFullText { try fullText.execute(arguments: [rid]) }
        }

        /// Runs `statement` with `values` (after `first`, when given), then `texts` (UTF-8
        /// text), bound and stepped straight through SQLite.
        ///
        /// GRDB's `StatementArguments` boxes every value and checks the count on each run, its
        /// binding of a `String` copies it into a C string first, and its `execute()` resets the
        /// statement twice and asks its observers and watchdog around the step: together a
        /// tenth of a cold build's writer. These statements are plain inserts inside the
        /// caller's write transaction (no schema change, no observer: GRDB has nothing to track),
        /// so the count is checked here, each value bound from its own bytes, and the statement
        /// stepped once and reset, which keeps the bindings until the next run replaces them.
        static func execute(_ statement: Statement, _ values: [DatabaseValue], after first: DatabaseValue? = nil,
                            texts: [[UInt8]] = []) throws {
            let offset: CInt = first == nil ? 1 : 2
            let raw = statement.sqliteStatement
            guard Int(sqlite3_bind_parameter_count(raw)) == values.count + texts.count + Int(offset) - 1 else {
                throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "wrong number of values", sql: statement.sql)
            }
            if let first { try check(bind(first, to: raw, at: 1), statement) }
            for i in values.indices { try check(bind(values[i], to: raw, at: CInt(i) + offset), statement) }
            for i in texts.indices {
                let code = texts[i].withUnsafeBytes { bindText($0, to: raw, at: CInt(values.count + i) + offset) }
                try check(code, statement)
            }
            let code = sqlite3_step(raw)
            // Reset whatever the step gave: a failed statement must be reset before its next run.
            let message = code == SQLITE_DONE ? nil : String(cString: sqlite3_errmsg(sqlite3_db_handle(raw)))
            sqlite3_reset(raw)
            if let message {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
            }
        }

        /// Binds `value` at `index`: text and blobs from their own bytes, which SQLite copies
        /// (SQLITE_TRANSIENT) before this returns.
        private static func bind(_ value: DatabaseValue, to raw: OpaquePointer, at index: CInt) -> CInt {
            switch value.storage {
            case .null: return sqlite3_bind_null(raw, index)
            case let .int64(int): return sqlite3_bind_int64(raw, index, int)
            case let .double(double): return sqlite3_bind_double(raw, index, double)
            case var .string(string):
                return string.withUTF8 { bindText(UnsafeRawBufferPointer($0), to: raw, at: index) }
            case let .blob(data):
                return data.withUnsafeBytes { bytes in
                    // An empty blob is a zero-length blob, not NULL.
                    guard let base = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_zeroblob(raw, index, 0) }
                    return sqlite3_bind_blob(raw, index, base, CInt(bytes.count), Self.transient)
                }
            }
        }

        /// Binds UTF-8 `bytes` as text at `index` (copied by SQLite before this returns).
        private static func bindText(_ bytes: UnsafeRawBufferPointer, to raw: OpaquePointer, at index: CInt) -> CInt {
            // An empty text is '' (a null pointer would bind NULL).
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_text(raw, index, "", 0, Self.transient) }
            return sqlite3_bind_text(raw, index, base.assumingMemoryBound(to: CChar.self), CInt(bytes.count), Self.transient)
        }

        /// SQLITE_TRANSIENT, which C defines as a cast of -1.
        private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

        private static func check(_ code: CInt, _ statement: Statement) throws {
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "a value could not be bound", sql: statement.sql)
            }
        }

        /// Makes the secondary indexes after a bulk load. The full-text index is left for the
        /// first search of bodies (``TaskIndex/buildFullText()``): a fifth of a cold build's time
        /// at 10k, for an index a listing never reads.
        func finish() throws {
            guard fresh, file != nil else { return }
            for index in TaskIndex.secondaryIndexes { try db.execute(sql: index.create) }
            try TaskIndex.leaveFullText(db)
        }

        private func prepare() throws {
            if fresh {
                for index in TaskIndex.secondaryIndexes { try db.execute(sql: "DROP INDEX IF EXISTS \(index.name)") }
            }
            file = try db.makeStatement(sql: """
                INSERT OR REPLACE INTO file (path, size, mtime, hash, indexed_at, reason, name, gen)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let columns = TaskColumns.insertColumns
            task = try db.makeStatement(sql: """
                INSERT INTO task (\(columns.map { "\"\($0)\"" }.joined(separator: ", "))) VALUES (\(TaskIndex.marks(columns.count)))
                """)
            text = try db.makeStatement(sql: """
                INSERT INTO task_text (rid, \(TaskColumns.textColumns.joined(separator: ", "))) VALUES (\(TaskIndex.marks(TaskColumns.textColumns.count + 1)))
                """)
            tag = try db.makeStatement(sql: "INSERT INTO task_tag (task_rid, tag, position, open) VALUES (?, ?, ?, ?)")
            // The words as the rows hold them (``TaskIndex/createSchema``'s `task_fts_source`).
            fullText = try db.makeStatement(sql: """
                INSERT INTO task_fts (rowid, title, description, body)
                SELECT rid, title, description, body FROM task_fts_source WHERE rid = ?
                """)
        }
    }
}

/// Fixed slots written concurrently at distinct indices (through a raw buffer, so no two
/// writers ever access the same Swift variable).
final class Slots<T>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<T?>
    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }
    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }
    func set(_ i: Int, _ value: T) { buffer[i] = value }
    /// The value at `i`, leaving the slot empty (its memory goes as soon as it is used).
    func take(_ i: Int) -> T? {
        // Moved out and the slot set empty: no copy of the value, no release of the slot's.
        // A slot that is not there is a fault of the caller's, not an empty slot: taking it as
        // one would drop a file from a build without a word.
        guard let base = buffer.baseAddress, buffer.indices.contains(i) else {
            preconditionFailure("no slot \(i) among \(buffer.count)")
        }
        let value = (base + i).move()
        (base + i).initialize(to: nil)
        return value
    }
}

/// Which chunks of a parallel job are done, for a consumer that takes them in order; the
/// workers stay at most ``window`` chunks ahead of it, so what waits to be consumed stays small.
final class ChunkGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var done: [Bool]
    private var abandoned = false
    /// Chunks before this one are consumed.
    private var consumedUpTo = 0
    let window: Int

    init(count: Int, window: Int = 32) {
        done = Array(repeating: false, count: count)
        self.window = window
    }

    /// Blocks until `chunk` is within ``window`` of the consumer; false when the job was abandoned.
    ///
    /// It cannot wait forever: every chunk before `chunk` was taken by a worker before it, and
    /// the first one not consumed is within the window, so it is done without waiting.
    func waitForRoom(_ chunk: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while chunk >= consumedUpTo + window, !abandoned { condition.wait() }
        return !abandoned
    }

    /// Records that the consumer is done with `chunk` (and every one before it).
    func consumed(_ chunk: Int) {
        condition.lock()
        consumedUpTo = chunk + 1
        condition.broadcast()
        condition.unlock()
    }

    func finish(_ chunk: Int) {
        condition.lock()
        done[chunk] = true
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until `chunk` is done.
    func wait(for chunk: Int) {
        condition.lock()
        while !done[chunk] { condition.wait() }
        condition.unlock()
    }

    /// Tells the workers that their results are no longer wanted.
    func abandon() {
        condition.lock()
        abandoned = true
        condition.broadcast()
        condition.unlock()
    }

    var isAbandoned: Bool {
        condition.lock()
        defer { condition.unlock() }
        return abandoned
    }
}

/// A thread-safe running count.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add(_ n: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += n
        return value
    }
}

/// Opens `path` (made if missing) and takes an exclusive `flock` on it, waiting for whoever holds
/// it; the lock is the returned descriptor's, released when it is closed or the process ends.
/// Where the file system has no `flock` (some FUSE mounts), the descriptor comes back unlocked:
/// for a cache, two builds side by side are better than none.
func lockExclusively(_ path: String) throws -> Int32 {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
        throw TodoError.io(path: path, reason: "the lock could not be opened: \(String(cString: strerror(errno)))")
    }
    while flock(fd, LOCK_EX) != 0, errno == EINTR {}
    return fd
}
