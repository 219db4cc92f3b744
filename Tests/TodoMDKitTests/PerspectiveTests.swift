import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport

// Custom perspectives and `.perspectives.json` (§10, §21 "Perspectives", "Views and order"):
// reading both forms, writing, unknown keys, order, defaults, a malformed file, built-in views as
// read-only perspectives, manual and project order, and quick filters.
// The fixed clock says Saturday 2026-11-21 09:00 Europe/Berlin.

// MARK: - Helpers

private let exampleFile = Fixtures.examplePerspectives

/// A task file named `name.md` whose title is `name`, created `minute` minutes after
/// 2026-11-01 10:00Z, with extra frontmatter lines.
@discardableResult
private func put(_ v: TemporaryVault, _ name: String, _ minute: Int, status: String = "todo",
                 _ lines: String = "") throws -> String {
    var text = "---\ntitle: \"\(name)\"\nstatus: \"\(status)\"\n"
    if !lines.isEmpty { text += lines + "\n" }
    text += String(format: "created: \"2026-11-01T%02d:%02d:00Z\"\nsource: \"test\"\n---\n", 10 + minute / 60, minute % 60)
    return try v.write(name + ".md", text)
}

private func json(_ text: String) throws -> JSONValue { try JSONValue.parse(text) }

private func fileJSON(_ v: TemporaryVault) throws -> JSONValue { try JSONValue.parse(try v.text(".perspectives.json")) }

private extension Listing {
    var ids: [String] { tasks.map(\.id) }
    var names: [String] { groups.map(\.name) }
    var idsByGroup: [[String]] { groups.map { $0.tasks.map(\.id) } }
}

/// A vault exercising every built-in view: statuses, dates around today, areas, projects, tags,
/// flags, completions, a manual order.
private func richVault(withOrder: Bool = true) throws -> TemporaryVault {
    let v = try TemporaryVault()
    try put(v, "inbox-a", 0)
    try put(v, "inbox-b", 1, status: "in-progress", "priority: \"high\"")
    try put(v, "overdue", 2, "due: \"2026-11-19\"\narea: \"Work\"")
    try put(v, "due-today", 3, "due: \"2026-11-21\"\nproject: \"Alpha\"\nflagged: true")
    try put(v, "sched-today", 4, "scheduled: \"2026-11-21\"\ntags:\n  - home")
    try put(v, "defer-today", 5, "defer: \"2026-11-21\"\narea: \"Home\"")
    try put(v, "deferred", 6, "defer: \"2026-11-30\"\ndue: \"2026-12-02\"\narea: \"Work\"\nproject: \"Alpha\"")
    try put(v, "soon", 7, "due: \"2026-11-24\"\nscheduled: \"2026-11-23\"\ntags:\n  - home\n  - errands")
    try put(v, "later", 8, "scheduled: \"2026-12-10\"\nflagged: true\narea: \"Work\"")
    try put(v, "someday", 9, status: "someday", "area: \"Work\"\nflagged: true")
    try put(v, "done-1", 10, status: "done", "completed: \"2026-11-20T23:30:00Z\"\nflagged: true")
    try put(v, "done-2", 11, status: "done", "completed: \"2026-11-18T10:00:00Z\"")
    try put(v, "done-nodate", 12, status: "done")
    try put(v, "cancelled", 13, status: "cancelled", "completed: \"2026-11-19T10:00:00Z\"\nproject: \"Alpha\"")
    try put(v, "beta", 14, status: "in-progress", "project: \"Beta\"\npriority: \"low\"")
    if withOrder {
        try v.write(".order.json", """
            {"version": 1, "views": {"inbox": ["inbox-b.md", "deferred.md"], "today": ["sched-today.md", "due-today.md"],
             "anytime": ["beta.md", "soon.md"], "flagged": ["later.md"], "someday": []}}
            """)
    }
    return v
}

// MARK: - Reading and writing the file

@Suite struct PerspectiveFileTests {
    @Test func readsTheCurrentForm() throws {
        let v = try TemporaryVault()
        try v.write(".perspectives.json", exampleFile)
        let vault = try v.open()
        let load = try vault.loadPerspectives()
        #expect(load.warning == nil)
        #expect(load.value.order == ["work-available"])
        let p = try vault.perspective("work-available")
        #expect(p.name == "Work — Available Now")
        #expect(p.icon == "briefcase")
        #expect(p.color == "#4A90D9")
        #expect(p.sortKey == .due)
        #expect(p.direction == .ascending)
        #expect(p.groupKey == .project)
        #expect(p.layout == "default")
        #expect(p.manualOrder == nil)
        #expect(!p.isBuiltIn)
        #expect(try p.rules.json == json("""
            {"operator": "AND", "conditions": [
              {"field": "area", "op": "equals", "value": "Work"},
              {"field": "status", "op": "in", "value": ["todo", "in-progress"]},
              {"operator": "OR", "conditions": [
                {"field": "priority", "op": "equals", "value": "high"},
                {"field": "flagged", "op": "equals", "value": true}]}]}
            """))
        // Built-in views first, then the user's perspectives in their order.
        let (all, warning) = try vault.allPerspectives()
        #expect(warning == nil)
        #expect(all.map(\.id) == View.builtInIDs + ["work-available"])
        // Reading writes nothing.
        #expect(try v.text(".perspectives.json") == exampleFile)
    }

    @Test func readsTheOlderListFormAndWritesItBackInTheCurrentForm() throws {
        let v = try TemporaryVault()
        let old = """
            {"perspectives": [
              {"id": "urgent", "name": "Urgent", "icon": "flame",
               "filter": {"operator": "OR", "conditions": [{"field": "priority", "op": "equals", "value": "high"}]},
               "sort": "title", "group_by": "area"},
              {"id": "mine", "name": "Mine", "filter": {"field": "source", "op": "equals", "value": "user"}}
            ]}
            """
        try v.write(".perspectives.json", old)
        try put(v, "high", 0, "priority: \"high\"")
        try put(v, "low", 1, "priority: \"low\"")
        let vault = try v.open()
        let urgent = try vault.perspective("urgent")
        #expect(try urgent.rules.json == json(#"{"operator": "OR", "conditions": [{"field": "priority", "op": "equals", "value": "high"}]}"#))
        #expect(urgent.sortKey == .title)
        #expect(urgent.groupKey == .area)
        #expect(try vault.run(urgent).ids == ["high.md"])
        #expect(try vault.allPerspectives().perspectives.map(\.id).suffix(2) == ["urgent", "mine"])
        #expect(try v.text(".perspectives.json") == old, "reading alone leaves the file as it was")

        _ = try vault.createPerspective(Perspective(id: "", name: "New"))
        let written = try fileJSON(v)
        #expect(written["version"] == .number(1))
        #expect(written["order"] == .array([.string("urgent"), .string("mine"), .string("new")]))
        let perspectives = try #require(written["perspectives"]?.objectValue)
        #expect(perspectives.map(\.0) == ["urgent", "mine", "new"])
        let urgentJSON = try #require(written["perspectives"]?["urgent"])
        #expect(urgentJSON["filter"] == nil)
        #expect(try urgentJSON["rules"] == json(#"{"operator": "OR", "conditions": [{"field": "priority", "op": "equals", "value": "high"}]}"#))
        #expect(urgentJSON["icon"] == .string("flame"))
        #expect(urgentJSON["group_by"] == .string("area"))
        #expect(urgentJSON["sort"]?["field"] == .string("title"))
        #expect(try written["perspectives"]?["mine"]?["rules"] == json(#"{"field": "source", "op": "equals", "value": "user"}"#))
        // And it reads back the same.
        #expect(try v.open().perspective("urgent").rules == urgent.rules)
    }

    /// Writes are pretty-printed with a 2-space indent, atomically (no temporary file left).
    @Test func writesPrettyPrintedWithTwoSpaceIndent() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let created = try vault.createPerspective(Perspective(id: ""))
        #expect(created.id == "untitled-perspective")
        #expect(try v.text(".perspectives.json") == """
            {
              "version": 1,
              "order": [
                "untitled-perspective"
              ],
              "perspectives": {
                "untitled-perspective": {
                  "id": "untitled-perspective",
                  "name": "Untitled Perspective",
                  "icon": "list.bullet",
                  "rules": {
                    "operator": "AND",
                    "conditions": [
                      {
                        "field": "status",
                        "op": "in",
                        "value": [
                          "todo",
                          "in-progress"
                        ]
                      }
                    ]
                  },
                  "sort": {
                    "field": "due"
                  },
                  "group_by": "none",
                  "layout": "default",
                  "manual_order": null
                }
              }
            }

            """)
        let names = try FileManager.default.contentsOfDirectory(atPath: v.root)
        #expect(names == [".perspectives.json"], "no temporary files are left behind")
    }

    @Test func unknownKeysAreKeptAtEveryLevel() throws {
        let v = try TemporaryVault()
        try v.write(".perspectives.json", """
            {
              "version": 1,
              "app": {"theme": "dark", "n": [1, 2.5]},
              "order": ["p", "q"],
              "perspectives": {
                "p": {
                  "id": "p", "name": "P", "icon": "star", "pinned": true,
                  "rules": {
                    "operator": "AND", "label": "outer",
                    "conditions": [
                      {"field": "area", "op": "equals", "value": "Work", "comment": "mine", "enabled": true},
                      {"field": "colour", "op": "equals", "value": "red"},
                      "a stray string",
                      {"field": "status", "op": "equals", "value": "done", "enabled": false},
                      {"operator": "OR", "collapsed": true, "conditions": []}
                    ]
                  },
                  "sort": {"field": "title", "direction": "desc", "secondary": "due"},
                  "group_by": "none",
                  "layout": "compact",
                  "manual_order": null,
                  "widget": {"size": "small"}
                },
                "q": {"id": "q", "name": "Q", "rules": {}, "sort": {"field": "due"}, "extra": 1}
              }
            }
            """)
        let vault = try v.open()
        var p = try vault.perspective("p")
        p.name = "P renamed"
        try vault.savePerspective(p)

        let written = try fileJSON(v)
        #expect(try written["app"] == json(#"{"theme": "dark", "n": [1, 2.5]}"#))
        #expect(try written["order"] == json(#"["p", "q"]"#))
        let saved = try #require(written["perspectives"]?["p"])
        #expect(saved["name"] == .string("P renamed"))
        #expect(saved["pinned"] == .bool(true))
        #expect(try saved["widget"] == json(#"{"size": "small"}"#))
        #expect(saved["layout"] == .string("compact"))
        #expect(try saved["sort"] == json(#"{"field": "title", "direction": "desc", "secondary": "due"}"#))
        let rules = try #require(saved["rules"])
        #expect(rules["label"] == .string("outer"))
        let conditions = try #require(rules["conditions"]?.arrayValue)
        #expect(conditions.count == 5)
        #expect(try conditions[0] == json(#"{"field": "area", "op": "equals", "value": "Work", "comment": "mine", "enabled": true}"#))
        // Neutral and disabled nodes are kept as they were.
        #expect(try conditions[1] == json(#"{"field": "colour", "op": "equals", "value": "red"}"#))
        #expect(conditions[2] == .string("a stray string"))
        #expect(try conditions[3] == json(#"{"field": "status", "op": "equals", "value": "done", "enabled": false}"#))
        #expect(try conditions[4] == json(#"{"operator": "OR", "collapsed": true, "conditions": []}"#))
        // The untouched perspective keeps its own unknown key.
        #expect(written["perspectives"]?["q"]?["extra"] == .number(1))
        // Neutral nodes are flagged for the user.
        let problems = try vault.perspective("p").problems(today: vault.clock.today, timeZone: vault.clock.timeZone)
        #expect(problems.contains { $0.hasPrefix("rules.conditions[1]") })
        #expect(problems.contains { $0.hasPrefix("rules.conditions[2]") })
        #expect(problems.contains { $0.hasPrefix("rules.conditions[4]") })
    }

    /// New perspectives are appended; a duplicate "[Name] Copy" goes right after its original;
    /// move puts one before another; delete removes it from the order.
    @Test func orderStaysConsistent() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        for name in ["Alpha", "Beta", "Gamma"] { _ = try vault.createPerspective(Perspective(id: "", name: name)) }
        func order() throws -> [String] { try fileJSON(v)["order"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        func custom() throws -> [String] { try vault.allPerspectives().perspectives.filter { !$0.isBuiltIn }.map(\.id) }
        #expect(try order() == ["alpha", "beta", "gamma"])

        let copy = try vault.duplicatePerspective("alpha")
        #expect(copy.name == "Alpha Copy")
        #expect(copy.id == "alpha-copy")
        #expect(!copy.isBuiltIn)
        #expect(try order() == ["alpha", "alpha-copy", "beta", "gamma"])
        let copy2 = try vault.duplicatePerspective("alpha")
        #expect(copy2.id != copy.id)
        #expect(try order() == ["alpha", copy2.id, "alpha-copy", "beta", "gamma"])
        try vault.deletePerspective(copy2.id)

        try vault.reorderPerspective("gamma", before: "alpha")
        #expect(try order() == ["gamma", "alpha", "alpha-copy", "beta"])
        try vault.reorderPerspective("alpha", before: nil)
        #expect(try order() == ["gamma", "alpha-copy", "beta", "alpha"])
        try vault.deletePerspective("alpha-copy")
        #expect(try order() == ["gamma", "beta", "alpha"])
        #expect(try fileJSON(v)["perspectives"]?["alpha-copy"] == nil)
        #expect(try custom() == ["gamma", "beta", "alpha"])

        // A built-in's copy is a new, editable perspective at the end.
        var today = try vault.duplicatePerspective("today")
        #expect(today.name == "Today Copy")
        #expect(!today.isBuiltIn)
        #expect(try order() == ["gamma", "beta", "alpha", today.id])
        today.name = "My Today"
        try vault.savePerspective(today)
        #expect(try vault.perspective(today.id).name == "My Today")

        #expect(throws: TodoError.unknownPerspective("nope")) { try vault.reorderPerspective("nope", before: nil) }
        #expect(throws: TodoError.unknownPerspective("nope")) { try vault.reorderPerspective("beta", before: "nope") }
        #expect(throws: TodoError.unknownPerspective("nope")) { try vault.deletePerspective("nope") }
        #expect(throws: TodoError.unknownPerspective("nope")) { try vault.perspective("nope") }
    }

    @Test func newPerspectivesHaveTheDefaults() throws {
        let p = Perspective(id: "x")
        #expect(p.name == "Untitled Perspective")
        #expect(p.icon == "list.bullet")
        #expect(p.rules == .all(.when("status", "in", ["todo", "in-progress"])))
        #expect(p.sortKey == .due)
        #expect(p.sortDirection == nil)
        #expect(p.groupKey == GroupKey.none)
        #expect(p.layout == "default")
        #expect(p.manualOrder == nil)
        #expect(p.color == nil)

        let v = try TemporaryVault()
        try put(v, "later", 0, "due: \"2026-12-01\"")
        try put(v, "sooner", 1, "due: \"2026-11-22\"")
        try put(v, "undated", 2, status: "in-progress")
        try put(v, "finished", 3, status: "done")
        try put(v, "maybe", 4, status: "someday")
        let vault = try v.open()
        let first = try vault.createPerspective(Perspective(id: ""))
        let second = try vault.createPerspective(Perspective(id: ""))
        #expect(first.id == "untitled-perspective")
        #expect(second.id == "untitled-perspective-2")
        // Active tasks, by due date, undated last.
        let listing = try vault.run(vault.perspective(first.id))
        #expect(listing.ids == ["sooner.md", "later.md", "undated.md"])
        #expect(listing.names == [""])
        #expect(listing.view == "perspective:untitled-perspective")
    }

    @Test func namesAreAtMostOneHundredCharacters() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let hundred = try vault.createPerspective(Perspective(id: "", name: String(repeating: "é", count: 100)))
        #expect(hundred.name.count == 100)
        #expect(throws: TodoError.self) {
            try vault.createPerspective(Perspective(id: "", name: String(repeating: "a", count: 101)))
        }
        var renamed = try vault.perspective(hundred.id)
        renamed.name = String(repeating: "b", count: 101)
        #expect(throws: TodoError.self) { try vault.savePerspective(renamed) }
        #expect(try vault.perspective(hundred.id).name == String(repeating: "é", count: 100))
        // A copy's name is kept within the limit too.
        #expect(try vault.duplicatePerspective(hundred.id).name.count <= 100)
    }

    @Test func savingRejectsUnknownSortGroupAndLayout() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        var p = try vault.createPerspective(Perspective(id: "", name: "P"))
        let before = try v.text(".perspectives.json")
        p.layout = "fancy"
        #expect(throws: TodoError.self) { try vault.savePerspective(p) }
        p.layout = "detailed"
        p.groupBy = "colour"
        #expect(throws: TodoError.self) { try vault.savePerspective(p) }
        p.groupBy = "tag"
        p.sortField = "size"
        #expect(throws: TodoError.self) { try vault.savePerspective(p) }
        #expect(try v.text(".perspectives.json") == before)
    }
}

// MARK: - A malformed file

@Suite struct PerspectiveMalformedFileTests {
    static let broken: [[UInt8]] = [
        Array(#"{"version": 1, "order": ["work-available"], "perspectives": {"#.utf8),
        Array("not json at all".utf8),
        Array(#"["a", "list"]"#.utf8),
        Array(#"{"perspectives": "nope"}"#.utf8),
        [0x7B, 0xFF, 0xFE, 0x7D],
    ]

    /// Commands keep working from the last good version; the bad bytes are copied to the backup;
    /// the bad file is left alone until the user saves a change.
    @Test(arguments: broken) func keepsWorkingFromTheLastGoodVersion(_ bad: [UInt8]) throws {
        let v = try TemporaryVault()
        try put(v, "work", 0, "area: \"Work\"\npriority: \"high\"")
        try put(v, "home", 1, "area: \"Home\"")
        try v.write(".perspectives.json", exampleFile)
        #expect(try v.open().loadPerspectives().warning == nil)  // seen once: cached

        try v.write(".perspectives.json", bytes: bad)
        let vault = try v.open()
        let load = try vault.loadPerspectives()
        #expect(load.warning == "Perspectives file could not be read. Using cached version.")
        #expect(load.value.order == ["work-available"])
        #expect(try v.bytes(".perspectives.json.backup") == bad)
        let p = try vault.perspective("work-available")
        #expect(p.name == "Work — Available Now")
        #expect(try vault.run(p).ids == ["work.md"])
        let (all, warning) = try vault.allPerspectives()
        #expect(warning == "Perspectives file could not be read. Using cached version.")
        #expect(all.map(\.id).last == "work-available")
        #expect(try v.bytes(".perspectives.json") == bad, "the bad file is not modified by reading")

        // Saving a change replaces it, from the cached version plus the change.
        _ = try vault.createPerspective(Perspective(id: "", name: "Home"))
        let written = try fileJSON(v)
        #expect(try written["order"] == json(#"["work-available", "home"]"#))
        #expect(try v.open().loadPerspectives().warning == nil)
        #expect(try v.bytes(".perspectives.json.backup") == bad)
    }

    @Test func aBrokenFileWithoutACacheGivesNoPerspectivesAndTheWarning() throws {
        let v = try TemporaryVault()
        try v.write(".perspectives.json", "{oops")
        let vault = try v.open()
        let (all, warning) = try vault.allPerspectives()
        #expect(warning == "Perspectives file could not be read. Using cached version.")
        #expect(all.map(\.id) == View.builtInIDs)
        #expect(try v.text(".perspectives.json") == "{oops")
        #expect(try v.text(".perspectives.json.backup") == "{oops")
    }

    /// The last good version is the one the vault saw when it was last opened, even when no
    /// command read perspectives then (e.g. `todomd today` ran, then the file broke).
    @Test func theLastGoodVersionIsTheOneSeenWhenTheVaultWasLastOpened() throws {
        let v = try TemporaryVault()
        try v.write(".perspectives.json", exampleFile)
        _ = try v.open()
        try v.write(".perspectives.json", "{ broken")
        let load = try v.open().loadPerspectives()
        #expect(load.warning == "Perspectives file could not be read. Using cached version.")
        #expect(load.value.perspective("work-available")?.name == "Work — Available Now")
    }

    @Test func externalEditsArePickedUpOnTheNextOpen() throws {
        let v = try TemporaryVault()
        try put(v, "work", 0, "area: \"Work\"")
        try v.write(".perspectives.json", exampleFile)
        #expect(try v.open().perspective("work-available").name == "Work — Available Now")

        try v.write(".perspectives.json", exampleFile.replacingOccurrences(of: "Work — Available Now", with: "Renamed"))
        #expect(try v.open().perspective("work-available").name == "Renamed")

        try v.write(".perspectives.json", "{ broken")
        #expect(try v.open().loadPerspectives().warning != nil)
        #expect(try v.open().perspective("work-available").name == "Renamed", "the last good version")

        // Fixed by hand: read again, no warning.
        try v.write(".perspectives.json", #"{"version": 1, "perspectives": {"fresh": {"name": "Fresh"}}}"#)
        let vault = try v.open()
        #expect(try vault.loadPerspectives().warning == nil)
        #expect(try vault.perspective("fresh").name == "Fresh")
        #expect(throws: TodoError.unknownPerspective("work-available")) { try vault.perspective("work-available") }
    }
}

// MARK: - Built-in views as perspectives

@Suite struct BuiltInPerspectiveTests {
    /// For every built-in view, running its perspective form lists exactly what the view lists.
    @Test(arguments: View.builtInIDs) func runningABuiltInPerspectiveEqualsListingTheView(_ id: String) throws {
        let v = try richVault()
        let vault = try v.open()
        let p = try vault.perspective(id)
        #expect(p.isBuiltIn)
        #expect(p.id == id)
        let view = try vault.list(id)
        let run = try vault.run(p)
        #expect(run.view == view.view)
        #expect(run.names == view.names)
        #expect(run.idsByGroup == view.idsByGroup)
        #expect(!view.ids.isEmpty, "the fixture exercises \(id)")
    }

    /// A duplicate of a built-in view is an editable copy that lists the same groups in the same
    /// order (its own manual order starts empty, so the fixture has none).
    @Test(arguments: View.builtInIDs) func aDuplicateOfABuiltInListsTheSame(_ id: String) throws {
        let v = try richVault(withOrder: false)
        let vault = try v.open()
        let copy = try vault.duplicatePerspective(id)
        #expect(!copy.isBuiltIn)
        let reloaded = try vault.perspective(copy.id)
        let view = try vault.list(id)
        let run = try vault.run(reloaded)
        #expect(run.view == "perspective:\(copy.id)")
        #expect(run.names == view.names)
        #expect(run.idsByGroup == view.idsByGroup)
    }

    /// The copy keeps the view's manual order too: a user who duplicates Today sees their list,
    /// in their order (§10 "duplicating one gives an editable custom copy").
    @Test(arguments: ["inbox", "today", "anytime", "flagged"]) func aDuplicateKeepsTheViewsManualOrder(_ id: String) throws {
        let v = try richVault(withOrder: true)
        let vault = try v.open()
        let copy = try vault.duplicatePerspective(id)
        let view = try vault.list(id)
        let run = try vault.run(vault.perspective(copy.id))
        #expect(run.names == view.names)
        #expect(run.idsByGroup == view.idsByGroup)
    }

    @Test(arguments: View.builtInIDs) func builtInsAreReadOnly(_ id: String) throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        var p = try vault.perspective(id)
        p.name = "Mine"
        #expect(throws: TodoError.readOnlyPerspective(id)) { try vault.savePerspective(p) }
        #expect(throws: TodoError.readOnlyPerspective(id)) { try vault.deletePerspective(id) }
        #expect(throws: (any Error).self) { try vault.reorderPerspective(id, before: nil) }
        #expect(!v.exists(".perspectives.json"))
    }

    /// `todomd perspective show today` needs the rules of the view: Today's are §6's.
    @Test func todaysRulesAreTheViewsRules() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let today = try vault.perspective("today")
        #expect(today.name == "Today")
        #expect(today.rules == (try View.named("today")).rules)
        #expect(today.sortKey == .manual)
        #expect(try vault.perspective("all").direction == .ascending)
    }
}

// MARK: - Sorting and filtering perspectives

@Suite struct PerspectiveSortTests {
    private func makeVault() throws -> TemporaryVault {
        let v = try TemporaryVault()
        try put(v, "a", 0, "priority: \"low\"")
        try put(v, "b", 1, "priority: \"high\"")
        try put(v, "c", 2)
        try put(v, "d", 3, "priority: \"medium\"")
        return v
    }

    @Test func manualSortUsesThePerspectivesOwnManualOrder() throws {
        let v = try makeVault()
        try v.write(".perspectives.json", """
            {"version": 1, "order": ["mine"], "perspectives": {"mine": {"id": "mine", "name": "Mine",
              "rules": {"operator": "AND", "conditions": []}, "sort": {"field": "manual"},
              "group_by": "none", "layout": "default", "manual_order": ["c.md", "gone.md", "a.md"]}}}
            """)
        try v.write(".order.json", #"{"version": 1, "views": {"perspective:mine": ["d.md"]}}"#)
        let vault = try v.open()
        #expect(try vault.run(vault.perspective("mine")).ids == ["c.md", "a.md", "b.md", "d.md"])

        try vault.reorder("b.md", before: "c.md", inView: "perspective:mine")
        let saved = try vault.perspective("mine").manualOrder ?? []
        #expect(saved.filter { $0 != "gone.md" }.prefix(3) == ["b.md", "c.md", "a.md"])
        #expect(saved.contains("gone.md"), "entries for missing files are kept")
        #expect(try vault.run(vault.perspective("mine")).ids == ["b.md", "c.md", "a.md", "d.md"])
        #expect(try v.text(".order.json") == #"{"version": 1, "views": {"perspective:mine": ["d.md"]}}"#)
    }

    @Test func withoutItsOwnOrderAPerspectiveUsesOrderJSON() throws {
        let v = try makeVault()
        let vault = try v.open()
        var draft = Perspective(id: "", name: "Mine")
        draft.setSort("manual", direction: nil)
        let p = try vault.createPerspective(draft)
        let before = try v.text(".perspectives.json")
        #expect(try vault.run(p).ids == ["a.md", "b.md", "c.md", "d.md"])
        try vault.reorder("d.md", before: "a.md", inView: "perspective:\(p.id)")
        #expect(try vault.run(vault.perspective(p.id)).ids == ["d.md", "a.md", "b.md", "c.md"])
        let order = try JSONValue.parse(try v.text(".order.json"))
        #expect(order["views"]?["perspective:\(p.id)"]?.arrayValue?.first == .string("d.md"))
        #expect(try v.text(".perspectives.json") == before)
    }

    /// Switching to manual remembers the sort it replaced; reset goes back to it (after a save).
    @Test func resetSortReturnsToThePreviousSort() throws {
        let v = try makeVault()
        let vault = try v.open()
        var draft = Perspective(id: "", name: "By priority")
        draft.setSort("priority", direction: "asc")
        var p = try vault.createPerspective(draft)
        #expect(try vault.run(p).ids == ["c.md", "a.md", "d.md", "b.md"])

        p.setSort("manual", direction: nil)
        p.manualOrder = ["d.md", "c.md"]
        try vault.savePerspective(p)
        var manual = try vault.perspective(p.id)
        #expect(manual.sortKey == .manual)
        #expect(try vault.run(manual).ids == ["d.md", "c.md", "a.md", "b.md"])

        manual.resetSort()
        try vault.savePerspective(manual)
        let reset = try vault.perspective(p.id)
        #expect(reset.sortKey == .priority)
        #expect(reset.direction == .ascending)
        #expect(reset.manualOrder == nil)
        #expect(try vault.run(reset).ids == ["c.md", "a.md", "d.md", "b.md"])
    }

    @Test func resetSortWithoutAPreviousSortIsDue() {
        var p = Perspective(id: "x")
        p.setSort("title", direction: "desc")
        p.resetSort()
        #expect(p.sortKey == .due)
    }

    /// project_order: the saved project order, missing projects A–Z after it, no project last;
    /// within a project priority high→none, then created newest first.
    @Test func projectOrderUsesTheSavedProjectOrder() throws {
        let v = try TemporaryVault()
        try put(v, "alpha-old", 0, "project: \"Alpha\"")
        try put(v, "alpha-new", 1, "project: \"Alpha\"")
        try put(v, "alpha-high", 2, "project: \"Alpha\"\npriority: \"high\"")
        try put(v, "beta", 3, "project: \"Beta\"")
        try put(v, "gamma", 4, "project: \"Gamma\"")
        try put(v, "delta", 5, "project: \"delta\"")
        try put(v, "loose", 6)
        let vault = try v.open()
        try vault.setProjectOrder(["Gamma", "Alpha"])
        var draft = Perspective(id: "", name: "Projects")
        draft.setSort("project_order", direction: "desc")  // project_* ignore direction
        let p = try vault.createPerspective(draft)
        #expect(try vault.run(p).ids == [
            "gamma.md", "alpha-high.md", "alpha-new.md", "alpha-old.md", "beta.md", "delta.md", "loose.md",
        ])
    }

    /// A quick filter narrows a view or a perspective (AND with its rules).
    @Test func quickFiltersCombineWithViewsAndPerspectives() throws {
        let v = try TemporaryVault()
        try put(v, "work-high", 0, "area: \"Work\"\npriority: \"high\"\ntags:\n  - a")
        try put(v, "work-low", 1, status: "in-progress", "area: \"Work\"\npriority: \"low\"\ntags:\n  - b")
        try put(v, "home-high", 2, "area: \"Home\"\npriority: \"high\"\nproject: \"House\"")
        try put(v, "work-done", 3, status: "done", "area: \"Work\"\npriority: \"high\"")
        try put(v, "inbox", 4, "priority: \"high\"")
        try v.write(".perspectives.json", exampleFile)
        let vault = try v.open()

        var filter = QuickFilter()
        #expect(filter.isEmpty)
        #expect(filter.rules == nil)
        filter.priorities = ["High"]
        let anytime = try vault.perspective("anytime")
        #expect(try vault.run(anytime, extra: filter.rules).ids == ["work-high.md", "home-high.md", "inbox.md"])
        filter.areas = ["Work"]
        #expect(try vault.run(anytime, extra: filter.rules).ids == ["work-high.md"])
        filter.areas = ["work"]  // exact
        #expect(try vault.run(anytime, extra: filter.rules).ids == [])

        // With a view's rules through list(rules:).
        var byStatus = QuickFilter()
        byStatus.statuses = ["IN-PROGRESS", "done"]
        let all = try View.named("all")
        let rules = RuleNode.group(RuleGroup(.and, [all.rules, try #require(byStatus.rules)]))
        let listing = try vault.list(rules: rules, id: all.id, name: all.name, sort: all.sort, direction: all.sortDirection,
                                     group: all.group, manualKey: all.id)
        #expect(listing.names == ["in-progress", "done"])
        #expect(listing.ids == ["work-low.md", "work-done.md"])

        // With a custom perspective: work-available is Work, active, high or flagged.
        let work = try vault.perspective("work-available")
        #expect(try vault.run(work).ids == ["work-high.md"])
        var tags = QuickFilter()
        tags.tags = ["b", "a"]
        #expect(try vault.run(work, extra: tags.rules).ids == ["work-high.md"])
        tags.tags = ["b"]
        #expect(try vault.run(work, extra: tags.rules).ids == [])
        var projects = QuickFilter()
        projects.projects = ["House"]
        projects.sources = ["test"]
        #expect(try vault.run(anytime, extra: projects.rules).ids == ["home-high.md"])
    }

    /// `run` may override a perspective's group and sort, like `list` does for views.
    @Test func runOverridesGroupAndSort() throws {
        let v = try makeVault()
        try v.write(".perspectives.json", exampleFile)
        let vault = try v.open()
        let p = try vault.createPerspective(Perspective(id: "", name: "All open"))
        let byPriority = try vault.run(p, group: .priority, sort: .title)
        #expect(byPriority.names == ["high", "medium", "low", "none"])
        #expect(byPriority.idsByGroup == [["b.md"], ["d.md"], ["a.md"], ["c.md"]])
        #expect(try vault.run(p, sort: .title, direction: .descending).ids == ["d.md", "c.md", "b.md", "a.md"])
    }
}
