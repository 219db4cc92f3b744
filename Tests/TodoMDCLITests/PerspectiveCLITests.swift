import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDCLI

// `todomd perspective …`, `list --perspective`, quick filter flags and `projects --order`
// (§10, §19, §21). Golden strings for human output; the fixed clock says Saturday 2026-11-21
// 09:00 Europe/Berlin and NO_COLOR is set.

private let examplePerspectives = Fixtures.examplePerspectives

/// A task file `name.md` titled `title`, created `minute` minutes after 2026-11-01 10:00Z.
private func put(_ v: TemporaryVault, _ name: String, _ title: String, _ minute: Int, status: String = "todo",
                 _ lines: String = "") throws {
    var text = "---\ntitle: \"\(title)\"\nstatus: \"\(status)\"\n"
    if !lines.isEmpty { text += lines + "\n" }
    text += String(format: "created: \"2026-11-01T10:%02d:00Z\"\nsource: \"test\"\n---\n", minute)
    try v.write(name + ".md", text)
}

/// The §10 example plus four tasks: two Work tasks it selects, one it does not, one at Home.
private func exampleVault() throws -> TemporaryVault {
    let v = try TemporaryVault()
    try v.write(".perspectives.json", examplePerspectives)
    try put(v, "report", "Write report", 0, "due: \"2026-11-24\"\npriority: \"high\"\narea: \"Work\"\nproject: \"Q4\"")
    try put(v, "bob", "Call Bob", 1, "flagged: true\narea: \"Work\"")
    try put(v, "filing", "Filing", 2, "area: \"Work\"\nproject: \"Q4\"")
    try put(v, "sleep", "Sleep", 3, "area: \"Home\"\npriority: \"high\"")
    return v
}

private extension CLIRun {
    /// Task ids of a `--json` listing, group by group.
    var groupIDs: [[String]] {
        (json["groups"] as? [[String: Any]] ?? []).map { group in
            (group["tasks"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
    }
    var groupNames: [String] { (json["groups"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
    var ids: [String] { groupIDs.flatMap { $0 } }
}

private func perspectivesFile(_ v: TemporaryVault) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(v.text(".perspectives.json").utf8)) as? [String: Any])
}

@Suite struct PerspectiveShowCLITests {
    @Test func showDrawsTheExamplesRulesAsATree() async throws {
        let v = try exampleVault()
        let show = await v.run("perspective", "show", "work-available")
        #expect(show.code == 0)
        #expect(show.stderr == "")
        #expect(show.stdout == """
            Work — Available Now  (work-available)
            All of the following:
              ├─ area equals "Work"
              ├─ status in [todo, in-progress]
              └─ Any of the following:
                   ├─ priority equals "high"
                   └─ flagged equals true
            Sort: due asc  ·  Group: project  ·  Layout: default
            Showing 2 tasks

            """)
    }

    @Test func showPrintsABuiltInViewsRules() async throws {
        let v = try TemporaryVault()
        let show = await v.run("perspective", "show", "today")
        #expect(show.code == 0)
        #expect(show.stdout == """
            Today  (today, built-in, read-only)
            All of the following:
              ├─ status in [todo, in-progress]
              ├─ Any of the following:
              │    ├─ defer is nil
              │    └─ defer on or before today  (until 2026-11-21)
              ├─ blocked is false
              └─ Any of the following:
                   ├─ due on or before today  (until 2026-11-21)
                   ├─ scheduled on or before today  (until 2026-11-21)
                   └─ defer on today  (2026-11-21)
            Sort: manual  ·  Group: today_sections
            No tasks match this perspective's filters.

            """)
    }

    /// Disabled nodes are marked "(off)"; neutral ones say why they are ignored, and are listed.
    @Test func showMarksDisabledAndNeutralNodes() async throws {
        let v = try TemporaryVault()
        try put(v, "soon", "Soon", 0, "due: \"2026-11-24\"")
        try put(v, "home", "Home", 1, "area: \"Home\"")
        let rules = """
            {"operator":"OR","conditions":[{"field":"colour","op":"equals","value":"red"},
             {"field":"area","op":"equals","value":"Home","enabled":false},
             {"field":"due","op":"in_next","value":7},{"operator":"NOT","conditions":[]}]}
            """
        let created = await v.run("perspective", "create", "--name", "Odd one", "--rules", rules)
        #expect(created.code == 0)
        #expect(created.stdout == "odd-one\n")
        let show = await v.run("perspective", "show", "odd-one")
        #expect(show.code == 0)
        #expect(show.stdout == """
            Odd one  (odd-one)
            Any of the following:
              ├─ colour equals "red"  ⚠ ignored: unknown field `colour`
              ├─ area equals "Home" (off)
              ├─ due in next 7 days  (2026-11-21 … 2026-11-28)
              └─ None of the following:  ⚠ ignored: empty group
            Sort: due  ·  Group: none  ·  Layout: default
            ⚠ rules.conditions[0]: unknown field `colour`; ignored
            ⚠ rules.conditions[3]: empty group; ignored
            Showing 1 task

            """)
        let json = await v.run("perspective", "show", "odd-one", "--json")
        #expect(json.json["warnings"] as? [String] == [
            "rules.conditions[0]: unknown field `colour`; ignored", "rules.conditions[3]: empty group; ignored",
        ])
        #expect(json.json["built_in"] as? Bool == false)
    }
}

@Suite struct PerspectiveRunCLITests {
    @Test func runPrintsTheListingAndACount() async throws {
        let v = try exampleVault()
        let run = await v.run("perspective", "run", "work-available")
        #expect(run.code == 0)
        #expect(run.stdout.contains("Write report"))
        #expect(run.stdout.contains("Call Bob"))
        #expect(!run.stdout.contains("Filing"))
        #expect(!run.stdout.contains("Sleep"))
        #expect(run.stdout.hasSuffix("\nShowing 2 tasks\n"))
        // Groups by project, "No Project" last.
        let q4 = try #require(run.stdout.range(of: "Q4 (1)"))
        let none = try #require(run.stdout.range(of: "No Project (1)"))
        #expect(q4.lowerBound < none.lowerBound)

        let one = await v.run("perspective", "run", "work-available", "--project", "Q4")
        #expect(one.stdout.hasSuffix("\nShowing 1 task\n"))

        let empty = await v.run("perspective", "run", "work-available", "--priority", "low")
        #expect(empty.code == 0)
        #expect(empty.stdout.hasSuffix("No tasks match this perspective's filters.\n"))
    }

    @Test func runJSONIsAListingWithThePerspectiveView() async throws {
        let v = try exampleVault()
        let run = await v.run("perspective", "run", "work-available", "--json")
        #expect(run.code == 0)
        #expect(run.json["view"] as? String == "perspective:work-available")
        #expect(run.groupNames == ["Q4", "No Project"])
        #expect(run.groupIDs == [["report.md"], ["bob.md"]])
        // A built-in perspective's listing is the view's.
        let today = await v.run("perspective", "run", "anytime", "--json")
        let anytime = await v.run("anytime", "--json")
        #expect(today.stdout == anytime.stdout)
    }

    @Test func listWithPerspectiveRunsThePerspective() async throws {
        let v = try exampleVault()
        let list = await v.run("list", "--perspective", "work-available", "--json")
        let run = await v.run("perspective", "run", "work-available", "--json")
        #expect(list.code == 0)
        #expect(list.stdout == run.stdout)
        // --group and --sort override the perspective's own.
        let regrouped = await v.run("list", "--perspective", "work-available", "--group", "none", "--sort", "title", "--json")
        #expect(regrouped.groupNames == [""])
        #expect(regrouped.ids == ["bob.md", "report.md"])
        let missing = await v.run("list", "--perspective", "nope")
        #expect(missing.code == 2)
        #expect(missing.stderr.contains("nope"))
    }

    /// Quick filter flags narrow views and perspectives: enum values case-insensitively,
    /// areas and projects exactly, tags with or without `#`, lists comma-separated.
    @Test func quickFilterFlags() async throws {
        let v = try exampleVault()
        try put(v, "tagged", "Tagged", 4, status: "in-progress", "tags:\n  - x")
        func ids(_ args: String...) async -> [String] { await v.run(args + ["--json"]).ids }
        #expect(await ids("list", "anytime", "--priority", "HIGH") == ["report.md", "sleep.md"])
        #expect(await ids("list", "anytime", "--area", "Work", "--status", "TODO") == ["report.md", "bob.md", "filing.md"])
        #expect(await ids("list", "anytime", "--area", "work") == [])
        #expect(await ids("list", "anytime", "--project", "Q4,Nope") == ["report.md", "filing.md"])
        #expect(await ids("list", "anytime", "--status", "in-progress") == ["tagged.md"])
        #expect(await ids("list", "anytime", "--tag", "#x") == ["tagged.md"])
        #expect(await ids("list", "anytime", "--tag", "x, y") == ["tagged.md"])
        #expect(await ids("list", "all", "--source", "test", "--area", "Home") == ["sleep.md"])
        #expect(await ids("perspective", "run", "work-available", "--status", "todo", "--priority", "high") == ["report.md"])
        #expect(await ids("list", "--perspective", "work-available", "--area", "Home") == [])
        // A view keeps its own groups and order under a filter.
        let all = await v.run("list", "all", "--status", "todo,in-progress", "--json")
        #expect(all.groupNames == ["todo", "in-progress"])
    }
}

@Suite struct PerspectiveEditCLITests {
    /// create → list → edit → show → duplicate → move → delete, checking the file each time.
    @Test func createEditDuplicateMoveDeleteRoundTrip() async throws {
        let v = try exampleVault()
        let rules = #"{"operator":"AND","conditions":[{"field":"area","op":"equals","value":"Home"}]}"#
        let created = await v.run("perspective", "create", "--name", "Home stuff", "--rules", rules, "--sort", "title",
                                  "--group", "priority", "--icon", "house", "--color", "#00FF00")
        #expect(created.code == 0)
        #expect(created.stdout == "home-stuff\n")
        var file = try perspectivesFile(v)
        #expect(file["order"] as? [String] == ["work-available", "home-stuff"])
        let stored = try #require((file["perspectives"] as? [String: Any])?["home-stuff"] as? [String: Any])
        #expect(stored["name"] as? String == "Home stuff")
        #expect(stored["icon"] as? String == "house")
        #expect(stored["color"] as? String == "#00FF00")
        #expect(stored["group_by"] as? String == "priority")
        #expect((stored["sort"] as? [String: Any])?["field"] as? String == "title")

        let list = await v.run("perspective", "list")
        #expect(list.code == 0)
        #expect(list.stdout.contains("home-stuff"))
        let listJSON = await v.run("perspective", "list", "--json")
        let all = listJSON.json["perspectives"] as? [[String: Any]] ?? []
        #expect(all.compactMap { $0["id"] as? String } == View.builtInIDs + ["work-available", "home-stuff"])
        #expect(all.compactMap { $0["built_in"] as? Bool } == Array(repeating: true, count: 8) + [false, false])

        let edited = await v.run("perspective", "edit", "home-stuff", "--name", "Home", "--layout", "compact")
        #expect(edited.code == 0)
        #expect(edited.stdout == "Saved home-stuff.\n")
        let show = await v.run("perspective", "show", "home-stuff", "--json")
        #expect(show.json["name"] as? String == "Home")
        #expect(show.json["layout"] as? String == "compact")
        #expect(show.json["icon"] as? String == "house")
        #expect(show.json["group_by"] as? String == "priority")
        #expect(show.json["warnings"] as? [String] == [])
        let run = await v.run("perspective", "run", "home-stuff", "--json")
        #expect(run.ids == ["sleep.md"])

        let duplicated = await v.run("perspective", "duplicate", "work-available")
        #expect(duplicated.code == 0)
        let copyID = duplicated.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        file = try perspectivesFile(v)
        #expect(file["order"] as? [String] == ["work-available", copyID, "home-stuff"])
        let copyShow = await v.run("perspective", "show", copyID, "--json")
        #expect(copyShow.json["name"] as? String == "Work — Available Now Copy")
        let copyRun = await v.run("perspective", "run", copyID, "--json")
        #expect(copyRun.groupIDs == [["report.md"], ["bob.md"]])

        let moved = await v.run("perspective", "move", "home-stuff", "--before", "work-available")
        #expect(moved.code == 0)
        #expect(moved.stdout == "Moved home-stuff before work-available.\n")
        #expect(try perspectivesFile(v)["order"] as? [String] == ["home-stuff", "work-available", copyID])
        let toEnd = await v.run("perspective", "move", "home-stuff")
        #expect(toEnd.stdout == "Moved home-stuff to the end.\n")
        #expect(try perspectivesFile(v)["order"] as? [String] == ["work-available", copyID, "home-stuff"])

        let deleted = await v.run("perspective", "delete", "home-stuff")
        #expect(deleted.code == 0)
        #expect(deleted.stdout == "Deleted home-stuff.\n")
        #expect(try perspectivesFile(v)["order"] as? [String] == ["work-available", copyID])
        #expect(await v.run("perspective", "run", "home-stuff").code == 2)
    }

    @Test func createWithoutOptionsUsesTheDefaults() async throws {
        let v = try TemporaryVault()
        let created = await v.run("perspective", "create", "--json")
        #expect(created.code == 0)
        #expect(created.json["id"] as? String == "untitled-perspective")
        #expect(created.json["name"] as? String == "Untitled Perspective")
        #expect(created.json["icon"] as? String == "list.bullet")
        #expect(created.json["group_by"] as? String == "none")
        #expect(created.json["layout"] as? String == "default")
        #expect((created.json["sort"] as? [String: Any])?["field"] as? String == "due")
        let rules = created.json["rules"] as? [String: Any]
        let condition = (rules?["conditions"] as? [[String: Any]])?.first
        #expect(condition?["field"] as? String == "status")
        #expect(condition?["op"] as? String == "in")
        #expect(condition?["value"] as? [String] == ["todo", "in-progress"])
    }

    @Test func manualSortThenResetSort() async throws {
        let v = try exampleVault()
        #expect(await v.run("perspective", "edit", "work-available", "--sort", "manual").code == 0)
        let manual = await v.run("perspective", "show", "work-available", "--json")
        #expect((manual.json["sort"] as? [String: Any])?["field"] as? String == "manual")
        let reset = await v.run("perspective", "edit", "work-available", "--reset-sort", "--json")
        #expect(reset.code == 0)
        let sort = reset.json["sort"] as? [String: Any]
        #expect(sort?["field"] as? String == "due")
        #expect(sort?["direction"] as? String == "asc")
    }

    /// `projects --order` saves the project order the project_order sort uses.
    @Test func projectsOrderFeedsProjectOrderSort() async throws {
        let v = try TemporaryVault()
        try put(v, "a", "A", 0, "project: \"Alpha\"")
        try put(v, "b", "B", 1, "project: \"Beta\"")
        try put(v, "c", "C", 2, "project: \"Gamma\"")
        try put(v, "d", "D", 3)
        let order = await v.run("projects", "--order", "Gamma, Alpha", "--json")
        #expect(order.code == 0)
        let names = (order.json["projects"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["Gamma", "Alpha", "Beta"])
        let orderFile = try JSONSerialization.jsonObject(with: Data(v.text(".order.json").utf8)) as? [String: Any]
        #expect(orderFile?["projects"] as? [String] == ["Gamma", "Alpha"])
        #expect(await v.run("perspective", "create", "--name", "P", "--sort", "project_order").code == 0)
        #expect(await v.run("perspective", "run", "p", "--json").ids == ["c.md", "a.md", "b.md", "d.md"])
    }
}

@Suite struct PerspectiveErrorCLITests {
    static let unknown: [[String]] = [
        ["perspective", "show", "nope"],
        ["perspective", "run", "nope"],
        ["perspective", "edit", "nope", "--name", "X"],
        ["perspective", "delete", "nope"],
        ["perspective", "duplicate", "nope"],
        ["perspective", "move", "nope"],
        ["list", "--perspective", "nope"],
    ]

    @Test(arguments: unknown) func anUnknownPerspectiveExitsWith2(_ args: [String]) async throws {
        let v = try exampleVault()
        let run = await v.run(args)
        #expect(run.code == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "error: There is no perspective `nope`. `todomd perspective list` shows them.\n")
    }

    static let readOnly: [[String]] = [
        ["perspective", "edit", "today", "--name", "Mine"],
        ["perspective", "edit", "inbox", "--sort", "title"],
        ["perspective", "delete", "today"],
    ]

    @Test(arguments: readOnly) func changingABuiltInExitsWith2(_ args: [String]) async throws {
        let v = try exampleVault()
        let before = try v.text(".perspectives.json")
        let run = await v.run(args)
        #expect(run.code == 2)
        #expect(run.stderr.hasPrefix("error: `"))
        #expect(run.stderr.contains("is a built-in perspective and cannot be changed"))
        #expect(try v.text(".perspectives.json") == before)
    }

    static let invalid: [[String]] = [
        ["perspective", "create", "--name", String(repeating: "n", count: 101)],
        ["perspective", "create", "--rules", "{not json"],
        ["perspective", "create", "--sort", "size"],
        ["perspective", "create", "--direction", "sideways"],
        ["perspective", "edit", "work-available", "--layout", "fancy"],
        ["perspective", "edit", "work-available", "--group", "colour"],
    ]

    @Test(arguments: invalid) func invalidValuesExitWith2AndWriteNothing(_ args: [String]) async throws {
        let v = try exampleVault()
        let before = try v.text(".perspectives.json")
        let run = await v.run(args)
        #expect(run.code == 2)
        #expect(run.stderr.hasPrefix("error: "))
        #expect(try v.text(".perspectives.json") == before)
    }

    /// A broken file: a warning on stderr, commands keep working from the cached version.
    @Test func aMalformedFileWarnsAndKeepsWorking() async throws {
        let v = try exampleVault()
        #expect(await v.run("perspective", "list").code == 0)  // cached
        try v.write(".perspectives.json", "{\"version\": 1, \"perspectives\": {")
        let warning = "warning: Perspectives file could not be read. Using cached version.\n"
        let list = await v.run("perspective", "list")
        #expect(list.code == 0)
        #expect(list.stderr == warning)
        #expect(list.stdout.contains("work-available"))
        let run = await v.run("perspective", "run", "work-available", "--json")
        #expect(run.code == 0)
        #expect(run.stderr == warning)
        #expect(run.ids == ["report.md", "bob.md"])
        let listed = await v.run("list", "--perspective", "work-available", "--json")
        #expect(listed.stderr == warning)
        #expect(listed.ids == ["report.md", "bob.md"])
        #expect(try v.text(".perspectives.json") == "{\"version\": 1, \"perspectives\": {")
        #expect(try v.text(".perspectives.json.backup") == "{\"version\": 1, \"perspectives\": {")
    }
}
