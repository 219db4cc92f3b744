import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport

// A seeded property test of the rule compiler (§10, §21 "Perspectives"): random vaults, thousands
// of random rule trees, and for each tree the ids SQL returns (`vault.list(rules:…)`) must be the
// ids of the tasks the in-memory oracle (`Predicate.matches`) accepts. Deterministic: the same
// seeds give the same vaults and rules on every run.

/// The shared seeded generator with the helpers these tests use.
private struct RuleRandom {
    var source: SeededRandom

    init(seed: UInt64) { source = SeededRandom(seed: seed) }

    mutating func next() -> UInt64 { source.next() }

    /// 0 ..< n.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    /// lo ... hi.
    mutating func int(_ lo: Int, _ hi: Int) -> Int { lo + below(hi - lo + 1) }
    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    /// `items` with each element kept with probability `p`, in a shuffled order.
    mutating func subset<T>(_ items: [T], _ p: Double = 0.3) -> [T] {
        var out = items.filter { _ in chance(p) }
        for i in stride(from: out.count - 1, to: 0, by: -1) { out.swapAt(i, below(i + 1)) }
        return out
    }
}

/// The value pools the vaults and the rules share, so rules hit and miss.
private enum Pool {
    static let statuses = ["todo", "in-progress", "done", "cancelled", "someday", "Todo", "DONE", "In-Progress", "open"]
    static let priorities = ["none", "low", "medium", "high", "High", "LOW", "urgent"]
    static let areas = ["Work", "work", "Home", "Ärger", "Café"]
    static let projects = ["Q4", "q4", "Garden", "Café", "Ærø"]
    static let sources = ["user", "test", "Shortcut", "shortcut", "cli-script", "import-csv", "Ünïcode"]
    static let tags = ["a", "b", "report", "Report", "émoji", "x y", "urgent"]
    static let regions = ["morning", "afternoon", "Evening", "backlog"]
    static let buckets = ["must", "complementary", "misc", "none", "MUST"]
    static let words = [
        "Crème", "brûlée", "CAFÉ", "café", "naïve", "Zoë", "Straße", "report", "Report", "über", "ÜBER",
        "Ünïcödé", "tea", "team", "steam", "a", "ab", "abc", "O'Neil", "dry-cleaning", "3.14159", "日本語",
        "Ærø", "résumé", "RÉSUMÉ", "x", "Ñandú", "İstanbul", "ﬁle", "12€", "½", "(draft)", "e-mail", "…", "ⓐ", "\u{E000}x", "ὁδός", "ΟΔΟΣ", "STRASSE",
    ]
    static let separators = [" ", " ", " ", ", ", ". ", "\n", " - ", "\t"]
}

/// Fields with the operators §10 lists for them.
private let fieldOps: [(String, [String])] = [
    ("status", ["equals", "not_equals", "in", "not_in"]),
    ("priority", ["equals", "not_equals", "in", "not_in"]),
    ("area", ["equals", "not_equals", "in", "not_in", "is_nil", "is_not_nil"]),
    ("project", ["equals", "not_equals", "in", "not_in", "is_nil", "is_not_nil"]),
    ("source", ["equals", "not_equals", "in", "not_in", "is_nil", "is_not_nil", "string_contains"]),
    ("flagged", ["equals"]),
    ("inbox", ["equals"]),
    ("tags", ["contains", "contains_any", "contains_all", "is_empty", "is_not_empty"]),
    ("due", dateOps), ("scheduled", dateOps), ("defer", dateOps),
    ("created", dateOps), ("completed", dateOps), ("modified", dateOps),
    ("estimated_minutes", ["is_nil", "is_not_nil", "less_than", "greater_than", "equals"]),
    ("recurrence", ["is_nil", "is_not_nil"]),
    ("title", ["string_contains"]), ("description", ["string_contains"]), ("body", ["string_contains"]),
    ("region", ["equals", "in", "is_nil"]), ("bucket", ["equals", "in", "is_nil"]),
]
private let dateOps = ["is_nil", "is_not_nil", "on", "before", "after", "on_or_before", "on_or_after", "between",
                       "in_past", "in_next", "before_or_none", "after_or_none"]
private let allOps = Array(Set(fieldOps.flatMap(\.1) + ["matches", "contains"])).sorted()

/// One random vault: the files written, and the texts rules may search for.
private struct RandomVault {
    var files: [(id: String, text: String)] = []
    var texts: [String] = []
}

private let today = LocalDate(iso: "2026-11-21") ?? LocalDate(dayNumber: 0)

private func quoted(_ s: String) -> String {
    var out = ""
    JSONValue.quote(s, into: &out)
    return out
}

private func randomText(_ g: inout RuleRandom, words: ClosedRange<Int>) -> String {
    let n = g.int(words.lowerBound, words.upperBound)
    var out = ""
    for i in 0..<n {
        if i > 0 { out += g.pick(Pool.separators) }
        out += g.pick(Pool.words)
    }
    return out
}

private func randomDate(_ g: inout RuleRandom) -> LocalDate { today.adding(days: g.int(-45, 45)) }

/// An instant within two months of today, often close to a local midnight.
private func randomInstant(_ g: inout RuleRandom) -> String {
    let day = today.adding(days: g.int(-60, 10))
    let (h, m) = g.chance(0.5) ? (g.pick([22, 23, 0]), g.pick([0, 29, 30, 59])) : (g.int(0, 23), g.int(0, 59))
    return String(format: "%@T%02d:%02d:%02dZ", day.description, h, m, g.int(0, 59))
}

private func makeVault(_ g: inout RuleRandom, tasks: Int) -> RandomVault {
    var vault = RandomVault()
    for i in 0..<tasks {
        var lines: [String] = []
        let title = randomText(&g, words: 1...4)
        vault.texts.append(title)
        lines.append("title: \(quoted(title))")
        if g.chance(0.9) { lines.append("status: \(quoted(g.pick(Pool.statuses)))") }
        for key in ["due", "defer", "scheduled"] where g.chance(0.5) {
            switch g.below(10) {
            case 0: lines.append("\(key): \(quoted(randomInstant(&g)))")  // a date-time: its local date
            case 1: lines.append("\(key): \"someday\"")  // wrong type: absent
            case 2: lines.append("\(key): \(randomDate(&g))")  // unquoted YAML date
            default: lines.append("\(key): \(quoted(randomDate(&g).description))")
            }
        }
        if g.chance(0.6) { lines.append("priority: \(quoted(g.pick(Pool.priorities)))") }
        if g.chance(0.5) { lines.append("flagged: \(g.pick(["true", "false", "yes", "no", "\"maybe\""]))") }
        if g.chance(0.6) { lines.append("area: \(quoted(g.chance(0.1) ? "" : g.pick(Pool.areas)))") }
        if g.chance(0.5) { lines.append("project: \(g.chance(0.1) ? "null" : quoted(g.pick(Pool.projects)))") }
        if g.chance(0.6) {
            let tags = g.subset(Pool.tags)
            if g.chance(0.3) {
                lines.append("tags: \(quoted(tags.joined(separator: ", ")))")
            } else if tags.isEmpty {
                lines.append("tags: []")
            } else {
                lines.append("tags:\n" + tags.map { "  - \(quoted($0))" }.joined(separator: "\n"))
            }
        }
        if g.chance(0.2) { lines.append("recurrence: \"FREQ=WEEKLY\"") }
        if g.chance(0.5) { lines.append("estimated_minutes: \(g.chance(0.1) ? "-5" : String(g.pick([0, 5, 15, 30, 45, 60, 90, 120, 200])))") }
        if g.chance(0.4) {
            let description = randomText(&g, words: 1...6)
            vault.texts.append(description)
            lines.append("description: \(quoted(description))")
        }
        lines.append("created: \(quoted(randomInstant(&g)))")
        if g.chance(0.3) { lines.append("modified: \(quoted(randomInstant(&g)))") }
        if g.chance(0.3) { lines.append("completed: \(g.chance(0.2) ? "null" : quoted(randomInstant(&g)))") }
        if g.chance(0.9) { lines.append("source: \(quoted(g.pick(Pool.sources)))") }
        if g.chance(0.3) { lines.append("region: \(quoted(g.pick(Pool.regions)))") }
        if g.chance(0.3) { lines.append("bucket: \(quoted(g.pick(Pool.buckets)))") }
        var text = "---\n" + lines.joined(separator: "\n") + "\n---\n"
        if g.chance(0.6) {
            let body = randomText(&g, words: 1...12)
            vault.texts.append(body)
            text += "\n" + body + "\n"
        }
        let folder = g.chance(0.2) ? "Work/" : ""
        vault.files.append((String(format: "%@t%02d.md", folder, i), text))
    }
    return vault
}

// MARK: - Random rules

private func randomDateValue(_ g: inout RuleRandom) -> String {
    g.chance(0.4) ? quoted(g.pick(["today", "yesterday", "tomorrow", "Today"])) : quoted(randomDate(&g).description)
}

/// A JSON value for `op` on `field`: usually well-typed, sometimes not.
private func randomValue(_ g: inout RuleRandom, field: String, op: String, texts: [String]) -> String? {
    if g.chance(0.06) { return g.pick([nil, "null", "5", "\"x\"", "[]", "true", "{}", "[\"a\", 1]", "-1", "1.5"]) }
    func list(_ pool: [String]) -> String { "[" + g.subset(pool, 0.35).map(quoted).joined(separator: ", ") + "]" }
    switch op {
    case "is_nil", "is_not_nil", "is_empty", "is_not_empty":
        return g.chance(0.8) ? nil : "true"
    case "string_contains":
        if g.chance(0.75), !texts.isEmpty {
            // A piece of some task's text, with its case changed at random.
            let chars = Array(g.pick(texts))
            let start = g.below(chars.count)
            let piece = String(chars[start..<min(chars.count, start + g.int(1, 8))])
            switch g.below(4) {
            case 0: return quoted(piece.uppercased())
            case 1: return quoted(piece.lowercased())
            case 2: return quoted(TextFolding.fold(piece))
            default: return quoted(piece)
            }
        }
        return quoted(g.chance(0.1) ? "" : g.pick(Pool.words + Pool.sources))
    default:
        break
    }
    switch field {
    case "status", "priority", "area", "project", "source", "region", "bucket":
        let pool = ["status": Pool.statuses, "priority": Pool.priorities, "area": Pool.areas,
                    "project": Pool.projects, "source": Pool.sources, "region": Pool.regions,
                    "bucket": Pool.buckets][field] ?? []
        if op == "in" || op == "not_in" { return list(pool) }
        return quoted(g.pick(pool))
    case "flagged", "inbox":
        return g.chance(0.5) ? "true" : "false"
    case "tags":
        if op == "contains" { return quoted(g.pick(Pool.tags)) }
        return list(Pool.tags)
    case "estimated_minutes":
        return g.pick(["0", "5", "30", "30.5", "45", "60", "90", "200"])
    case "due", "scheduled", "defer", "created", "completed", "modified":
        switch op {
        case "between":
            return "[\(randomDateValue(&g)), \(randomDateValue(&g))]"
        case "in_past", "in_next":
            return String(g.pick([0, 1, 2, 3, 7, 14, 30, 45]))
        default:
            return randomDateValue(&g)
        }
    default:
        return quoted(g.pick(Pool.words))
    }
}

private func randomCondition(_ g: inout RuleRandom, texts: [String]) -> String {
    let (field, ops) = g.chance(0.03) ? ("colour", ["equals"]) : g.pick(fieldOps)
    let op = g.chance(0.08) ? g.pick(allOps) : g.pick(ops)
    var pairs = ["\"field\": \(quoted(field))", "\"op\": \(quoted(op))"]
    if let value = randomValue(&g, field: field, op: op, texts: texts) { pairs.append("\"value\": \(value)") }
    if op == "in_next" || op == "in_past" || g.chance(0.02) {
        if g.chance(0.7) { pairs.append("\"unit\": \(quoted(g.pick(["days", "weeks", "months", "day", "fortnights"])))") }
    }
    if g.chance(0.05) { pairs.append("\"enabled\": false") }
    if g.chance(0.03) { pairs.append("\"note\": \"kept\"") }
    return "{" + pairs.joined(separator: ", ") + "}"
}

/// A random rule tree at most `depth` levels deep (groups count as levels).
private func randomNode(_ g: inout RuleRandom, depth: Int, texts: [String]) -> String {
    if g.chance(0.03) { return g.pick(["\"status equals todo\"", "42", "null", "{}", "[]", "{\"name\": \"x\"}"]) }
    if depth <= 1 || g.chance(0.45) { return randomCondition(&g, texts: texts) }
    let op = g.chance(0.04) ? g.pick(["XOR", "and", "Or"]) : g.pick(["AND", "OR", "NOT"])
    let children = (0..<g.int(0, 4)).map { _ in randomNode(&g, depth: depth - 1, texts: texts) }
    var pairs = ["\"operator\": \(quoted(op))", "\"conditions\": [" + children.joined(separator: ", ") + "]"]
    if g.chance(0.05) { pairs.append("\"enabled\": false") }
    return "{" + pairs.joined(separator: ", ") + "}"
}

// MARK: - The property

@Suite struct RulePropertyTests {
    static let vaults = 10
    static let tasksPerVault = 40
    static let rulesPerVault = 300

    /// For every random rule, SQL selects exactly the tasks the oracle accepts.
    @Test(arguments: 0..<RulePropertyTests.vaults)
    func sqlAgreesWithTheOracle(_ seed: Int) throws {
        var g = RuleRandom(seed: 0x70D0_3D00 &+ UInt64(seed) &* 0x1_0000_0001)
        let random = makeVault(&g, tasks: RulePropertyTests.tasksPerVault)
        let v = try TemporaryVault()
        for file in random.files { try v.write(file.id, file.text) }
        let vault = try v.open()
        let tz = vault.clock.timeZone
        let tasks = try random.files.map { try vault.read($0.id).0 }
        #expect(try vault.list("all").tasks.count == tasks.count, "every generated file is a task")

        var mismatches = 0
        var partial = 0
        var roots: [RuleNode] = []
        var oracleCounts: [Int] = []
        for _ in 0..<RulePropertyTests.rulesPerVault {
            let rule = randomNode(&g, depth: 4, texts: random.texts)
            let root = Perspective.root(try JSONValue.parse(rule))
            let sql = Set(try vault.list(rules: root, id: "p", name: "p", sort: .title, direction: nil, group: .none,
                                         manualKey: "p").tasks.map(\.id))
            var compiler = RuleCompiler(today: vault.clock.today, timeZone: tz)
            let predicate = compiler.predicate(root)
            let oracle = Set(tasks.filter { predicate?.matches($0, timeZone: tz) ?? true }.map { $0.id })
            roots.append(root)
            oracleCounts.append(oracle.count)
            if !sql.isEmpty && sql.count < tasks.count { partial += 1 }
            if sql != oracle {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record("""
                        SQL and the oracle disagree (vault seed \(seed)).
                        rule: \(rule)
                        only SQL: \(sql.subtracting(oracle).sorted())
                        only oracle: \(oracle.subtracting(sql).sorted())
                        """)
                }
            }
        }
        #expect(mismatches == 0)
        // The sidebar's form of the same rules, every count from one statement.
        #expect(try vault.counts(rules: roots) == oracleCounts)
        // The rules must discriminate, or agreement proves little.
        #expect(partial >= RulePropertyTests.rulesPerVault / 4, "\(partial) rules selected some but not all tasks")
    }
}

// MARK: - Listings that decode only what they order and group by

/// A listing answered with its rows' JSON decodes only the fields its sort and grouping read
/// (``TaskRow/Decoding/json(_:)``). For every sort key, direction and group key, over random vaults
/// with parents, timed dates and running timers, it must be the whole listing, byte for byte, in
/// both JSON forms: a field missing from a key's ``SortKey/fieldsRead`` or
/// ``GroupKey/fieldsRead`` orders or groups some task differently.
@Suite struct ListingDecodingTests {
    /// `text` with `lines` added at the end of its frontmatter, in place of lines of the same keys.
    static func adding(_ lines: [String], to text: String) -> String {
        guard !lines.isEmpty, let close = text.range(of: "\n---\n", range: text.index(text.startIndex, offsetBy: 4)..<text.endIndex)
        else { return text }
        let keys = lines.compactMap { $0.split(separator: ":").first.map { $0 + ":" } }
        let kept = text[text.index(text.startIndex, offsetBy: 4)..<close.lowerBound].split(separator: "\n")
            .filter { line in !keys.contains { line.hasPrefix($0) } }
        return "---\n" + (kept.map(String.init) + lines).joined(separator: "\n") + String(text[close.lowerBound...])
    }

    @Test(arguments: 0..<4)
    func jsonListingsAreTheWholeListings(_ seed: Int) throws {
        var g = RuleRandom(seed: 0x11D1_0000 &+ UInt64(seed) &* 0x9E37_79B9)
        let random = makeVault(&g, tasks: 60)
        let v = try TemporaryVault()
        for (i, file) in random.files.enumerated() {
            var extra: [String] = []
            // Parents (nesting and the `parent` groups), timed dates (ordering within a day) and
            // time entries, one of them running (the JSON's `time_spent_minutes`).
            if i > 3, g.chance(0.3) { extra.append("parent: \(quoted(random.files[g.below(i)].id))") }
            if g.chance(0.25) {
                extra.append("due: \"\(randomDate(&g).description)T\(String(format: "%02d:%02d", g.int(0, 23), g.pick([0, 30])))\"")
            }
            if g.chance(0.2) {
                let end = g.chance(0.3) ? "null" : "\"2026-11-21T08:30:00Z\""
                extra.append("time_entries:\n  - {start: \"2026-11-21T08:00:00Z\", end: \(end)}")
            }
            try v.write(file.id, Self.adding(extra, to: file.text))
        }
        let vault = try v.open()
        let all = RuleNode.all()
        let every = try vault.list(rules: all, id: "p", name: "p", sort: .title, direction: nil, group: .none, manualKey: "p")
        #expect(every.tasks.count == random.files.count, "every generated file is a task")
        for sort in SortKey.allCases {
            for direction in [SortDirection.ascending, .descending] {
                for group in GroupKey.allCases {
                    // The manual order: some tasks, in a random order (the rest follow by `created`).
                    let manual = g.subset(random.files.map(\.id), 0.5)
                    func listing(_ decoding: TaskRow.Decoding) throws -> Listing {
                        try vault.list(rules: all, id: "p", name: "p", sort: sort, direction: direction, group: group,
                                       manualKey: "p", manualOrder: manual, decoding: decoding)
                    }
                    let whole = try listing(.whole)
                    // Each form read alone, as the front ends that write it read it.
                    for fields in TaskJSON.Fields.allCases where whole.json(fields) != (try listing(.json(fields))).json(fields) {
                        Issue.record("sort \(sort.rawValue) \(direction.rawValue), group \(group.rawValue): the \(fields) JSON differs")
                    }
                }
            }
        }
    }
}
