import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDCLI

@Suite struct CLIStoryTests {
    /// `init --sample` (also a first `serve`): tasks that read cleanly and show what the product
    /// does — subtasks, one waiting for another, a checklist, a Logbook, a template.
    @Test func theSampleVaultShowsEachPartOfTheProduct() async throws {
        let v = try TemporaryVault()
        let made = await v.run("init", "--sample", "--no-categories")
        #expect(made.stdout.contains("Added 15 sample tasks."), "\(made.stdout)")
        #expect(await v.run("doctor").stdout.contains("15 tasks, 0 unparseable files, 0 tasks with warnings."))
        let vault = try v.open()
        let all = try vault.list("all").tasks
        #expect(all.count == 15)
        let offsite = try #require(all.first { $0.title == "Plan team offsite" })
        #expect(try vault.task(offsite.id).links.children.count == 2)
        let agenda = try vault.task(try #require(all.first { $0.title == "Send the agenda" }).id)
        #expect(agenda.links.blocked)
        #expect(try vault.list("logbook").tasks.map(\.title).sorted() == ["Pay the electricity bill", "Water the plants"])
        #expect(try vault.task(try #require(all.first { $0.title == "Sort out the garage" }).id).links.checklist == Tally(done: 1, total: 3))
        #expect(try vault.templates().map(\.name) == ["weekly-review"])
        let review = try #require(try vault.addFromTemplate("weekly-review", text: nil, source: "user").first)
        #expect(review.scheduled == vault.clock.today.adding(days: 6), "the Friday after, from a Saturday")
    }

    /// The README story: make a vault, add tasks, drop in another program's file, see views,
    /// edit, complete, defer and delete.
    @Test func aNewUsersFirstSession() async throws {
        let v = try TemporaryVault()
        #expect(await v.run("init").code == 0)
        let added = await v.run("add", "Buy", "milk", "--due", "today", "--tag", "errands")
        #expect(added.code == 0)
        #expect(added.stdout == "20261121-0800-buy-milk.md\n")

        // Another program writes a file with just title, status, created and source (§21).
        try v.write("20260101-0900-call-bob.md", """
            ---
            title: "Call Bob"
            status: "todo"
            created: "2026-01-01T09:00:00Z"
            source: "cli-script"
            ---

            """)
        let inbox = await v.run("inbox", "--json")
        let tasks = (inbox.json["groups"] as? [[String: Any]])?.first?["tasks"] as? [[String: Any]] ?? []
        #expect(tasks.map { $0["title"] as? String } == ["Call Bob", "Buy milk"])
        #expect(tasks.first?["warnings"] as? [String] == [])

        let today = await v.run("today")
        #expect(today.stdout.contains("Due Today (1)"))
        #expect(today.stdout.contains("Buy milk"))

        #expect(await v.run("edit", "milk", "--priority", "high", "--clear", "due").code == 0)
        #expect(try v.text("20261121-0800-buy-milk.md").contains("priority: \"high\"\n"))
        #expect(!(try v.text("20261121-0800-buy-milk.md").contains("due:")))

        #expect(await v.run("defer", "bob", "2026-11-25").code == 0)
        #expect(try v.text("20260101-0900-call-bob.md").contains("defer: \"2026-11-25\"\n"))
        // Deferred tasks leave Anytime but stay in the Inbox (§21).
        let anytime = await v.run("anytime", "--json")
        let anytimeTitles = ((anytime.json["groups"] as? [[String: Any]])?.first?["tasks"] as? [[String: Any]] ?? [])
            .compactMap { $0["title"] as? String }
        #expect(anytimeTitles == ["Buy milk"])

        let done = await v.run("done", "milk", "--json")
        #expect(done.code == 0)
        #expect(done.json["status"] as? String == "done")
        #expect(done.json["completed"] as? String == "2026-11-21T08:00:00Z")
        let logbook = await v.run("logbook", "--json")
        #expect((logbook.json["groups"] as? [[String: Any]])?.first?["name"] as? String == "2026-11-21")

        #expect(await v.run("reopen", "milk").code == 0)
        #expect(try v.text("20261121-0800-buy-milk.md").contains("completed: null\n"))

        #expect(await v.run("delete", "bob").code == 0)
        #expect(v.exists(".trash/20260101-0900-call-bob.md"))
        #expect(!v.exists("20260101-0900-call-bob.md"))
    }

    @Test func addPrintsTheIdAloneAndJSONTheTask() async throws {
        let v = try TemporaryVault()
        let plain = await v.run("add", "Write report", "--project", "Q4", "--estimate", "90")
        #expect(plain.stdout == "20261121-0800-write-report.md\n")
        let json = await v.run("add", "Write report", "--json")
        #expect(json.json["id"] as? String == "20261121-0800-write-report-2.md")
        #expect(json.json["source"] as? String == "user")
        #expect(json.json["flagged"] as? Bool == false)
        #expect(json.json["tags"] as? [String] == [])
    }

    @Test func dryRunWritesNothingAndShowsTheIdItWouldGet() async throws {
        let v = try TemporaryVault()
        let run = await v.run("add", "Plan trip", "--due", "2026-12-01", "--dry-run", "--json")
        #expect(run.code == 0)
        #expect(run.json["id"] as? String == "20261121-0800-plan-trip.md")
        #expect(run.json["due"] as? String == "2026-12-01")
        #expect(!v.exists("20261121-0800-plan-trip.md"))
    }

    /// `--limit N`: the first N tasks; the JSON says how many the listing has, the text how many
    /// more there are.
    @Test func aLimitListsTheFirstTasks() async throws {
        let v = try TemporaryVault()
        for (i, title) in ["One", "Two", "Three"].enumerated() {
            try v.task("t\(i).md", title: title, "due: 2026-11-21", created: "2026-11-01T10:0\(i):00Z")
        }
        let json = await v.run("today", "--limit", "2", "--json")
        let titles = (json.json["groups"] as? [[String: Any]])?.flatMap { $0["tasks"] as? [[String: Any]] ?? [] }
            .compactMap { $0["title"] as? String }
        #expect(titles == ["One", "Two"])
        #expect(json.json["total"] as? Int == 3)
        let text = await v.run("today", "--limit", "2")
        #expect(text.stdout.contains("Two") && !text.stdout.contains("Three"))
        #expect(text.stdout.hasSuffix("  … and 1 more\n"))
        let bad = await v.run("list", "today", "--limit", "0")
        #expect(bad.code == 2)
        #expect(bad.stderr.contains("limit") && bad.stderr.contains("at least 1"))
    }

    @Test func listingJSONHasTheSection19Shape() async throws {
        let v = try TemporaryVault()
        let empty = await v.run("list", "inbox", "--json")
        #expect(empty.stdout == "{\"view\":\"inbox\",\"groups\":[{\"name\":\"\",\"tasks\":[]}]}\n")
        try v.task("a.md", title: "A", "due: \"2026-11-20\"")
        let today = await v.run("today", "--json")
        let groups = today.json["groups"] as? [[String: Any]] ?? []
        #expect(groups.map { $0["name"] as? String } == ["Overdue"])
        #expect(today.json["view"] as? String == "today")
    }

    @Test(arguments: [
        (["show", "nothing-like-this"], Int32(2)),
        (["show"], Int32(2)),
        (["bogus-command"], Int32(2)),
        (["list", "nowhere"], Int32(2)),
        (["add", "X", "--priority", "urgent"], Int32(2)),
        (["add", "X", "--due", "someday"], Int32(2)),
        (["edit", "a.md"], Int32(2)),
        (["edit", "a.md", "--clear", "colour"], Int32(2)),
        (["show", "a.md"], Int32(0)),
        (["--help"], Int32(0)),
    ])
    func exitCodes(args: [String], expected: Int32) async throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let run = await v.run(args)
        #expect(run.code == expected, "\(args): \(run.stderr)")
    }

    @Test func ambiguousReferencesListCandidatesAndExit2() async throws {
        let v = try TemporaryVault()
        try v.task("one.md", title: "Call mum")
        try v.task("two.md", title: "Call dad")
        let run = await v.run("done", "call")
        #expect(run.code == 2)
        #expect(run.stderr == "error: `call` matches 2 tasks; say which one:\n  one.md\n  two.md\n")
        #expect(try v.text("one.md").contains("status: \"todo\""))
    }

    @Test func missingVaultIsARuntimeErrorThatSaysWhatToDo() async throws {
        let v = try TemporaryVault()
        let output = BufferedOutput()
        let code = await CLI.run(["--vault", v.root + "/nope", "today"], environment: v.environment, output: output)
        #expect(code == 1)
        #expect(output.standardError == "error: There is no vault at \(v.root)/nope. Create one with `todomd init` (or pass --vault PATH).\n")
    }

    /// Every command but the few that wait finishes in `CLI.start`, on the calling thread, so
    /// `todomd` runs it without starting Swift's concurrency runtime (issue 17's start-up); the
    /// waiting ones come back to be run, and report their errors as `run` does.
    @Test func commandsThatDoNotWaitFinishWithoutTheConcurrencyRuntime() async throws {
        let v = try TemporaryVault()
        let cases: [([String], Bool)] = [
            (["today"], true), (["add", "Buy milk"], true), (["--help"], true), (["--version"], true),
            (["nosuch"], true), (["done", "nothing-like-this"], true),
            (["watch"], false), (["serve"], false), (["mcp"], false), (["sync"], false), (["remind"], false),
        ]
        for (args, finishes) in cases {
            switch CLI.start(["--vault", v.root] + args, environment: v.environment, output: BufferedOutput()) {
            case .finished: #expect(finishes, "\(args) finished in start")
            case .waiting: #expect(!finishes, "\(args) was left to wait")
            }
        }
        #expect(v.exists("20261121-0800-buy-milk.md"))
        // A waiting command's error: the same message and exit code as through `run`.
        let output = BufferedOutput()
        guard case .waiting(let serve) = CLI.start(["--vault", v.root, "serve", "--port", "70000"],
                                                   environment: v.environment, output: output) else {
            Issue.record("serve did not wait")
            return
        }
        #expect(await serve.run() == 2)
        #expect(output.standardError == "error: --port must be between 0 and 65535\n")
    }

    /// The walk over the vault starts before the arguments are parsed (issue 17's start-up), for
    /// every command that brings the index up to date; what a command then lists is what the
    /// files say, a file dropped in by another program included.
    @Test func theWalkStartedBeforeParsingFindsWhatAnotherProgramWrote() async throws {
        for (word, scans) in [("today", true), ("add", true), ("perspective", true), ("watch", true), ("init", false),
                              ("reindex", false), ("install-url-handler", false), ("help", false), ("--help", false),
                              ("--version", false)] {
            #expect(CLI.scansAhead(word) == scans, "\(word)")
        }
        let v = try TemporaryVault()
        #expect(await v.run("add", "Buy milk today").code == 0)
        try v.task("dropped.md", title: "Dropped in", "scheduled: \"2026-11-21\"")
        let listed = await v.run("today", "--json")
        #expect(listed.code == 0)
        let titles = (listed.json["groups"] as? [[String: Any]] ?? []).flatMap { ($0["tasks"] as? [[String: Any]]) ?? [] }
            .compactMap { $0["title"] as? String }
        #expect(titles.sorted() == ["Buy milk", "Dropped in"])
    }

    @Test func conflictsExitWith3() {
        #expect(CLI.exitCode(for: TodoError.conflict(path: "a.md")) == 3)
        #expect(CLI.exitCode(for: TodoError.taskNotFound("x")) == 2)
        #expect(CLI.exitCode(for: TodoError.io(path: "a.md", reason: "disk full")) == 1)
    }

    @Test func humanListingIsAlignedAndPlainWithNoColor() async throws {
        let v = try TemporaryVault()
        try v.task("20261101-1000-pay-rent.md", title: "Pay rent", "due: \"2026-11-19\"\npriority: \"high\"")
        try v.task("20261101-1000-review.md", title: "Review PR", "due: \"2026-11-21\"\nproject: \"Auth\"\nflagged: true")
        let run = await v.run("today")
        #expect(run.stdout == """
            Today  2 tasks

            Overdue (1)
              ○ Pay rent   !high  due 2 days ago  [test]  20261101-1000-pay-rent

            Due Today (1)
              ○ Review PR  ⚑  due today  +Auth  [test]  20261101-1000-review

            """)
        #expect(!run.stdout.contains("\u{1B}["))
        let coloured = await v.run(["today"], env: ["NO_COLOR": "", "CLICOLOR_FORCE": "1"])
        #expect(coloured.stdout.contains("\u{1B}["))
    }

    @Test func doctorNamesUnparseableFilesAndWarningsAndExits0() async throws {
        let v = try TemporaryVault()
        try v.write("junk.md", "no frontmatter here\n")
        try v.write("warned.md", "---\ntitle: \"W\"\npriority: urgent\n---\n")
        let run = await v.run("doctor")
        #expect(run.code == 0)
        #expect(run.stdout.contains("junk.md: it has no frontmatter block"))
        #expect(run.stdout.contains("priority: `urgent` is not one of none, low, medium, high; ignored"))
        #expect(run.stdout.contains("status: missing; using todo"))
        #expect(try v.text("warned.md") == "---\ntitle: \"W\"\npriority: urgent\n---\n")
    }

    @Test func serveRefusesABadPortOrAShortToken() async throws {
        let v = try TemporaryVault()
        #expect(await v.run("serve", "--port", "70000").code == 2)
        #expect(await v.run("serve", "--token", "short").code == 2)
    }

    @Test func rootHelpIsStable() async throws {
        let v = try TemporaryVault()
        let run = await v.run("--help")
        #expect(run.stdout.hasPrefix("OVERVIEW: A task manager whose database is a folder of Markdown files."))
        for command in ["init", "add", "list", "today", "show", "edit", "done", "reopen", "cancel", "delete",
                        "restore", "defer", "move", "areas", "projects", "tags", "doctor", "reindex", "serve", "watch",
                        "mcp", "open", "install-url-handler", "conflicts", "resolve", "remind", "export"] {
            #expect(run.stdout.contains("\n  \(command) "), "help lists \(command)")
        }
    }
}

@Suite struct SearchAndVersionCLITests {
    @Test func searchFindsTitlesDescriptionsAndBodiesAndShowsWhere() async throws {
        let t = try TemporaryVault()
        try t.task("a.md", title: "Call the dentist")
        try t.task("b.md", title: "Groceries", "description: \"Käse, oat milk\"")
        try t.task("c.md", title: "Old", "status: done")
        try t.write("c.md", "---\ntitle: Old\nstatus: done\ncreated: 2026-11-01T10:00:00Z\nsource: user\n---\nThe dentist said no.\n")
        try t.task("d.md", title: "Unrelated")
        let human = await t.run("search", "kase", env: ["CLICOLOR_FORCE": "1", "NO_COLOR": ""])
        #expect(human.code == 0)
        #expect(human.stdout.contains("Groceries"))
        #expect(human.stdout.contains("\u{1B}[1mKäse\u{1B}[0m"))  // the match, highlighted
        let all = await t.run("search", "dentist", "--json")
        #expect(all.json["view"] as? String == "search")
        let ids = ((all.json["groups"] as? [[String: Any]]) ?? []).flatMap { ($0["tasks"] as? [[String: Any]]) ?? [] }
            .compactMap { $0["id"] as? String }
        #expect(Set(ids) == ["a.md", "c.md"])
        let open = await t.run("search", "dentist", "--open")
        #expect(open.stdout.contains("Call the dentist") && !open.stdout.contains("Old"))
        let plain = await t.run("search", "dentist")
        #expect(plain.stdout.contains("The dentist said no."))
        let empty = await t.run("search", " ")
        #expect(empty.code == 2)
    }

    @Test func versionComesFromOnePlace() async throws {
        let t = try TemporaryVault()
        let run = await t.run("--version")
        #expect(run.code == 0)
        #expect(run.stdout == TodoMDVersion.string + "\n")
    }
}
