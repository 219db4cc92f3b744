import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport

// Group keys, their order and names (§7, §21 "Output and JSON"). Cases list the `all` view
// (sorted by created, oldest first) regrouped; today is Saturday 2026-11-21 in Berlin.

/// (file stem, frontmatter lines); a `status:` line replaces the default `todo`.
private typealias GroupTask = (name: String, lines: String)

private func write(_ tasks: [GroupTask], to v: TemporaryVault) throws {
    for (i, task) in tasks.enumerated() {
        var text = "---\ntitle: \"\(task.name)\"\n"
        if !task.lines.contains("status:") { text += "status: \"todo\"\n" }
        if !task.lines.isEmpty { text += task.lines + "\n" }
        text += String(format: "created: \"2026-11-01T10:%02d:00Z\"\n", i)
        if !task.lines.contains("source:") { text += "source: \"test\"\n" }
        try v.write(task.name + ".md", text + "---\n")
    }
}

private struct GroupCase: Sendable, CustomTestStringConvertible {
    let key: GroupKey
    let tasks: [GroupTask]
    /// (group name, task stems) in order.
    let expected: [(String, [String])]
    var testDescription: String { key.rawValue }
}

private let groupCases: [GroupCase] = [
    GroupCase(key: .none, tasks: [("t0", "area: \"Work\""), ("t1", "status: \"done\""), ("t2", "")],
              expected: [("", ["t0", "t1", "t2"])]),
    GroupCase(key: .area,
              tasks: [("t0", "area: \"Work\""), ("t1", "area: \"alpha\""), ("t2", ""), ("t3", "area: \"Äpfel\""),
                      ("t4", "area: \"Work\""), ("t5", "area: \"Area 10\""), ("t6", "area: \"Area 9\"")],
              expected: [("alpha", ["t1"]), ("Äpfel", ["t3"]), ("Area 9", ["t6"]), ("Area 10", ["t5"]),
                         ("Work", ["t0", "t4"]), ("No Area", ["t2"])]),
    GroupCase(key: .project,
              tasks: [("t0", "project: \"Zeta\""), ("t1", ""), ("t2", "project: \"beta\"\narea: \"Work\""),
                      ("t3", "project: \"Beta Two\""), ("t4", "project: \"Zeta\"\nstatus: \"someday\"")],
              expected: [("beta", ["t2"]), ("Beta Two", ["t3"]), ("Zeta", ["t0", "t4"]), ("No Project", ["t1"])]),
    // A task with several tags appears under each; untagged last.
    GroupCase(key: .tag,
              tasks: [("t0", "tags:\n  - b\n  - a"), ("t1", "tags:\n  - a"), ("t2", ""), ("t3", "tags:\n  - v10"),
                      ("t4", "tags:\n  - v2\n  - b"), ("t5", "tags: \"Über, ober\"")],
              expected: [("a", ["t0", "t1"]), ("b", ["t0", "t4"]), ("ober", ["t5"]), ("Über", ["t5"]),
                         ("v2", ["t4"]), ("v10", ["t3"]), ("No Tags", ["t2"])]),
    GroupCase(key: .priority,
              tasks: [("t0", "priority: \"low\""), ("t1", ""), ("t2", "priority: \"high\""), ("t3", "priority: \"none\""),
                      ("t4", "priority: \"medium\""), ("t5", "priority: \"high\"")],
              expected: [("high", ["t2", "t5"]), ("medium", ["t4"]), ("low", ["t0"]), ("none", ["t1", "t3"])]),
    GroupCase(key: .due,
              tasks: [("later", "due: \"2026-11-28\""), ("none", ""), ("next", "due: \"2026-11-27\""),
                      ("tomorrow", "due: \"2026-11-22\""), ("today", "due: \"2026-11-21\""),
                      ("overdue", "due: \"2026-11-20\""), ("next2", "due: \"2026-11-23\""),
                      ("old", "due: \"2025-01-01\"")],
              expected: [("Overdue", ["overdue", "old"]), ("Today", ["today"]), ("Tomorrow", ["tomorrow"]),
                         ("Next 7 Days", ["next", "next2"]), ("Later", ["later"]), ("No Due Date", ["none"])]),
    // Empty buckets are left out.
    GroupCase(key: .due, tasks: [("l", "due: \"2027-01-01\""), ("o", "due: \"2026-11-01\"")],
              expected: [("Overdue", ["o"]), ("Later", ["l"])]),
    GroupCase(key: .scheduled,
              tasks: [("t0", "scheduled: \"2026-11-25\""), ("t1", ""), ("t2", "scheduled: \"2026-11-19\""),
                      ("t3", "scheduled: \"2026-11-25\""), ("t4", "scheduled: \"2027-01-01\""),
                      ("t5", "scheduled: \"2026-12-09\"")],
              expected: [("2026-11-19", ["t2"]), ("2026-11-25", ["t0", "t3"]), ("2026-12-09", ["t5"]),
                         ("2027-01-01", ["t4"]), ("No Scheduled Date", ["t1"])]),
    GroupCase(key: .deferDate,
              tasks: [("t0", "defer: \"2026-11-25\""), ("t1", ""), ("t2", "defer: \"2026-11-19\""),
                      ("t3", "defer: \"2026-11-25\""), ("t4", "defer: \"2026-12-10\"")],
              expected: [("2026-11-19", ["t2"]), ("2026-11-25", ["t0", "t3"]), ("2026-12-10", ["t4"]),
                         ("No Defer Date", ["t1"])]),
    GroupCase(key: .source,
              tasks: [("t0", "source: \"user\""), ("t1", "source: \"claude\""), ("t2", "source: \"Script\""),
                      ("t3", "source: \"ärger-bot\""), ("t4", "source: \"claude\"")],
              expected: [("ärger-bot", ["t3"]), ("claude", ["t1", "t4"]), ("Script", ["t2"]), ("user", ["t0"])]),
    GroupCase(key: .status,
              tasks: [("t0", "status: \"someday\""), ("t1", "status: \"cancelled\""), ("t2", "status: \"done\""),
                      ("t3", "status: \"in-progress\""), ("t4", ""), ("t5", "status: \"Done\"")],
              expected: [("todo", ["t4"]), ("in-progress", ["t3"]), ("done", ["t2", "t5"]), ("cancelled", ["t1"]),
                         ("someday", ["t0"])]),
    GroupCase(key: .region,
              tasks: [("t0", "region: \"evening\""), ("t1", "region: \"morning\""), ("t2", ""),
                      ("t3", "region: \"backlog\"\nbucket: \"none\""), ("t4", "region: \"afternoon\""),
                      ("t5", "region: \"Morning\"")],
              expected: [("morning", ["t1", "t5"]), ("afternoon", ["t4"]), ("evening", ["t0"]), ("backlog", ["t3"]),
                         ("No Region", ["t2"])]),
]

@Suite struct GroupingTests {
    @Test(arguments: groupCases)
    fileprivate func groupsTheAllView(_ c: GroupCase) throws {
        let v = try TemporaryVault()
        try write(c.tasks, to: v)
        let listing = try v.open().list("all", group: c.key)
        #expect(listing.groups.map(\.name) == c.expected.map(\.0))
        #expect(listing.groups.map { $0.tasks.map(\.id) } == c.expected.map { $0.1.map { $0 + ".md" } })
    }

    @Test(arguments: [
        ("2025-01-01", "Overdue"),
        ("2026-11-20", "Overdue"),
        ("2026-11-21", "Today"),
        ("2026-11-22", "Tomorrow"),
        ("2026-11-23", "Next 7 Days"),  // today+2
        ("2026-11-27", "Next 7 Days"),  // today+6
        ("2026-11-28", "Later"),        // today+7
        ("2027-11-21", "Later"),
    ])
    func dueBuckets(due: String, bucket: String) throws {
        let v = try TemporaryVault()
        try write([("t", "due: \"\(due)\"")], to: v)
        #expect(try v.open().list("all", group: .due).groups.map(\.name) == [bucket])
    }

    @Test func dueBucketsWithoutADueDate() throws {
        let v = try TemporaryVault()
        try write([("t", "")], to: v)
        #expect(try v.open().list("all", group: .due).groups.map(\.name) == ["No Due Date"])
    }

    /// "Today" is the local date: 23:30 UTC on the 20th is already the 21st in Berlin.
    @Test(arguments: [
        ("2026-11-20T23:30:00Z", "Europe/Berlin", ["Today", "Tomorrow", "Next 7 Days"]),
        ("2026-11-20T23:30:00Z", "UTC", ["Tomorrow", "Next 7 Days", "Next 7 Days"]),
        ("2026-11-21T09:00:00", "Pacific/Kiritimati", ["Today", "Tomorrow", "Next 7 Days"]),
        ("2026-11-21T09:00:00", "America/Los_Angeles", ["Today", "Tomorrow", "Next 7 Days"]),
    ])
    func dueBucketsUseTheLocalToday(now: String, zone: String, buckets: [String]) throws {
        let v = try TemporaryVault(now: now, timeZone: zone)
        try write([("a", "due: \"2026-11-21\""), ("b", "due: \"2026-11-22\""), ("c", "due: \"2026-11-23\"")], to: v)
        let listing = try v.open().list("all", group: .due, sort: .due)
        var bucketOf: [String: String] = [:]
        for group in listing.groups { for task in group.tasks { bucketOf[task.id] = group.name } }
        #expect(["a.md", "b.md", "c.md"].map { bucketOf[$0] } == buckets)
    }

    /// Across the start of summer time the day arithmetic stays calendar-based.
    @Test func dueBucketsAcrossADaylightSavingChange() throws {
        let v = try TemporaryVault(now: "2026-03-28T23:30:00", timeZone: "Europe/Berlin")
        try write([("a", "due: \"2026-03-29\""), ("b", "due: \"2026-04-03\""), ("c", "due: \"2026-04-04\""),
                   ("d", "due: \"2026-03-28\"")], to: v)
        let listing = try v.open().list("all", group: .due)
        #expect(listing.groups.map(\.name) == ["Today", "Tomorrow", "Next 7 Days", "Later"])
        #expect(listing.groups.map { $0.tasks.map(\.id) } == [["d.md"], ["a.md"], ["b.md"], ["c.md"]])
    }

    @Test func tagsMakeOneGroupPerExactCombination() throws {
        let v = try TemporaryVault()
        try write([("t0", "tags:\n  - b\n  - a"), ("t1", "tags:\n  - a\n  - b"), ("t2", "tags:\n  - a"),
                   ("t3", ""), ("t4", "tags:\n  - b"), ("t5", "tags:\n  - a\n  - b\n  - c")], to: v)
        let listing = try v.open().list("all", group: .tags)
        #expect(listing.groups.map { $0.tasks.map(\.id) }
                == [["t2.md"], ["t0.md", "t1.md"], ["t5.md"], ["t4.md"], ["t3.md"]])
        let names = listing.groups.map(\.name)
        #expect(names.first == "a")
        #expect(names.last == "No Tags")
        #expect(names[3] == "b")
        #expect(names[1].contains("a") && names[1].contains("b"))
        #expect(Set(names).count == names.count)
    }

    @Test func differentCombinationsAreDifferentGroupsEvenWhenTheirNamesLookAlike() throws {
        // A single tag "a, b" (a list item containing a comma) is not the combination {a, b}.
        let v = try TemporaryVault()
        try write([("t0", "tags:\n  - \"a, b\""), ("t1", "tags:\n  - a\n  - b")], to: v)
        let vault = try v.open()
        #expect(try vault.list("all", group: .tag).groups.map(\.name) == ["a", "a, b", "b"])
        let listing = try vault.list("all", group: .tags)
        #expect(listing.groups.count == 2)
    }

    @Test func aTaskAppearsOnceUnderARepeatedTag() throws {
        let v = try TemporaryVault()
        try write([("t0", "tags:\n  - a\n  - a")], to: v)
        let listing = try v.open().list("all", group: .tag)
        #expect(listing.groups.map(\.name) == ["a"])
        #expect(listing.tasks.map(\.id) == ["t0.md"])
    }

    @Test func tagGroupsMatchTagsExactly() throws {
        let v = try TemporaryVault()
        try write([("t0", "tags:\n  - Home"), ("t1", "tags:\n  - home")], to: v)
        let listing = try v.open().list("all", group: .tag)
        #expect(Set(listing.groups.map(\.name)) == ["Home", "home"])
        #expect(listing.groups.allSatisfy { $0.tasks.count == 1 })
    }

    @Test func flaggedGroupComesFirst() throws {
        let v = try TemporaryVault()
        try write([("t0", ""), ("t1", "flagged: true"), ("t2", "flagged: false"), ("t3", "flagged: yes")], to: v)
        let listing = try v.open().list("all", group: .flagged)
        #expect(listing.groups.count == 2)
        #expect(listing.groups.map { $0.tasks.map(\.id) } == [["t1.md", "t3.md"], ["t0.md", "t2.md"]])
        #expect(listing.groups.allSatisfy { !$0.name.isEmpty })
    }

    @Test func missingSourceIsRepairedToUnknown() throws {
        let v = try TemporaryVault()
        try v.write("a.md", "---\ntitle: \"A\"\nstatus: \"todo\"\ncreated: \"2026-11-01T10:00:00Z\"\n---\n")
        try write([("b", "source: \"zed\"")], to: v)
        let listing = try v.open().list("all", group: .source)
        #expect(listing.groups.map(\.name) == ["unknown", "zed"])
    }

    @Test(arguments: [GroupKey.area, .project, .tag, .tags, .priority, .due, .scheduled, .deferDate, .flagged,
                      .source, .status, .region])
    func emptyListingsHaveNoGroups(key: GroupKey) throws {
        let v = try TemporaryVault()
        #expect(try v.open().list("inbox", group: key).groups.isEmpty)
    }

    @Test func emptyUngroupedListingHasOneUnnamedGroup() throws {
        let v = try TemporaryVault()
        let listing = try v.open().list("all", group: GroupKey.none)
        #expect(listing.groups.map(\.name) == [""])
        #expect(listing.tasks.isEmpty)
    }

    @Test func groupingAppliesToTheViewsMembersOnly() throws {
        let v = try TemporaryVault()
        try write([("a", "due: \"2026-11-20\""), ("b", "due: \"2026-11-20\"\narea: \"Work\""),
                   ("c", "status: \"done\"\ndue: \"2026-11-22\""), ("d", "")], to: v)
        let listing = try v.open().list("inbox", group: .due)
        #expect(listing.groups.map(\.name) == ["Overdue", "No Due Date"])
        #expect(listing.tasks.map(\.id) == ["a.md", "d.md"])
    }

    @Test(arguments: [
        ("none", GroupKey.none), ("area", .area), ("project", .project), ("tag", .tag), ("tags", .tags),
        ("priority", .priority), ("due", .due), ("scheduled", .scheduled), ("defer", .deferDate),
        ("flagged", .flagged), ("source", .source), ("status", .status), ("region", .region),
    ])
    func keysHaveTheirSpecNames(name: String, key: GroupKey) {
        #expect(GroupKey(rawValue: name) == key)
        #expect(GroupKey.userKeys.contains(key))
    }
}
