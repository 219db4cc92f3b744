import Foundation

/// A saved filter with its sort, grouping and look (§10) — or the read-only form of a
/// built-in view (§6).
///
/// Every key read from `.perspectives.json` is kept in ``raw``, so writing it back loses nothing
/// todo.md does not know.
public struct Perspective: Sendable, Equatable {
    public var id: String
    public var name: String
    public var icon: String
    public var color: String?
    /// The root of the rules (normally a group).
    public var rules: RuleNode
    /// A §7 sort key as written (unknown keys fall back to `due` when run).
    public var sortField: String
    /// `asc` or `desc`; nil for the key's own direction.
    public var sortDirection: String?
    /// A §7 group key as written.
    public var groupBy: String
    /// `default`, `comfortable`, `compact` or `detailed`.
    public var layout: String
    /// The perspective's own manual order (filenames or ids), or nil to use `.order.json`.
    public var manualOrder: [String]?
    /// Built-in views are read-only.
    public var isBuiltIn: Bool
    /// The object as read.
    public var raw: JSONValue

    /// Layouts a perspective may use.
    public static let layouts = ["default", "comfortable", "compact", "detailed"]
    /// The longest name allowed.
    public static let maxNameLength = 100

    /// A new perspective with §10's defaults: "Untitled Perspective", icon `list.bullet`,
    /// rules `status in [todo, in-progress]`, sort `due`, group `none`, layout `default`.
    public init(id: String, name: String = "Untitled Perspective") {
        self.id = id
        self.name = name
        icon = "list.bullet"
        color = nil
        rules = .group(RuleGroup(.and, [.when("status", "in", ["todo", "in-progress"])]))
        sortField = SortKey.due.rawValue
        sortDirection = nil
        groupBy = GroupKey.none.rawValue
        layout = "default"
        manualOrder = nil
        isBuiltIn = false
        raw = .object([])
    }

    /// Reads a perspective object leniently: missing keys take their defaults.
    public init(json: JSONValue, id fallbackID: String) {
        self.init(id: json["id"]?.stringValue ?? fallbackID)
        raw = json
        if let name = json["name"]?.stringValue { self.name = name }
        if let icon = json["icon"]?.stringValue { self.icon = icon }
        color = json["color"]?.stringValue
        // The older form calls the rules `filter`.
        if let rules = json["rules"] ?? json["filter"] { self.rules = Perspective.root(rules) }
        switch json["sort"] {
        case let .string(field)?: sortField = field
        case let .object(pairs)?:
            let sort = JSONValue.object(pairs)
            if let field = sort["field"]?.stringValue { sortField = field }
            sortDirection = sort["direction"]?.stringValue
        default: break
        }
        if let group = json["group_by"]?.stringValue { groupBy = group }
        if let layout = json["layout"]?.stringValue { self.layout = layout }
        manualOrder = json["manual_order"]?.arrayValue?.compactMap(\.stringValue)
    }

    /// An empty rules object `{}` shows every task (§10): read it as an empty group.
    public static func root(_ json: JSONValue) -> RuleNode {
        if case let .object(pairs) = json, pairs.isEmpty { return .group(RuleGroup(.and, [])) }
        return RuleNode(json: json)
    }

    /// The object to write: known keys set in place, unknown keys kept where they were.
    public var json: JSONValue {
        var o = raw
        if case .object = o {} else { o = .object([]) }
        o.set("id", .string(id))
        o.set("name", .string(name))
        o.set("icon", .string(icon))
        o.set("color", color.map(JSONValue.string) ?? (raw["color"] == nil ? nil : .null))
        o.set("filter", nil)  // the older form's name is written back as `rules`
        o.set("rules", rules.json)
        var sort = raw["sort"] ?? .object([])
        if case .object = sort {} else { sort = .object([]) }
        sort.set("field", .string(sortField))
        sort.set("direction", sortDirection.map(JSONValue.string))
        o.set("sort", sort)
        o.set("group_by", .string(groupBy))
        o.set("layout", .string(layout))
        o.set("manual_order", manualOrder.map { .array($0.map(JSONValue.string)) } ?? .null)
        return o
    }

    /// Changes the sort. Switching to `manual` remembers the sort it replaces, so
    /// ``resetSort()`` can go back to it.
    public mutating func setSort(_ field: String, direction: String?) {
        if field.lowercased() == SortKey.manual.rawValue, sortKey != .manual {
            var previous = JSONValue.object([("field", .string(sortField))])
            previous.set("direction", sortDirection.map(JSONValue.string))
            raw.set("previous_sort", previous)
            if case .object = raw {} else { raw = .object([("previous_sort", previous)]) }
        }
        sortField = field
        sortDirection = direction
    }

    /// Leaves the manual order: back to the last non-manual sort (or `due`), order cleared.
    public mutating func resetSort() {
        let previous = raw["previous_sort"]
        sortField = previous?["field"]?.stringValue ?? SortKey.due.rawValue
        sortDirection = previous?["direction"]?.stringValue
        manualOrder = nil
        raw.set("previous_sort", nil)
    }

    /// The sort key to run with (`due` when the stored one is unknown).
    public var sortKey: SortKey { SortKey(rawValue: sortField.lowercased()) ?? .due }

    /// The direction to run with (the key's own when unset or unknown).
    public var direction: SortDirection? { sortDirection.flatMap { SortDirection(rawValue: $0.lowercased()) } }

    /// The group key to run with (`none` when the stored one is unknown).
    public var groupKey: GroupKey { GroupKey(rawValue: groupBy.lowercased()) ?? .none }

    /// The layout its list is drawn with: `layout` when it is one of ``layouts``, else `default`.
    public var layoutKey: String { Perspective.layouts.contains(layout) ? layout : "default" }

    /// Problems a user should fix: unknown sort/group/layout values, rules too deep or too many.
    public func problems(today: LocalDate, timeZone: TimeZone) -> [String] {
        var out: [String] = []
        var compiler = RuleCompiler(today: today, timeZone: timeZone)
        _ = compiler.predicate(rules)
        out += compiler.warnings
        if SortKey(rawValue: sortField.lowercased()) == nil { out.append("sort: unknown key `\(sortField)`; using due") }
        if let d = sortDirection, SortDirection(rawValue: d.lowercased()) == nil {
            out.append("sort.direction: `\(d)` is not asc or desc; ignored")
        }
        if GroupKey(rawValue: groupBy.lowercased()) == nil { out.append("group_by: unknown key `\(groupBy)`; using none") }
        if !Perspective.layouts.contains(layout) { out.append("layout: unknown layout `\(layout)`; using default") }
        let (depth, count) = Perspective.measure(rules)
        if depth > 5 { out.append("rules: nested \(depth) levels deep; more than 5 is hard to read") }
        if count > 25 { out.append("rules: \(count) rules; more than 25 is hard to read") }
        return out
    }

    /// (group nesting depth, number of conditions).
    static func measure(_ node: RuleNode) -> (Int, Int) {
        switch node {
        case let .group(g):
            let children = g.conditions.map(measure)
            return (1 + (children.map(\.0).max() ?? 0), children.map(\.1).reduce(0, +))
        case .condition, .invalid:
            return (0, 1)
        }
    }
}

extension Perspective {
    /// The read-only perspective form of a built-in view (§6, §10).
    public init(builtIn view: View) {
        self.init(id: view.id, name: view.name)
        rules = {
            if case .group = view.rules { return view.rules }
            return .group(RuleGroup(.and, [view.rules]))
        }()
        sortField = view.sort.rawValue
        sortDirection = view.sortDirection?.rawValue
        groupBy = view.group.rawValue
        icon = Perspective.builtInIcons[view.id] ?? "list.bullet"
        isBuiltIn = true
    }

    static let builtInIcons = [
        "inbox": "tray", "today": "star", "upcoming": "calendar", "anytime": "square.stack",
        "someday": "archivebox", "flagged": "flag", "logbook": "book", "all": "list.bullet",
    ]
}
