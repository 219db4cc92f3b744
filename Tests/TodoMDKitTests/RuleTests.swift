import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport

// Perspective rules (§10 "Fields and operators", §21 "Perspectives"): one table per family of
// fields. Each case writes a small vault, runs one rule through SQL (`vault.list(rules:…)`) and
// through the in-memory oracle, and expects the same set of task ids from both.
// The fixed clock says Saturday 2026-11-21 09:00 Europe/Berlin (08:00Z): yesterday is the 20th,
// tomorrow the 22nd.

// MARK: - Fixture

/// Ten tasks covering every rule field. Each file's comment says what it is for.
private enum RuleFixture {
    static let files: [(String, String)] = [
        // Nothing but the required keys; empty/null area and project mean absent (§3).
        ("plain.md", """
            ---
            title: "Plain task"
            status: "todo"
            area: ""
            project: null
            created: "2026-11-01T10:00:00Z"
            source: "test"
            ---

            """),
        ("report.md", """
            ---
            title: "Write Report"
            status: "in-progress"
            due: "2026-11-20"
            priority: "high"
            flagged: true
            area: "Work"
            project: "Q4"
            tags:
              - report
              - urgent
            estimated_minutes: 90
            description: "Quarterly numbers für the board"
            created: "2026-11-10T08:00:00Z"
            source: "user"
            ---

            """),
        ("creme.md", """
            ---
            title: "Crème brûlée"
            status: "todo"
            scheduled: "2026-11-21"
            priority: "low"
            area: "Home"
            tags: ["cooking"]
            estimated_minutes: 30
            created: "2026-11-21T08:00:00Z"
            source: "Shortcut"
            ---

            Caramelise the sugar with a Bunsen burner.
            """),
        // A single-string tag, a recurrence, someday.
        ("garden.md", """
            ---
            title: "Plant bulbs"
            status: "someday"
            due: "2026-12-21"
            defer: "2026-12-01"
            priority: "medium"
            project: "Garden"
            tags: Garden
            recurrence: "FREQ=WEEKLY"
            created: "2026-10-01T12:00:00Z"
            source: "cli-script"
            ---

            """),
        // 23:30Z on the 20th is 00:30 on the 21st in Berlin: created, modified and completed
        // all fall on "today". Upper-case enum value; lower-case area.
        ("done.md", """
            ---
            title: "Send invoice"
            status: "done"
            due: "2026-11-14"
            priority: "HIGH"
            area: "work"
            tags:
              - report
            estimated_minutes: 0
            created: "2026-11-20T23:30:00Z"
            modified: "2026-11-20T23:30:00Z"
            completed: "2026-11-20T23:30:00Z"
            source: "user"
            ---

            """),
        ("cancelled.md", """
            ---
            title: "Old idea"
            status: "Cancelled"
            defer: "2026-11-21"
            scheduled: "2026-11-28"
            estimated_minutes: 120
            created: "2026-09-15T10:00:00Z"
            completed: "2026-11-19T10:00:00Z"
            source: "import-csv"
            region: "morning"
            bucket: "must"
            ---

            """),
        // A date-time in a date field: its local date (the 21st) counts. `bucket: none` is a value.
        ("planned.md", """
            ---
            title: "Call Zoë"
            status: "todo"
            due: "2026-11-20T23:30:00Z"
            scheduled: "2026-11-22"
            flagged: yes
            description: "Résumé review"
            created: "2026-11-21T22:59:00Z"
            source: "test"
            region: "Evening"
            bucket: "none"
            ---

            Zoë's naïve café order
            """),
        // Missing status and source are repaired (todo, unknown); wrong-typed values are ignored,
        // so priority is none, flagged false and due absent.
        ("repaired.md", """
            ---
            title: "Repaired"
            due: "someday"
            priority: "urgent"
            flagged: "maybe"
            created: "2026-11-02T10:00:00Z"
            ---

            """),
        ("deferred.md", """
            ---
            title: "Deferred thing"
            status: "todo"
            due: "2026-11-24"
            defer: "2026-11-25"
            area: "Work"
            project: "Q4"
            tags:
              - urgent
            estimated_minutes: 45
            created: "2026-11-03T10:00:00Z"
            modified: "2026-11-21T08:00:00Z"
            source: "user"
            ---

            """),
        // Comma-separated tags (§3).
        ("backlog.md", """
            ---
            title: "Backlog item"
            status: "in-progress"
            due: "2026-10-21"
            area: "Home"
            project: "Q4"
            tags: "report, home"
            created: "2026-11-04T10:00:00Z"
            source: "user"
            region: "backlog"
            bucket: "complementary"
            ---

            """),
    ]

    static let names = files.map { String($0.0.dropLast(3)) }
}

/// One rule (as §10 JSON) and the tasks it must select (fixture names without `.md`).
struct RuleCase: CustomTestStringConvertible, Sendable {
    let rule: String
    let expected: [String]
    /// The "now" of the vault (default: the fixed Saturday).
    var now: String = TemporaryVault.defaultNow
    var testDescription: String { now == TemporaryVault.defaultNow ? rule : "\(rule) @ \(now)" }
}

/// `{"field": F, "op": O, "value": V, "unit": U}` with `value` given as raw JSON.
private func cond(_ field: String, _ op: String, _ value: String? = nil, unit: String? = nil) -> String {
    var s = #"{"field": "\#(field)", "op": "\#(op)""#
    if let value { s += #", "value": \#(value)"# }
    if let unit { s += #", "unit": "\#(unit)""# }
    return s + "}"
}

private func all(_ nodes: String...) -> String { #"{"operator": "AND", "conditions": [\#(nodes.joined(separator: ", "))]}"# }
private func any(_ nodes: String...) -> String { #"{"operator": "OR", "conditions": [\#(nodes.joined(separator: ", "))]}"# }
private func none(_ nodes: String...) -> String { #"{"operator": "NOT", "conditions": [\#(nodes.joined(separator: ", "))]}"# }

private func c(_ field: String, _ op: String, _ value: String? = nil, unit: String? = nil, _ expected: [String]) -> RuleCase {
    RuleCase(rule: cond(field, op, value, unit: unit), expected: expected)
}

private let everyTask = RuleFixture.names
private func allBut(_ excluded: String...) -> [String] { everyTask.filter { !excluded.contains($0) } }

/// What running a rule gave.
private struct RuleOutcome {
    let sql: Set<String>
    let oracle: Set<String>
    let compiler: RuleCompiler
}

/// Runs `rule` against a fresh vault holding `files`, through SQL and through the oracle.
private func evaluate(_ rule: String, now: String = TemporaryVault.defaultNow,
                      files: [(String, String)] = RuleFixture.files) throws -> RuleOutcome {
    let v = try TemporaryVault(now: now)
    for (id, text) in files { try v.write(id, text) }
    let vault = try v.open()
    let root = Perspective.root(try JSONValue.parse(rule))
    let listing = try vault.list(rules: root, id: "test", name: "Test", sort: .title, direction: nil,
                                 group: .none, manualKey: "test")
    var compiler = RuleCompiler(today: vault.clock.today, timeZone: vault.clock.timeZone)
    let predicate = compiler.predicate(root)
    var oracle = Set<String>()
    for (id, _) in files {
        let task = try vault.read(id).0
        if predicate?.matches(task, timeZone: vault.clock.timeZone) ?? true { oracle.insert(id) }
    }
    return RuleOutcome(sql: Set(listing.tasks.map(\.id)), oracle: oracle, compiler: compiler)
}

/// Expects SQL and the oracle to select exactly `expected`, with no warnings for a valid rule.
private func check(_ c: RuleCase, files: [(String, String)] = RuleFixture.files, valid: Bool = true) throws {
    let outcome = try evaluate(c.rule, now: c.now, files: files)
    let expected = Set(c.expected.map { $0 + ".md" })
    #expect(outcome.sql == expected, "SQL: \(c.rule)")
    #expect(outcome.oracle == expected, "oracle: \(c.rule)")
    if valid { #expect(outcome.compiler.warnings.isEmpty, "no warnings for \(c.rule)") }
}

// MARK: - Fixture sanity

@Suite struct RuleFixtureTests {
    /// The fixture reads as its comments say; every expectation below depends on it.
    @Test func fixtureReadsAsIntended() throws {
        let v = try TemporaryVault()
        for (id, text) in RuleFixture.files { try v.write(id, text) }
        let vault = try v.open()
        #expect(try vault.list("all").tasks.count == RuleFixture.files.count)
        let repaired = try vault.read("repaired.md").0
        #expect(repaired.status == .todo)
        #expect(repaired.source == "unknown")
        #expect(repaired.priority == .none)
        #expect(repaired.flagged == false)
        #expect(repaired.due == nil)
        let planned = try vault.read("planned.md").0
        #expect(planned.due == LocalDate(iso: "2026-11-21"))
        #expect(planned.region == .evening)
        #expect(planned.bucket == PlanBucket.none)
        #expect(planned.flagged)
        #expect(try vault.read("plain.md").0.area == nil)
        #expect(try vault.read("backlog.md").0.tags == ["report", "home"])
        #expect(try vault.read("garden.md").0.tags == ["Garden"])
        #expect(try vault.read("cancelled.md").0.status == .cancelled)
        #expect(vault.clock.today == LocalDate(iso: "2026-11-21"))
    }
}

// MARK: - Field × operator tables

@Suite struct RuleFieldTests {
    static let statusCases: [RuleCase] = [
        c("status", "equals", #""todo""#, ["plain", "creme", "planned", "repaired", "deferred"]),
        // Enum values compare case-insensitively.
        c("status", "equals", #""TODO""#, ["plain", "creme", "planned", "repaired", "deferred"]),
        c("status", "equals", #""In-Progress""#, ["report", "backlog"]),
        c("status", "equals", #""cancelled""#, ["cancelled"]),
        c("status", "equals", #""open""#, []),
        c("status", "not_equals", #""todo""#, ["report", "garden", "done", "cancelled", "backlog"]),
        c("status", "in", #"["done", "Cancelled"]"#, ["done", "cancelled"]),
        c("status", "in", #"["SOMEDAY"]"#, ["garden"]),
        c("status", "not_in", #"["todo", "in-progress"]"#, ["garden", "done", "cancelled"]),
    ]

    static let priorityCases: [RuleCase] = [
        // A file without priority (or with a wrong one) has the default `none`, which counts.
        c("priority", "equals", #""none""#, ["plain", "cancelled", "planned", "repaired", "deferred", "backlog"]),
        c("priority", "equals", #""High""#, ["report", "done"]),
        c("priority", "equals", #""urgent""#, []),
        c("priority", "not_equals", #""high""#, allBut("report", "done")),
        c("priority", "in", #"["low", "MEDIUM"]"#, ["creme", "garden"]),
        c("priority", "not_in", #"["none"]"#, ["report", "creme", "garden", "done"]),
    ]

    static let areaCases: [RuleCase] = [
        // Area, project and source compare exactly.
        c("area", "equals", #""Work""#, ["report", "deferred"]),
        c("area", "equals", #""work""#, ["done"]),
        c("area", "equals", #""WORK""#, []),
        // Absent values always match not_equals / not_in.
        c("area", "not_equals", #""Work""#, allBut("report", "deferred")),
        c("area", "in", #"["Work", "Home"]"#, ["report", "creme", "deferred", "backlog"]),
        c("area", "not_in", #"["Work", "Home"]"#, ["plain", "garden", "done", "cancelled", "planned", "repaired"]),
        c("area", "is_nil", nil, ["plain", "garden", "cancelled", "planned", "repaired"]),
        c("area", "is_not_nil", nil, ["report", "creme", "done", "deferred", "backlog"]),
    ]

    static let projectCases: [RuleCase] = [
        c("project", "equals", #""Q4""#, ["report", "deferred", "backlog"]),
        c("project", "equals", #""q4""#, []),
        c("project", "not_equals", #""Q4""#, allBut("report", "deferred", "backlog")),
        c("project", "in", #"["Garden"]"#, ["garden"]),
        c("project", "not_in", #"["Q4"]"#, ["plain", "creme", "garden", "done", "cancelled", "planned", "repaired"]),
        c("project", "is_nil", nil, ["plain", "creme", "done", "cancelled", "planned", "repaired"]),
        c("project", "is_not_nil", nil, ["report", "garden", "deferred", "backlog"]),
    ]

    static let sourceCases: [RuleCase] = [
        c("source", "equals", #""user""#, ["report", "done", "deferred", "backlog"]),
        c("source", "equals", #""shortcut""#, []),
        c("source", "equals", #""Shortcut""#, ["creme"]),
        // A repaired source counts as a value.
        c("source", "equals", #""unknown""#, ["repaired"]),
        c("source", "not_equals", #""user""#, ["plain", "creme", "garden", "cancelled", "planned", "repaired"]),
        c("source", "in", #"["test", "cli-script"]"#, ["plain", "garden", "planned"]),
        c("source", "not_in", #"["test", "user"]"#, ["creme", "garden", "cancelled", "repaired"]),
        c("source", "is_nil", nil, []),
        c("source", "is_not_nil", nil, everyTask),
        // string_contains is case-insensitive with substring semantics, for source too.
        c("source", "string_contains", #""SHORT""#, ["creme"]),
        c("source", "string_contains", #""-""#, ["garden", "cancelled"]),
        c("source", "string_contains", #""port-c""#, ["cancelled"]),
        c("source", "string_contains", #""nkno""#, ["repaired"]),
    ]

    static let flagsCases: [RuleCase] = [
        c("flagged", "equals", "true", ["report", "planned"]),
        // A missing or wrong-typed `flagged` is false, and false is a value.
        c("flagged", "equals", "false", allBut("report", "planned")),
        c("inbox", "equals", "true", ["plain", "cancelled", "planned", "repaired"]),
        c("inbox", "equals", "false", ["report", "creme", "garden", "done", "deferred", "backlog"]),
    ]

    static let tagsCases: [RuleCase] = [
        c("tags", "contains", #""report""#, ["report", "done", "backlog"]),
        // Tags compare exactly.
        c("tags", "contains", #""Report""#, []),
        c("tags", "contains", #""garden""#, []),
        c("tags", "contains", #""Garden""#, ["garden"]),
        c("tags", "contains", #""home""#, ["backlog"]),
        c("tags", "contains_any", #"["urgent", "cooking"]"#, ["report", "creme", "deferred"]),
        c("tags", "contains_any", #"["nothing", "home"]"#, ["backlog"]),
        c("tags", "contains_all", #"["report", "urgent"]"#, ["report"]),
        c("tags", "contains_all", #"["report"]"#, ["report", "done", "backlog"]),
        c("tags", "contains_all", #"["report", "home", "urgent"]"#, []),
        c("tags", "is_empty", nil, ["plain", "cancelled", "planned", "repaired"]),
        c("tags", "is_not_empty", nil, ["report", "creme", "garden", "done", "deferred", "backlog"]),
    ]

    static let dueCases: [RuleCase] = [
        c("due", "is_nil", nil, ["plain", "creme", "cancelled", "repaired"]),
        c("due", "is_not_nil", nil, ["report", "garden", "done", "planned", "deferred", "backlog"]),
        // planned's due is 23:30Z on the 20th: the 21st in Berlin.
        c("due", "on", #""today""#, ["planned"]),
        c("due", "on", #""yesterday""#, ["report"]),
        c("due", "on", #""tomorrow""#, []),
        c("due", "on", #""2026-11-24""#, ["deferred"]),
        c("due", "before", #""today""#, ["report", "done", "backlog"]),
        c("due", "after", #""today""#, ["garden", "deferred"]),
        c("due", "on_or_before", #""today""#, ["report", "done", "planned", "backlog"]),
        c("due", "on_or_after", #""tomorrow""#, ["garden", "deferred"]),
        c("due", "on_or_after", #""2026-11-21""#, ["garden", "planned", "deferred"]),
        // The *_or_none forms also match tasks without the date.
        c("due", "before_or_none", #""today""#, ["report", "done", "backlog", "plain", "creme", "cancelled", "repaired"]),
        c("due", "after_or_none", #""today""#, ["garden", "deferred", "plain", "creme", "cancelled", "repaired"]),
        // between is inclusive at both ends.
        c("due", "between", #"["2026-11-14", "2026-11-21"]"#, ["report", "done", "planned"]),
        c("due", "between", #"["today", "2026-11-24"]"#, ["planned", "deferred"]),
        c("due", "between", #"["yesterday", "tomorrow"]"#, ["report", "planned"]),
        // in_next N days = today … today+N; unit defaults to days.
        c("due", "in_next", "3", ["planned", "deferred"]),
        c("due", "in_next", "2", ["planned"]),
        c("due", "in_next", "0", ["planned"]),
        c("due", "in_next", "7", unit: "days", ["planned", "deferred"]),
        c("due", "in_next", "1", unit: "weeks", ["planned", "deferred"]),
        // Months: the same day a month away, inclusive (2026-12-21).
        c("due", "in_next", "1", unit: "months", ["planned", "deferred", "garden"]),
        // in_past N = today−N … today.
        c("due", "in_past", "1", ["report", "planned"]),
        c("due", "in_past", "7", ["report", "done", "planned"]),
        c("due", "in_past", "6", ["report", "planned"]),
        c("due", "in_past", "2", unit: "weeks", ["report", "done", "planned"]),
        c("due", "in_past", "1", unit: "months", ["report", "done", "planned", "backlog"]),
    ]

    static let scheduledAndDeferCases: [RuleCase] = [
        c("scheduled", "on", #""today""#, ["creme"]),
        c("scheduled", "on", #""tomorrow""#, ["planned"]),
        c("scheduled", "on_or_before", #""today""#, ["creme"]),
        c("scheduled", "in_next", "7", ["creme", "planned", "cancelled"]),
        c("scheduled", "in_next", "6", ["creme", "planned"]),
        c("scheduled", "after_or_none", #""today""#, allBut("creme")),
        c("scheduled", "is_not_nil", nil, ["creme", "cancelled", "planned"]),
        c("defer", "on", #""today""#, ["cancelled"]),
        c("defer", "after", #""today""#, ["garden", "deferred"]),
        c("defer", "before_or_none", #""tomorrow""#, allBut("garden", "deferred")),
        c("defer", "is_nil", nil, allBut("garden", "cancelled", "deferred")),
        c("defer", "between", #"["2026-11-25", "2026-12-01"]"#, ["garden", "deferred"]),
    ]

    static let dateTimesCases: [RuleCase] = [
        // Date-times compare by their local date: 23:30Z on the 20th and 22:59Z on the 21st are
        // both the 21st in Berlin.
        c("created", "on", #""today""#, ["creme", "done", "planned"]),
        c("created", "on", #""2026-11-20""#, []),
        c("created", "on", #""yesterday""#, []),
        c("created", "after", #""yesterday""#, ["creme", "done", "planned"]),
        c("created", "before", #""2026-11-02""#, ["plain", "garden", "cancelled"]),
        c("created", "on_or_before", #""2026-11-02""#, ["plain", "garden", "cancelled", "repaired"]),
        c("created", "between", #"["2026-11-02", "2026-11-04"]"#, ["repaired", "deferred", "backlog"]),
        c("created", "in_past", "3", unit: "weeks", allBut("garden", "cancelled")),
        c("created", "is_nil", nil, []),
        c("created", "is_not_nil", nil, everyTask),
        c("completed", "on", #""today""#, ["done"]),
        c("completed", "on", #""yesterday""#, []),
        c("completed", "before", #""today""#, ["cancelled"]),
        c("completed", "in_past", "2", ["done", "cancelled"]),
        c("completed", "is_nil", nil, allBut("done", "cancelled")),
        // Any whole N ≥ 0 is valid, however large.
        c("completed", "in_past", "100000", ["done", "cancelled"]),
        c("due", "in_next", "36500", ["planned", "deferred", "garden"]),
        c("completed", "after_or_none", #""2026-11-19""#, allBut("cancelled")),
        c("completed", "before_or_none", #""2026-11-20""#, allBut("done")),
        c("modified", "on", #""today""#, ["done", "deferred"]),
        c("modified", "is_not_nil", nil, ["done", "deferred"]),
        c("modified", "before_or_none", #""today""#, allBut("done", "deferred")),
        c("modified", "on_or_after", #""today""#, ["done", "deferred"]),
    ]

    static let numbersAndRecurrenceCases: [RuleCase] = [
        c("estimated_minutes", "is_nil", nil, ["plain", "garden", "planned", "repaired", "backlog"]),
        c("estimated_minutes", "is_not_nil", nil, ["report", "creme", "done", "cancelled", "deferred"]),
        c("estimated_minutes", "less_than", "45", ["creme", "done"]),
        c("estimated_minutes", "less_than", "30.5", ["creme", "done"]),
        c("estimated_minutes", "greater_than", "45", ["report", "cancelled"]),
        c("estimated_minutes", "greater_than", "0", ["report", "creme", "cancelled", "deferred"]),
        c("estimated_minutes", "equals", "0", ["done"]),
        c("estimated_minutes", "equals", "45", ["deferred"]),
        c("recurrence", "is_not_nil", nil, ["garden"]),
        c("recurrence", "is_nil", nil, allBut("garden")),
    ]

    static let searchCases: [RuleCase] = [
        c("title", "string_contains", #""report""#, ["report"]),
        c("title", "string_contains", #""CREME""#, ["creme"]),
        c("title", "string_contains", #""brûl""#, ["creme"]),
        c("title", "string_contains", #""ZOE""#, ["planned"]),
        c("title", "string_contains", #""la""#, ["plain", "garden"]),
        c("title", "string_contains", #""in""#, ["plain", "done", "deferred"]),
        c("title", "string_contains", #""e b""#, ["creme"]),
        c("description", "string_contains", #""FUR""#, ["report"]),
        c("description", "string_contains", #""resume""#, ["planned"]),
        // Absent descriptions never match.
        c("description", "string_contains", #""e""#, ["report", "planned"]),
        c("body", "string_contains", #""bunsen""#, ["creme"]),
        // A substring inside a word (the full-text index may only narrow candidates).
        c("body", "string_contains", #""unse""#, ["creme"]),
        c("body", "string_contains", #""ramel""#, ["creme"]),
        c("body", "string_contains", #""gar wi""#, ["creme"]),
        c("body", "string_contains", #""sugar with a""#, ["creme"]),
        c("body", "string_contains", #""r.""#, ["creme"]),
        // Non-ASCII bodies: case- and diacritic-insensitive both ways.
        c("body", "string_contains", #""NAIVE""#, ["planned"]),
        c("body", "string_contains", #""naïve""#, ["planned"]),
        c("body", "string_contains", #""ë's na""#, ["planned"]),
        c("body", "string_contains", #""afé ord""#, ["planned"]),
        c("body", "string_contains", #""cafe""#, ["planned"]),
        c("body", "string_contains", #""CAFÉ OR""#, ["planned"]),
        c("body", "string_contains", #""oe's""#, ["planned"]),
        c("body", "string_contains", #""e""#, ["creme", "planned"]),
        c("body", "string_contains", #""xyz""#, []),
    ]

    static let plannerCases: [RuleCase] = [
        c("region", "equals", #""morning""#, ["cancelled"]),
        c("region", "equals", #""EVENING""#, ["planned"]),
        c("region", "in", #"["morning", "Backlog"]"#, ["cancelled", "backlog"]),
        c("region", "is_nil", nil, allBut("cancelled", "planned", "backlog")),
        // `bucket: none` is a value, not an absent bucket.
        c("bucket", "equals", #""none""#, ["planned"]),
        c("bucket", "in", #"["must", "complementary"]"#, ["cancelled", "backlog"]),
        c("bucket", "is_nil", nil, allBut("cancelled", "planned", "backlog")),
    ]

    @Test(arguments: statusCases) func status(_ c: RuleCase) throws { try check(c) }
    @Test(arguments: priorityCases) func priority(_ c: RuleCase) throws { try check(c) }
    @Test(arguments: areaCases) func area(_ c: RuleCase) throws { try check(c) }
    @Test(arguments: projectCases) func project(_ c: RuleCase) throws { try check(c) }
    @Test(arguments: sourceCases) func source(_ c: RuleCase) throws { try check(c) }
    @Test(arguments: flagsCases) func flaggedAndInbox(_ c: RuleCase) throws { try check(c) }
    @Test(arguments: tagsCases) func tags(_ c: RuleCase) throws { try check(c) }
    @Test(arguments: dueCases) func due(_ c: RuleCase) throws { try check(c) }
    @Test(arguments: scheduledAndDeferCases) func scheduledAndDefer(_ c: RuleCase) throws { try check(c) }
    @Test(arguments: dateTimesCases) func dateTimes(_ c: RuleCase) throws { try check(c) }
    @Test(arguments: numbersAndRecurrenceCases) func estimateAndRecurrence(_ c: RuleCase) throws { try check(c) }
    @Test(arguments: searchCases) func stringContains(_ c: RuleCase) throws { try check(c) }
    @Test(arguments: plannerCases) func regionAndBucket(_ c: RuleCase) throws { try check(c) }
}

// MARK: - Relative dates across month ends

@Suite struct RuleRelativeDateTests {
    /// Tasks due around the ends of months, for clocks at month ends.
    static let files: [(String, String)] = [
        "2025-11-29", "2025-11-30", "2025-12-30", "2025-12-31", "2026-01-31", "2026-02-27", "2026-02-28",
        "2026-03-01", "2026-03-31", "2028-02-28", "2028-02-29", "2028-03-01",
    ].map { date in
        ("due-\(date).md", "---\ntitle: \"Due \(date)\"\nstatus: \"todo\"\ndue: \"\(date)\"\ncreated: \"2025-01-01T10:00:00Z\"\nsource: \"test\"\n---\n")
    }

    static let cases: [RuleCase] = [
        // From Jan 31 one month ahead is Feb 28 (clamped), both ends included.
        RuleCase(rule: cond("due", "in_next", "1", unit: "months"),
                 expected: ["due-2026-01-31", "due-2026-02-27", "due-2026-02-28"], now: "2026-01-31T09:00:00"),
        // Two months back from Jan 31 is Nov 30 (clamped).
        RuleCase(rule: cond("due", "in_past", "2", unit: "months"),
                 expected: ["due-2025-11-30", "due-2025-12-30", "due-2025-12-31", "due-2026-01-31"],
                 now: "2026-01-31T09:00:00"),
        // One month back from Mar 31 is Feb 28.
        RuleCase(rule: cond("due", "in_past", "1", unit: "months"),
                 expected: ["due-2026-02-28", "due-2026-03-01", "due-2026-03-31"], now: "2026-03-31T09:00:00"),
        // A leap year clamps to Feb 29.
        RuleCase(rule: cond("due", "in_next", "1", unit: "months"),
                 expected: ["due-2028-02-28", "due-2028-02-29"], now: "2028-01-31T09:00:00"),
        // Weeks are 7N days: Jan 31 + 4 weeks = Feb 28.
        RuleCase(rule: cond("due", "in_next", "4", unit: "weeks"),
                 expected: ["due-2026-01-31", "due-2026-02-27", "due-2026-02-28"], now: "2026-01-31T09:00:00"),
        // today / yesterday / tomorrow follow the clock, across a month end.
        RuleCase(rule: cond("due", "on", #""tomorrow""#), expected: ["due-2026-03-01"], now: "2026-02-28T09:00:00"),
        RuleCase(rule: cond("due", "on", #""yesterday""#), expected: ["due-2026-02-28"], now: "2026-03-01T09:00:00"),
        // 23:30 local on Feb 28 is still the 28th (the clock's local date counts, not UTC's).
        RuleCase(rule: cond("due", "on", #""today""#), expected: ["due-2026-02-28"], now: "2026-02-28T23:30:00"),
    ]

    @Test(arguments: cases) func monthsClampToTheMonthsEnd(_ c: RuleCase) throws {
        try check(c, files: RuleRelativeDateTests.files)
    }

    /// Relative values are evaluated when the rules run, not when they were written.
    @Test func relativeValuesFollowTheClockOfEachRun() throws {
        let v = try TemporaryVault()
        for (id, text) in RuleRelativeDateTests.files { try v.write(id, text) }
        let rule = RuleNode.when("due", "on", "today")
        func run(_ now: String) throws -> [String] {
            let clock = try TodoClock.system(environment: ["TODOMD_NOW": now, "TZ": TemporaryVault.defaultZone])
            let vault = try Vault(path: v.root, clock: clock, environment: v.environment)
            return try vault.list(rules: rule, id: "t", name: "t", sort: .due, direction: nil, group: .none,
                                  manualKey: "t").tasks.map(\.id)
        }
        #expect(try run("2026-02-28T09:00:00") == ["due-2026-02-28.md"])
        #expect(try run("2026-03-31T09:00:00") == ["due-2026-03-31.md"])
    }
}

// MARK: - Groups, absent values, disabled nodes

@Suite struct RuleGroupTests {
    static let cases: [RuleCase] = [
        RuleCase(rule: all(cond("area", "equals", #""Work""#), cond("status", "in", #"["todo", "in-progress"]"#),
                           any(cond("priority", "equals", #""high""#), cond("flagged", "equals", "true"))),
                 expected: ["report"]),
        RuleCase(rule: any(cond("area", "equals", #""Home""#), cond("tags", "contains", #""urgent""#)),
                 expected: ["report", "creme", "deferred", "backlog"]),
        // NOT = none of; tasks without the field are "none of" a comparison.
        RuleCase(rule: none(cond("area", "equals", #""Work""#)), expected: allBut("report", "deferred")),
        RuleCase(rule: none(cond("due", "before", #""today""#)), expected: allBut("report", "done", "backlog")),
        RuleCase(rule: none(cond("status", "equals", #""done""#), cond("status", "equals", #""cancelled""#)),
                 expected: allBut("done", "cancelled")),
        // Nesting to depth 4.
        RuleCase(rule: all(none(any(all(cond("project", "equals", #""Q4""#), cond("area", "equals", #""Home""#)),
                                    cond("status", "in", #"["done", "cancelled", "someday"]"#))),
                           cond("inbox", "equals", "false")),
                 expected: ["report", "creme", "deferred"]),
        RuleCase(rule: any(cond("status", "equals", #""done""#), cond("status", "equals", #""someday""#)),
                 expected: ["done", "garden"]),
        // A group without `operator` is AND.
        RuleCase(rule: #"{"conditions": [\#(cond("area", "equals", #""Work""#)), \#(cond("project", "equals", #""Q4""#))]}"#,
                 expected: ["report", "deferred"]),
        // A bare condition at the top.
        RuleCase(rule: cond("flagged", "equals", "true"), expected: ["report", "planned"]),
    ]

    @Test(arguments: cases) func groupsCombineTheirConditions(_ c: RuleCase) throws { try check(c) }

    static let disabled: [RuleCase] = [
        RuleCase(rule: all(cond("status", "equals", #""done""#),
                           #"{"field": "status", "op": "equals", "value": "todo", "enabled": false}"#),
                 expected: ["done"]),
        RuleCase(rule: any(cond("status", "equals", #""done""#),
                           #"{"field": "status", "op": "equals", "value": "todo", "enabled": false}"#),
                 expected: ["done"]),
        RuleCase(rule: none(cond("status", "equals", #""done""#),
                            #"{"field": "status", "op": "equals", "value": "todo", "enabled": false}"#),
                 expected: allBut("done")),
        RuleCase(rule: all(cond("status", "equals", #""done""#),
                           #"{"operator": "OR", "enabled": false, "conditions": [\#(cond("status", "equals", #""todo""#))]}"#),
                 expected: ["done"]),
        RuleCase(rule: all(cond("status", "equals", #""done""#),
                           #"{"operator": "NOT", "enabled": false, "conditions": [\#(cond("status", "equals", #""done""#))]}"#),
                 expected: ["done"]),
        // Disabled at the top, or every child disabled: every task.
        RuleCase(rule: #"{"operator": "AND", "enabled": false, "conditions": [\#(cond("status", "equals", #""done""#))]}"#,
                 expected: everyTask),
        RuleCase(rule: #"{"operator": "OR", "conditions": [{"field": "status", "op": "equals", "value": "done", "enabled": false}]}"#,
                 expected: everyTask),
    ]

    @Test(arguments: disabled) func disabledNodesAreIgnored(_ c: RuleCase) throws { try check(c) }

    static let everything: [String] = [
        "{}",
        #"{"operator": "AND", "conditions": []}"#,
        #"{"operator": "OR", "conditions": []}"#,
        #"{"operator": "NOT", "conditions": []}"#,
    ]

    /// An empty rules object or an empty top-level group shows every task, with no warning.
    @Test(arguments: everything) func emptyTopLevelMatchesEverything(_ rule: String) throws {
        try check(RuleCase(rule: rule, expected: everyTask))
    }

    /// An empty nested group is dropped wherever it is (and flagged).
    static let emptyNested: [(String, [String])] = [
        (all(cond("status", "equals", #""done""#), any()), ["done"]),
        (any(cond("status", "equals", #""done""#), all()), ["done"]),
        (any(cond("status", "equals", #""done""#), none()), ["done"]),
        (none(cond("status", "equals", #""done""#), any()), allBut("done")),
        (all(any(), none()), everyTask),
    ]

    @Test(arguments: emptyNested) func emptyNestedGroupIsDropped(_ rule: String, _ expected: [String]) throws {
        let outcome = try evaluate(rule)
        let ids = Set(expected.map { $0 + ".md" })
        #expect(outcome.sql == ids)
        #expect(outcome.oracle == ids)
        #expect(!outcome.compiler.warnings.isEmpty)
        #expect(outcome.compiler.neutral.keys.contains { $0.hasPrefix("rules.conditions[") })
    }
}

// MARK: - Neutral nodes

/// A node that must be neutral, and why.
struct NeutralCase: CustomTestStringConvertible, Sendable {
    let node: String
    let why: String
    var testDescription: String { "\(why): \(node)" }
}

@Suite struct RuleNeutralTests {
    static let cases: [NeutralCase] = [
        NeutralCase(node: cond("colour", "equals", #""red""#), why: "unknown field"),
        NeutralCase(node: cond("status", "matches", #""todo""#), why: "unknown operator"),
        NeutralCase(node: #"{"field": "status", "value": "todo"}"#, why: "no operator"),
        NeutralCase(node: cond("flagged", "not_equals", "true"), why: "op not listed for flagged"),
        NeutralCase(node: cond("inbox", "not_equals", "true"), why: "op not listed for inbox"),
        NeutralCase(node: cond("status", "is_nil"), why: "op not listed for status"),
        NeutralCase(node: cond("priority", "is_not_nil"), why: "op not listed for priority"),
        NeutralCase(node: cond("area", "string_contains", #""Wo""#), why: "op not listed for area"),
        NeutralCase(node: cond("title", "equals", #""Repaired""#), why: "op not listed for title"),
        NeutralCase(node: cond("body", "contains", #""a""#), why: "op not listed for body"),
        NeutralCase(node: cond("region", "not_equals", #""morning""#), why: "op not listed for region"),
        NeutralCase(node: cond("bucket", "is_not_nil"), why: "op not listed for bucket"),
        NeutralCase(node: cond("recurrence", "equals", #""FREQ=WEEKLY""#), why: "op not listed for recurrence"),
        NeutralCase(node: cond("due", "equals", #""today""#), why: "op not listed for due"),
        NeutralCase(node: cond("tags", "equals", #""report""#), why: "op not listed for tags"),
        NeutralCase(node: cond("estimated_minutes", "on", #""today""#), why: "op not listed for estimated_minutes"),
        NeutralCase(node: cond("area", "equals"), why: "missing value"),
        NeutralCase(node: cond("due", "on"), why: "missing date"),
        NeutralCase(node: cond("flagged", "equals"), why: "missing bool"),
        NeutralCase(node: cond("title", "string_contains"), why: "missing text"),
        NeutralCase(node: cond("estimated_minutes", "less_than"), why: "missing number"),
        NeutralCase(node: cond("area", "equals", "5"), why: "number for text"),
        NeutralCase(node: cond("area", "equals", "null"), why: "null for text"),
        NeutralCase(node: cond("status", "in", #""todo""#), why: "text for a list"),
        NeutralCase(node: cond("status", "in", #"["todo", 5]"#), why: "list with a number"),
        NeutralCase(node: cond("flagged", "equals", #""true""#), why: "text for bool"),
        NeutralCase(node: cond("inbox", "equals", "1"), why: "number for bool"),
        NeutralCase(node: cond("estimated_minutes", "less_than", #""45""#), why: "text for number"),
        NeutralCase(node: cond("tags", "contains", #"["report"]"#), why: "list for one tag"),
        NeutralCase(node: cond("tags", "contains_any", #""report""#), why: "text for a tag list"),
        NeutralCase(node: cond("due", "on", #""someday""#), why: "not a date"),
        NeutralCase(node: cond("due", "on", #""next week""#), why: "not a date keyword"),
        NeutralCase(node: cond("due", "before", #""2026-02-30""#), why: "impossible date"),
        NeutralCase(node: cond("due", "after", "20261121"), why: "number for a date"),
        NeutralCase(node: cond("created", "on", #""2026-11-21T10:00:00Z""#), why: "date-time for a date"),
        NeutralCase(node: cond("due", "between", #"["2026-11-01"]"#), why: "between with one date"),
        NeutralCase(node: cond("due", "between", #"["2026-11-01", "later"]"#), why: "between with a non-date"),
        NeutralCase(node: cond("due", "between", #""2026-11-01""#), why: "between without a list"),
        NeutralCase(node: cond("due", "between", #"["2026-11-01", "2026-11-02", "2026-11-03"]"#), why: "between with three dates"),
        NeutralCase(node: cond("due", "in_next", "-1"), why: "negative N"),
        NeutralCase(node: cond("due", "in_past", "1.5"), why: "fractional N"),
        NeutralCase(node: cond("due", "in_next", #""7""#), why: "text N"),
        NeutralCase(node: cond("due", "in_next"), why: "missing N"),
        NeutralCase(node: cond("due", "in_next", "7", unit: "fortnights"), why: "unknown unit"),
        NeutralCase(node: #"{"operator": "XOR", "conditions": [\#(cond("status", "equals", #""done""#))]}"#,
                    why: "group with unknown operator"),
        NeutralCase(node: #"{"operator": 1, "conditions": [\#(cond("status", "equals", #""done""#))]}"#,
                    why: "group with a non-text operator"),
        NeutralCase(node: #""status equals done""#, why: "a string"),
        NeutralCase(node: "42", why: "a number"),
        NeutralCase(node: "null", why: "null"),
        NeutralCase(node: "true", why: "a bool"),
        NeutralCase(node: #"[\#(cond("status", "equals", #""done""#))]"#, why: "a list"),
        NeutralCase(node: #"{"name": "not a rule"}"#, why: "an object that is neither"),
    ]

    /// What `status equals todo` alone selects; the neutral node must never change it.
    static let todo = ["plain", "creme", "planned", "repaired", "deferred"]
    static let base = cond("status", "equals", #""todo""#)

    /// Each context the neutral node is put in: (rule, expected tasks, path of the warning).
    static func contexts(_ node: String) -> [(String, [String], String)] {
        let notTodo = allBut("plain", "creme", "planned", "repaired", "deferred")
        return [
            // True inside AND: `AND[neutral, todo]` = todo.
            (all(node, base), todo, "rules.conditions[0]"),
            // False inside OR: `OR[todo, neutral]` = todo.
            (any(base, node), todo, "rules.conditions[1]"),
            // False inside NOT: `NOT[neutral, todo]` = not todo.
            (none(node, base), notTodo, "rules.conditions[0]"),
            // Alone in a nested group, the group is left empty and dropped too.
            (all(base, none(node)), todo, "rules.conditions[1].conditions[0]"),
            (all(base, any(node)), todo, "rules.conditions[1].conditions[0]"),
            (any(base, all(node)), todo, "rules.conditions[1].conditions[0]"),
            // Alone at the top: every task.
            (any(node), everyTask, "rules.conditions[0]"),
            (none(node), everyTask, "rules.conditions[0]"),
        ]
    }

    /// A neutral node never changes the result — true inside AND, false inside OR and NOT —
    /// and is reported with a warning naming its path.
    @Test(arguments: cases) func neutralNodesAreDroppedWithAWarning(_ n: NeutralCase) throws {
        let v = try TemporaryVault()
        for (id, text) in RuleFixture.files { try v.write(id, text) }
        let vault = try v.open()
        let tasks = try RuleFixture.files.map { try vault.read($0.0).0 }
        for (rule, expected, path) in RuleNeutralTests.contexts(n.node) {
            let root = RuleNode(json: try JSONValue.parse(rule))
            let sql = try vault.list(rules: root, id: "t", name: "t", sort: .title, direction: nil, group: .none,
                                     manualKey: "t").tasks.map(\.id)
            var compiler = RuleCompiler(today: vault.clock.today, timeZone: vault.clock.timeZone)
            let predicate = compiler.predicate(root)
            let oracle = tasks.filter { predicate?.matches($0, timeZone: vault.clock.timeZone) ?? true }.map(\.id)
            let ids = Set(expected.map { $0 + ".md" })
            #expect(Set(sql) == ids, "SQL: \(rule)")
            #expect(Set(oracle) == ids, "oracle: \(rule)")
            #expect(compiler.neutral[path] != nil, "neutral at \(path): \(rule)")
            #expect(compiler.warnings.contains { $0.hasPrefix(path) }, "a warning naming \(path): \(compiler.warnings)")
        }
    }

    /// A `unit` that is not text is as unknown as `fortnights` (§21: "an unknown `unit`").
    @Test func anIllTypedUnitIsNeutral() throws {
        let node = #"{"field": "due", "op": "in_next", "value": 7, "unit": 5}"#
        let outcome = try evaluate(all(node, RuleNeutralTests.base))
        let ids = Set(RuleNeutralTests.todo.map { $0 + ".md" })
        #expect(outcome.sql == ids)
        #expect(outcome.compiler.neutral["rules.conditions[0]"] != nil, "\(outcome.compiler.warnings)")
    }
}

// MARK: - Full-text narrowing

/// `body string_contains` may use the full-text index only to narrow candidates (§21); the
/// substring test decides. These bodies hold characters where a word tokenizer and a plain
/// substring disagree about word boundaries.
@Suite struct RuleBodySearchTests {
    static let cases: [(body: String, needle: String)] = [
        ("Meet Ana at noon", "t ana a"),
        ("Pick up the dry-cleaning", "y-clean"),
        ("Call O'Neil about 3.14159", "'neil ab"),
        ("Call O'Neil about 3.14159", "3.141"),
        ("Prix: 12€ HT", "2€ h"),
        ("日本語のテキスト", "本語"),
        ("Ünïcödé ÜBER alles", "über al"),
        ("tab\tseparated\nlines", "d\nli"),
        // A circled letter is "alphabetic" to Swift but a separator to SQLite's tokenizer.
        ("Note x ⓐ y", "x ⓐ"),
        ("Note x ⓐ y", " ⓐ "),
        // A private-use character is a token character to SQLite's tokenizer.
        ("Note x \u{E000}abc", " \u{E000}ab"),
    ]

    @Test(arguments: cases) func bodySubstringsAlwaysMatch(_ body: String, _ needle: String) throws {
        let v = try TemporaryVault()
        try v.task("hit.md", title: "Hit", body: body)
        try v.task("miss.md", title: "Miss", body: "nothing to see")
        let vault = try v.open()
        let rule = RuleNode.when("body", "string_contains", needle)
        let ids = try vault.list(rules: rule, id: "t", name: "t", sort: .title, direction: nil, group: .none,
                                 manualKey: "t").tasks.map(\.id)
        var compiler = RuleCompiler(today: vault.clock.today, timeZone: vault.clock.timeZone)
        let compiled = compiler.predicate(rule)
        let predicate = try #require(compiled)
        let oracle = predicate.matches(try vault.read("hit.md").0, timeZone: vault.clock.timeZone)
        #expect(oracle, "the oracle finds \(needle.debugDescription) in \(body.debugDescription)")
        #expect(ids == ["hit.md"], "SQL finds \(needle.debugDescription) in \(body.debugDescription)")
    }
}

// MARK: - Folding on every field

@Suite struct RuleFoldingTests {
    static let cases: [(field: String, needle: String)] = [
        ("title", "unicode straße"), ("title", "ÜNÏCÖDÉ"), ("description", "unicode"), ("description", "NAÏVE"),
        ("source", "UNICODE"), ("source", "ünï"), ("body", "unicode"), ("body", "Naive Cafe"),
        // Σ's lower case at the end of a word is ς: a case-insensitive search finds it.
        ("title", "ΟΔΟΣ"), ("body", "ΟΔΟΣ"),
    ]

    @Test(arguments: cases) func stringContainsIsCaseAndDiacriticInsensitiveOnEveryField(_ field: String, _ needle: String) throws {
        let v = try TemporaryVault()
        try v.write("hit.md", """
            ---
            title: "Ünïcödé straße οδός"
            status: "todo"
            description: "Ünïcödé — naïve"
            created: "2026-11-01T10:00:00Z"
            source: "Ünïcödé-tool"
            ---

            Ünïcödé notes: naïve café, οδός
            """)
        try v.task("miss.md", title: "Miss", body: "nothing")
        let vault = try v.open()
        let rule = RuleNode.when(field, "string_contains", needle)
        let ids = try vault.list(rules: rule, id: "t", name: "t", sort: .title, direction: nil, group: .none,
                                 manualKey: "t").tasks.map(\.id)
        #expect(ids == ["hit.md"], "\(field) string_contains \(needle)")
    }
}

