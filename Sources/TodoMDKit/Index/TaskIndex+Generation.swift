import Foundation
import GRDB

/// The index's generation: a number every change to its rows moves on, so that a watcher can
/// vouch for one exact state of it ("current as of generation G") and a reader can tell whether
/// that is still the state it reads (see ``WatcherAnswer``).
extension TaskIndex {
    /// One write's move of the generation.
    struct GenerationStep: Equatable {
        let before: Int64
        let after: Int64
    }

    /// The generation the index is at now; nil when it has none (never the case for an index
    /// this version made).
    public func generation() throws -> Int64? {
        try database.read { db in try TaskIndex.generation(db) }
    }

    static func generation(_ db: Database) throws -> Int64? {
        try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'generation'").flatMap { Int64($0) }
    }

    /// Moves the generation on, inside the write transaction `db` that changes rows.
    static func advanceGeneration(_ db: Database) throws -> GenerationStep {
        let before = try generation(db) ?? 0
        let after = before &+ 1
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('generation', ?)", arguments: [String(after)])
        return GenerationStep(before: before, after: after)
    }

    /// The generation a sync can vouch for after one more of its own writes: the write's result
    /// when nothing else wrote since the generation it knew (`known`), else nil — another
    /// process's rows, read from files at some other moment, are in the index now.
    static func chain(_ known: Int64?, _ step: GenerationStep) -> Int64? {
        known == step.before ? step.after : nil
    }
}
