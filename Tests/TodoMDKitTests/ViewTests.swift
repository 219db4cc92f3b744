import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport

// Built-in views (§6, §21 "Views and order"), their groups, the §19 listing JSON, and the
// areas/projects/tags lists. The fixed clock says Saturday 2026-11-21 09:00 Europe/Berlin.

/// A task file with `status` and extra frontmatter lines; the title is the filename's stem.
private func taskText(_ id: String, status: String = "todo", created: String = "2026-11-01T10:00:00Z",
                      _ lines: String = "") -> String {
    let stem = (id.split(separator: "/").last.map(String.init) ?? id).replacingOccurrences(of: ".md", with: "")
    var text = "---\ntitle: \"\(stem)\"\nstatus: \"\(status)\"\n"
    if !lines.isEmpty { text += lines + "\n" }
    return text + "created: \"\(created)\"\nsource: \"test\"\n---\n"
}

private extension Listing {
    var ids: [String] { tasks.map(\.id) }
    var names: [String] { groups.map(\.name) }
    var idsByGroup: [[String]] { groups.map { $0.tasks.map(\.id) } }
}

// MARK: - Membership

@Suite struct ViewMembershipTests {
    /// (name, status, frontmatter lines). Each is written as `name.md`, created a minute apart.
    static let fixture: [(String, String, String)] = [
        ("plain", "todo", ""),
        ("inprogress", "in-progress", ""),
        ("deferred", "todo", "defer: \"2026-11-25\""),
        ("defer-today", "todo", "defer: \"2026-11-21\""),
        ("defer-past", "todo", "defer: \"2026-11-10\""),
        ("overdue", "todo", "due: \"2026-11-20\""),
        ("due-today", "todo", "due: \"2026-11-21\""),
        ("due-soon", "todo", "due: \"2026-11-24\""),
        ("sched-past", "todo", "scheduled: \"2026-11-19\""),
        ("sched-soon", "todo", "scheduled: \"2026-11-23\""),
        ("deferred-due-soon", "todo", "defer: \"2026-11-23\"\ndue: \"2026-11-28\""),
        ("deferred-due-today", "todo", "defer: \"2026-11-22\"\ndue: \"2026-11-21\""),
        ("someday", "someday", ""),
        ("someday-everything", "someday",
         "due: \"2026-11-21\"\nflagged: true\narea: \"Work\"\nproject: \"Alpha\"\ntags:\n  - x"),
        ("done", "done",
         "due: \"2026-11-21\"\nflagged: true\narea: \"Work\"\nproject: \"Alpha\"\ntags:\n  - x\ncompleted: \"2026-11-20T08:00:00Z\""),
        ("cancelled", "cancelled", "flagged: true\narea: \"Work\"\nproject: \"Alpha\"\ntags:\n  - x"),
        ("flagged", "todo", "flagged: true"),
        ("flagged-deferred", "todo", "flagged: true\ndefer: \"2026-11-30\"\narea: \"Home\""),
        ("work", "todo", "area: \"Work\""),
        ("work-lower", "todo", "area: \"work\""),
        ("work-deferred", "in-progress", "area: \"Work\"\ndefer: \"2026-12-01\""),
        ("alpha", "todo", "project: \"Alpha\""),
        ("alpha-lower", "todo", "project: \"alpha\""),
        ("alpha-deferred", "todo", "project: \"Alpha\"\ndefer: \"2026-12-24\""),
        ("tagged", "todo", "tags:\n  - x\n  - y"),
        ("tagged-upper", "todo", "tags:\n  - X"),
        ("tagged-deferred", "todo", "tags:\n  - x\ndefer: \"2026-12-05\""),
        // Empty string and null mean absent (§3).
        ("empty-area", "todo", "area: \"\"\nproject: null\ntags: []"),
        // A date-time in a date field counts by its local date: the 22nd in Berlin.
        ("due-late-utc", "todo", "due: \"2026-11-21T23:30:00Z\""),
    ]

    static func makeVault() throws -> TemporaryVault {
        let v = try TemporaryVault()
        for (i, (name, status, lines)) in fixture.enumerated() {
            let created = String(format: "2026-11-01T10:%02d:00Z", i)
            try v.write(name + ".md", taskText(name, status: status, created: created, lines))
        }
        return v
    }

    static let inboxMembers = [
        "plain", "inprogress", "deferred", "defer-today", "defer-past", "overdue", "due-today", "due-soon",
        "sched-past", "sched-soon", "deferred-due-soon", "deferred-due-today", "flagged", "tagged",
        "tagged-upper", "tagged-deferred", "empty-area", "due-late-utc",
    ]
    static let anytimeMembers = [
        "plain", "inprogress", "defer-today", "defer-past", "overdue", "due-today", "due-soon", "sched-past",
        "sched-soon", "flagged", "work", "work-lower", "alpha", "alpha-lower", "tagged", "tagged-upper", "empty-area",
        "due-late-utc",
    ]

    @Test(arguments: [
        // Inbox: active, no area, no project; deferred ones included (§21).
        ("inbox", inboxMembers),
        // Today: available and (due ≤ today or scheduled ≤ today or defer = today).
        ("today", ["defer-today", "overdue", "due-today", "sched-past"]),
        // Upcoming: available and (due > today or scheduled > today); a future defer alone is not enough.
        ("upcoming", ["due-soon", "sched-soon", "due-late-utc"]),
        ("anytime", anytimeMembers),
        ("someday", ["someday", "someday-everything"]),
        // Flagged: not done/cancelled; someday and deferred included.
        ("flagged", ["someday-everything", "flagged", "flagged-deferred"]),
        ("logbook", ["done", "cancelled"]),
        ("all", fixture.map(\.0)),
        // Area/project/tag: exact, case-sensitive; someday and deferred included; closed left out.
        ("area:Work", ["someday-everything", "work", "work-deferred"]),
        ("area:work", ["work-lower"]),
        ("area:Home", ["flagged-deferred"]),
        ("area:WORK", []),
        ("area:Nowhere", []),
        ("project:Alpha", ["someday-everything", "alpha", "alpha-deferred"]),
        ("project:alpha", ["alpha-lower"]),
        ("tag:x", ["someday-everything", "tagged", "tagged-deferred"]),
        ("tag:X", ["tagged-upper"]),
        ("tag:y", ["tagged"]),
        ("tag:z", []),
    ])
    func members(view: String, expected: [String]) throws {
        let v = try Self.makeVault()
        let listing = try v.open().list(view)
        #expect(Set(listing.ids) == Set(expected.map { $0 + ".md" }))
        #expect(listing.ids.count == expected.count, "no task listed twice")
    }

    @Test(arguments: ["inbox", "anytime", "someday", "flagged", "project:Alpha", "tag:x", "project:Nowhere", "tag:z"])
    func ungroupedViewsHaveOneUnnamedGroup(view: String) throws {
        let v = try Self.makeVault()
        let listing = try v.open().list(view)
        #expect(listing.names == [""])
    }

    @Test func viewIDsAreNormalisedButScopedNamesKept() throws {
        let v = try Self.makeVault()
        let vault = try v.open()
        #expect(try vault.list("Inbox").view == "inbox")
        #expect(try vault.list("TODAY").view == "today")
        #expect(try vault.list("area:Work").view == "area:Work")
        #expect(try vault.list("project:Alpha").view == "project:Alpha")
        #expect(try vault.list("tag:x").view == "tag:x")
    }

    @Test(arguments: ["nope", "area:", "project:", "tag:", "perspective", ""])
    func unknownViewsAreErrors(view: String) throws {
        let v = try TemporaryVault()
        #expect(throws: TodoError.self) { try v.open().list(view) }
    }

    @Test func allLeavesOutNotesAndHiddenFolders() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md"))
        try v.write("Sub/b.md", taskText("b.md"))
        try v.write("Notes/n.md", taskText("n.md"))
        try v.write(".trash/t.md", taskText("t.md"))
        try v.write(".obsidian/o.md", taskText("o.md"))
        #expect(Set(try v.open().list("all").tasks.map(\.id)) == ["a.md", "Sub/b.md"])
    }

    @Test func membershipFollowsChangesToFiles() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md"))
        let vault = try v.open()
        #expect(try vault.list("inbox").ids == ["a.md"])
        try vault.complete("a.md")
        #expect(try vault.list("inbox").ids == [])
        #expect(try vault.list("logbook").ids == ["a.md"])
    }
}

// MARK: - Groups and default sorts of the built-in views

@Suite struct ViewGroupTests {
    @Test func todayPutsEachTaskInTheFirstSectionThatFits() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md", created: "2026-11-01T10:01:00Z",
                                     "due: \"2026-11-20\"\nscheduled: \"2026-11-21\"\ndefer: \"2026-11-21\""))
        try v.write("b.md", taskText("b.md", created: "2026-11-01T10:02:00Z",
                                     "due: \"2026-11-21\"\nscheduled: \"2026-11-20\"\ndefer: \"2026-11-21\""))
        try v.write("c.md", taskText("c.md", created: "2026-11-01T10:03:00Z",
                                     "scheduled: \"2026-11-21\"\ndefer: \"2026-11-21\"\ndue: \"2026-11-30\""))
        try v.write("d.md", taskText("d.md", created: "2026-11-01T10:04:00Z", "scheduled: \"2026-11-02\""))
        try v.write("e.md", taskText("e.md", created: "2026-11-01T10:05:00Z", "defer: \"2026-11-21\""))
        try v.write("f.md", taskText("f.md", created: "2026-11-01T10:00:00Z", "due: \"2026-11-14\""))
        try v.write("g.md", taskText("g.md", created: "2026-11-01T10:06:00Z",
                                     "defer: \"2026-11-21\"\ndue: \"2026-11-28\""))
        let listing = try v.open().list("today")
        #expect(listing.names == ["Overdue", "Due Today", "Scheduled", "Available Today"])
        #expect(listing.idsByGroup == [["f.md", "a.md"], ["b.md"], ["c.md", "d.md"], ["e.md", "g.md"]])
    }

    @Test func todayLeavesOutEmptySections() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md", "defer: \"2026-11-21\""))
        let listing = try v.open().list("today")
        #expect(listing.names == ["Available Today"])
        #expect(listing.ids == ["a.md"])
    }

    @Test func emptyGroupedViewHasNoGroups() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md"))
        let vault = try v.open()
        #expect(try vault.list("today").groups.isEmpty)
        #expect(try vault.list("upcoming").groups.isEmpty)
        #expect(try vault.list("logbook").groups.isEmpty)
        #expect(try vault.list("area:Work").groups.isEmpty)
    }

    @Test func todayHonoursTheManualOrder() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md", created: "2026-11-01T10:01:00Z", "due: \"2026-11-21\""))
        try v.write("b.md", taskText("b.md", created: "2026-11-01T10:02:00Z", "due: \"2026-11-21\""))
        try v.write("c.md", taskText("c.md", created: "2026-11-01T10:03:00Z", "due: \"2026-11-21\""))
        try v.write(".order.json", #"{"version": 1, "views": {"today": ["c.md", "a.md"], "inbox": ["b.md"]}}"#)
        #expect(try v.open().list("today").idsByGroup == [["c.md", "a.md", "b.md"]])
    }

    @Test func upcomingGroupsByScheduledDateWhenFutureElseDueDateAscending() throws {
        let v = try TemporaryVault()
        try v.write("p.md", taskText("p.md", created: "2026-11-01T10:05:00Z", "due: \"2026-11-25\""))
        try v.write("q.md", taskText("q.md", created: "2026-11-01T10:04:00Z",
                                     "scheduled: \"2026-11-23\"\ndue: \"2026-11-30\""))
        // Scheduled today is not "> today": the due date decides (and the task is also in Today).
        try v.write("r.md", taskText("r.md", created: "2026-11-01T10:06:00Z",
                                     "scheduled: \"2026-11-21\"\ndue: \"2026-11-25\""))
        try v.write("s.md", taskText("s.md", created: "2026-11-01T10:01:00Z", "due: \"2026-11-23\""))
        // Overdue but scheduled in the future: grouped at the scheduled date.
        try v.write("t.md", taskText("t.md", created: "2026-11-01T10:00:00Z",
                                     "scheduled: \"2026-12-01\"\ndue: \"2026-11-20\""))
        // A later year sorts after, by date not text.
        try v.write("u.md", taskText("u.md", created: "2026-11-01T10:00:00Z", "due: \"2027-01-02\""))
        let vault = try v.open()
        let listing = try vault.list("upcoming")
        #expect(listing.names == ["2026-11-23", "2026-11-25", "2026-12-01", "2027-01-02"])
        #expect(listing.idsByGroup == [["s.md", "q.md"], ["p.md", "r.md"], ["t.md"], ["u.md"]])
        #expect(try vault.list("today").ids.contains("r.md"))
        #expect(try vault.list("today").ids.contains("t.md"))
    }

    @Test func upcomingWithoutGroupsIsStillSortedByItsDate() throws {
        // §6: Upcoming's default sort is "that date ascending"; overriding only the grouping
        // must not change the sort.
        let v = try TemporaryVault()
        try v.write("late.md", taskText("late.md", created: "2026-11-01T10:00:00Z", "due: \"2026-12-20\""))
        try v.write("soon.md", taskText("soon.md", created: "2026-11-01T10:01:00Z", "due: \"2026-11-22\""))
        try v.write("mid.md", taskText("mid.md", created: "2026-11-01T10:02:00Z", "scheduled: \"2026-11-29\""))
        let listing = try v.open().list("upcoming", group: GroupKey.none)
        #expect(listing.names == [""])
        #expect(listing.ids == ["soon.md", "mid.md", "late.md"])
    }

    @Test func logbookGroupsByLocalCompletedDateNewestFirstWithNoDateLast() throws {
        let v = try TemporaryVault()
        // 23:30Z on the 20th is 00:30 on the 21st in Berlin.
        try v.write("d1.md", taskText("d1.md", status: "done", created: "2026-11-01T10:00:00Z",
                                      "completed: \"2026-11-20T23:30:00Z\""))
        try v.write("d2.md", taskText("d2.md", status: "done", created: "2026-11-01T10:01:00Z",
                                      "completed: \"2026-11-21T07:00:00Z\""))
        try v.write("d3.md", taskText("d3.md", status: "cancelled", created: "2026-11-01T10:02:00Z",
                                      "completed: \"2026-11-19T12:00:00Z\""))
        try v.write("d4.md", taskText("d4.md", status: "done", created: "2026-11-01T10:04:00Z"))
        try v.write("d5.md", taskText("d5.md", status: "cancelled", created: "2026-11-01T10:03:00Z"))
        try v.write("d6.md", taskText("d6.md", status: "done", created: "2026-11-01T10:05:00Z",
                                      "completed: \"2026-11-20T22:59:00Z\""))
        let listing = try v.open().list("logbook")
        #expect(listing.names == ["2026-11-21", "2026-11-20", "2026-11-19", "No Date"])
        #expect(listing.idsByGroup == [["d2.md", "d1.md"], ["d6.md"], ["d3.md"], ["d5.md", "d4.md"]])
    }

    @Test func allGroupsByStatusInStatusOrderSortedByCreatedAscending() throws {
        let v = try TemporaryVault()
        let files: [(String, String, String)] = [
            ("s1", "someday", "2026-11-01T08:00:00Z"),
            ("d1", "done", "2026-11-01T09:00:00Z"),
            ("t2", "todo", "2026-11-03T10:00:00Z"),
            ("c1", "cancelled", "2026-11-01T07:00:00Z"),
            ("p1", "in-progress", "2026-11-02T10:00:00Z"),
            ("t1", "todo", "2026-11-01T10:00:00Z"),
            ("p2", "in-progress", "2026-10-02T10:00:00Z"),
        ]
        for (name, status, created) in files {
            try v.write(name + ".md", taskText(name, status: status, created: created))
        }
        let listing = try v.open().list("all")
        #expect(listing.names == ["todo", "in-progress", "done", "cancelled", "someday"])
        #expect(listing.idsByGroup == [["t1.md", "t2.md"], ["p2.md", "p1.md"], ["d1.md"], ["c1.md"], ["s1.md"]])
    }

    @Test func areaViewGroupsByProjectWithNoProjectFirst() throws {
        let v = try TemporaryVault()
        try v.write("z.md", taskText("z.md", created: "2026-11-01T10:00:00Z", "area: \"Work\"\nproject: \"Beta\""))
        try v.write("y.md", taskText("y.md", created: "2026-11-01T10:01:00Z", "area: \"Work\"\nproject: \"alpha\""))
        try v.write("x.md", taskText("x.md", created: "2026-11-01T10:02:00Z", "area: \"Work\""))
        try v.write("w.md", taskText("w.md", created: "2026-11-01T10:03:00Z", "area: \"Work\"\nproject: \"Ärger\""))
        try v.write("v.md", taskText("v.md", created: "2026-11-01T10:04:00Z", "area: \"Work\"\nproject: \"Beta\""))
        try v.write("u.md", taskText("u.md", status: "someday", created: "2026-11-01T10:05:00Z", "area: \"Work\""))
        try v.write("t.md", taskText("t.md", created: "2026-11-01T10:06:00Z",
                                     "area: \"Work\"\nproject: \"Beta\"\ndefer: \"2027-01-01\""))
        try v.write("closed.md", taskText("closed.md", status: "done", "area: \"Work\"\nproject: \"Gamma\""))
        try v.write("other.md", taskText("other.md", "area: \"Home\"\nproject: \"Beta\""))
        let listing = try v.open().list("area:Work")
        #expect(listing.names == ["No Project", "alpha", "Ärger", "Beta"])
        #expect(listing.idsByGroup == [["x.md", "u.md"], ["y.md"], ["w.md"], ["z.md", "v.md", "t.md"]])
    }

    @Test func areaViewNoProjectGroupIsFirstEvenWhenCreatedLast() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md", created: "2026-11-01T10:00:00Z", "area: \"Work\"\nproject: \"A\""))
        try v.write("b.md", taskText("b.md", created: "2026-11-05T10:00:00Z", "area: \"Work\""))
        let listing = try v.open().list("area:Work")
        #expect(listing.names == ["No Project", "A"])
    }

    @Test(arguments: [
        ("inbox", ["b.md", "a.md", "c.md"]),
        ("anytime", ["b.md", "a.md", "c.md"]),
        ("someday", ["s2.md", "s1.md"]),
        ("flagged", ["a.md", "c.md"]),
    ])
    func ungroupedViewsSortManuallyThenByCreated(view: String, expected: [String]) throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md", created: "2026-11-01T10:00:00Z", "flagged: true"))
        try v.write("b.md", taskText("b.md", created: "2026-11-02T10:00:00Z"))
        try v.write("c.md", taskText("c.md", created: "2026-11-03T10:00:00Z", "flagged: true"))
        try v.write("s1.md", taskText("s1.md", status: "someday", created: "2026-11-01T10:00:00Z"))
        try v.write("s2.md", taskText("s2.md", status: "someday", created: "2026-11-02T10:00:00Z"))
        try v.write(".order.json", """
            {"version": 1, "views": {"inbox": ["b.md"], "anytime": ["b.md"], "someday": ["s2.md"]}}
            """)
        #expect(try v.open().list(view).ids == expected)
    }

    @Test func groupAndSortCanBeOverridden() throws {
        let v = try TemporaryVault()
        try v.write("b.md", taskText("b.md", created: "2026-11-01T10:00:00Z", "due: \"2026-11-20\""))
        try v.write("a.md", taskText("a.md", created: "2026-11-01T10:01:00Z", "due: \"2026-11-21\""))
        let vault = try v.open()
        let listing = try vault.list("today", group: GroupKey.none, sort: .title)
        #expect(listing.names == [""])
        #expect(listing.ids == ["a.md", "b.md"])
        let byDue = try vault.list("today", sort: .due, direction: .descending)
        #expect(byDue.names == ["Overdue", "Due Today"])
    }
}

// MARK: - Listing JSON (§19, §21)

@Suite struct ListingJSONTests {
    static let taskKeys: Set<String> = [
        "id", "title", "status", "due", "defer", "scheduled", "priority", "flagged", "area", "project", "tags",
        "recurrence", "recurrence_mode", "estimated_minutes", "parent", "blocked_by", "sequential",
        "reminders", "nag", "nag_interval", "snoozed_until", "time_entries", "description",
        "created", "modified", "completed", "source", "region", "bucket", "plan_date", "carry_count", "backlog_since",
        "note", "note_line", "body", "warnings", "extra", "parent_id", "children", "progress", "checklist", "blocked",
        "time_spent_minutes",
    ]

    func parse(_ listing: Listing) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(listing.json.utf8))
        return try #require(object as? [String: Any])
    }

    func tasks(_ json: [String: Any]) throws -> [[String: Any]] {
        let groups = try #require(json["groups"] as? [[String: Any]])
        return try groups.flatMap { try #require($0["tasks"] as? [[String: Any]]) }
    }

    @Test func emptyUngroupedListingHasOneEmptyUnnamedGroup() throws {
        let v = try TemporaryVault()
        let json = try parse(try v.open().list("inbox"))
        #expect(Set(json.keys) == ["view", "groups"])
        #expect(json["view"] as? String == "inbox")
        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.count == 1)
        #expect(Set(groups[0].keys) == ["name", "tasks"])
        #expect(groups[0]["name"] as? String == "")
        #expect((groups[0]["tasks"] as? [Any])?.isEmpty == true)
    }

    @Test func emptyGroupedListingHasNoGroups() throws {
        let v = try TemporaryVault()
        let json = try parse(try v.open().list("today"))
        #expect(json["view"] as? String == "today")
        #expect((json["groups"] as? [Any])?.isEmpty == true)
    }

    @Test func minimalTaskReportsEveryFieldWithDefaults() throws {
        let v = try TemporaryVault()
        try v.write("Inbox/min.md", taskText("min.md", created: "2026-11-01T10:00:00Z"))
        let listing = try v.open().list("inbox")
        // A JSON boolean and an empty list, not 0 or null (JSONValue tells them apart).
        let typed = try JSONValue.parse(listing.json)["groups"]?.arrayValue?.first?["tasks"]?.arrayValue?.first
        #expect(typed?["flagged"] == .bool(false))
        #expect(typed?["tags"] == .array([]))
        #expect(typed?["priority"] == .string("none"))
        let json = try parse(listing)
        let task = try #require(try tasks(json).first)
        #expect(Set(task.keys) == Self.taskKeys)
        #expect(task["id"] as? String == "Inbox/min.md")
        #expect(task["title"] as? String == "min")
        #expect(task["status"] as? String == "todo")
        for key in ["due", "defer", "scheduled", "area", "project", "recurrence", "estimated_minutes",
                    "description", "modified", "completed", "region", "bucket", "plan_date", "carry_count",
                    "backlog_since", "note", "note_line"] {
            #expect(task[key] is NSNull, "\(key) is null when absent")
        }
        #expect(task["priority"] as? String == "none")
        #expect(task["flagged"] as? Bool == false)
        #expect((task["tags"] as? [Any])?.isEmpty == true)
        #expect(task["recurrence_mode"] as? String == "fixed")
        #expect(task["created"] as? String == "2026-11-01T10:00:00Z")
        #expect(task["source"] as? String == "test")
        #expect(task["body"] as? String == "")
        #expect((task["warnings"] as? [Any])?.isEmpty == true)
        #expect((task["extra"] as? [String: Any])?.isEmpty == true)
    }

    @Test func fullTaskReportsItsValues() throws {
        let v = try TemporaryVault()
        try v.write("full.md", """
            ---
            title: "Buy groceries"
            status: "IN-PROGRESS"
            due: "2026-11-24"
            defer: 2026-11-20
            scheduled: "2026-11-21T22:30:00Z"
            priority: "High"
            flagged: yes
            area: "Personal"
            project: "Meal Prep"
            tags: "errands, food"
            recurrence: "FREQ=WEEKLY;BYDAY=SA"
            recurrence_mode: "after_completion"
            estimated_minutes: 45
            description: "Weekly run"
            created: "2026-11-01T10:00:00+01:00"
            modified: "2026-11-02T10:00:00Z"
            completed: null
            source: "user"
            mood: "happy"
            ---

            Pick up "chicken".

            """)
        let json = try parse(try v.open().list("area:Personal"))
        #expect(json["view"] as? String == "area:Personal")
        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.map { $0["name"] as? String } == ["Meal Prep"])
        let task = try #require(try tasks(json).first)
        #expect(Set(task.keys) == Self.taskKeys, "a deferred task in an area view carries no extra key")
        #expect(task["id"] as? String == "full.md")
        #expect(task["status"] as? String == "in-progress")
        #expect(task["due"] as? String == "2026-11-24")
        #expect(task["defer"] as? String == "2026-11-20")
        // A date field given a date-time with a zone keeps its local date and time (23:30 in Berlin, §24).
        #expect(task["scheduled"] as? String == "2026-11-21T23:30")
        #expect(task["priority"] as? String == "high")
        #expect(task["flagged"] as? Bool == true)
        #expect(task["area"] as? String == "Personal")
        #expect(task["project"] as? String == "Meal Prep")
        #expect(task["tags"] as? [String] == ["errands", "food"])
        #expect(task["recurrence"] as? String == "FREQ=WEEKLY;BYDAY=SA")
        #expect(task["recurrence_mode"] as? String == "after_completion")
        #expect(task["estimated_minutes"] as? Int == 45)
        #expect(task["description"] as? String == "Weekly run")
        #expect(task["created"] as? String == "2026-11-01T09:00:00Z")
        #expect(task["modified"] as? String == "2026-11-02T10:00:00Z")
        #expect(task["completed"] is NSNull)
        #expect(task["body"] as? String == "Pick up \"chicken\".\n")
        #expect((task["extra"] as? [String: Any])?["mood"] as? String == "happy")
    }

    @Test func repairedTaskReportsRepairsAndWarnings() throws {
        let v = try TemporaryVault()
        try v.write("20261101-1000-fix-me.md", "---\ntitle: \"Fix me\"\ncreated: \"2026-11-01T10:00:00Z\"\npriority: urgent\n---\n")
        let json = try parse(try v.open().list("inbox"))
        let task = try #require(try tasks(json).first)
        #expect(task["status"] as? String == "todo")
        #expect(task["source"] as? String == "unknown")
        #expect(task["priority"] as? String == "none")
        let warnings = try #require(task["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("source") })
        #expect(warnings.contains { $0.contains("priority") })
    }

    @Test func groupedListingJSONKeepsGroupOrderAndNames() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md", "due: \"2026-11-21\""))
        try v.write("b.md", taskText("b.md", "due: \"2026-11-19\""))
        try v.write("c.md", taskText("c.md", "defer: \"2026-11-21\""))
        let json = try parse(try v.open().list("today"))
        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.map { $0["name"] as? String } == ["Overdue", "Due Today", "Available Today"])
        let ids = groups.map { ($0["tasks"] as? [[String: Any]] ?? []).map { $0["id"] as? String } }
        #expect(ids == [["b.md"], ["a.md"], ["c.md"]])
    }

    @Test func taskUnderSeveralTagGroupsAppearsInEach() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md", "tags:\n  - x\n  - y"))
        let json = try parse(try v.open().list("inbox", group: .tag))
        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.map { $0["name"] as? String } == ["x", "y"])
        #expect(groups.allSatisfy { ($0["tasks"] as? [[String: Any]])?.first?["id"] as? String == "a.md" })
    }

    @Test func specialCharactersSurviveTheRoundTrip() throws {
        let v = try TemporaryVault()
        try v.write("q.md", taskText("q.md", "area: \"Wörk \\\"quoted\\\" \\\\ tab\\t\""))
        let json = try parse(try v.open().list("area:Wörk \"quoted\" \\ tab\t"))
        #expect(json["view"] as? String == "area:Wörk \"quoted\" \\ tab\t")
        #expect(try tasks(json).first?["area"] as? String == "Wörk \"quoted\" \\ tab\t")
    }
}

// MARK: - Areas, projects, tags

@Suite struct SidebarListTests {
    @Test func areasWithCountsOfOpenTasks() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md", "area: \"Work\""))
        try v.write("b.md", taskText("b.md", status: "in-progress", "area: \"Work\""))
        try v.write("c.md", taskText("c.md", status: "someday", "area: \"Work\""))
        try v.write("d.md", taskText("d.md", status: "done", "area: \"Work\""))
        try v.write("e.md", taskText("e.md", "area: \"home\""))
        try v.write("f.md", taskText("f.md", "area: \"Études\""))
        try v.write("g.md", taskText("g.md", status: "cancelled", "area: \"Gone\""))
        try v.write("h.md", taskText("h.md"))
        let areas = try v.open().areas()
        #expect(areas.map(\.name) == ["Études", "home", "Work"])
        #expect(areas.map(\.count) == [1, 1, 3])
    }

    @Test func areasFollowTheSavedOrderThenAToZ() throws {
        let v = try TemporaryVault()
        for (i, area) in ["Alpha", "Beta", "Gamma", "Delta"].enumerated() {
            try v.write("t\(i).md", taskText("t\(i).md", "area: \"\(area)\""))
        }
        try v.write(".order.json", #"{"version": 1, "views": {}, "areas": ["Gamma", "Missing", "Beta"]}"#)
        #expect(try v.open().areas().map(\.name) == ["Gamma", "Beta", "Alpha", "Delta"])
    }

    @Test func projectsCarryTheAreaMostOfTheirTasksCarry() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md", "project: \"P\"\narea: \"Home\""))
        try v.write("b.md", taskText("b.md", "project: \"P\"\narea: \"Work\""))
        try v.write("c.md", taskText("c.md", "project: \"P\"\narea: \"Work\""))
        try v.write("d.md", taskText("d.md", "project: \"P\""))
        try v.write("e.md", taskText("e.md", "project: \"Q\""))
        try v.write("f.md", taskText("f.md", "project: \"R\"\narea: \"Home\""))
        try v.write("g.md", taskText("g.md", status: "done", "project: \"P\""))
        let projects = try v.open().projects()
        #expect(projects.map(\.name) == ["P", "Q", "R"])
        #expect(projects.map(\.count) == [4, 1, 1])
        #expect(projects.map(\.area) == ["Work", nil, "Home"])
    }

    @Test func projectsFollowTheSavedOrderThenAToZ() throws {
        let v = try TemporaryVault()
        for (i, project) in ["task 10", "Task 2", "zeta", "Alpha"].enumerated() {
            try v.write("t\(i).md", taskText("t\(i).md", "project: \"\(project)\""))
        }
        try v.write(".order.json", #"{"version": 1, "views": {}, "projects": ["zeta"]}"#)
        #expect(try v.open().projects().map(\.name) == ["zeta", "Alpha", "Task 2", "task 10"])
    }

    @Test func tagsWithCountsAToZ() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md", "tags:\n  - errands\n  - Food"))
        try v.write("b.md", taskText("b.md", "tags:\n  - errands"))
        try v.write("c.md", taskText("c.md", status: "someday", "tags:\n  - ärger"))
        try v.write("d.md", taskText("d.md", status: "done", "tags:\n  - errands\n  - old"))
        try v.write("e.md", taskText("e.md", "tags:\n  - v10\n  - v2"))
        let tags = try v.open().tags()
        #expect(tags.map(\.name) == ["ärger", "errands", "Food", "v2", "v10"])
        #expect(tags.map(\.count) == [1, 2, 1, 1, 1])
    }

    /// The index keeps with each tag whether its task is open: completing, reopening, cancelling
    /// in an editor and deleting a task move its tags' counts.
    @Test func tagCountsFollowTheTasksStatus() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md", "tags:\n  - errands\n  - food"))
        try v.write("b.md", taskText("b.md", "tags:\n  - errands"))
        let vault = try v.open()
        func counts() throws -> [String: Int] {
            Dictionary(uniqueKeysWithValues: try vault.tags().map { ($0.name, $0.count) })
        }
        #expect(try counts() == ["errands": 2, "food": 1])
        _ = try vault.complete("a.md")
        #expect(try counts() == ["errands": 1])
        _ = try vault.reopen("a.md")
        #expect(try counts() == ["errands": 2, "food": 1])
        try v.write("b.md", taskText("b.md", status: "cancelled", "tags:\n  - errands"))
        #expect(try v.open().tags().map(\.count) == [1, 1])
        try FileManager.default.removeItem(atPath: v.root + "/a.md")
        #expect(try v.open().tags().isEmpty)
    }

    /// A tag a task lists twice counts the task once, and the task still matches the tag.
    @Test func aTagListedTwiceCountsItsTaskOnce() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md", "tags:\n  - errands\n  - errands\n  - Errands"))
        let vault = try v.open()
        #expect(try vault.tags().map { "\($0.name) \($0.count)" } == ["Errands 1", "errands 1"])
        #expect(try vault.list("tag:errands").tasks.map(\.id) == ["a.md"])
    }

    @Test func areasAndProjectsComeFromOneCountOfBoth() throws {
        let v = try TemporaryVault()
        try v.write("a.md", taskText("a.md", "project: \"P\"\narea: \"work\""))
        try v.write("b.md", taskText("b.md", "area: \"Work\""))
        try v.write("c.md", taskText("c.md", "project: \"p\""))
        try v.write("d.md", taskText("d.md", status: "done", "project: \"P\"\narea: \"Home\""))
        let vault = try v.open()
        let both = try vault.areasAndProjects()
        #expect(both.areas.map { "\($0.name) \($0.count)" } == ["Work 1", "work 1"])
        #expect(both.projects.map { "\($0.name) \($0.count) \($0.area ?? "-")" } == ["P 1 work", "p 1 -"])
        #expect(try vault.areas() == both.areas)
        #expect(try vault.projects() == both.projects)
    }
}
