import Foundation
import Testing
import TodoMDTestSupport

/// `todomd add` reads its text as quick entry (§12); options win; `--repeat` takes phrases.
@Suite struct QuickEntryCLITests {
    @Test func theSpecExampleBecomesATask() async throws {
        let v = try TemporaryVault()
        let run = await v.run("add", "Call dentist friday #health +Admin @Personal !high ~15m every month", "--json")
        #expect(run.code == 0, "\(run.stderr)")
        let t = run.json
        #expect(t["title"] as? String == "Call dentist")
        #expect(t["due"] as? String == "2026-11-27")
        #expect(t["tags"] as? [String] == ["health"])
        #expect(t["project"] as? String == "Admin")
        #expect(t["area"] as? String == "Personal")
        #expect(t["priority"] as? String == "high")
        #expect(t["estimated_minutes"] as? Int == 15)
        #expect(t["recurrence"] as? String == "FREQ=MONTHLY")
        #expect(t["id"] as? String == "20261121-0800-call-dentist.md")
    }

    @Test func optionsWinOverParsedTokens() async throws {
        let v = try TemporaryVault()
        let run = await v.run("add", "Pay rent tomorrow !low", "--due", "2026-12-01", "--priority", "high", "--json")
        #expect(run.json["due"] as? String == "2026-12-01")
        #expect(run.json["priority"] as? String == "high")
        #expect(run.json["title"] as? String == "Pay rent")
    }

    @Test func projectsMatchExistingOnesIgnoringCaseSpacesAndDashes() async throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Existing", "project: \"Meal Prep\"\narea: \"Deep Work\"")
        let run = await v.run("add", "Buy rice +meal-prep @deepwork", "--json")
        #expect(run.json["project"] as? String == "Meal Prep")
        #expect(run.json["area"] as? String == "Deep Work")
    }

    @Test func aKeywordWithoutADateStaysInTheTitle() async throws {
        let v = try TemporaryVault()
        #expect(await v.run("add", "Plan the party", "--json").json["title"] as? String == "Plan the party")
        #expect(await v.run("add", "Work on report", "--json").json["due"] is NSNull)
    }

    @Test func aTimeAfterTheDateIsKeptWithIt() async throws {
        let v = try TemporaryVault()
        let run = await v.run("add", "Dinner on march 1 at 7pm", "--json")
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.json["title"] as? String == "Dinner")
        #expect(run.json["due"] as? String == "2027-03-01T19:00")
        #expect(run.stderr == "")
    }

    @Test func repeatTakesAPhraseOrAnRRULEAndAnUndatedSeriesGetsItsFirstDate() async throws {
        let v = try TemporaryVault()
        let phrase = await v.run("add", "Stand-up", "--repeat", "every weekday", "--json")
        #expect(phrase.json["recurrence"] as? String == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        #expect(phrase.json["due"] as? String == "2026-11-23")
        let rule = await v.run("add", "Review", "--repeat", "FREQ=MONTHLY;BYDAY=-1FR", "--json")
        #expect(rule.json["recurrence"] as? String == "FREQ=MONTHLY;BYDAY=-1FR")
        #expect(rule.json["due"] as? String == "2026-11-27")
        let bad = await v.run("add", "X", "--repeat", "FREQ=SOMETIMES")
        #expect(bad.code == 2)
        #expect(bad.stderr.contains("FREQ"))
    }

    @Test func datePhrasesWorkInOptionsAndDefer() async throws {
        let v = try TemporaryVault()
        let run = await v.run("add", "Call Bob", "--due", "next friday", "--defer", "in 3 days", "--json")
        #expect(run.json["due"] as? String == "2026-11-27")
        #expect(run.json["defer"] as? String == "2026-11-24")
        #expect(await v.run("defer", "bob", "end of month").code == 0)
        #expect(try v.text("20261121-0800-call-bob.md").contains("defer: \"2026-11-30\"\n"))
    }

    @Test func showDescribesTheRuleAndItsNextThreeDates() async throws {
        let v = try TemporaryVault()
        _ = await v.run("add", "Water plants", "--due", "2026-11-23", "--repeat", "every mon, thu")
        let show = await v.run("show", "water")
        #expect(show.stdout.contains("repeats   every Monday and Thursday · next Thu 26 Nov, Mon 30 Nov, Thu 3 Dec\n"))
    }

    @Test func completingARepeatingTaskPrintsTheNextOne() async throws {
        let v = try TemporaryVault()
        _ = await v.run("add", "Water plants", "--due", "2026-11-23", "--repeat", "every mon, thu")
        let done = await v.run("done", "water")
        #expect(done.stdout.contains("Next: Water plants — next in 5 days"))
        #expect(await v.run("edit", "water", "--recurrence-mode", "after_completion").code == 0)
    }

    @Test func aLineOfOnlyTokensIsRefused() async throws {
        let v = try TemporaryVault()
        let run = await v.run("add", "tomorrow", "#x")
        #expect(run.code == 2)
        #expect(run.stderr.contains("no title"))
    }

    /// `edit --FIELD` takes every §3 key, snake or kebab case (§21), through the same checks as
    /// the web API: text trimmed, an empty value clears, a required field cannot be cleared.
    @Test func editTakesEveryKeyAsTheAPIDoes() async throws {
        let v = try TemporaryVault()
        _ = await v.run("add", "Water plants", "--due", "2026-11-23", "--repeat", "every mon")
        let snake = await v.run("edit", "water", "--recurrence_mode", "after_completion", "--json")
        #expect(snake.code == 0, "\(snake.stderr)")
        #expect(snake.json["recurrence_mode"] as? String == "after_completion")
        let kebab = await v.run("edit", "water", "--recurrence-mode", "fixed", "--estimated_minutes", "1h30m", "--json")
        #expect(kebab.json["recurrence_mode"] as? String == "fixed")
        #expect(kebab.json["estimated_minutes"] as? Int == 90)
        let equals = await v.run("edit", "water", "--estimated-minutes=45", "--json")
        #expect(equals.json["estimated_minutes"] as? Int == 45)
        let trimmed = await v.run("edit", "water", "--title", "  Water the plants ", "--description", "Ferns", "--json")
        #expect(trimmed.json["title"] as? String == "Water the plants")
        let cleared = await v.run("edit", "water", "--description", "", "--json")
        #expect(cleared.json["description"] is NSNull)
        #expect(!(try v.text("20261121-0800-water-plants.md").contains("description:")))
        let required = await v.run("edit", "water", "--clear", "title")
        #expect(required.code == 2)
        #expect(required.stderr.contains("always has a title"))
        let unknown = await v.run("edit", "water", "--colour", "red")
        #expect(unknown.code == 2)
        #expect(unknown.stderr.contains("`--colour` is not an option or a task field"))
        let planner = await v.run("edit", "water", "--region", "morning")
        #expect(planner.code == 2)
        #expect(planner.stderr.contains("planner"))
    }

    @Test func addTakesOtherFieldsByKeyAmongTheWords() async throws {
        let v = try TemporaryVault()
        let run = await v.run("add", "Stretch", "--recurrence-mode", "after_completion", "every day", "--estimate", "1h",
                              "--json")
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.json["title"] as? String == "Stretch")
        #expect(run.json["recurrence"] as? String == "FREQ=DAILY")
        #expect(run.json["recurrence_mode"] as? String == "after_completion")
        #expect(run.json["estimated_minutes"] as? Int == 60)
        #expect(run.json["due"] as? String == "2026-11-21")
    }
}

/// `todomd ramble` (§26): proposals, then --yes.
@Suite struct RambleCLITests {
    @Test func theSeedsExampleIsProposedThenCreated() async throws {
        let v = try TemporaryVault()
        let dump = "I need to pick up dry cleaning before Friday, oh and I should call the dentist sometime next week "
            + "but it's not urgent, and also I need to start working on Q3 deck on Monday, that's for work."
        let proposed = await v.run("ramble", dump)
        #expect(proposed.code == 0, "\(proposed.stderr)")
        #expect(proposed.stdout.contains("1. Pick up dry cleaning  due Fri 27 Nov"), "\(proposed.stdout)")
        #expect(proposed.stdout.contains("2. Call the dentist  scheduled Mon 23 Nov · !low"))
        #expect(proposed.stdout.contains("3. Start working on Q3 deck  scheduled Mon 23 Nov · @Work"))
        #expect(try v.open().list("all").tasks.isEmpty)
        let json = await v.run("ramble", dump, "--yes", "--json").json
        let tasks = try #require(json["tasks"] as? [[String: Any]])
        #expect(tasks.compactMap { $0["title"] as? String } == ["Pick up dry cleaning", "Call the dentist", "Start working on Q3 deck"])
        #expect(tasks.allSatisfy { $0["source"] as? String == "voice-ramble" })
    }
}

/// `todomd template list` and `todomd add --template` (§26).
@Suite struct TemplateCLITests {
    @Test func aTemplateTitledWithTitleNeedsTheWordsAndKeepsThemAsTyped() async throws {
        let v = try TemporaryVault()
        try v.write(".templates/visit.md", "---\ntitle: \"Visit {{title}}\"\n---\nNotes for {{title}}.\n")
        let listed = await v.run("template", "list", "--json").json
        let templates = try #require(listed["templates"] as? [[String: Any]])
        #expect(templates.first?["needs_title"] as? Bool == true)
        let refused = await v.run("add", "--template", "visit")
        #expect(refused.code == 2)
        #expect(refused.stderr.contains("needs the words for {{title}}"), "\(refused.stderr)")
        #expect(try v.open().list("all").tasks.isEmpty)
        let added = await v.run("add", "--template", "visit", #"Rome "old town" !high"#)
        #expect(added.code == 0, "\(added.stderr)")
        let vault = try v.open()
        let task = try vault.task(try #require(try vault.list("all").tasks.first).id)
        #expect((task.title, task.priority) == (#"Visit Rome "old town""#, .high))
        #expect(task.body == "Notes for Rome \"old town\".\n")

        let saved = await v.run("template", "save", "Rome", "--name", "rome")
        #expect(saved.code == 0, "\(saved.stderr)")
        #expect(saved.stdout == "Saved template rome (1 task): .templates/rome.md\n  Use it: todomd add --template rome\n")
        let again = await v.run("template", "save", "Rome", "--name", "ROME")
        #expect(again.code == 2)
        #expect(again.stderr.contains("a template of that name exists"), "\(again.stderr)")
        #expect(await v.run("template", "list").stdout.contains("  rome   Visit Rome \"old town\"  task\n"))
        let deleted = await v.run("template", "delete", "rome")
        #expect(deleted.stdout == "Deleted template rome  → .trash/Templates/rome.md\n", "\(deleted.stderr)")
        #expect(await v.run("template", "delete", "rome").code == 2)
    }
}
