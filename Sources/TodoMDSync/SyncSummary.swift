import Foundation
import TodoMDKit

/// What one sync pass did, for the terminal (`↑ 12 ↓ 3, 1 conflict`) and `--json`.
public struct SyncSummary: Sendable, Equatable {
    /// Rows written to the database (local changes pushed).
    public var pushed = 0
    /// Local files written, moved or trashed for changes pulled from the database.
    public var pulled = 0
    /// Fields changed on both sides (each record counts once).
    public var conflicts = 0
    /// Conflict copies this pass wrote (vault-relative paths).
    public var conflictCopies: [String] = []
    /// Files that could not be synced, with the reason (unparseable, duplicate names, refused writes).
    public var skipped: [String] = []
    /// Local changes still waiting in the outbox after the pass.
    public var pending = 0
    /// Whether the pass walked the vault's files to find what changed; false when a running
    /// watcher vouched for the index and the files' stamps were read from it.
    public var walked = false
    /// Files compared with their bases: every task file and note, or, when the vault's index
    /// could tell what changed since the last pass, the notes and the changed task files.
    public var compared = 0

    /// A summary with nothing done.
    public init() {}

    /// `↑ 12 ↓ 3, 1 conflict` (conflicts only when there were any).
    public var line: String {
        var text = "↑ \(pushed) ↓ \(pulled)"
        if conflicts > 0 { text += ", \(conflicts) conflict" + (conflicts == 1 ? "" : "s") }
        if pending > 0 { text += ", \(pending) pending" }
        return text
    }

    /// The summary as a JSON object.
    public var json: JSONValue {
        .object([
            ("pushed", .number(Double(pushed))),
            ("pulled", .number(Double(pulled))),
            ("conflicts", .number(Double(conflicts))),
            ("conflict_copies", .array(conflictCopies.map(JSONValue.string))),
            ("skipped", .array(skipped.map(JSONValue.string))),
            ("pending", .number(Double(pending))),
        ])
    }
}

/// Where a pass is, for a progress display.
public enum SyncProgress: Sendable, Equatable {
    /// Reading local files: done of total.
    case scanning(Int, Int)
    /// Pulling: rows applied of rows received.
    case pulling(Int, Int)
    /// Pushing: rows sent of rows pending.
    case pushing(Int, Int)
}
