import Foundation

/// What undoing one completion needs, handed out by ``Vault/complete(_:)`` and given back to
/// ``Vault/undoCompletion(_:)``: where the task is now, what the completion changed, and the
/// successor it created with that file's content hash as written.
///
/// A client keeps it (the web app's "Undo" toast holds the JSON of ``json``) instead of the
/// server remembering it, so an undo works after a restart and from any front end.
public struct CompletionReceipt: Sendable, Equatable {
    /// The completed task's id now (in `Archive/` when `archive_completed` moved it there).
    public var task: String
    /// Where the task was before the completion moved it; nil when it stayed.
    public var movedFrom: String?
    /// Its status before the completion.
    public var status: TaskStatus
    /// The `recurrence` the completion removed (§11: the completed file is history).
    public var recurrence: String?
    /// The next task of the series the completion created.
    public var next: String?
    /// The content hash of `next` as the completion wrote it.
    public var nextHash: String?

    public init(task: String, movedFrom: String? = nil, status: TaskStatus, recurrence: String? = nil,
                next: String? = nil, nextHash: String? = nil) {
        self.task = task
        self.movedFrom = movedFrom
        self.status = status
        self.recurrence = recurrence
        self.next = next
        self.nextHash = nextHash
    }

    /// `{"task", "moved_from", "status", "recurrence", "next", "next_hash"}`, absent values `null`.
    public var json: JSONValue {
        func text(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        return .object([("task", .string(task)), ("moved_from", text(movedFrom)), ("status", .string(status.rawValue)),
                        ("recurrence", text(recurrence)), ("next", text(next)), ("next_hash", text(nextHash))])
    }

    /// Reads ``json`` back; `task` may be given apart (a URL's task reference).
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming the first key that is
    ///   missing or of the wrong type.
    public init(json: JSONValue, task given: String? = nil) throws {
        func text(_ key: String) throws -> String? {
            guard let value = json[key], !value.isNull else { return nil }
            guard let s = value.stringValue else {
                throw TodoError.invalidValue(field: key, value: value.compact(), reason: "text")
            }
            return s
        }
        guard let task = try given ?? text("task") else {
            throw TodoError.invalidValue(field: "task", value: "", reason: "the completed task's id")
        }
        let rawStatus = try text("status") ?? TaskStatus.todo.rawValue
        guard let status = TaskStatus(rawValue: rawStatus), status != .done else {
            throw TodoError.invalidValue(field: "status", value: rawStatus,
                                         reason: "the status before completing: todo, in-progress, cancelled or someday")
        }
        self.init(task: task, movedFrom: try text("moved_from"), status: status, recurrence: try text("recurrence"),
                  next: try text("next"), nextHash: try text("next_hash"))
        if (next == nil) != (nextHash == nil) {
            throw TodoError.invalidValue(field: next == nil ? "next" : "next_hash", value: "",
                                         reason: "`next` and `next_hash` go together")
        }
    }
}

/// What undoing a completion did.
public struct UndoneCompletion: Sendable {
    /// The task as reopened (back where it was, when the completion had moved it).
    public let task: TodoTask
    /// Where the successor went (`.trash/…`) when it was removed.
    public let removedNext: String?
    /// The successor, kept because it changed after the completion created it.
    public let keptNext: TodoTask?
}

extension Vault {
    /// Undoes a completion (§5, §11): the task gets back its status, `completed: null` and the
    /// `recurrence` the completion removed, and returns from `Archive/` when the completion moved
    /// it there (if its old name is still free). The successor the completion created is removed
    /// (to `.trash/`, like any delete) only while its file is byte for byte as it was created; one
    /// changed since — edited, planned, completed — is kept and reported in ``UndoneCompletion/keptNext``.
    ///
    /// The task is written first, with the conflict check; when that fails nothing else changes.
    /// Undoing twice changes nothing more.
    ///
    /// - Throws: ``TodoError/taskNotFound(_:)`` when the completed task is gone;
    ///   ``TodoError/conflict(path:)`` when it changed while being written.
    public func undoCompletion(_ receipt: CompletionReceipt) throws -> UndoneCompletion {
        let (found, snapshot) = try read(receipt.task)
        var task = found
        if task.status == .done {
            var changes = TaskChanges()
            changes.set(.status, .string(receipt.status.rawValue))
            changes.set(.completed, .null)
            if task.recurrence == nil, let rule = receipt.recurrence { changes.set(.recurrence, .string(rule)) }
            task = try update(task.id, changes, expectedHash: snapshot.stamp.hash)
        }
        if let original = receipt.movedFrom, original != task.id, !folder.exists(original) {
            try folder.move(task.id, to: original)
            try index.refresh([task.id, original], in: folder, timeZone: clock.timeZone)
            task = try read(original).0
        }
        guard let next = receipt.next, let expected = receipt.nextHash,
              let current = try? folder.read(next) else {
            return UndoneCompletion(task: task, removedNext: nil, keptNext: nil)
        }
        guard current.stamp.hash == expected else {
            return UndoneCompletion(task: task, removedNext: nil, keptNext: try? read(next).0)
        }
        return UndoneCompletion(task: task, removedNext: try delete(next), keptNext: nil)
    }
}
