/// What a board's columns stand for (§25): one column per value of one field.
public enum BoardKey: String, Sendable, CaseIterable {
    case status, priority, project, area, tag, region

    /// The listing's group key for the same field.
    var groupKey: GroupKey {
        switch self {
        case .status: return .status
        case .priority: return .priority
        case .project: return .project
        case .area: return .area
        case .tag: return .tag
        case .region: return .region
        }
    }

    /// The key a user typed (case-insensitive).
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming the keys there are.
    public init(parsing text: String) throws {
        guard let key = BoardKey(rawValue: text.lowercased()) else {
            throw TodoError.invalidValue(field: "key", value: text,
                                         reason: "one of " + BoardKey.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self = key
    }
}

/// A Kanban board of a view or perspective (§25): its tasks in one column per value of a key.
public struct Board: Sendable {
    /// One column: a value of the key (nil for "none": no priority set, no project…), its name and
    /// its tasks in the view's order.
    public struct Column: Sendable {
        /// The value a card dropped here gets (`todo`, `high`, a project's name…); nil for "none".
        public let value: String?
        /// The name shown: `To Do`, `High`, `No Project`…
        public let name: String
        public var tasks: [TaskRow]
    }

    /// The listing's view id (`project:Work`, `perspective:ID`…).
    public let view: String
    /// The view's name.
    public let name: String
    public let key: BoardKey
    /// Every column of the key, empty ones included (they are drop targets), in the key's order.
    public let columns: [Column]

    /// `{"view", "name", "key", "columns": [{"value", "name", "count", "tasks": [TASK]}]}`.
    public var json: String {
        var out = "{\"view\":"
        JSONValue.quote(view, into: &out)
        out += ",\"name\":"
        JSONValue.quote(name, into: &out)
        out += ",\"key\":"
        JSONValue.quote(key.rawValue, into: &out)
        out += ",\"columns\":["
        for (i, column) in columns.enumerated() {
            if i > 0 { out += "," }
            out += "{\"value\":"
            if let value = column.value { JSONValue.quote(value, into: &out) } else { out += "null" }
            out += ",\"name\":"
            JSONValue.quote(column.name, into: &out)
            out += ",\"count\":\(column.tasks.count),\"tasks\":["
            out += column.tasks.map(\.json).joined(separator: ",")
            out += "]}"
        }
        return out + "]}"
    }
}

/// What moving a card to a column did: the task as written and, when the move completed it, the
/// completion (its next occurrence and what undoing it needs).
public struct ColumnMove: Sendable {
    public let task: TodoTask
    public let completion: Vault.Completion?
}
