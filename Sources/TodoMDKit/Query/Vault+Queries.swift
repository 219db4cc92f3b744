import Foundation

extension Vault {
    /// How many tasks match `rules` (a perspective's live "Showing N tasks", sidebar counts).
    public func count(rules: RuleNode) throws -> Int {
        var compiler = RuleCompiler(today: clock.today, timeZone: clock.timeZone)
        return try index.count(matching: compiler.predicate(rules), timeZone: clock.timeZone)
    }

    /// How many tasks each of `rules` matches, counted in one query (a sidebar's counts).
    public func counts(rules: [RuleNode]) throws -> [Int] {
        var compiler = RuleCompiler(today: clock.today, timeZone: clock.timeZone)
        let predicates = rules.map { compiler.predicate($0) }
        return try index.counts(matching: predicates, timeZone: clock.timeZone)
    }

    /// How many tasks a built-in view (`today`, `area:Work`, …) shows.
    public func count(view id: String) throws -> Int {
        try count(rules: View.named(id).rules)
    }

    /// Tasks whose title, description or body contain `text` (case and accents ignored), open
    /// ones first, then by last change.
    public func search(_ text: String, includeClosed: Bool = true) throws -> Listing {
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { return Listing(view: "search", name: "Search", groups: []) }
        var rules = RuleNode.any(.when("title", "string_contains", query),
                                 .when("description", "string_contains", query),
                                 .when("body", "string_contains", query))
        if !includeClosed { rules = .all(rules, View.notClosed) }
        return try list(rules: rules, id: "search", name: "Search", sort: .modified, direction: .descending,
                        group: .status, manualKey: "search")
    }

    /// Active tasks whose `due` has passed, earliest first (view `overdue`): due before today,
    /// or today at a time already past (§24).
    public func overdue() throws -> Listing {
        let now = clock.localNow
        return try list(rules: .all(View.active, .when("due", "on_or_before", "today")), id: "overdue", name: "Overdue",
                        sort: .due, direction: nil, group: GroupKey.none, manualKey: "overdue",
                        keeping: { $0.task.isOverdue(at: now) })
    }
}
