import Foundation

/// A task as a listing holds it: its fields as indexed (no body, unknown keys or warnings), the
/// sort key of its title, how many warnings it has, and its TASK JSON in both forms.
///
/// Fields read through the row (`row.due`, `row.isActive`) as on ``TodoTask``. The row is a
/// reference to its immutable storage, so sorting and grouping thousands of rows copies one
/// pointer each, not every field of a task.
@dynamicMemberLookup
public struct TaskRow: Sendable, Equatable {
    private final class Storage: Sendable {
        let task: TodoTask
        let titleKey: String
        let warningCount: Int
        let json: String
        let rowHead: String

        init(task: TodoTask, titleKey: String, warningCount: Int, json: String, rowHead: String) {
            self.task = task
            self.titleKey = titleKey
            self.warningCount = warningCount
            self.json = json
            self.rowHead = rowHead
        }
    }

    private let storage: Storage

    /// How much of each task a listing's rows decode from the index.
    public enum Decoding: Sendable {
        /// Every field: ``task`` is the task as indexed.
        case whole
        /// Only what ordering and grouping read, for a caller that reads nothing of a row but
        /// its JSON (``json`` and ``rowJSON``, which the index keeps whole): ``task`` holds those
        /// fields only. Decoding each task's every field was a third of a listing's time.
        case json
    }

    /// The indexed fields; `body`, `extra` and `warnings` are empty.
    public var task: TodoTask { storage.task }
    /// ``TextFolding/sortKey(_:)`` of the title.
    public var titleKey: String { storage.titleKey }
    public var warningCount: Int { storage.warningCount }
    /// The TASK object of §19, as JSON text.
    public var json: String { storage.json }
    /// The row form of TASK (``TaskJSON/row(_:)``): what a row of a list draws. The index keeps
    /// what the file decides of it; the links complete it here.
    public var rowJSON: String {
        var o = storage.rowHead
        TaskJSON.rowTail(storage.task.links, into: &o)
        return o
    }

    /// TASK as `fields` asks: ``json`` or ``rowJSON``.
    public func json(_ fields: TaskJSON.Fields) -> String {
        switch fields {
        case .all: return json
        case .row: return rowJSON
        }
    }

    /// - Parameter rowHead: ``TaskJSON/rowHead(_:)`` of the task as its file has it (the
    ///   index stores it); nil: made from `task`.
    public init(task: TodoTask, titleKey: String, warningCount: Int, json: String, rowHead: String? = nil) {
        storage = Storage(task: task, titleKey: titleKey, warningCount: warningCount, json: json,
                          rowHead: rowHead ?? TaskJSON.rowHead(task))
    }

    public subscript<T>(dynamicMember path: KeyPath<TodoTask, T>) -> T { storage.task[keyPath: path] }

    public static func == (a: TaskRow, b: TaskRow) -> Bool {
        a.storage === b.storage
            || (a.task == b.task && a.titleKey == b.titleKey && a.warningCount == b.warningCount && a.json == b.json
                && a.storage.rowHead == b.storage.rowHead)
    }
}
