import Foundation

/// One task file a delete moved to `.trash/` (§5): the task's id before, and where it went.
///
/// A client keeps these (the web app's "Undo" toast holds their JSON) and gives them back to
/// ``Vault/restore(_:)``, as with a ``CompletionReceipt``: the server remembers nothing.
public struct TrashedTask: Sendable, Equatable {
    /// The task's id before the delete (its path in the vault).
    public var id: String
    /// Where its file went: `.trash/NAME`.
    public var trashedTo: String

    public init(id: String, trashedTo: String) {
        self.id = id
        self.trashedTo = trashedTo
    }

    /// `{"id", "trashed_to"}`.
    public var json: JSONValue { .object([("id", .string(id)), ("trashed_to", .string(trashedTo))]) }

    /// Reads ``json`` back.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming a key that is missing or
    ///   not text.
    public init(json: JSONValue) throws {
        func text(_ key: String, _ what: String) throws -> String {
            guard let value = json[key]?.stringValue, !value.isEmpty else {
                throw TodoError.invalidValue(field: key, value: json[key]?.compact() ?? "", reason: what)
            }
            return value
        }
        self.init(id: try text("id", "the deleted task's id"),
                  trashedTo: try text("trashed_to", "where the delete moved it (.trash/NAME)"))
    }
}

extension Vault {
    /// Deletes tasks `ids` as ``delete(_:subtasks:)`` does, answering every file moved to
    /// `.trash/`: for each task its descendants first (with ``SubtaskPolicy/include``), then the
    /// task. Every task is checked first: one that is gone, or (with ``SubtaskPolicy/refuse``)
    /// has an open subtask that is not among `ids`, and nothing moves. With
    /// ``SubtaskPolicy/refuse`` subtasks among `ids` go before their parents; a task already
    /// trashed with an earlier one's subtasks, or named twice, is moved once.
    public func trash(_ ids: [String], subtasks: SubtaskPolicy = .refuse) throws -> [TrashedTask] {
        let named = Set(ids)
        var depth: [String: Int] = [:]
        for id in ids {
            _ = try read(id)
            let open = try openDescendants(of: id)
            if subtasks == .refuse, open.contains(where: { !named.contains($0.id) }) {
                throw TodoError.openSubtasks(id, action: .delete, open: open.map(\.id))
            }
            // How far below the top it is, through parents that resolve (a cycle is cut).
            var seen: Set<String> = [id]
            var parent = try index.links(of: id).parentID
            while let p = parent, seen.insert(p).inserted { parent = try index.links(of: p).parentID }
            depth[id] = seen.count
        }
        // Deepest first; equal depths in the order given.
        let order = subtasks != .refuse ? ids : ids.enumerated().sorted {
            (depth[$0.element, default: 0], -$0.offset) > (depth[$1.element, default: 0], -$1.offset)
        }.map(\.element)
        var moved: [TrashedTask] = []
        for id in order where !moved.contains(where: { $0.id == id }) {
            try delete(id, subtasks: subtasks) { moved.append(TrashedTask(id: $0, trashedTo: $1)) }
        }
        return moved
    }

    /// ``trash(_:subtasks:)`` of one task.
    public func trash(_ id: String, subtasks: SubtaskPolicy = .refuse) throws -> [TrashedTask] {
        try trash([id], subtasks: subtasks)
    }

    /// Undoes a delete (§5: a deleted task is restorable): each file goes back from `.trash/` to
    /// its id, or, when another file has taken that path since, to a free name beside it
    /// (`name-2.md`, …). A delete that cleared its subtasks' `parent`
    /// (``SubtaskPolicy/keep``) is undone for the task only: its former subtasks stay where
    /// they are.
    ///
    /// Every item is checked before any file moves (its names, that its file is still in the
    /// trash, that no file is named twice), so bad input changes nothing.
    ///
    /// - Returns: the restored tasks, in the order given.
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` when a `trashed_to` is not a
    ///   Markdown file directly in `.trash/`, or an id is not a task's path (hidden folders,
    ///   `..`, no `.md`) or a file is named twice; ``TodoError/notInTrash(_:)`` when a file
    ///   is no longer in the trash.
    public func restore(_ trashed: [TrashedTask]) throws -> [TodoTask] {
        var seen: Set<String> = []
        for item in trashed {
            guard seen.insert(item.trashedTo).inserted else {
                throw TodoError.invalidValue(field: "trashed_to", value: item.trashedTo, reason: "each file once")
            }
            let name = item.trashedTo.hasPrefix(".trash/") ? String(item.trashedTo.dropFirst(".trash/".count)) : ""
            guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), name.hasSuffix(".md") else {
                throw TodoError.invalidValue(field: "trashed_to", value: item.trashedTo,
                                             reason: "a Markdown file directly in .trash/")
            }
            let parts = item.id.split(separator: "/", omittingEmptySubsequences: false)
            guard item.id.hasSuffix(".md"), !item.id.hasPrefix("/"),
                  parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }),
                  parts.first != Substring(Note.folder) else {
                throw TodoError.invalidValue(field: "id", value: item.id, reason: "a task's path in the vault")
            }
            guard folder.exists(item.trashedTo) else { throw TodoError.notInTrash(item.trashedTo) }
        }
        var restored: [String] = []
        for item in trashed {
            let slash = item.id.lastIndex(of: "/")
            let destination = try freeName(in: slash.map { String(item.id[..<$0]) } ?? "",
                                           for: slash.map { String(item.id[item.id.index(after: $0)...]) } ?? item.id)
            try folder.move(item.trashedTo, to: destination)
            restored.append(destination)
        }
        try index.refresh(restored, in: folder, timeZone: clock.timeZone)
        return try restored.map { try read($0).0 }
    }
}
