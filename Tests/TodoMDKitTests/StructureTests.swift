import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// §23: parents resolved like manual-order entries, children in order, progress, blocked
/// tasks leaving the availability views, sequential parents and projects, warnings for
/// dangling references and cycles, and the guards on completing a parent.
@Suite struct StructureTests {
    /// A trip with three subtasks written as other programs would: by filename, by stem, by wikilink.
    static func trip(_ v: TemporaryVault) throws {
        try v.task("trip.md", title: "Plan the trip", "due: \"2026-11-21\"", created: "2026-11-01T10:00:00Z")
        try v.task("flights.md", title: "Book flights", "parent: \"trip.md\"", created: "2026-11-01T11:00:00Z")
        try v.task("sub/passport.md", title: "Renew passport", "parent: \"trip\"", created: "2026-11-01T12:00:00Z")
        try v.task("pack.md", title: "Pack bags", "parent: \"[[trip|the trip]]\"", created: "2026-11-01T13:00:00Z")
    }

    @Test func parentsResolveByIdFilenameStemAndWikilink() throws {
        let v = try TemporaryVault()
        try Self.trip(v)
        let vault = try v.open()
        let trip = try vault.task("trip.md")
        #expect(trip.links.children == ["flights.md", "sub/passport.md", "pack.md"], "created ascending")
        #expect(trip.links.progress == Tally(done: 0, total: 3))
        #expect(try vault.task("sub/passport.md").links.parentID == "trip.md")
        #expect(try vault.task("pack.md").links.parentID == "trip.md")
        #expect(trip.links.parentID == nil)
    }

    @Test func taskJSONCarriesTheStructureKeys() throws {
        let v = try TemporaryVault()
        try Self.trip(v)
        try v.task("list.md", title: "Shopping", body: "- [x] milk\n- [ ] eggs\n* [X] bread\n")
        let vault = try v.open()
        let rows = try vault.list("all").tasks
        func json(_ id: String) throws -> JSONValue {
            try JSONValue.parse(try #require(rows.first { $0.id == id }).json)
        }
        let trip = try json("trip.md")
        #expect(trip["children"] == .array(["flights.md", "sub/passport.md", "pack.md"].map(JSONValue.string)))
        #expect(trip["progress"] == .object([("done", .number(0)), ("total", .number(3))]))
        #expect(trip["parent_id"] == .null)
        #expect(trip["blocked"] == .bool(false))
        let pack = try json("pack.md")
        #expect(pack["parent"] == .string("[[trip|the trip]]"), "as written")
        #expect(pack["parent_id"] == .string("trip.md"))
        #expect(pack["progress"] == .null)
        #expect(try json("list.md")["checklist"] == .object([("done", .number(2)), ("total", .number(3))]))
        // `show --json` (a task read from its file) says the same as the listing.
        let shown = try JSONValue.parse(TaskJSON.encode(try vault.task("trip.md")))
        for key in ["parent_id", "children", "progress", "checklist", "blocked", "warnings"] {
            #expect(shown[key] == trip[key], "\(key)")
        }
    }

    @Test func childrenFollowTheirParentInItsOrder() throws {
        let v = try TemporaryVault()
        try Self.trip(v)
        try v.task("other.md", title: "Other", created: "2026-11-01T10:30:00Z")
        try v.write(".order.json", #"{"version": 1, "views": {"children:trip.md": ["pack.md", "flights.md"]}}"#)
        let vault = try v.open()
        let ids = try vault.list("all", group: GroupKey.none, sort: .created, direction: .ascending).tasks.map(\.id)
        #expect(ids == ["trip.md", "pack.md", "flights.md", "sub/passport.md", "other.md"])
        #expect(Nesting.depths(try vault.list("all", group: GroupKey.none, sort: .created, direction: .ascending).tasks) == [0, 1, 1, 1, 0])
        // A child listed without its parent keeps its place and names the parent.
        let flagged = try vault.list(rules: .when("title", "string_contains", "Book"), id: "x", name: "X",
                                     sort: .created, direction: nil, group: GroupKey.none, manualKey: "x")
        #expect(flagged.tasks.map(\.id) == ["flights.md"])
        #expect(flagged.parents == ["trip.md": "Plan the trip"])
        #expect(flagged.json.contains(#""parents":{"trip.md":"Plan the trip"}"#))
    }

    @Test func reorderingChildrenWritesTheChildrenKey() throws {
        let v = try TemporaryVault()
        try Self.trip(v)
        let vault = try v.open()
        try vault.reorder("pack.md", before: "flights.md", inView: "children:trip.md")
        #expect(try vault.task("trip.md").links.children == ["pack.md", "flights.md", "sub/passport.md"])
        #expect(try v.text(".order.json").contains("children:trip.md"))
        #expect(throws: TodoError.notInView("other", view: "children:trip.md")) {
            try vault.reorder("other", before: nil, inView: "children:trip.md")
        }
    }

    @Test(arguments: [
        // (files, the task whose warning is checked, the warning's start)
        (["a.md": "parent: \"missing.md\""], "a.md", "parent: `missing.md` matches no task"),
        (["a.md": "parent: \"a.md\""], "a.md", "parent: the task is its own parent"),
        (["a.md": "parent: \"b.md\"", "b.md": "parent: \"a.md\""], "a.md", "parent: part of a cycle"),
        (["a.md": "parent: \"b.md\"", "b.md": "parent: \"c.md\"", "c.md": "parent: \"a.md\""], "c.md", "parent: part of a cycle"),
        (["a.md": "parent: \"x.md\"", "one/x.md": "", "two/x.md": ""], "a.md", "parent: `x.md` matches 2 tasks"),
        (["a.md": "blocked_by:\n  - \"nothing.md\""], "a.md", "blocked_by: `nothing.md` matches no task"),
        (["a.md": "blocked_by:\n  - \"b.md\"", "b.md": "blocked_by:\n  - \"a.md\""], "b.md", "blocked_by: `a.md` waits for this task too"),
        (["a.md": "blocked_by:\n  - {uid: \"[[b]]\", reltype: \"STARTTOSTART\"}", "b.md": ""], "a.md",
         "blocked_by: `STARTTOSTART` dependencies are not supported"),
    ])
    func danglingReferencesAndCyclesAreWarningsThatChangeNothing(files: [String: String], task: String, warning: String) throws {
        let v = try TemporaryVault()
        for (id, lines) in files { try v.task(id, title: id, lines) }
        let vault = try v.open()
        let t = try vault.task(task)
        #expect(t.links.warnings.contains { $0.hasPrefix(warning) }, "\(t.links.warnings)")
        #expect(t.links.parentID == nil, "lists as top-level")
        #expect(!t.links.blocked, "blocks nothing")
        // Every task still lists, once, and doctor names the warning.
        #expect(try vault.list("all").tasks.count == files.count)
        #expect(try vault.doctor().warnings.contains { $0.id == task && $0.warnings.contains { $0.hasPrefix(warning) } })
    }

    @Test func aBlockedTaskLeavesTheAvailabilityViewsUntilItsBlockerIsDone() throws {
        let v = try TemporaryVault()
        try v.task("flights.md", title: "Book flights", "due: \"2026-11-21\"")
        try v.task("pack.md", title: "Pack bags", "due: \"2026-11-21\"\narea: \"Home\"\nblocked_by:\n  - \"[[flights]]\"")
        let vault = try v.open()
        #expect(try vault.list("today").tasks.map(\.id) == ["flights.md"])
        #expect(try vault.list("anytime").tasks.map(\.id) == ["flights.md"])
        let area = try vault.list("area:Home").tasks
        #expect(area.map(\.id) == ["pack.md"], "stays in area views")
        #expect(area[0].links.blocked && area[0].links.blockers == ["flights.md"])
        #expect(try vault.count(rules: .when("blocked", "is", true)) == 1)

        try vault.complete("flights.md")
        #expect(try vault.list("today").tasks.map(\.id) == ["pack.md"])
        #expect(try !vault.task("pack.md").links.blocked)
    }

    @Test func aBlockerChangedByAnotherProgramUnblocksOnTheNextRead() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A", "due: \"2026-11-21\"")
        try v.task("b.md", title: "B", "due: \"2026-11-21\"\nblocked_by: \"a.md\"")
        let vault = try v.open()
        #expect(try vault.list("today").tasks.map(\.id) == ["a.md"])
        try v.write("a.md", try v.text("a.md").replacingOccurrences(of: "status: \"todo\"", with: "status: \"done\"")
            + "\n\n")
        try vault.refreshIndex()
        #expect(try vault.list("today").tasks.map(\.id) == ["b.md"])
    }

    @Test func sequentialParentsAndProjectsMakeOnlyTheFirstOpenChildAvailable() throws {
        let v = try TemporaryVault()
        try v.task("p.md", title: "Move house", "sequential: true")
        try v.task("c1.md", title: "Pack", "parent: \"p.md\"", created: "2026-11-01T11:00:00Z")
        try v.task("c2.md", title: "Load van", "parent: \"p.md\"", created: "2026-11-01T12:00:00Z")
        try v.task("c3.md", title: "Unpack", "parent: \"p.md\"", created: "2026-11-01T13:00:00Z")
        try v.task("s1.md", title: "Draft", "project: \"Essay\"", created: "2026-11-01T11:00:00Z")
        try v.task("s2.md", title: "Edit", "project: \"Essay\"", created: "2026-11-01T12:00:00Z")
        let vault = try v.open()
        var anytime = Set(try vault.list("anytime").tasks.map(\.id))
        #expect(anytime == ["p.md", "c1.md", "s1.md", "s2.md"])

        try vault.setProjectSequential("Essay", true)
        #expect(try v.text(".todomd/projects.json").contains(#""sequential" : true"#) || v.text(".todomd/projects.json").contains(#""sequential": true"#))
        anytime = Set(try vault.list("anytime").tasks.map(\.id))
        #expect(anytime == ["p.md", "c1.md", "s1.md"])

        try vault.complete("c1.md")
        anytime = Set(try vault.list("anytime").tasks.map(\.id))
        #expect(anytime == ["p.md", "c2.md", "s1.md"])
        #expect(try vault.task("c3.md").links.blockers == ["c2.md"])
    }

    @Test func completingAParentWithOpenSubtasksIsRefusedUnlessAsked() throws {
        let v = try TemporaryVault()
        try Self.trip(v)
        try v.task("deep.md", title: "Find adapter", "parent: \"pack.md\"")
        let vault = try v.open()
        let before = try v.text("trip.md")
        #expect(throws: TodoError.openSubtasks("trip.md", action: .complete,
                                               open: ["flights.md", "sub/passport.md", "pack.md", "deep.md"])) {
            try vault.complete("trip.md")
        }
        #expect(try v.text("trip.md") == before, "nothing was written")
        #expect(throws: TodoError.self) { try vault.cancel("trip.md") }
        #expect(throws: TodoError.self) { try vault.delete("trip.md") }

        try vault.complete("trip.md", subtasks: .include)
        for id in ["trip.md", "flights.md", "sub/passport.md", "pack.md", "deep.md"] {
            #expect(try vault.task(id).status == .done, "\(id)")
        }
    }

    @Test func deletingAParentTrashesOrKeepsItsSubtasks() throws {
        let v = try TemporaryVault()
        try Self.trip(v)
        var vault = try v.open()
        try vault.delete("trip.md", subtasks: .keep)
        for id in ["flights.md", "sub/passport.md", "pack.md"] {
            #expect(try vault.task(id).parent == nil, "\(id) lost its parent")
            #expect(!(try v.text(id)).contains("parent:"))
        }
        let w = try TemporaryVault()
        try Self.trip(w)
        vault = try w.open()
        try vault.delete("trip.md", subtasks: .include)
        #expect(try vault.list("all").tasks.isEmpty)
        #expect(w.exists(".trash/pack.md") && w.exists(".trash/trip.md"))
    }

    @Test func aRepeatingParentsSuccessorGetsFreshSubtasksWithShiftedDates() throws {
        let v = try TemporaryVault()
        try v.task("week.md", title: "Weekly review", "due: \"2026-11-21\"\nrecurrence: \"FREQ=WEEKLY\"")
        try v.write("inbox.md", "---\ntitle: \"Empty inbox\"\nstatus: \"done\"\nparent: \"week.md\"\ndue: \"2026-11-20\"\n"
            + "created: \"2026-11-01T10:00:00Z\"\nsource: \"test\"\n---\n\n- [x] mail\n- [ ] notes\n")
        try v.write("plan.md", "---\ntitle: \"Plan week\"\nstatus: \"cancelled\"\nparent: \"week.md\"\n"
            + "created: \"2026-11-01T11:00:00Z\"\nsource: \"test\"\n---\n")
        let vault = try v.open()
        let done = try vault.complete("week.md")
        let next = try #require(done.next)
        #expect(next.due == LocalDate(iso: "2026-11-28"))
        let fresh = try vault.task(next.id)
        #expect(fresh.links.children.count == 2)
        let copies = try fresh.links.children.map { try vault.task($0) }
        #expect(copies.map(\.title) == ["Empty inbox", "Plan week"])
        #expect(copies.allSatisfy { $0.status == .todo && $0.links.parentID == next.id })
        #expect(copies[0].due == LocalDate(iso: "2026-11-27"), "shifted by the same 7 days")
        #expect(copies[0].body == "- [ ] mail\n- [ ] notes\n", "a fresh checklist")
        // The old subtasks stay with the old occurrence.
        #expect(try vault.task("inbox.md").links.parentID == "week.md")
    }

    @Test func referencesTypedByAUserAreWrittenSoTheyResolve() throws {
        let v = try TemporaryVault()
        try v.task("20261101-1000-plan-the-trip.md", title: "Plan the trip")
        let vault = try v.open()
        var draft = TodoTask(title: "Book flights", created: vault.clock.now)
        draft.parent = "Plan the"
        let child = try vault.add(draft)
        #expect(child.parent == "20261101-1000-plan-the-trip.md")
        #expect(child.links.parentID == "20261101-1000-plan-the-trip.md")
        var bad = TodoTask(title: "Orphan", created: vault.clock.now)
        bad.parent = "no such task"
        #expect(throws: TodoError.taskNotFound("no such task")) { try vault.add(bad) }
        // A parent under its own subtask would make a cycle: refused, nothing written.
        var changes = TaskChanges()
        changes.set(.parent, .string(child.id))
        #expect(throws: TodoError.self) { try vault.update("20261101-1000-plan-the-trip.md", changes) }
        #expect(!(try v.text("20261101-1000-plan-the-trip.md")).contains("parent"))
    }

    @Test func checkingAnItemChangesExactlyOneByteAndModified() throws {
        let v = try TemporaryVault()
        try v.task("list.md", title: "Packing", "modified: \"2026-11-01T10:00:00Z\"",
                   body: "Things:\n- [ ] socks\n  + [x] charger\n```\n- [ ] not an item\n```\n- [ ] towel\n")
        let vault = try v.open()
        /// The file without its `modified` line, as bytes.
        func rest() throws -> [UInt8] {
            Array(try v.text("list.md").split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("modified: ") }.joined(separator: "\n").utf8)
        }
        let before = try rest()
        let updated = try vault.setChecklistItem("list.md", 3, checked: true)
        #expect(updated.links.checklist == Tally(done: 2, total: 3))
        let after = try rest()
        #expect(before.count == after.count)
        #expect(zip(before, after).filter { $0 != $1 }.count == 1, "exactly one byte besides `modified`")
        #expect(try v.text("list.md").contains("modified: \"2026-11-21T08:00:00Z\""))
        #expect(try v.text("list.md").contains("- [x] towel"))
        #expect(try v.text("list.md").contains("- [ ] not an item"), "fenced code is not a checklist")
        #expect(throws: TodoError.invalidValue(field: "item", value: "4", reason: "the checklist has items 1 to 3")) {
            try vault.setChecklistItem("list.md", 4, checked: true)
        }
    }

    @Test(arguments: [
        ("blocked", "is", JSONValue.bool(true), ["b.md"]),
        ("blocked", "is", .bool(false), ["a.md", "p.md", "c.md", "l.md"]),
        ("has_children", "is", .bool(true), ["p.md"]),
        ("parent", "is_not_nil", nil, ["c.md"]),
        ("parent", "equals", .string("p"), ["c.md"]),
        ("parent", "equals", .string("[[p]]"), ["c.md"]),
        ("checklist_open", "is", .bool(true), ["l.md"]),
    ] as [(String, String, JSONValue?, [String])])
    func structureRulesAgreeInSQLAndInMemory(field: String, op: String, value: JSONValue?, expected: [String]) throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        try v.task("b.md", title: "B", "blocked_by: \"a.md\"")
        try v.task("p.md", title: "P")
        try v.task("c.md", title: "C", "parent: \"p.md\"")
        try v.task("l.md", title: "L", body: "- [ ] one\n")
        let vault = try v.open()
        let rule = RuleNode.condition(RuleCondition(field, op, value))
        var compiler = RuleCompiler(today: vault.clock.today, timeZone: vault.clock.timeZone)
        let compiled = compiler.predicate(rule)
        let predicate = try #require(compiled)
        #expect(compiler.warnings.isEmpty)
        let sql = Set(try vault.index.rows(matching: predicate, timeZone: vault.clock.timeZone).map(\.id))
        #expect(sql == Set(expected))
        // The in-memory back end, over the same rows, is the oracle.
        let all = try vault.index.rows(matching: nil, timeZone: vault.clock.timeZone)
        #expect(Set(all.filter { predicate.matches($0.task, timeZone: vault.clock.timeZone) }.map(\.id)) == sql)
    }

    @Test func groupingByParentNamesGroupsByTheParentsTitle() throws {
        let v = try TemporaryVault()
        try Self.trip(v)
        let vault = try v.open()
        let groups = try vault.list("all", group: .parent).groups
        #expect(groups.map(\.name) == ["Plan the trip", "No Parent"])
        #expect(groups[0].tasks.count == 3)
    }

    @Test func taskNotesDependencyObjectsAreKeptAsWritten() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let text = try v.task("b.md", title: "B", "blocked_by:\n  - uid: \"[[a]]\"\n    reltype: \"FINISHTOSTART\"\n    gap: \"PT1H\"")
        let vault = try v.open()
        let b = try vault.task(text)
        #expect(b.links.blocked && b.links.blockers == ["a.md"])
        let json = try JSONValue.parse(TaskJSON.encode(b))
        #expect(json["blocked_by"] == .array([.object([("uid", .string("[[a]]")), ("reltype", .string("FINISHTOSTART")),
                                                      ("gap", .string("PT1H"))])]))
        // Adding a blocker rewrites the line; the object comes back as the same mapping.
        try v.task("c.md", title: "C")
        try vault.refreshIndex()
        var changes = TaskChanges()
        changes.set(.blockedBy, .list(b.blockedBy + ["c.md"]))
        let updated = try vault.update("b.md", changes)
        #expect(updated.blockedBy.count == 2)
        #expect(updated.blockedBy[0] == b.blockedBy[0])
        #expect(try v.text("b.md").contains("  - {uid: \"[[a]]\", reltype: \"FINISHTOSTART\", gap: \"PT1H\"}"))
    }

    /// Hostile structure: a chain thousands deep, a long cycle, everything waiting for everything.
    /// Nothing crashes, recurses without bound or hangs; each problem is a warning.
    @Test(.timeLimit(.minutes(1))) func deepChainsAndLongCyclesAreHandled() throws {
        var rows: [TaskStructure.Row] = []
        let depth = 20_000
        for i in 0..<depth {
            rows.append(.init(id: "c\(i).md", parent: i == 0 ? nil : "c\(i - 1)", blockedBy: [], sequential: true,
                              project: nil, status: .todo, created: Double(i)))
        }
        for i in 0..<5_000 {
            rows.append(.init(id: "r\(i).md", parent: "r\((i + 1) % 5_000).md", blockedBy: ["r\((i + 1) % 5_000)", "c0"],
                              sequential: false, project: nil, status: .todo, created: Double(i)))
        }
        let links = TaskStructure.links(of: rows)
        #expect(links["c\(depth - 1).md"]?.parentID == "c\(depth - 2).md")
        #expect(links["c0.md"]?.children == ["c1.md"])
        #expect(links["r17.md"]?.parentID == nil)
        #expect(links["r17.md"]?.warnings.contains { $0.hasPrefix("parent: part of a cycle") } == true)
        #expect(links["r17.md"]?.blockers == ["c0.md"], "the cycle blocks nothing; c0 still does")
        // Listing such a chain nests it without recursion.
        let taskRows = rows.prefix(depth).map { row -> TaskRow in
            var t = TodoTask(id: row.id, title: row.id, created: Date(timeIntervalSince1970: row.created))
            t.links = links[row.id] ?? TaskLinks()
            return TaskRow(task: t, titleKey: row.id, warningCount: 0, json: "{}")
        }
        let nested = Nesting.nest(Array(taskRows.reversed()))
        #expect(nested.map(\.id) == taskRows.map(\.id))
        #expect(Nesting.depths(nested).last == depth - 1)
    }

    @Test func anUnquotedWikilinkParentIsTheLinkMeant() throws {
        let v = try TemporaryVault()
        try v.task("trip.md", title: "Trip")
        try v.task("a.md", title: "A", "parent: [[trip]]\nblocked_by:\n  - [[trip]]")
        let vault = try v.open()
        let a = try vault.task("a.md")
        #expect(a.parent == "[[trip]]")
        #expect(a.links.parentID == "trip.md")
        #expect(a.links.blocked)
        #expect(a.warnings.isEmpty)
    }

    /// When no task names a parent or a blocker any more, the links the rows still hold from
    /// before must go too (the structure pass may skip its work only when rows hold none).
    @Test func linksGoWhenTheLastReferenceIsRemovedByAnotherProgram() throws {
        let v = try TemporaryVault()
        try Self.trip(v)
        try v.task("visa.md", title: "Get the visa", "blocked_by:\n  - \"flights\"\n")
        try v.task("loop.md", title: "Loop", "parent: \"nowhere\"")
        var vault = try v.open()
        #expect(try vault.task("trip.md").links.children.count == 3)
        #expect(try vault.task("visa.md").links.blocked)
        #expect(try !vault.task("loop.md").links.warnings.isEmpty)
        for id in ["flights.md", "sub/passport.md", "pack.md", "visa.md", "loop.md"] {
            try v.task(id, title: "No links \(id)")
        }
        vault = try v.open()
        for id in ["trip.md", "flights.md", "sub/passport.md", "pack.md", "visa.md", "loop.md"] {
            let links = try vault.task(id).links
            #expect(links.parentID == nil && links.children.isEmpty && links.progress == nil && !links.blocked
                        && links.blockers.isEmpty && links.warnings.isEmpty, "\(id) keeps no link: \(links)")
        }
    }

    /// The structure pass is skipped after a write that cannot change anyone's links; a seeded
    /// run of writes of every kind, each followed by a full pass as the oracle, shows the links
    /// left in place were always the ones a full pass computes.
    @Test func skippingTheStructurePassNeverLeavesStaleLinks() throws {
        let v = try TemporaryVault()
        try v.write(".todomd/projects.json", #"{"version": 1, "projects": {"Seq": {"sequential": true}}}"#)
        let vault = try v.open()
        var random = SeededRandom(seed: 2026_11_25)
        var ids: [String] = []
        func links() throws -> [String: TaskLinks] {
            Dictionary(uniqueKeysWithValues: try vault.index.rows(matching: nil, timeZone: vault.clock.timeZone).map {
                ($0.id, $0.links)
            })
        }
        for step in 0..<160 {
            let pick = ids.isEmpty ? nil : ids[Int.random(in: 0..<ids.count, using: &random)]
            switch (Int.random(in: 0..<8, using: &random), pick) {
            case (0, _), (_, nil):
                var t = TodoTask(title: "Task \(step)", created: vault.clock.now)
                if Bool.random(using: &random) { t.project = "Seq" }
                ids.append(try vault.add(t).id)
            case let (1, p?):
                var t = TodoTask(title: "Child \(step)", created: vault.clock.now)
                t.parent = p
                ids.append(try vault.add(t).id)
            case let (2, p?):
                _ = try? vault.complete(p, subtasks: .include)
            case let (3, p?):
                var changes = TaskChanges()
                changes.set(.title, .string("Renamed \(step)"))
                try vault.update(p, changes)
            case let (4, p?):
                var changes = TaskChanges()
                changes.set(.blockedBy, .list([ids[Int.random(in: 0..<ids.count, using: &random)]]))
                _ = try? vault.update(p, changes)
            case let (5, p?):
                _ = try? vault.delete(p, subtasks: .keep)
                ids.removeAll { $0 == p }
            case let (6, p?):
                _ = try? vault.reopen(p)
            case let (_, p?):
                var changes = TaskChanges()
                changes.set(.project, Bool.random(using: &random) ? .string("Seq") : .null)
                try vault.update(p, changes)
            }
            let kept = try links()
            try vault.index.restructure(vault.folder)
            let full = try links()
            #expect(kept == full, "step \(step): links left in place differ from a full pass")
            if kept != full { return }
        }
    }
}

/// Duplicate (§23), as Things' and Todoist's: a copy of the task and its tree, beside the
/// original, without what belongs to the original alone.
@Suite struct DuplicateTests {
    @Test func aTaskIsCopiedWithItsTreeAndItsDependenciesInsideIt() throws {
        let v = try TemporaryVault()
        try v.task("Work/trip.md", title: "Plan the trip", "due: \"2026-12-05\"\ntags: [travel]\nparent: year\nmood: calm\n"
                   + "time_entries:\n  - {start: \"2026-11-20T08:00:00Z\", end: \"2026-11-20T09:00:00Z\"}\ncarry_count: 2",
                   body: "- [x] passports\n")
        try v.task("year.md", title: "This year")
        try v.task("Work/pack.md", title: "Pack", "parent: trip\nblocked_by: [zflights, outside]")
        try v.task("Work/zflights.md", title: "Book flights", "parent: trip", status: "done")
        try v.task("outside.md", title: "Renew passport")
        let vault = try v.open()
        let copies = try vault.duplicate("Work/trip.md", source: "claude")
        #expect(copies.map(\.title) == ["Plan the trip", "Book flights", "Pack"], "the blocker before what it blocks")
        let root = copies[0]
        #expect(root.id != "Work/trip.md" && root.parent == "year.md", "beside the original, under the same parent")
        #expect((root.due?.description, root.tags, root.body) == ("2026-12-05", ["travel"], "- [x] passports\n"))
        #expect(root.extra.first { $0.key == "mood" }?.value == .string("calm"))
        #expect(root.timeEntries.isEmpty && root.carryCount == nil && root.source == "claude" && root.created == v.clock.now)
        #expect(copies[1].status == .todo && copies[1].parent == root.filename)
        #expect(copies[2].parent == root.filename)
        #expect(copies[2].blockedBy == [copies[1].filename, "outside.md"], "inside the tree on the copy, outside on the same task")
        #expect(try vault.task("Work/trip.md").links.children.count == 2, "the original keeps its own")
        #expect(try vault.task(root.id).links.children.count == 2)
    }

    @Test func aRefusedCopyTakesBackTheCopiesMade() throws {
        let v = try TemporaryVault()
        try v.task("trip.md", title: "Plan the trip")
        try v.task("pack.md", title: "Pack", "parent: trip\nblocked_by: [ghost]")
        let vault = try v.open()
        #expect(throws: TodoError.self) { try vault.duplicate("trip.md", source: "user") }
        #expect(try vault.list("all").tasks.map(\.id).sorted() == ["pack.md", "trip.md"])
        #expect(throws: TodoError.self) { try vault.duplicate("nothing.md", source: "user") }
    }
}
