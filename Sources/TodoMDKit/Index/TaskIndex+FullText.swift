import Foundation
import GRDB

/// The full-text index (`task_fts`, FTS5 over the rows' words) only narrows a search of bodies
/// (``Predicate/narrowsByFullText``): the substring test on the folded text decides what
/// matches, with or without it. So a cold build leaves it empty (a fifth of the build at 10k
/// files, for an index no listing reads) and says so in `meta` (`full_text = 'pending'`); the
/// first search of bodies builds it in one pass (``buildFullText()``), and from then on every
/// write keeps it up to date row by row.
///
/// While it is pending, writes leave it alone and queries do not use it, so it is never out of
/// step with the rows: it is either whole or not read at all.
extension TaskIndex {
    /// Whether the full-text index is whole (and kept up to date by every write), as the
    /// transaction `db` sees it.
    static func holdsFullText(_ db: Database) throws -> Bool {
        try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'full_text'") == nil
    }

    /// Marks the full-text index as left for later, after a bulk load that did not fill it.
    static func leaveFullText(_ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('full_text', 'pending')")
    }

    /// Builds the full-text index from the rows if a cold build left it for later; does nothing
    /// when it is whole.
    ///
    /// - Returns: whether it had to be built.
    /// - Complexity: one pass over every task's title, description and body (~50 ms at 10k tasks).
    @discardableResult
    public func buildFullText() throws -> Bool {
        try database.write { db in
            guard try !TaskIndex.holdsFullText(db) else { return false }
            try db.execute(sql: "INSERT INTO task_fts (task_fts) VALUES ('rebuild')")
            try db.execute(sql: "DELETE FROM meta WHERE key = 'full_text'")
            return true
        }
    }

    /// Whether the full-text index is whole now.
    public func holdsFullText() throws -> Bool {
        try database.read { db in try TaskIndex.holdsFullText(db) }
    }
}
