/// A built-in view of §6: what it holds (as rules, like any perspective), how it sorts and groups.
public struct View: Sendable {
    /// The identifier: `inbox`, `today`, …, `area:NAME`, `project:NAME`, `tag:NAME`.
    public let id: String
    /// The name shown to a user.
    public let name: String
    /// Which tasks belong, as §10 rules.
    public let rules: RuleNode
    public let sort: SortKey
    public let sortDirection: SortDirection?
    public let group: GroupKey

    /// The fixed built-in views, in sidebar order.
    public static let builtInIDs = ["inbox", "today", "upcoming", "anytime", "someday", "flagged", "logbook", "all"]

    static let active = RuleNode.when("status", "in", ["todo", "in-progress"])
    static let notDeferred = RuleNode.any(.when("defer", "is_nil"), .when("defer", "on_or_before", "today"))
    static let notClosed = RuleNode.when("status", "not_in", ["done", "cancelled"])
    /// Blocked tasks are not available (§23): they leave Today, Upcoming and Anytime.
    static let notBlocked = RuleNode.when("blocked", "is", false)

    /// Looks a view up by identifier.
    ///
    /// - Throws: ``TodoError/unknownView(_:)`` for anything else.
    public static func named(_ id: String) throws -> View {
        switch id.lowercased() {
        case "inbox":
            return View(id: "inbox", name: "Inbox",
                        rules: .all(active, .when("area", "is_nil"), .when("project", "is_nil")),
                        sort: .manual, sortDirection: nil, group: .none)
        case "today":
            return View(id: "today", name: "Today",
                        rules: .all(active, notDeferred, notBlocked,
                                    .any(.when("due", "on_or_before", "today"), .when("scheduled", "on_or_before", "today"),
                                         .when("defer", "on", "today"))),
                        sort: .manual, sortDirection: nil, group: .todaySections)
        case "upcoming":
            return View(id: "upcoming", name: "Upcoming",
                        rules: .all(active, notDeferred, notBlocked,
                                    .any(.when("due", "after", "today"), .when("scheduled", "after", "today"))),
                        sort: .upcomingDate, sortDirection: .ascending, group: .upcomingDate)
        case "anytime":
            return View(id: "anytime", name: "Anytime", rules: .all(active, notDeferred, notBlocked),
                        sort: .manual, sortDirection: nil, group: .none)
        case "someday":
            return View(id: "someday", name: "Someday", rules: .when("status", "equals", "someday"),
                        sort: .manual, sortDirection: nil, group: .none)
        case "flagged":
            return View(id: "flagged", name: "Flagged", rules: .all(.when("flagged", "equals", true), notClosed),
                        sort: .manual, sortDirection: nil, group: .none)
        case "logbook":
            return View(id: "logbook", name: "Logbook", rules: .when("status", "in", ["done", "cancelled"]),
                        sort: .completed, sortDirection: .descending, group: .completedDate)
        case "all":
            return View(id: "all", name: "All", rules: .all(), sort: .created, sortDirection: .ascending, group: .status)
        default:
            break
        }
        if let (kind, name) = splitScoped(id) {
            switch kind {
            case "area":
                return View(id: "area:\(name)", name: name, rules: .all(.when("area", "equals", name), notClosed),
                            sort: .manual, sortDirection: nil, group: .areaProjects)
            case "project":
                return View(id: "project:\(name)", name: name, rules: .all(.when("project", "equals", name), notClosed),
                            sort: .manual, sortDirection: nil, group: .none)
            case "tag":
                return View(id: "tag:\(name)", name: "#\(name)",
                            rules: .all(.when("tags", "contains", name),
                                        .when("status", "in", ["todo", "in-progress", "someday"])),
                            sort: .manual, sortDirection: nil, group: .none)
            default:
                break
            }
        }
        throw TodoError.unknownView(id)
    }

    /// `area:Work` → ("area", "Work"); the prefix is case-insensitive, the name kept exactly.
    static func splitScoped(_ id: String) -> (String, String)? {
        guard let colon = id.firstIndex(of: ":") else { return nil }
        let kind = id[..<colon].lowercased()
        let name = String(id[id.index(after: colon)...])
        guard ["area", "project", "tag"].contains(kind), !name.isEmpty else { return nil }
        return (kind, name)
    }
}
