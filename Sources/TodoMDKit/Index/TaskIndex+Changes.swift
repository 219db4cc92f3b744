import Foundation
import GRDB
import GRDBSQLite

/// Where an index stood when a program last read its files: which index file (its origin, a
/// random id given when the file is made) and which generation. A program that keeps one (the
/// sync) can later ask for only what changed since (``TaskIndex/changes(_:since:limit:)``).
public struct IndexMark: Sendable, Equatable {
    public let origin: String
    public let generation: Int64

    public init(origin: String, generation: Int64) {
        self.origin = origin
        self.generation = generation
    }

    /// `origin generation`, as a program stores it.
    public var text: String { origin + " " + String(generation) }

    /// A mark stored as ``text``; nil for anything else.
    public init?(text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let generation = Int64(parts[1]) else { return nil }
        self.init(origin: String(parts[0]), generation: generation)
    }
}

/// The task files of a vault as its index holds them while a watcher vouches that it is current
/// (``TaskIndex/vouchedFiles(for:timeZone:environment:since:)``).
public struct VouchedFiles: Sendable {
    /// Every file, as ``VaultFolder/scan(stamps:)`` would find it; or only those whose rows
    /// were written since the mark asked about, when that can be told
    /// (``TaskIndex/changes(_:since:limit:)``).
    public let files: [ScannedFile]
    /// Non-nil when ``files`` holds only what changed since the mark asked about: then these are
    /// the paths removed since, with no file of their name left in the vault.
    public let removed: [String]?
    /// The index as these files were read from it: the mark to ask with next time.
    public let mark: IndexMark
}

extension TaskIndex {
    /// How many changed and removed files a reading of changes takes at most; beyond, every
    /// file is read (the checks made for each changed one cost more than the whole list).
    static let changesLimit = 64

    /// How many removed paths the index remembers: when the log grows past this, its older half
    /// is dropped and ``IndexMark``s from before can no longer be answered with changes.
    static let removalLogLimit = 4096

    /// The generation a write transaction that stores rows moves the index to: one past the one
    /// it is at (``advanceGeneration(_:)`` moves it there at the end of the same transaction).
    static func writeGeneration(_ db: Database) throws -> Int64 { (try generation(db) ?? 0) &+ 1 }

    /// Logs that the files `ids` left the index in the write transaction `db` (which moves the
    /// generation on), dropping the log's older half when it grows past `limit`.
    static func logRemoval(_ ids: [String], _ db: Database, limit: Int = removalLogLimit) throws {
        guard !ids.isEmpty else { return }
        let generation = try writeGeneration(db)
        let insert = try db.makeStatement(sql: "INSERT OR REPLACE INTO file_removed (path, gen) VALUES (?, ?)")
        for id in ids { try insert.execute(arguments: [id, generation]) }
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM file_removed") ?? 0 > limit else { return }
        guard let cut = try Int64.fetchOne(db, sql: "SELECT gen FROM file_removed ORDER BY gen DESC LIMIT 1 OFFSET ?",
                                           arguments: [limit / 2]) else { return }
        try db.execute(sql: "DELETE FROM file_removed WHERE gen <= ?", arguments: [cut])
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('removed_since', ?)", arguments: [String(cut)])
    }

    /// The mark of the index as `db` reads it now; nil for an index without an origin.
    static func mark(_ db: Database) throws -> IndexMark? {
        guard let origin = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'origin'"),
              let generation = try generation(db) else { return nil }
        return IndexMark(origin: origin, generation: generation)
    }

    /// The files whose rows were written since `mark`, and the paths removed since that left no
    /// file of their name (a file moved is in the first list only), read in `db`; nil when the
    /// changes cannot be told apart from the rest, and every file must be compared:
    ///
    /// - `mark` is of another index file, or ahead of it, or older than its log of removals;
    /// - more than `limit` paths changed or went;
    /// - a changed or removed path shares its name with another file (of two files of one name,
    ///   which one counts depends on both; a file moved is the exception), is a conflict copy of
    ///   a file beside it, or has one (whether a file is a copy depends on its original, §17).
    ///
    /// - Complexity: lookups through the `file_gen` and `file_name` indexes and the path key,
    ///   a few for each change; no scan of the files' rows.
    static func changes(_ db: Database, since mark: IndexMark, limit: Int = changesLimit)
        throws -> (changed: [ScannedFile], removed: [String])? {
        guard let now = try self.mark(db), now.origin == mark.origin, mark.generation <= now.generation,
              let since = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'removed_since'").flatMap(Int64.init),
              mark.generation >= since else { return nil }
        var changed: [ScannedFile] = []
        try forEachFile(db, "SELECT path, size, mtime FROM file WHERE gen > \(mark.generation) ORDER BY path LIMIT \(limit + 1)") { path, raw in
            changed.append(ScannedFile(id: path, size: Int(sqlite3_column_int64(raw, 1)), mtime: sqlite3_column_int64(raw, 2)))
        }
        let removed = try String.fetchAll(db, sql: """
            SELECT path FROM file_removed WHERE gen > ? AND path NOT IN (SELECT path FROM file) ORDER BY path LIMIT ?
            """, arguments: [mark.generation, limit + 1])
        guard changed.count + removed.count <= limit else { return nil }
        let sameName = try db.makeStatement(sql: "SELECT path FROM file WHERE name = ?")
        // Every copy's name is its original's stem and then ` ` or `.sync-conflict-` (ConflictCopy).
        let copies = try db.makeStatement(sql: "SELECT path FROM file WHERE path > ? AND path < ?")
        let exists = try db.makeStatement(sql: "SELECT path FROM file WHERE path = ?")
        let changedPaths = Set(changed.map(\.id))
        var gone: [String] = []
        for path in changed.map(\.id) + removed {
            let name = TodoTask.filename(ofID: path)
            // A copy of a file that is there is not synced; without its original, it is a task.
            if let original = ConflictCopy.originalName(of: name)?.name,
               try String.fetchOne(exists, arguments: [String(path.dropLast(name.utf8.count)) + original]) != nil {
                return nil
            }
            let named = try String.fetchAll(sameName, arguments: [name])
            if changedPaths.contains(path) {
                // Itself only.
                if named.count != 1 { return nil }
            } else if named.isEmpty {
                gone.append(path)
            } else if named.count > 1 || !changedPaths.contains(named[0]) {
                // Moved, then the file it moved to changed with it; else two files shared a name.
                return nil
            }
            guard name.hasSuffix(".md") else { continue }
            let stem = String(path.dropLast(3))
            for (low, high) in [(stem + " ", stem + "!"), (stem + ".sync-conflict-", stem + ".sync-conflict.")] {
                for other in try String.fetchAll(copies, arguments: [low, high])
                where ConflictCopy.originalName(of: TodoTask.filename(ofID: other))?.name == name {
                    return nil
                }
            }
        }
        return (changed, gone)
    }
}
