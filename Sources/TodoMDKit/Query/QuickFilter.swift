/// The quick filter of the command line and the web app: lists of allowed values per field,
/// combined by AND with a view's or a perspective's rules.
public struct QuickFilter: Sendable, Equatable {
    public var statuses: [String] = []
    public var priorities: [String] = []
    public var areas: [String] = []
    public var projects: [String] = []
    public var tags: [String] = []
    public var sources: [String] = []

    public init() {}

    /// Whether nothing is filtered.
    public var isEmpty: Bool {
        statuses.isEmpty && priorities.isEmpty && areas.isEmpty && projects.isEmpty && tags.isEmpty && sources.isEmpty
    }

    /// The filter as rules (`status in [...]` AND `priority in [...]` …), nil when empty.
    public var rules: RuleNode? {
        var conditions: [RuleNode] = []
        if !statuses.isEmpty { conditions.append(.when("status", "in", statuses)) }
        if !priorities.isEmpty { conditions.append(.when("priority", "in", priorities)) }
        if !areas.isEmpty { conditions.append(.when("area", "in", areas)) }
        if !projects.isEmpty { conditions.append(.when("project", "in", projects)) }
        if !tags.isEmpty { conditions.append(.when("tags", "contains_any", tags)) }
        if !sources.isEmpty { conditions.append(.when("source", "in", sources)) }
        return conditions.isEmpty ? nil : .group(RuleGroup(.and, conditions))
    }
}
