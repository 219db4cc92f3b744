import Foundation

/// A task as a listing holds it: its fields as indexed (no body, unknown keys or warnings), the
/// sort key of its title, how many warnings it has, and its TASK JSON in both forms.
///
/// Fields read through the row (`row.due`, `row.isActive`) as on ``TodoTask``. The row is a
/// reference to its immutable storage, so sorting and grouping thousands of rows copies one
/// pointer each, not every field of a task.
@dynamicMemberLookup
public struct TaskRow: Sendable, Equatable {
    // Usable from inlinable code: the dynamic member lookup below is inlined where a field is
    // read, so that `row.title` in another module is a read of the field, not the runtime's
    // key-path projection (drawing 7,000 rows as text spent a fifth of its time there).
    @usableFromInline final class Storage: Sendable {
        @usableFromInline let task: TodoTask
        let titleKey: String
        let warningCount: Int
        /// Each JSON form as UTF-8 text, unless the listing was read for the other one only: as
        /// SQLite gives them, with no `String` made of each (its copy and its UTF-8 check were
        /// a tenth of a listing's time); the listing writes them as they are.
        let json: [UInt8]?
        let rowHead: [UInt8]?

        init(task: TodoTask, titleKey: String, warningCount: Int, json: [UInt8]?, rowHead: [UInt8]?) {
            self.task = task
            self.titleKey = titleKey
            self.warningCount = warningCount
            self.json = json
            self.rowHead = rowHead
        }
    }

    @usableFromInline let storage: Storage

    /// How much of each task a listing's rows decode from the index.
    public enum Decoding: Sendable, Equatable {
        /// Every field: ``task`` is the task as indexed, with both JSON forms.
        case whole
        /// Only what ordering and grouping read, for a caller that reads nothing of a row but
        /// its JSON in one form (``json`` for `.all`, ``rowJSON`` for `.row`; the index keeps
        /// both whole): ``task`` holds those fields only, and the other form is not read.
        /// Decoding each task's every field was a third of a listing's time; reading the whole
        /// TASK for a listing of row forms, which are a third of its size, another sixth.
        case json(TaskJSON.Fields)
    }

    /// The indexed fields; `body`, `extra` and `warnings` are empty.
    public var task: TodoTask { storage.task }
    /// ``TextFolding/sortKey(_:)`` of the title.
    public var titleKey: String { storage.titleKey }
    public var warningCount: Int { storage.warningCount }
    /// The TASK object of §19, as JSON text.
    ///
    /// - Precondition: the row was not read for its row form only (``Decoding/json(_:)``).
    public var json: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// ``json`` as UTF-8 text.
    var jsonBytes: [UInt8] {
        guard let json = storage.json else { preconditionFailure("TaskRow.json of a row read for its row form only") }
        return json
    }
    /// The row form of TASK (``TaskJSON/row(_:)``): what a row of a list draws. The index keeps
    /// what the file decides of it; the links complete it here.
    ///
    /// - Precondition: the row was not read for its whole TASK only (``Decoding/json(_:)``).
    public var rowJSON: String {
        var o = JSONBytes(capacity: 0)
        appendJSON(.row, to: &o)
        return o.string
    }

    /// TASK as `fields` asks: ``json`` or ``rowJSON``.
    public func json(_ fields: TaskJSON.Fields) -> String {
        switch fields {
        case .all: return json
        case .row: return rowJSON
        }
    }

    /// ``json(_:)``'s text appended to `o`.
    func appendJSON(_ fields: TaskJSON.Fields, to o: inout JSONBytes) {
        switch fields {
        case .all:
            o.append(bytes: jsonBytes)
        case .row:
            guard let head = storage.rowHead else { preconditionFailure("TaskRow.rowJSON of a row read for its whole TASK only") }
            o.append(bytes: head)
            TaskJSON.rowTail(storage.task.links, into: &o)
        }
    }

    /// - Parameter rowHead: ``TaskJSON/rowHead(_:)`` of the task as its file has it (the
    ///   index stores it); nil: made from `task`.
    public init(task: TodoTask, titleKey: String, warningCount: Int, json: String, rowHead: String? = nil) {
        storage = Storage(task: task, titleKey: titleKey, warningCount: warningCount, json: Array(json.utf8),
                          rowHead: Array((rowHead ?? TaskJSON.rowHead(task)).utf8))
    }

    /// A row read from the index with the JSON forms it was read for (nil: not read), as UTF-8.
    init(task: TodoTask, titleKey: String, warningCount: Int, storedJSON json: [UInt8]?, rowHead: [UInt8]?) {
        storage = Storage(task: task, titleKey: titleKey, warningCount: warningCount, json: json, rowHead: rowHead)
    }

    @inlinable
    public subscript<T>(dynamicMember path: KeyPath<TodoTask, T>) -> T { storage.task[keyPath: path] }

    public static func == (a: TaskRow, b: TaskRow) -> Bool {
        a.storage === b.storage
            || (a.task == b.task && a.titleKey == b.titleKey && a.warningCount == b.warningCount
                && a.storage.json == b.storage.json && a.storage.rowHead == b.storage.rowHead)
    }
}
