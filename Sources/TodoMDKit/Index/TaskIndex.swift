import Foundation
import GRDB

/// The SQLite index of a vault (§8): every task's fields, tags, full text, and file stamps.
///
/// A cache: it lives outside the vault, and a missing, corrupt or old-schema index is rebuilt
/// silently. All listing and filtering runs against it, never by parsing files at query time.
public final class TaskIndex: Sendable {
    /// The database; one queue per index file. Only `Index/` speaks SQL to it.
    var database: DatabaseQueue { opened.withLock { $0.queue } }
    /// The file open now: swapped only by ``followReplacement()``.
    let opened: Locked<OpenedFile>
    /// The stamp an index file must carry to be followed (``followReplacement()``); nil for an
    /// index in memory or a cold build, which nothing replaces.
    let stamp: String?
    /// Where the database file is.
    public let path: String
    /// The vault's clock, whose now a running timer (§27) counts up to in the rows' TASK JSON;
    /// nil: running timers count nothing yet.
    public let clock: TodoClock?

    /// Bumped whenever the schema or the meaning of a stored column changes, or a file reads
    /// differently (a value that was a warning is now read): an index with another value is
    /// thrown away and rebuilt. The field columns (from the table of task fields) are part of
    /// it, so a new field rebuilds old indexes without a bump.
    static let schemaVersion = "todomd-index-17 " + ContentHash.of(Array(TaskColumns.fieldDefinitions.joined(separator: ",").utf8)).prefix(12)

    /// Opens (or creates, or rebuilds) the index at `path`.
    ///
    /// - Parameter timeZone: the time zone tasks are read in; an index built in another one is
    ///   rebuilt, because date-times given where dates belong were converted with it.
    /// - Throws: ``TodoError/io(path:reason:)`` if no usable database can be made there.
    /// - Parameter variant: anything else that changes how files read (a field map's
    ///   fingerprint); an index built with another one is rebuilt.
    /// - Parameter clock: the vault's clock, for the time a running timer has tracked so far.
    public init(path: String, timeZone: TimeZone, variant: String? = nil, clock: TodoClock? = nil) throws {
        self.path = path
        self.clock = clock
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let stamp = TaskIndex.stamp(timeZone: timeZone, variant: variant)
        self.stamp = stamp
        if let opened = OpenedFile(checking: path, stamp: stamp) {
            self.opened = Locked(opened)
            return
        }
        // Missing, corrupt, or from another schema: start over.
        TaskIndex.remove(at: path)
        do {
            opened = Locked(try OpenedFile(path: path, stamp: stamp))
        } catch {
            throw TodoError.io(path: path, reason: "the index database could not be created: \(error)")
        }
    }

    /// Opens the index at `path` only if it is there, whole, and of this schema; nil otherwise.
    init?(existingAt path: String, timeZone: TimeZone, variant: String?, clock: TodoClock?) {
        let stamp = TaskIndex.stamp(timeZone: timeZone, variant: variant)
        guard FileManager.default.fileExists(atPath: path), let opened = OpenedFile(checking: path, stamp: stamp),
              !opened.created
        else { return nil }
        self.path = path
        self.clock = clock
        self.stamp = stamp
        self.opened = Locked(opened)
    }

    /// A new index at `path` (a file of its own, not yet where the index belongs) for a cold
    /// build: no journal, because nothing else opens it and a build that does not finish is
    /// thrown away whole; ``sealBuild()`` makes it an ordinary index.
    init(buildingAt path: String, timeZone: TimeZone, variant: String?, clock: TodoClock?) throws {
        TaskIndex.remove(at: path)
        self.path = path
        self.clock = clock
        var config = Configuration()
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA page_size = \(TaskIndex.pageSize)")
            try db.execute(sql: "PRAGMA journal_mode = OFF")
            try db.execute(sql: "PRAGMA synchronous = OFF")
            try db.execute(sql: "PRAGMA cache_size = -65536")
            db.add(function: TaskIndex.foldFunction)
        }
        stamp = nil
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            opened = Locked(OpenedFile(queue: queue, identity: nil, created: true))
            try TaskIndex.createSchema(queue, stamp: TaskIndex.stamp(timeZone: timeZone, variant: variant))
        } catch {
            throw TodoError.io(path: path, reason: "the index database could not be created: \(error)")
        }
    }

    /// Turns a finished cold build into an ordinary index file (write-ahead log, as
    /// ``openChecked(path:stamp:)`` opens it) and closes it, ready to be renamed into place.
    func sealBuild() throws {
        try database.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        }
        try database.close()
    }

    /// The page size of a new index file (it cannot change once the file has tables): a task's
    /// row with its text is ~2 KB, and 8 KB pages made a cold build at 10k ~4 % faster and a
    /// warm listing no slower than SQLite's default 4 KB.
    static let pageSize = 8192

    static func stamp(timeZone: TimeZone, variant: String?) -> String {
        TaskIndex.schemaVersion + " " + timeZone.identifier + (variant.map { " " + $0 } ?? "")
    }

    /// Deletes the index database at `path` and its side files (it is only a cache).
    public static func remove(at path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// An index in memory, for tests and one-off runs.
    public init(inMemoryWith timeZone: TimeZone, clock: TodoClock? = nil) throws {
        path = ":memory:"
        self.clock = clock
        var config = Configuration()
        config.prepareDatabase { db in db.add(function: TaskIndex.foldFunction) }
        let queue = try DatabaseQueue(configuration: config)
        stamp = nil
        opened = Locked(OpenedFile(queue: queue, identity: nil, created: true))
        try TaskIndex.createSchema(queue, stamp: TaskIndex.schemaVersion + " " + timeZone.identifier)
    }

    /// The default index path for a vault: `$XDG_CACHE_HOME/todomd/<sha256 of real path>/index.sqlite`.
    public static func defaultPath(forVaultAt realPath: String, environment: [String: String]) -> String {
        let cache: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            cache = xdg
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            cache = home + "/.cache"
        }
        return cache + "/todomd/" + SHA256.hex(Array(realPath.utf8)) + "/index.sqlite"
    }

    /// `todomd_fold(text)`: case- and diacritic-folded text, for `string_contains`.
    static let foldFunction = DatabaseFunction("todomd_fold", argumentCount: 1, pure: true) { values in
        guard let s = String.fromDatabaseValue(values[0]) else { return nil }
        return TextFolding.fold(s)
    }

    /// Opens the database at `path` if its schema stamp is `stamp`, or creates it when it has no
    /// schema yet; `created` says which.
    static func openChecked(path: String, stamp: String) throws -> (queue: DatabaseQueue, created: Bool) {
        var config = Configuration()
        // The CLI, the server and the watcher may share one index: wait for each other's writes.
        config.busyMode = .timeout(10)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA page_size = \(TaskIndex.pageSize)")
            // A write-ahead log, so readers and the writer do not wait for each other. Set here
            // rather than with GRDB's `journalMode = .wal`, which also sets `synchronous =
            // NORMAL` and, whenever no log file is there (after every clean close), writes a
            // table and drops it so that one exists: a write transaction, a checkpoint and
            // fsyncs on every command.
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            // The index is a cache that is rebuilt when damaged: durability is not worth fsyncs.
            try db.execute(sql: "PRAGMA synchronous = OFF")
            try db.execute(sql: "PRAGMA cache_size = -65536")
            // Read the file through the kernel's page cache instead of copying each page into
            // SQLite's own: a listing's scan then faults in shared pages, not 30 MB of heap.
            try db.execute(sql: "PRAGMA mmap_size = 1073741824")
            db.add(function: TaskIndex.foldFunction)
        }
        let queue = try DatabaseQueue(path: path, configuration: config)
        let hasMeta = try queue.read { db in try db.tableExists("meta") }
        if hasMeta {
            try queue.read { db in
                let stored = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'schema'")
                guard stored == stamp else { throw IndexError.schemaChanged(stored: stored) }
                // A quick consistency probe: a corrupt file fails here, a damaged schema too.
                let tables = try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
                for table in ["file", "task", "task_text", "task_tag", "task_fts", "side_file"] where !tables.contains(table) {
                    throw IndexError.missingTable(table)
                }
                _ = try Int.fetchOne(db, sql: "SELECT 1 FROM file LIMIT 1")
            }
        } else {
            try createSchema(queue, stamp: stamp)
        }
        return (queue, !hasMeta)
    }

    /// The condition of the index `task_project_area`: the tasks with a project or an area, in a
    /// form no rule compiles to, so that SQLite reads that index only for a statement that names
    /// this condition (``openCountsByProjectAndAreaSQL(areas:projects:)``).
    static let projectAreaIndexed = "coalesce(project, area) IS NOT NULL"

    /// The indexes on columns other than a table's key; a cold build drops them while it loads
    /// and makes them again from the loaded rows (``RowWriter``).
    static let secondaryIndexes: [(name: String, create: String)] = [
        ("task_parent_id", "CREATE INDEX task_parent_id ON task(parent_id) WHERE parent_id IS NOT NULL"),
        ("task_filename", "CREATE INDEX task_filename ON task(filename)"),
        // A listing cut to its first rows in `manual` or `created` order finds its last row here
        // and reads the rows before it alone (``TaskIndex/leadingRows(matching:timeZone:count:order:fields:)``):
        // at 10k, Anytime's first 200 without decoding the other 9,800.
        ("task_created", "CREATE INDEX task_created ON task(created)"),
        // No index on status: a listing's statuses are most of the tasks (the open ones) or a
        // fifth (the done ones), and reading them through an index cost 1.0–1.4× a scan of
        // the table (measured at 100k).
        // The planner's lookups (a day's tasks, the rollover's past days) touch only planned
        // tasks: a partial index keeps them off a full scan at no cost to the rest.
        ("task_plan_date", "CREATE INDEX task_plan_date ON task(plan_date) WHERE plan_date IS NOT NULL"),
        // The same for the planner's regions (its backlog, counted for the sidebar: at 100k a
        // scan of 20 ms, through this index 1 ms).
        ("task_region", "CREATE INDEX task_region ON task(region) WHERE region IS NOT NULL"),
        // The open tasks per project and area (the sidebar's, `todomd projects`), read from this
        // index alone and already in its order: at 100k 10 ms instead of a scan and a sort of 60.
        // Its condition is one that only those counts write (``projectAreaIndexed``): under
        // `project IS NOT NULL OR area IS NOT NULL`, SQLite also read a perspective's `project
        // is_not_nil` through it, one lookup per task with a project (at 100k 96 ms against a
        // scan's 24).
        ("task_project_area", """
            CREATE INDEX task_project_area ON task(project, area, status) WHERE \(projectAreaIndexed)
            """),
        // A tag's tasks, and (covering) the open tasks per tag: the sidebar's tag counts read
        // only this index instead of joining every open task to its tags (at 100k, ~10 against
        // ~80 ms, measured in `sqlite3`).
        ("task_tag_tag", "CREATE INDEX task_tag_tag ON task_tag(tag, open, task_rid)"),
        // The files a generation's writes stored (``TaskIndex/changes(_:since:limit:)``), and
        // the files of one name (the same, and ``TaskIndex/hasFile(named:)``): without them each
        // was a scan of every row.
        ("file_gen", "CREATE INDEX file_gen ON file(gen)"),
        ("file_name", "CREATE INDEX file_name ON file(name)"),
    ]

    static func createSchema(_ queue: DatabaseQueue, stamp: String) throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
                -- `name`: the path's last part. `gen`: the generation whose write stored the row
                -- (TaskIndex+Changes.swift), so that what changed since one is read without a scan.
                CREATE TABLE file (
                    path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime INTEGER NOT NULL, hash TEXT NOT NULL,
                    indexed_at INTEGER NOT NULL, reason TEXT, name TEXT NOT NULL, gen INTEGER NOT NULL);
                -- The files removed from the index, with the generation whose write removed them:
                -- complete from meta 'removed_since' on (older entries are dropped).
                CREATE TABLE file_removed (path TEXT PRIMARY KEY, gen INTEGER NOT NULL);
                CREATE TABLE task (
                    rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, filename TEXT NOT NULL,
                    \(TaskColumns.fieldDefinitions.joined(separator: ", ")),
                    title_key TEXT NOT NULL, warning_count INTEGER NOT NULL,
                    title_fold TEXT, description_fold TEXT,
                    checklist_done INTEGER, checklist_total INTEGER,
                    -- Computed from every task by TaskIndex.restructure (§23).
                    parent_id TEXT, children TEXT NOT NULL DEFAULT '', child_done INTEGER, child_total INTEGER,
                    blocked INTEGER NOT NULL DEFAULT 0, blockers TEXT NOT NULL DEFAULT '',
                    link_warnings TEXT NOT NULL DEFAULT '');
                -- TaskColumns.textColumns: one row per task row, the same rid.
                CREATE TABLE task_text (rid INTEGER PRIMARY KEY, body TEXT NOT NULL, body_fold TEXT,
                    json TEXT NOT NULL, row_json TEXT NOT NULL);
                -- A task's tags, each once, with whether the task is open (a task's rows are
                -- replaced whole when it changes, so the flag follows its status).
                CREATE TABLE task_tag (task_rid INTEGER NOT NULL, tag TEXT NOT NULL, position INTEGER NOT NULL,
                    open INTEGER NOT NULL, PRIMARY KEY (task_rid, position));
                -- The full-text index keeps no copy of the text: it reads it from the rows
                -- (FTS5's external content), so a task's row must still be there, unchanged,
                -- when its entry is deleted (TaskIndex.deleteFile). The body is indexed
                -- folded, so its words split exactly as a folded needle's do.
                CREATE VIEW task_fts_source AS
                    SELECT task.rid AS rid, task.title AS title, IFNULL(task.description, '') AS description,
                        IFNULL(task_text.body_fold, task_text.body) AS body
                    FROM task JOIN task_text ON task_text.rid = task.rid;
                CREATE VIRTUAL TABLE task_fts USING fts5(title, description, body,
                    content = 'task_fts_source', content_rowid = 'rid',
                    tokenize = 'unicode61 remove_diacritics 2');
                CREATE TABLE side_file (name TEXT PRIMARY KEY, content TEXT NOT NULL, stamp TEXT);
                """)
            for index in TaskIndex.secondaryIndexes { try db.execute(sql: index.create) }
        }
        try migrator.migrate(queue)
        try queue.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)", arguments: [stamp])
            // Random, so that two index files (one thrown away and built again) never share a
            // generation a watcher could vouch for.
            let generation = String(Int64.random(in: 1...(Int64.max / 4)))
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('generation', ?)", arguments: [generation])
            // Which index file this is, for a program that remembers a generation of it
            // (``IndexMark``), and from which generation on its removals are all logged.
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('origin', ?)",
                           arguments: [UUID().uuidString.lowercased()])
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('removed_since', ?)", arguments: [generation])
        }
    }
}
