import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// Templates (§26): placeholders, a task template, a project template whose subtasks keep their
/// tree, and new tasks that never keep the template's `created`/`source`.
@Suite struct TemplateTests {
    @Test(arguments: [
        ("due {{today}}", "due 2026-11-21"), ("{{tomorrow}}", "2026-11-22"), ("{{date:+7d}}", "2026-11-28"),
        ("{{date:-3d}}", "2026-11-18"), ("{{date:+2w}}", "2026-12-05"), ("{{date:+1m}}", "2026-12-21"),
        ("{{ title }} trip", "Lisbon trip"), ("{{unknown}} {{date:+x}}", "{{unknown}} {{date:+x}}"), ("{{open", "{{open"),
    ])
    func placeholders(text: String, filled: String) {
        #expect(TemplatePlaceholders.fill(text, today: PhraseDays.saturday, title: "Lisbon") == filled)
    }

    static func vault() throws -> TemporaryVault {
        let v = try TemporaryVault()
        try v.write(".templates/review.md", "---\ntitle: \"Weekly review\"\nstatus: done\ndue: \"{{date:+2d}}\"\ntags: [review]\n"
            + "created: \"2020-01-01T00:00:00Z\"\nsource: \"template\"\n---\n- [ ] Inbox zero\n")
        try v.write(".templates/trip/trip.md", "---\ntitle: \"Plan the trip\"\ndue: \"{{date:+14d}}\"\narea: Travel\n---\n")
        try v.write(".templates/trip/flights.md", "---\ntitle: \"Book flights for {{title}}\"\nparent: trip\ndue: \"{{date:+7d}}\"\n---\n")
        try v.write(".templates/trip/pack.md", "---\ntitle: \"Pack bags\"\nparent: \"[[trip]]\"\nblocked_by: [flights]\n---\n")
        return v
    }

    @Test func templatesAreListedAndNeverTasksThemselves() throws {
        let v = try Self.vault()
        let vault = try v.open()
        #expect(try vault.templates().map { "\($0.name) \($0.count) \($0.isProject)" } == ["review 1 false", "trip 3 true"])
        #expect(try vault.list("all").tasks.isEmpty, ".templates is not part of the vault's tasks")
    }

    @Test func aTaskTemplateFillsItsPlaceholdersAndStartsFresh() throws {
        let v = try Self.vault()
        let tasks = try v.open().addFromTemplate("review", text: nil, source: "user")
        #expect(tasks.count == 1)
        let t = try #require(tasks.first)
        #expect((t.title, t.due?.description, t.tags, t.status) == ("Weekly review", "2026-11-23", ["review"], .todo))
        #expect(t.source == "user")
        #expect(t.created == v.clock.now)
        #expect(t.body == "- [ ] Inbox zero\n")
        let text = try v.text(t.id)
        #expect(!text.contains("2020-01-01") && !text.contains("template"))
    }

    @Test func aProjectTemplateCreatesAParentWithItsSubtasks() throws {
        let v = try Self.vault()
        let vault = try v.open()
        let tasks = try vault.addFromTemplate("trip", text: "Lisbon in May !high", source: "user")
        #expect(tasks.map(\.title) == ["Lisbon in May", "Book flights for Lisbon in May", "Pack bags"])
        let root = try vault.task(tasks[0].id)
        #expect(root.priority == .high && root.area == "Travel" && root.due?.description == "2026-12-05")
        #expect(root.links.children == [tasks[1].id, tasks[2].id].sorted() || root.links.children.count == 2)
        #expect(root.links.progress == Tally(done: 0, total: 2))
        let pack = try vault.task(tasks[2].id)
        #expect(pack.parent == tasks[0].id)
        #expect(pack.blockedBy == [tasks[1].id])
        #expect(pack.links.blocked)
        #expect(throws: TodoError.self) { try vault.addFromTemplate("nope", text: nil, source: "user") }
        #expect(throws: TodoError.self) { try vault.addFromTemplate("../x", text: nil, source: "user") }
    }

    /// A title that names `{{title}}` is filled by the words given, not replaced by them; without
    /// words such a template is an error, where it used to fill `{{title}}` with itself.
    @Test(arguments: [
        ("Lisbon in May !high", "Trip to Lisbon in May", "Book flights for Lisbon in May"),
        ("Rome", "Trip to Rome", "Book flights for Rome"),
    ])
    func aTitleNamingTitleIsFilledByTheWords(text: String, root: String, child: String) throws {
        let v = try TemporaryVault()
        try v.write(".templates/trip/trip.md", "---\ntitle: \"Trip to {{ Title }}\"\n---\n")
        try v.write(".templates/trip/flights.md", "---\ntitle: \"Book flights for {{title}}\"\nparent: trip\n---\n")
        let vault = try v.open()
        #expect(try vault.templates().map(\.needsTitle) == [true])
        #expect(try vault.templates().first?.json["needs_title"] == .bool(true))
        let tasks = try vault.addFromTemplate("trip", text: text, source: "user")
        #expect(tasks.map(\.title) == [root, child])
        for words in [nil, "", "  ", "!high"] as [String?] {
            #expect(throws: TodoError.self, "\(String(describing: words))") {
                try vault.addFromTemplate("trip", text: words, source: "user")
            }
        }
        #expect(try vault.list("all").tasks.count == 2, "a refused template writes nothing")
    }

    /// The words go into the decoded texts, never into the file's YAML: quotes, a backslash, a
    /// colon or a hash in them are kept as typed, wherever `{{title}}` stands.
    @Test(arguments: [#"Say "hi" to Rome"#, #"C:\temp\new"#, "Rome: old town # 2", "Rome's 'best' bits", "{{title}}"])
    func theWordsNeverChangeTheTemplatesYAML(words: String) throws {
        let v = try TemporaryVault()
        try v.write(".templates/visit.md", """
            ---
            title: "Visit {{title}}"
            project: 'Trips {{title}}'
            tags: [travel]
            mood: {{title}}
            ---
            Notes for {{title}}.

            """)
        let vault = try v.open()
        let task = try #require(try vault.addFromTemplate("visit", text: words, source: "user").first)
        #expect(task.title == "Visit " + words)
        #expect(task.project == "Trips " + words)
        #expect(task.body == "Notes for \(words).\n")
        #expect(task.extra.first { $0.key == "mood" }?.value == .string(words))
        // What was written reads back the same.
        let again = try vault.task(task.id)
        #expect((again.title, again.project, again.body) == (task.title, task.project, task.body))
        #expect(again.warnings.isEmpty, "\(again.warnings)")
    }
}

/// Saving a task as a template (§26): what a pattern keeps and leaves out, dates relative to
/// today, a project's tree in a folder, and a name never overwritten.
@Suite struct SaveTemplateTests {
    static func vault() throws -> TemporaryVault {
        let v = try TemporaryVault()
        try v.task("Work/offsite.md", title: "Plan offsite",
                   "due: \"2026-12-09\"\npriority: high\ntags: [work]\nmood: calm\ncarry_count: 2\n"
                   + "time_entries:\n  - {start: \"2026-11-20T08:00:00Z\", end: \"2026-11-20T09:00:00Z\"}",
                   body: "- [x] agenda\n- [ ] budget\n")
        try v.task("Work/venue.md", title: "Book venue", "parent: \"[[offsite]]\"\ndue: \"2026-12-04T09:00\"", status: "done")
        try v.task("Work/invites.md", title: "Send invites", "parent: offsite\nblocked_by: [venue]\nscheduled: \"2026-11-20\"")
        return v
    }

    @Test func aTaskWithSubtasksBecomesAFolderThatMakesTheTreeAgain() throws {
        let v = try Self.vault()
        let vault = try v.open()
        let saved = try vault.saveTemplate(from: "Work/offsite.md", name: nil)
        #expect(saved == TaskTemplate(name: "plan-offsite", title: "Plan offsite", count: 3, isProject: true))
        #expect(try vault.templates().map(\.name) == ["plan-offsite"])
        #expect(try v.text(".templates/plan-offsite/plan-offsite.md") == """
            ---
            title: "Plan offsite"
            due: "{{date:+18d}}"
            priority: "high"
            tags:
              - work
            mood: "calm"
            ---

            - [ ] agenda
            - [ ] budget

            """)
        #expect(try v.text(".templates/plan-offsite/book-venue.md") == """
            ---
            title: "Book venue"
            due: "{{date:+13d}}T09:00"
            parent: "plan-offsite"
            ---

            """)
        #expect(try v.text(".templates/plan-offsite/send-invites.md") == """
            ---
            title: "Send invites"
            scheduled: "{{date:-1d}}"
            parent: "plan-offsite"
            blocked_by:
              - book-venue
            ---

            """)
        // Used the same day, it makes the same tree with the same dates, all to do.
        let made = try vault.addFromTemplate("plan-offsite", text: "Offsite 2027", source: "user")
        #expect(made.map(\.title) == ["Offsite 2027", "Book venue", "Send invites"])
        #expect(made.map { $0.dueAt?.description ?? $0.scheduledAt?.description ?? "" } == ["2026-12-09", "2026-12-04T09:00", "2026-11-20"])
        #expect(made.map(\.status) == [.todo, .todo, .todo])
        #expect(made[1].parent == made[0].id && made[2].parent == made[0].id)
        #expect(made[2].blockedBy == [made[1].id])
        #expect(made[0].timeEntries.isEmpty && made[0].carryCount == nil)
    }

    @Test func aTaskAloneIsOneFileAndANameIsNeverOverwritten() throws {
        let v = try Self.vault()
        let vault = try v.open()
        let saved = try vault.saveTemplate(from: "Work/venue.md", name: " venue.md ")
        #expect(saved == TaskTemplate(name: "venue", title: "Book venue", count: 1, isProject: false))
        let before = try v.text(".templates/venue.md")
        #expect(!before.contains("status") && !before.contains("parent") && !before.contains("created"))
        for (name, task) in [("venue", "Work/invites.md"), ("Venue.md", "Work/invites.md"), ("../x", "Work/invites.md"),
                             (".hidden", "Work/invites.md"), ("a/b", "Work/invites.md")] {
            #expect(throws: TodoError.self, "\(name)") { try vault.saveTemplate(from: task, name: name) }
        }
        #expect(try v.text(".templates/venue.md") == before)
        #expect(!v.exists(".templates/x.md") && !v.exists("x.md"))
        #expect(throws: TodoError.self) { try vault.saveTemplate(from: "nope", name: nil) }
    }

    /// A template whose task is blocked by one whose file sorts after it: the blocker is made
    /// first (it was made after, and the blocked task's reference to it failed).
    @Test func aBlockerIsMadeBeforeTheTaskItBlocks() throws {
        let v = try TemporaryVault()
        try v.write(".templates/move/move.md", "---\ntitle: \"Move house\"\n---\n")
        try v.write(".templates/move/a-pack.md", "---\ntitle: \"Pack\"\nparent: move\nblocked_by: [z-boxes]\n---\n")
        try v.write(".templates/move/z-boxes.md", "---\ntitle: \"Buy boxes\"\nparent: move\n---\n")
        let made = try v.open().addFromTemplate("move", text: nil, source: "user")
        #expect(made.map(\.title) == ["Move house", "Buy boxes", "Pack"])
        #expect(made[2].blockedBy == [made[1].id])
    }

    /// Two subtasks of one title are saved as `call` and `call-2`; the second's blocker is the
    /// first, not the file whose name merely starts the same and sorts before it.
    @Test func aSavedTreeWithTwoTasksOfOneTitleKeepsItsDependency() throws {
        let v = try TemporaryVault()
        try v.task("p.md", title: "Party")
        try v.task("a.md", title: "Call", "parent: p")
        try v.task("b.md", title: "Call", "parent: p\nblocked_by: [a]")
        let vault = try v.open()
        _ = try vault.saveTemplate(from: "p.md", name: "party")
        #expect(try v.text(".templates/party/call-2.md").contains("blocked_by:\n  - call\n"))
        let made = try vault.addFromTemplate("party", text: nil, source: "user")
        #expect(made.count == 3)
        let blocked = try #require(made.first { !$0.blockedBy.isEmpty })
        #expect(blocked.blockedBy.count == 1 && blocked.blockedBy[0] != blocked.id)
        #expect(made.contains { $0.id == blocked.blockedBy[0] && $0.title == "Call" })
    }

    /// Deleting a template moves its file or folder to .trash/Templates/, never over another.
    @Test func aDeletedTemplateGoesToTheTrashsTemplatesFolder() throws {
        let v = try TemporaryVault()
        try v.write(".templates/visit.md", "---\ntitle: \"Visit {{title}}\"\n---\n")
        try v.write(".templates/trip/trip.md", "---\ntitle: \"Trip\"\n---\n")
        try v.write(".trash/Templates/visit.md", "an older one\n")
        try v.write(".templates/broken.md", "---\ntitle: [unclosed\n---\n")
        let vault = try v.open()
        #expect(try vault.deleteTemplate("visit") == ".trash/Templates/visit-2.md")
        #expect(try vault.deleteTemplate("trip") == ".trash/Templates/trip")
        #expect(try vault.deleteTemplate("broken") == ".trash/Templates/broken.md", "one that does not read goes too")
        #expect(try v.text(".trash/Templates/visit.md") == "an older one\n")
        #expect(v.exists(".trash/Templates/trip/trip.md") && !v.exists(".templates/trip"))
        #expect(try vault.templates().isEmpty)
        #expect(try vault.trashContents().isEmpty, "a template is not listed as a deleted task")
        for name in ["visit", "", "../x", ".hidden"] {
            #expect(throws: TodoError.self, "\(name)") { try vault.deleteTemplate(name) }
        }
    }

    /// A subtask refused after its parent was made (its blocker names no task): the parent
    /// goes again, so no use of a template stops half-way.
    @Test func aRefusedSubtaskTakesBackWhatWasMade() throws {
        let v = try TemporaryVault()
        try v.write(".templates/p/p.md", "---\ntitle: \"Parent\"\n---\n")
        try v.write(".templates/p/c.md", "---\ntitle: \"Child\"\nparent: p\nblocked_by: [ghost]\n---\n")
        let vault = try v.open()
        #expect(throws: TodoError.self) { try vault.addFromTemplate("p", text: nil, source: "user") }
        #expect(try vault.list("all").tasks.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: v.root).filter { $0.hasSuffix(".md") }.isEmpty)
    }
}
