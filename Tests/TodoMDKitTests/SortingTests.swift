import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport

// Sort keys, directions and ties (§7, §21 "Views and order"). Every case lists the `all` view
// ungrouped, so membership never gets in the way of the order under test.

/// One task of a sort case: file stem, title, created, extra frontmatter lines (a `status:` line
/// replaces the default `todo`).
private struct SortTask: Sendable {
    let name: String
    let title: String
    let created: String
    let lines: String

    init(_ name: String, title: String? = nil, _ created: String, _ lines: String = "") {
        self.name = name
        self.title = title ?? name
        self.created = created
        self.lines = lines
    }

    var text: String {
        var t = "---\ntitle: \"\(title)\"\n"
        if !lines.contains("status:") { t += "status: \"todo\"\n" }
        if !lines.isEmpty { t += lines + "\n" }
        return t + "created: \"\(created)\"\nsource: \"test\"\n---\n"
    }
}

private struct SortCase: Sendable, CustomTestStringConvertible {
    let key: SortKey
    let direction: SortDirection?
    let tasks: [SortTask]
    let expected: [String]
    var orderJSON: String? = nil

    var testDescription: String { "\(key.rawValue) \(direction?.rawValue ?? "built-in")" }
}

private func makeVault(_ tasks: [SortTask], orderJSON: String? = nil) throws -> TemporaryVault {
    let v = try TemporaryVault()
    for task in tasks { try v.write(task.name + ".md", task.text) }
    if let orderJSON { try v.write(".order.json", orderJSON) }
    return v
}

private func t(_ minute: Int, day: Int = 1) -> String {
    String(format: "2026-11-%02dT10:%02d:00Z", day, minute)
}

// MARK: - Fixtures

/// Two tasks share the latest date (ties break by created), two have none (absent last).
private func dateTasks(_ field: String) -> [SortTask] {
    [
        SortTask("a", t(2), "\(field): \"2026-11-25\""),
        SortTask("b", t(0)),
        SortTask("c", t(3), "\(field): \"2026-11-20\""),
        SortTask("d", t(1), "\(field): \"2026-11-25\""),
        SortTask("e", t(4)),
    ]
}

private let priorityTasks = [
    SortTask("h", t(3), "priority: \"high\""),
    SortTask("m", t(2), "priority: \"medium\""),
    SortTask("l", t(1), "priority: \"low\""),
    SortTask("n", t(0), "priority: \"none\""),
    SortTask("x", t(4)),
    SortTask("h2", t(0), "priority: \"HIGH\""),
]

private let estimateTasks = [
    SortTask("e5", t(3), "estimated_minutes: 5"),
    SortTask("e30", t(2), "estimated_minutes: 30"),
    SortTask("e30b", t(1), "estimated_minutes: 30"),
    SortTask("e0", t(4), "estimated_minutes: 0"),
    SortTask("ex", t(0)),
    SortTask("e120", t(5), "estimated_minutes: 120"),
]

private let titleTasks = [
    SortTask("t1", title: "Task 10", t(0)),
    SortTask("t2", title: "task 2", t(1)),
    SortTask("t3", title: "Élan", t(3)),
    SortTask("t4", title: "elan", t(2)),
    SortTask("t5", title: "Apple", t(4)),
    SortTask("t6", title: "zebra", t(5)),
    SortTask("t7", title: "Ember", t(6)),
    SortTask("t8", title: "Task 9", t(7)),
    SortTask("t9", title: "Äpfel", t(8)),
]

private let createdTasks = [
    SortTask("c1", "2026-11-03T10:00:00Z"),
    SortTask("c2", "2026-11-01T10:00:00Z"),
    SortTask("c4", "2026-11-02T10:00:00Z"),
    SortTask("c3", "2026-11-02T10:00:00Z"),
    // Same instant written with an offset.
    SortTask("c5", "2026-11-02T11:00:00+01:00"),
]

private let modifiedTasks = [
    SortTask("m1", t(0), "modified: \"2026-11-10T10:00:00Z\""),
    SortTask("m2", t(1)),
    SortTask("m3", t(2), "modified: \"2026-11-12T10:00:00Z\""),
    SortTask("m4", t(3), "modified: \"2026-11-10T10:00:00Z\""),
    SortTask("m5", t(4)),
    SortTask("m6", t(5), "modified: \"2026-11-10T10:00:01Z\""),
]

private let completedTasks = [
    SortTask("k1", t(0), "status: \"done\"\ncompleted: \"2026-11-10T08:00:00Z\""),
    SortTask("k2", t(1), "status: \"done\""),
    SortTask("k3", t(2), "status: \"cancelled\"\ncompleted: \"2026-11-12T08:00:00Z\""),
    SortTask("k4", t(3), "status: \"done\"\ncompleted: \"2026-11-10T08:00:00Z\""),
    SortTask("k5", t(4)),
]

private let flaggedTasks = [
    SortTask("f1", t(0), "flagged: true\ndue: \"2026-11-25\""),
    SortTask("f2", t(1), "flagged: true"),
    SortTask("f3", t(2), "flagged: true\ndue: \"2026-11-22\""),
    SortTask("n1", t(3), "due: \"2026-11-21\""),
    SortTask("n2", t(4)),
    SortTask("n3", t(5), "flagged: false\ndue: \"2026-11-20\""),
    SortTask("f4", t(6), "flagged: true\ndue: \"2026-11-22\""),
]

private let projectTasks = [
    SortTask("z1", t(0, day: 1), "project: \"Zeta\""),
    SortTask("z2", t(0, day: 2), "project: \"Zeta\"\npriority: \"high\""),
    SortTask("z3", t(0, day: 5), "project: \"Zeta\""),
    SortTask("z4", t(0, day: 5), "project: \"Zeta\""),
    SortTask("a1", t(0, day: 3), "project: \"Alpha\"\npriority: \"low\""),
    SortTask("a2", t(0, day: 4), "project: \"Alpha\"\npriority: \"low\""),
    SortTask("a3", t(0, day: 1), "project: \"Alpha\"\npriority: \"medium\""),
    SortTask("am1", t(0, day: 5), "project: \"Ámbar\""),
    SortTask("b1", t(0, day: 1), "project: \"beta\""),
    SortTask("c1", t(0, day: 2), "project: \"Charlie\""),
    SortTask("n1", t(0, day: 1), "priority: \"high\""),
    SortTask("n2", t(0, day: 6)),
    SortTask("n3", t(0, day: 7), "priority: \"high\""),
]

private let projectOrderJSON = """
    {"version": 1, "views": {}, "projects": ["Zeta", "Missing", "Alpha"]}
    """

private let projectOrderExpected = ["z2", "z3", "z4", "z1", "a3", "a2", "a1", "am1", "b1", "c1", "n3", "n1", "n2"]
// Ámbar and Zeta both have a task created on the 5th: A–Z breaks the tie.
private let projectRecentExpected = ["am1", "z2", "z3", "z4", "z1", "a3", "a2", "a1", "c1", "b1", "n3", "n1", "n2"]

private let sortCases: [SortCase] = [
    SortCase(key: .due, direction: nil, tasks: dateTasks("due"), expected: ["c", "d", "a", "b", "e"]),
    SortCase(key: .due, direction: .ascending, tasks: dateTasks("due"), expected: ["c", "d", "a", "b", "e"]),
    SortCase(key: .due, direction: .descending, tasks: dateTasks("due"), expected: ["d", "a", "c", "b", "e"]),
    SortCase(key: .scheduled, direction: nil, tasks: dateTasks("scheduled"), expected: ["c", "d", "a", "b", "e"]),
    SortCase(key: .scheduled, direction: .descending, tasks: dateTasks("scheduled"), expected: ["d", "a", "c", "b", "e"]),
    SortCase(key: .deferDate, direction: nil, tasks: dateTasks("defer"), expected: ["c", "d", "a", "b", "e"]),
    SortCase(key: .deferDate, direction: .descending, tasks: dateTasks("defer"), expected: ["d", "a", "c", "b", "e"]),
    // Priority: built in desc (high first); `none` and absent are the same value.
    SortCase(key: .priority, direction: nil, tasks: priorityTasks, expected: ["h2", "h", "m", "l", "n", "x"]),
    SortCase(key: .priority, direction: .descending, tasks: priorityTasks, expected: ["h2", "h", "m", "l", "n", "x"]),
    SortCase(key: .priority, direction: .ascending, tasks: priorityTasks, expected: ["n", "x", "l", "m", "h2", "h"]),
    SortCase(key: .estimate, direction: nil, tasks: estimateTasks, expected: ["e0", "e5", "e30b", "e30", "e120", "ex"]),
    SortCase(key: .estimate, direction: .descending, tasks: estimateTasks,
             expected: ["e120", "e30b", "e30", "e5", "e0", "ex"]),
    SortCase(key: .title, direction: nil, tasks: titleTasks,
             expected: ["t9", "t5", "t4", "t3", "t7", "t2", "t8", "t1", "t6"]),
    SortCase(key: .title, direction: .descending, tasks: titleTasks,
             expected: ["t6", "t1", "t8", "t2", "t7", "t4", "t3", "t5", "t9"]),
    SortCase(key: .created, direction: nil, tasks: createdTasks, expected: ["c1", "c3", "c4", "c5", "c2"]),
    SortCase(key: .created, direction: .ascending, tasks: createdTasks, expected: ["c2", "c3", "c4", "c5", "c1"]),
    SortCase(key: .modified, direction: nil, tasks: modifiedTasks, expected: ["m3", "m6", "m1", "m4", "m2", "m5"]),
    SortCase(key: .modified, direction: .ascending, tasks: modifiedTasks,
             expected: ["m1", "m4", "m6", "m3", "m2", "m5"]),
    SortCase(key: .completed, direction: nil, tasks: completedTasks, expected: ["k3", "k1", "k4", "k2", "k5"]),
    SortCase(key: .completed, direction: .ascending, tasks: completedTasks, expected: ["k1", "k4", "k3", "k2", "k5"]),
    // Flagged first, then by due earliest first (absent last) whatever the direction.
    SortCase(key: .flagged, direction: nil, tasks: flaggedTasks, expected: ["f3", "f4", "f1", "f2", "n3", "n1", "n2"]),
    SortCase(key: .flagged, direction: .ascending, tasks: flaggedTasks,
             expected: ["n3", "n1", "n2", "f3", "f4", "f1", "f2"]),
    // Saved project order, missing projects A–Z after it, no project last; within a project
    // priority high→none, then created newest first. Direction ignored.
    SortCase(key: .projectOrder, direction: nil, tasks: projectTasks, expected: projectOrderExpected,
             orderJSON: projectOrderJSON),
    SortCase(key: .projectOrder, direction: .ascending, tasks: projectTasks, expected: projectOrderExpected,
             orderJSON: projectOrderJSON),
    SortCase(key: .projectOrder, direction: .descending, tasks: projectTasks, expected: projectOrderExpected,
             orderJSON: projectOrderJSON),
    // Without a saved order every project is "missing": A–Z.
    SortCase(key: .projectOrder, direction: nil, tasks: projectTasks,
             expected: ["a3", "a2", "a1", "am1", "b1", "c1", "z2", "z3", "z4", "z1", "n3", "n1", "n2"]),
    SortCase(key: .projectRecent, direction: nil, tasks: projectTasks, expected: projectRecentExpected,
             orderJSON: projectOrderJSON),
    SortCase(key: .projectRecent, direction: .ascending, tasks: projectTasks, expected: projectRecentExpected),
]

// MARK: - Tests

@Suite struct SortingTests {
    @Test(arguments: sortCases)
    fileprivate func sortsTheAllView(_ c: SortCase) throws {
        let v = try makeVault(c.tasks, orderJSON: c.orderJSON)
        let listing = try v.open().list("all", group: GroupKey.none, sort: c.key, direction: c.direction)
        #expect(listing.tasks.map(\.id) == c.expected.map { $0 + ".md" })
    }

    @Test(arguments: [
        (SortKey.due, SortDirection.ascending), (.scheduled, .ascending), (.deferDate, .ascending),
        (.estimate, .ascending), (.title, .ascending), (.created, .descending), (.modified, .descending),
        (.completed, .descending), (.priority, .descending), (.flagged, .descending),
    ])
    func builtInDirections(key: SortKey, direction: SortDirection) {
        #expect(key.defaultDirection == direction)
        #expect(SortOrder(key).direction == direction)
    }

    @Test(arguments: [
        ("due", SortKey.due), ("scheduled", .scheduled), ("defer", .deferDate), ("priority", .priority),
        ("estimate", .estimate), ("title", .title), ("created", .created), ("modified", .modified),
        ("completed", .completed), ("flagged", .flagged), ("manual", .manual), ("project_order", .projectOrder),
        ("project_recent", .projectRecent),
    ])
    func keysHaveTheirSpecNames(name: String, key: SortKey) {
        #expect(SortKey(rawValue: name) == key)
    }

    @Test func directionNamesAreAscAndDesc() {
        #expect(SortDirection(rawValue: "asc") == .ascending)
        #expect(SortDirection(rawValue: "desc") == .descending)
    }

    /// Every task has the same value for the key: the order is created ascending, then id
    /// ascending, in both directions (the tie-break is never reversed).
    @Test(arguments: [SortKey.due, .scheduled, .deferDate, .priority, .estimate, .title, .modified, .completed,
                      .flagged, .manual, .projectOrder, .projectRecent],
          [SortDirection.ascending, .descending])
    func tiesBreakByCreatedThenIDNeverReversed(key: SortKey, direction: SortDirection) throws {
        let same = """
            status: "done"
            due: "2026-11-25"
            scheduled: "2026-11-24"
            defer: "2026-11-01"
            priority: "medium"
            flagged: true
            project: "P"
            estimated_minutes: 10
            modified: "2026-11-10T10:00:00Z"
            completed: "2026-11-11T10:00:00Z"
            """
        let v = try makeVault([
            SortTask("b", title: "Same", "2026-11-01T10:00:00Z", same),
            SortTask("a", title: "Same", "2026-11-01T10:00:00Z", same),
            SortTask("c", title: "Same", "2026-11-01T09:00:00Z", same),
            SortTask("A", title: "same", "2026-11-01T10:00:00Z", same),
        ])
        let listing = try v.open().list("all", group: GroupKey.none, sort: key, direction: direction)
        if key == .projectOrder || key == .projectRecent {
            // Within a project: created newest first, then id ascending.
            #expect(listing.tasks.map(\.id) == ["A.md", "a.md", "b.md", "c.md"])
        } else {
            #expect(listing.tasks.map(\.id) == ["c.md", "A.md", "a.md", "b.md"])
        }
    }

    @Test func sortingAppliesWithinEachGroup() throws {
        let v = try makeVault([
            SortTask("b", title: "Banana", t(0)),
            SortTask("a", title: "apple", t(1)),
            SortTask("d", title: "date", t(2), "status: \"done\""),
            SortTask("c", title: "Cherry", t(3), "status: \"done\""),
        ])
        let listing = try v.open().list("all", sort: .title)
        #expect(listing.groups.map(\.name) == ["todo", "done"])
        #expect(listing.groups.map { $0.tasks.map(\.id) } == [["a.md", "b.md"], ["c.md", "d.md"]])
    }

    @Test func titleOrderThroughAView() throws {
        let v = try makeVault([
            SortTask("1", title: "Task 10", t(0)),
            SortTask("2", title: "Task 2", t(1)),
            SortTask("3", title: "Elan", t(2)),
            SortTask("4", title: "élan", t(3)),
            SortTask("5", title: "Eagle", t(4)),
            SortTask("6", title: "ÉCOLE", t(5)),
        ])
        let titles = try v.open().list("inbox", sort: .title).tasks.map(\.title)
        #expect(titles == ["Eagle", "ÉCOLE", "Elan", "élan", "Task 2", "Task 10"])
    }
}

// MARK: - Text order (§21)

@Suite struct TextOrderTests {
    @Test(arguments: [
        ("Task 2", "Task 10"),
        ("task 2", "Task 10"),
        ("Task 2a", "Task 10"),
        ("a9", "a10"),
        ("file 99", "file 100"),
        ("x 007", "x 10"),
        ("v9", "v12345678901234567890"),
        ("Elan", "ember"),
        ("élan", "Emu"),
        ("apple", "Banana"),
        ("Äpfel", "Birne"),
        ("Zoë", "zoey"),
        ("ábc", "abd"),
        ("Chapter 1 part 9", "chapter 1 part 10"),
        ("2 apples", "10 apples"),
    ])
    func ordersBefore(_ first: String, _ second: String) {
        #expect(TextFolding.sortKey(first) < TextFolding.sortKey(second))
        #expect(!(TextFolding.sortKey(second) < TextFolding.sortKey(first)))
    }

    @Test(arguments: [
        ("élan", "Elan"),
        ("ÅNGSTRÖM", "angstrom"),
        ("Task 02", "task 2"),
        ("CAFÉ", "cafe"),
    ])
    func ordersEqual(_ a: String, _ b: String) {
        #expect(TextFolding.sortKey(a) == TextFolding.sortKey(b))
    }

    /// The key itself: folded, each run of digits without its leading zeros after its length
    /// in two digits (capped at 99).
    @Test(arguments: [
        ("", ""),
        ("Task 007 v10", "task 017 v0210"),
        ("x 000", "x 010"),
        ("0", "010"),
        ("Zoë 5", "zoe 015"),
        ("Ärger 12ab3", "arger 0212ab013"),
        ("a" + String(repeating: "1", count: 120), "a99" + String(repeating: "1", count: 120)),
        ("日本 42", "日本 0242"),
    ])
    func theKeyIsFoldedWithCountedDigitRuns(_ text: String, _ key: String) {
        #expect(TextFolding.sortKey(text) == key)
    }
}

// MARK: - JSON string literals

@Suite struct JSONQuoteTests {
    /// Every string, quoted, reads back as itself through a JSON parser other than ours, and
    /// holds no raw control character or line/paragraph separator (unsafe in JavaScript).
    @Test func quotedStringsReadBackAsThemselves() throws {
        let pieces = ["a", "ü", "日本", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1F}", "\u{7F}",
                      "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "€", "🙂", " ", "/"]
        var random = SeededRandom(seed: 2026_11_26)
        var texts = pieces + [""]
        for _ in 0..<500 {
            texts.append((0..<Int.random(in: 1...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined())
        }
        for text in texts {
            var out = ""
            JSONValue.quote(text, into: &out)
            let back = try JSONDecoder().decode(String.self, from: Data(out.utf8))
            #expect(back == text, "\(out)")
            #expect(!out.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" }, "\(out)")
        }
    }
}
