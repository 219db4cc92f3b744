import Foundation

/// A task as a listing holds it: its fields as indexed (no body, unknown keys or warnings), the
/// sort key of its title, how many warnings it has, and its TASK JSON.
///
/// Fields read through the row (`row.due`, `row.isActive`) as on ``TodoTask``.
@dynamicMemberLookup
public struct TaskRow: Sendable, Equatable {
    /// The indexed fields; `body`, `extra` and `warnings` are empty.
    public let task: TodoTask
    /// ``TextFolding/sortKey(_:)`` of the title.
    public let titleKey: String
    public let warningCount: Int
    /// The TASK object of §19, as JSON text.
    public let json: String

    public init(task: TodoTask, titleKey: String, warningCount: Int, json: String) {
        self.task = task
        self.titleKey = titleKey
        self.warningCount = warningCount
        self.json = json
    }

    public subscript<T>(dynamicMember path: KeyPath<TodoTask, T>) -> T { task[keyPath: path] }
}
