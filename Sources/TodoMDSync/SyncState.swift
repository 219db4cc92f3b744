import Foundation
import GRDB
import TodoMDKit

/// The last synced version of a task or note: the merge base (§22).
struct BaseEntry: Sendable, Equatable {
    var kind: SyncKind
    /// The row id: the file's name.
    var id: String
    /// Where the file was when it last matched this version.
    var path: String
    /// ``ContentHash`` of the file when it last matched this version ("" when unknown).
    var hash: String
    /// The file's size and mtime then, to skip reading unchanged files.
    var size: Int
    var mtime: Int64
    /// The server revision this version has (or had when pushed).
    var revision: Int64?
    /// The change id of this version on the server.
    var changeID: String?
    /// Whether the row is a tombstone (deleted on both sides).
    var deleted: Bool
}

/// A base row as a sync's walk reads it (``SyncState/baseStats(_:)``).
struct BaseStat: Sendable {
    var kind: SyncKind
    var id: String
    /// Where the file was, when that is not `id` itself (a file in a folder, or a note).
    var movedPath: String?
    var size: Int
    var mtime: Int64
    var revision: Int64?
    var deleted: Bool

    /// Where the file was when it last matched the base.
    var path: String { movedPath ?? id }
}

/// A local change waiting to be pushed: the whole new version (or a tombstone), with the server
/// revision it was made against.
struct OutboxEntry: Sendable, Equatable {
    var kind: SyncKind
    var id: String
    /// Unique id of this change: the server keeps it, so a push repeated after a crash is
    /// recognized instead of applied twice.
    var changeID: String
    var path: String
    var hash: String
    var size: Int
    var mtime: Int64
    /// The new version; nil deletes the row (tombstone).
    var record: SyncRecord?
    /// The server revision the change was made against; nil for a row new to the server.
    var baseRevision: Int64?
    /// The change id of a remote version that lost a conflict to this one (told to its vault).
    var conflictLoser: String?
}

/// `.todomd/sync/state.sqlite`: merge bases, the outbox and the pull cursor.
///
/// SQLite in rollback-journal mode with `synchronous=FULL`: a committed transaction survives a
/// crash or power loss, so a change recorded in the outbox is never lost, and the base and
/// cursor move in the same transaction as the outbox entry they settle.
final class SyncState: Sendable {
    let database: DatabaseQueue
    let path: String

    /// The state's folder, relative to the vault root.
    static let folder = ".todomd/sync"
    /// The files SQLite makes of the state (the database and its journals), and the sync lock.
    static let files = ["state.sqlite", "state.sqlite-journal", "state.sqlite-wal", "state.sqlite-shm", "lock"]

    /// Throws when `.todomd`, `.todomd/sync` or one of its files is a symbolic link (§2): SQLite
    /// opens its files by path, so they are checked before anything is created there.
    ///
    /// - Throws: ``TodoError/symlinkRefused(path:)`` naming the link.
    static func refuseLinks(in vault: VaultFolder) throws {
        for file in files { try vault.refuseLinks(in: folder + "/" + file) }
    }

    /// Opens (creating if needed) the state of the vault in `vault`.
    ///
    /// SQLite opens its files by path, so before it does, the files are checked and the folder
    /// is made without following a symbolic link (§2): a link planted as `.todomd`,
    /// `.todomd/sync` or one of the database's files is refused, never written through.
    /// - Throws: ``SyncError/damagedState(path:reason:)`` when the file is not a usable database;
    ///   ``TodoError/symlinkRefused(path:)``.
    init(vault: VaultFolder) throws {
        try Self.refuseLinks(in: vault)
        try vault.makeFolders(Self.folder)
        path = vault.path(Self.folder + "/state.sqlite")
        do {
            var configuration = Configuration()
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
            configuration.busyMode = .timeout(10)
            database = try DatabaseQueue(path: path, configuration: configuration)
            try Self.migrator.migrate(database)
        } catch {
            throw SyncError.damagedState(path: ".todomd/sync/state.sqlite", reason: "\(error)")
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE base (
                    kind TEXT NOT NULL, id TEXT NOT NULL, path TEXT NOT NULL, hash TEXT NOT NULL,
                    size INTEGER NOT NULL, mtime INTEGER NOT NULL, record TEXT, revision INTEGER,
                    change_id TEXT, deleted INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (kind, id));
                CREATE TABLE outbox (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, id TEXT NOT NULL,
                    change_id TEXT NOT NULL UNIQUE, path TEXT NOT NULL, hash TEXT NOT NULL,
                    size INTEGER NOT NULL, mtime INTEGER NOT NULL, record TEXT, base_revision INTEGER,
                    conflict_loser TEXT, UNIQUE (kind, id));
                CREATE TABLE superseded (
                    change_id TEXT PRIMARY KEY, kind TEXT NOT NULL, id TEXT NOT NULL, record TEXT);
                """)
        }
        return migrator
    }

    /// A write transaction, synchronously (also from async code, where GRDB would pick its
    /// async overload).
    func write<T>(_ body: (Database) throws -> T) throws -> T { try database.write(body) }

    /// A read, synchronously.
    func read<T>(_ body: (Database) throws -> T) throws -> T { try database.read(body) }

    // MARK: - Meta

    func meta(_ db: Database, _ key: String) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key])
    }

    func setMeta(_ db: Database, _ key: String, _ value: String) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", arguments: [key, value])
    }

    func removeMeta(_ db: Database, _ key: String) throws {
        try db.execute(sql: "DELETE FROM meta WHERE key = ?", arguments: [key])
    }

    /// The meta key of the vault index's mark (``IndexMark``) as the last pass that compared its
    /// files from the index saw it, with nothing skipped: the next pass compares only the files
    /// changed since.
    static let indexMarkKey = "index_mark"

    /// The pull cursor: the highest server revision seen.
    func cursor(_ db: Database) throws -> Int64 { try meta(db, "cursor").flatMap { Int64($0) } ?? 0 }

    func setCursor(_ db: Database, _ value: Int64) throws {
        if value > (try cursor(db)) { try setMeta(db, "cursor", String(value)) }
    }

    // MARK: - Base

    /// What a sync's walk compares with each file it finds: every base row's key and stat,
    /// without the record, hash or change id it does not need for a file that did not change.
    func baseStats(_ db: Database) throws -> [BaseStat] {
        var out: [BaseStat] = []
        try Self.baseStats(try Row.fetchCursor(db, sql: "SELECT \(Self.baseStatColumns) FROM base"), into: &out)
        return out
    }

    /// ``baseStats(_:)`` of the notes and of the tasks `tasks` (row ids) only.
    func baseStats(_ db: Database, notesAndTasks tasks: Set<String>) throws -> [BaseStat] {
        var out: [BaseStat] = []
        try Self.baseStats(try Row.fetchCursor(db, sql: "SELECT \(Self.baseStatColumns) FROM base WHERE kind = ?",
                                               arguments: [SyncKind.note.rawValue]), into: &out)
        let statement = try db.makeStatement(sql: "SELECT \(Self.baseStatColumns) FROM base WHERE kind = ? AND id = ?")
        for id in tasks.sorted() {
            try Self.baseStats(try Row.fetchCursor(statement, arguments: [SyncKind.task.rawValue, id]), into: &out)
        }
        return out
    }

    /// A root file's path is its id, and is not read a second time.
    private static let baseStatColumns = "kind, id, NULLIF(path, id), size, mtime, revision, deleted"

    private static func baseStats(_ rows: RowCursor, into out: inout [BaseStat]) throws {
        while let row = try rows.next() {
            guard let kind = SyncKind(rawValue: row[0]) else { continue }
            out.append(BaseStat(kind: kind, id: row[1], movedPath: row[2], size: row[3], mtime: row[4],
                                revision: row[5], deleted: row[6]))
        }
    }

    /// A base row's content hash.
    func baseHash(_ db: Database, _ kind: SyncKind, _ id: String) throws -> String? {
        try String.fetchOne(db, sql: "SELECT hash FROM base WHERE kind = ? AND id = ?", arguments: [kind.rawValue, id])
    }

    func base(_ db: Database, _ kind: SyncKind, _ id: String) throws -> BaseEntry? {
        try Row.fetchOne(db, sql: """
            SELECT kind, id, path, hash, size, mtime, revision, change_id, deleted FROM base WHERE kind = ? AND id = ?
            """, arguments: [kind.rawValue, id]).flatMap(Self.base)
    }

    /// A row of `SELECT kind, id, path, hash, size, mtime, revision, change_id, deleted`, read by
    /// position: a sync reads every base row, and a lookup by column name costs a lowercased copy
    /// of the name for each value.
    private static func base(_ row: Row) -> BaseEntry? {
        guard let kind = SyncKind(rawValue: row[0]) else { return nil }
        return BaseEntry(kind: kind, id: row[1], path: row[2], hash: row[3], size: row[4],
                         mtime: row[5], revision: row[6], changeID: row[7], deleted: row[8])
    }

    /// The base's record (nil for a tombstone or none).
    func baseRecord(_ db: Database, _ kind: SyncKind, _ id: String) throws -> SyncRecord? {
        guard let text = try String.fetchOne(db, sql: "SELECT record FROM base WHERE kind = ? AND id = ?",
                                             arguments: [kind.rawValue, id]) else { return nil }
        return try Self.record(text, path: path)
    }

    func saveBase(_ db: Database, _ entry: BaseEntry, record: SyncRecord?) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO base (kind, id, path, hash, size, mtime, record, revision, change_id, deleted)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [entry.kind.rawValue, entry.id, entry.path, entry.hash, entry.size, entry.mtime,
                             record?.jsonText, entry.revision, entry.changeID, entry.deleted])
    }

    /// Records that the file still matches its base with a new stat (no reread next time).
    func touchBase(_ db: Database, _ kind: SyncKind, _ id: String, size: Int, mtime: Int64) throws {
        try db.execute(sql: "UPDATE base SET size = ?, mtime = ? WHERE kind = ? AND id = ?",
                       arguments: [size, mtime, kind.rawValue, id])
    }

    func setBaseRevision(_ db: Database, _ kind: SyncKind, _ id: String, _ revision: Int64) throws {
        try db.execute(sql: "UPDATE base SET revision = ? WHERE kind = ? AND id = ?",
                       arguments: [revision, kind.rawValue, id])
    }

    // MARK: - Outbox

    func outbox(_ db: Database) throws -> [OutboxEntry] {
        try Row.fetchAll(db, sql: "SELECT * FROM outbox ORDER BY seq").compactMap { try Self.outbox($0, path: path) }
    }

    func outbox(_ db: Database, _ kind: SyncKind, _ id: String) throws -> OutboxEntry? {
        try Row.fetchOne(db, sql: "SELECT * FROM outbox WHERE kind = ? AND id = ?", arguments: [kind.rawValue, id])
            .flatMap { try Self.outbox($0, path: path) }
    }

    private static func outbox(_ row: Row, path: String) throws -> OutboxEntry? {
        guard let kind = SyncKind(rawValue: row["kind"]) else { return nil }
        let text: String? = row["record"]
        return OutboxEntry(kind: kind, id: row["id"], changeID: row["change_id"], path: row["path"], hash: row["hash"],
                           size: row["size"], mtime: row["mtime"], record: try text.map { try record($0, path: path) },
                           baseRevision: row["base_revision"], conflictLoser: row["conflict_loser"])
    }

    /// Puts `entry` in the outbox, replacing an older pending change to the same row (whose
    /// change id is remembered: it may already be on the server).
    func enqueue(_ db: Database, _ entry: OutboxEntry) throws {
        if let old = try outbox(db, entry.kind, entry.id), old.changeID != entry.changeID {
            try db.execute(sql: "INSERT OR REPLACE INTO superseded (change_id, kind, id, record) VALUES (?, ?, ?, ?)",
                           arguments: [old.changeID, old.kind.rawValue, old.id, old.record?.jsonText])
        }
        try db.execute(sql: "DELETE FROM outbox WHERE kind = ? AND id = ?", arguments: [entry.kind.rawValue, entry.id])
        try db.execute(sql: """
            INSERT INTO outbox (kind, id, change_id, path, hash, size, mtime, record, base_revision, conflict_loser)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [entry.kind.rawValue, entry.id, entry.changeID, entry.path, entry.hash, entry.size,
                             entry.mtime, entry.record?.jsonText, entry.baseRevision, entry.conflictLoser])
    }

    /// Removes the pending change to a row and what it superseded.
    func dequeue(_ db: Database, _ kind: SyncKind, _ id: String) throws {
        try db.execute(sql: "DELETE FROM outbox WHERE kind = ? AND id = ?", arguments: [kind.rawValue, id])
        try db.execute(sql: "DELETE FROM superseded WHERE kind = ? AND id = ?", arguments: [kind.rawValue, id])
    }

    func setOutboxBaseRevision(_ db: Database, _ kind: SyncKind, _ id: String, _ revision: Int64) throws {
        try db.execute(sql: "UPDATE outbox SET base_revision = ? WHERE kind = ? AND id = ?",
                       arguments: [revision, kind.rawValue, id])
    }

    /// The record of an earlier change of ours to this row that was replaced before it was
    /// acknowledged; nil when `changeID` is not one.
    func superseded(_ db: Database, _ kind: SyncKind, _ id: String, changeID: String) throws -> SyncRecord?? {
        guard let row = try Row.fetchOne(db, sql: "SELECT record FROM superseded WHERE change_id = ? AND kind = ? AND id = ?",
                                         arguments: [changeID, kind.rawValue, id]) else { return nil }
        let text: String? = row["record"]
        return .some(try text.map { try Self.record($0, path: path) })
    }

    func pendingCount(_ db: Database) throws -> Int { try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox") ?? 0 }

    /// Forgets everything synced (bases, cursor, outbox, and the index mark, so that the next
    /// pass compares every file) — when the vault is pointed at another database.
    func reset(_ db: Database) throws {
        try db.execute(sql: """
            DELETE FROM base; DELETE FROM outbox; DELETE FROM superseded;
            DELETE FROM meta WHERE key IN ('cursor', '\(Self.indexMarkKey)')
            """)
    }

    private static func record(_ text: String, path: String) throws -> SyncRecord {
        do {
            return try SyncRecord(jsonText: text)
        } catch {
            throw SyncError.damagedState(path: ".todomd/sync/state.sqlite", reason: "a stored version is not JSON")
        }
    }
}
