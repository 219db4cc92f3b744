import Foundation

extension Vault {
    /// How many tasks match `rules` (a perspective's live "Showing N tasks", sidebar counts).
    public func count(rules: RuleNode) throws -> Int {
        var compiler = RuleCompiler(today: clock.today, timeZone: clock.timeZone)
        return try index.count(matching: compiler.predicate(rules), timeZone: clock.timeZone)
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

    /// Active tasks due before today, earliest first (view `overdue`).
    public func overdue() throws -> Listing {
        try list(rules: .all(View.active, .when("due", "before", "today")), id: "overdue", name: "Overdue",
                 sort: .due, direction: nil, group: GroupKey.none, manualKey: "overdue")
    }
}
