/// A node of a perspective's rules (§10): a group of nodes, a condition, or something
/// unreadable that is kept as it was and ignored when filtering.
public indirect enum RuleNode: Sendable, Equatable {
    case group(RuleGroup)
    case condition(RuleCondition)
    /// Not an object, or an object that is neither a group nor a condition: neutral, kept.
    case invalid(JSONValue)

    /// Reads a node from JSON, leniently: nothing is rejected, unreadable parts become neutral.
    public init(json: JSONValue) {
        guard case .object = json else { self = .invalid(json); return }
        if json["operator"] != nil || json["conditions"] != nil {
            self = .group(RuleGroup(json: json))
        } else if json["field"] != nil || json["op"] != nil {
            self = .condition(RuleCondition(json: json))
        } else {
            self = .invalid(json)
        }
    }

    /// The node as JSON, with every key it was read with kept.
    public var json: JSONValue {
        switch self {
        case let .group(g): return g.json
        case let .condition(c): return c.json
        case let .invalid(v): return v
        }
    }
}

/// `AND` (all of), `OR` (any of) or `NOT` (none of) over a list of nodes.
public struct RuleGroup: Sendable, Equatable {
    /// The boolean operators of §10.
    public enum Operator: String, Sendable, CaseIterable {
        case and = "AND"
        case or = "OR"
        case not = "NOT"
    }

    /// The operator as written; an unknown one makes the group neutral.
    public var operatorName: String
    public var conditions: [RuleNode]
    /// `"enabled": false` keeps the node but ignores it.
    public var enabled: Bool
    /// The object as read, for keys todo.md does not know.
    public var raw: JSONValue

    /// A group of `conditions` joined by `op`.
    public init(_ op: Operator, _ conditions: [RuleNode], enabled: Bool = true) {
        operatorName = op.rawValue
        self.conditions = conditions
        self.enabled = enabled
        raw = .object([])
    }

    init(json: JSONValue) {
        raw = json
        operatorName = json["operator"]?.stringValue ?? (json["operator"] == nil ? "AND" : "")
        conditions = json["conditions"]?.arrayValue?.map(RuleNode.init(json:)) ?? []
        enabled = json["enabled"]?.boolValue ?? true
    }

    /// The operator, when it is one of §10's (matched case-insensitively).
    public var op: Operator? { Operator(rawValue: operatorName.uppercased()) }

    public var json: JSONValue {
        var o = raw
        if case .object = o {} else { o = .object([]) }
        o.set("operator", .string(operatorName))
        o.set("conditions", .array(conditions.map(\.json)))
        if !enabled || raw["enabled"] != nil { o.set("enabled", .bool(enabled)) }
        return o
    }
}

/// One test on one field, such as `due on_or_before today` (§10).
public struct RuleCondition: Sendable, Equatable {
    public var field: String
    public var op: String
    public var value: JSONValue?
    /// `days`, `weeks` or `months` for `in_next` / `in_past` (default days).
    public var unit: String?
    public var enabled: Bool
    public var raw: JSONValue

    /// A condition with a JSON value.
    public init(_ field: String, _ op: String, _ value: JSONValue? = nil, unit: String? = nil, enabled: Bool = true) {
        self.field = field
        self.op = op
        self.value = value
        self.unit = unit
        self.enabled = enabled
        raw = .object([])
    }

    init(json: JSONValue) {
        raw = json
        field = json["field"]?.stringValue ?? ""
        op = json["op"]?.stringValue ?? ""
        value = json["value"]
        unit = json["unit"]?.stringValue
        enabled = json["enabled"]?.boolValue ?? true
    }

    public var json: JSONValue {
        var o = raw
        if case .object = o {} else { o = .object([]) }
        o.set("field", .string(field))
        o.set("op", .string(op))
        if let value { o.set("value", value) }
        if let unit { o.set("unit", .string(unit)) }
        if !enabled || raw["enabled"] != nil { o.set("enabled", .bool(enabled)) }
        return o
    }
}

// MARK: - Building rules in code

extension RuleNode {
    /// `field op value` with a string value.
    public static func when(_ field: String, _ op: String, _ value: String) -> RuleNode {
        .condition(RuleCondition(field, op, .string(value)))
    }
    /// `field op [values]`.
    public static func when(_ field: String, _ op: String, _ values: [String]) -> RuleNode {
        .condition(RuleCondition(field, op, .array(values.map(JSONValue.string))))
    }
    /// `field op true|false`.
    public static func when(_ field: String, _ op: String, _ value: Bool) -> RuleNode {
        .condition(RuleCondition(field, op, .bool(value)))
    }
    /// `field op` without a value (`is_nil`, `is_empty`…).
    public static func when(_ field: String, _ op: String) -> RuleNode {
        .condition(RuleCondition(field, op, nil))
    }
    /// All of.
    public static func all(_ nodes: RuleNode...) -> RuleNode { .group(RuleGroup(.and, nodes)) }
    /// Any of.
    public static func any(_ nodes: RuleNode...) -> RuleNode { .group(RuleGroup(.or, nodes)) }
    /// None of.
    public static func none(_ nodes: RuleNode...) -> RuleNode { .group(RuleGroup(.not, nodes)) }
}
