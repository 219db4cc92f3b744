import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDSync

/// Two vaults (two machines) against one real PostgreSQL (issue 8, §16, §22).
@Suite(.enabled(if: TestDatabase.url != nil, TestDatabase.skipReason))
struct SyncScenarioTests {
    /// Two machines sharing one fresh schema; A starts with tasks, B starts empty.
    func pair() throws -> (Machine, Machine) {
        let url = try TestDatabase.isolated()
        return (try Machine(url), try Machine(url))
    }

    func addTask(_ m: Machine, _ title: String, at time: String = "2026-11-21T09:00:00") throws -> String {
        try m.edit(at: time) { try $0.add(TodoTask(title: title, created: Date(timeIntervalSince1970: 0))).id }
    }

    @Test func twoVaultsConvergeAfterEditsOnBoth() async throws {
        let (a, b) = try pair()
        let milk = try addTask(a, "Buy milk")
        let call = try addTask(a, "Call the bank")
        try b.vault.task("Home/20261121-0800-fix-the-door.md", title: "Fix the door", "area: \"Home\"\ntags:\n  - house")

        let first = try await a.sync()
        #expect(first.pushed == 2)
        let second = try await b.sync()
        #expect(second.pulled == 2)
        #expect(second.pushed == 1)
        try await a.sync()
        #expect(try a.records() == b.records())
        #expect(a.vault.exists("Home/20261121-0800-fix-the-door.md"))

        // Edits on both machines, then sync both ways.
        try a.edit(at: "2026-11-21T10:00:00") { _ = try $0.complete(milk) }
        try b.edit(at: "2026-11-21T10:30:00") { vault in
            var changes = TaskChanges()
            changes.set(.title, .string("Call the bank about the card"))
            _ = try vault.update(call, changes)
        }
        try b.edit(at: "2026-11-21T10:31:00") { _ = try $0.add(TodoTask(title: "Water plants", created: .distantPast)) }
        try await a.sync()
        try await b.sync()
        try await a.sync()
        let records = try a.records()
        #expect(records == (try b.records()))
        #expect(records.count == 4)
        #expect(try a.task(milk).status == .done)
        #expect(try a.task(call).title == "Call the bank about the card")
        #expect(try b.task(milk).status == .done)
        #expect(a.conflictCopies().isEmpty && b.conflictCopies().isEmpty)
        #expect(try a.pending() == 0 && b.pending() == 0)
    }

    @Test func editsToDifferentFieldsOfOneTaskMerge() async throws {
        let (a, b) = try pair()
        let id = try addTask(a, "Renew passport")
        try await a.sync()
        try await b.sync()

        try a.edit(at: "2026-11-21T10:00:00") { vault in
            var changes = TaskChanges()
            changes.set(.due, .date(try #require(LocalDate(iso: "2026-12-01"))))
            _ = try vault.update(id, changes, body: "Photos are in the drawer.\n")
        }
        try b.edit(at: "2026-11-21T10:05:00") { vault in
            var changes = TaskChanges()
            changes.set(.priority, .string("high"))
            changes.set(.tags, .list(["errands"]))
            _ = try vault.update(id, changes)
        }
        try await a.sync()
        let merge = try await b.sync()
        #expect(merge.conflicts == 0)
        try await a.sync()
        for machine in [a, b] {
            let task = try machine.task(id)
            #expect(task.due?.description == "2026-12-01")
            #expect(task.priority == .high)
            #expect(task.tags == ["errands"])
            #expect(task.body == "Photos are in the drawer.\n")
            #expect(machine.conflictCopies().isEmpty)
        }
        #expect(try a.records() == b.records())
    }

    /// The same field on both sides: the newer `modified` wins wherever the merge happens, and
    /// the machine whose value lost keeps it as a conflict copy.
    @Test(arguments: [true, false])
    func sameFieldOnBothSidesNewerWinsWithConflictCopy(olderSyncsFirst: Bool) async throws {
        let (a, b) = try pair()
        let id = try addTask(a, "Book flights")
        try await a.sync()
        try await b.sync()

        func retitle(_ m: Machine, _ title: String, at time: String) throws {
            try m.edit(at: time) { vault in
                var changes = TaskChanges()
                changes.set(.title, .string(title))
                _ = try vault.update(id, changes)
            }
        }
        try retitle(a, "Book flights to Lisbon", at: "2026-11-21T10:00:00")  // older
        try retitle(b, "Book flights to Porto", at: "2026-11-21T10:07:00")  // newer
        if olderSyncsFirst {
            try await a.sync(at: "2026-11-21T11:15:00")
            let merging = try await b.sync(at: "2026-11-21T11:16:00")
            #expect(merging.conflicts == 1)
            try await a.sync(at: "2026-11-21T11:17:00")
        } else {
            try await b.sync(at: "2026-11-21T11:15:00")
            let merging = try await a.sync(at: "2026-11-21T11:16:00")
            #expect(merging.conflicts == 1)
            try await b.sync(at: "2026-11-21T11:17:00")
        }
        #expect(try a.task(id).title == "Book flights to Porto")
        #expect(try b.task(id).title == "Book flights to Porto")
        // Only A's value lost: A keeps it beside the task, and `todomd conflicts` lists it.
        let copies = a.conflictCopies()
        #expect(copies.count == 1)
        let copy = try #require(copies.first)
        #expect(copy.original == id)
        #expect(copy.pattern == .conflict)
        #expect(copy.copy.hasSuffix(" (conflict 2026-11-21 \(olderSyncsFirst ? "1117" : "1116")).md"))
        #expect(try a.task(copy.copy).title == "Book flights to Lisbon")
        #expect(b.conflictCopies().isEmpty)
        // Conflict copies are not synced.
        #expect(try a.records().count == 1)
        #expect(try await TestDatabase.query(a.url, "SELECT count(*)::text FROM \(a.url.schema).tasks") == ["1"])
    }

    @Test func aDeletePropagatesBothWays() async throws {
        let (a, b) = try pair()
        let first = try addTask(a, "Old idea")
        let second = try addTask(a, "Another old idea")
        try await a.sync()
        try await b.sync()
        #expect(b.vault.exists(first))

        try a.edit(at: "2026-11-21T10:00:00") { _ = try $0.delete(first) }
        #expect(try await a.sync().pushed == 1)
        #expect(try await b.sync().pulled == 1)
        #expect(!b.vault.exists(first))
        #expect(b.vault.exists(".trash/" + first))  // restorable, never unlinked (§5)
        #expect(try await TestDatabase.query(a.url, "SELECT deleted::text FROM \(a.url.schema).tasks WHERE id = '\(first)'")
                == ["true"])

        // And from B back to A, deleted by hand (another program).
        try FileManager.default.removeItem(atPath: b.root + "/" + second)
        try await b.sync()
        try await a.sync()
        #expect(!a.vault.exists(second))
        #expect(try a.records().isEmpty && b.records().isEmpty)
    }

    /// Files removed, added and edited by hand in one sync, one removal still waiting from a
    /// sync the database missed: each arrives once, and nothing that is still there is taken
    /// for gone.
    @Test func removalsAndAdditionsInOneSyncAllArrive() async throws {
        let (a, b) = try pair()
        let kept = try addTask(a, "Kept")
        let removed = try addTask(a, "Removed by hand")
        let offline = try addTask(a, "Removed while the database is down")
        try await a.sync()
        try await b.sync()

        var down = a.url
        down.port = 1  // nothing listens there
        try FileManager.default.removeItem(atPath: a.root + "/" + offline)
        await #expect(throws: SyncError.self) { try await a.sync(database: down) }
        #expect(try a.pending() == 1)
        try FileManager.default.removeItem(atPath: a.root + "/" + removed)
        try Data("---\ntitle: Added by hand\n---\n".utf8).write(to: URL(fileURLWithPath: a.root + "/added-by-hand.md"))
        try a.edit(at: "2026-11-21T10:00:00") { _ = try $0.complete(kept) }
        #expect(try await a.sync().pushed == 4)
        #expect(try await b.sync().pulled == 4)
        #expect(!b.vault.exists(removed) && !b.vault.exists(offline))
        #expect(try b.task(kept).status == .done)
        #expect(try b.task("added-by-hand.md").title == "Added by hand")
        #expect(try Set(a.records().keys) == ["task:" + kept, "task:added-by-hand.md"])
        #expect(try a.records() == b.records())
        // Nothing left to send or fetch.
        #expect(try await a.sync().pushed == 0)
        #expect(try await b.sync().pulled == 0)

        // As many files added as removed: the walk finds as many files as were synced, and the
        // removal is still seen.
        try FileManager.default.removeItem(atPath: b.root + "/added-by-hand.md")
        try Data("---\ntitle: Added on B\n---\n".utf8).write(to: URL(fileURLWithPath: b.root + "/added-on-b.md"))
        #expect(try await b.sync().pushed == 2)
        #expect(try await a.sync().pulled == 2)
        #expect(!a.vault.exists("added-by-hand.md"))
        #expect(try Set(a.records().keys) == ["task:" + kept, "task:added-on-b.md"])
        #expect(try a.records() == b.records())
    }

    /// Names in upper and lower case, above ASCII, in folders, a note and a task of one name:
    /// the walk pairs each file with its own row whatever the order of the bytes, and a file
    /// renamed to the same name composed otherwise (as another system may write it) is still
    /// its row, not a removal and an addition.
    @Test func everyNamePairsWithItsOwnRow() async throws {
        let (a, b) = try pair()
        let names = ["Zebra.md", "apple.md", "\u{C4}rger.md", "\u{FC}ber.md", "caf\u{E9}.md", "Home/nested.md",
                     "z/Apple2.md"]
        for name in names { try a.vault.task(name, title: "Task " + name) }
        try a.vault.write("Notes/\u{C4}rger.md", "---\ntitle: \u{C4}rger\n---\nA note of the same name.\n")
        #expect(try await a.sync().pushed == names.count + 1)
        #expect(try await b.sync().pulled == names.count + 1)
        // Nothing changed: nothing recorded, and no row taken for gone.
        #expect(try await a.sync().pushed == 0)

        let decomposed = "cafe\u{301}.md"
        #expect(Array(decomposed.utf8) != Array("caf\u{E9}.md".utf8))
        guard rename(a.root + "/caf\u{E9}.md", a.root + "/" + decomposed) == 0 else {
            Issue.record("rename failed")
            return
        }
        try a.edit(at: "2026-11-21T10:00:00") { _ = try $0.complete("Zebra.md") }
        try FileManager.default.removeItem(atPath: a.root + "/apple.md")
        try a.vault.task("\u{C5}ngstr\u{F6}m.md", title: "Measure")
        #expect(try await a.sync().pushed == 3)
        #expect(try await b.sync().pulled == 3)
        #expect(try b.task("Zebra.md").status == .done)
        #expect(!b.vault.exists("apple.md"))
        #expect(try b.task("\u{C5}ngstr\u{F6}m.md").title == "Measure")
        #expect(try a.records() == b.records())
        #expect(try await a.sync().pushed == 0)
        #expect(try await b.sync().pulled == 0)
    }

    /// While `todomd watch` or `todomd serve` vouches for the vault's index, a pass reads the
    /// files' stamps from it instead of walking them, and what it finds is what a walk finds: a
    /// new, an edited, a moved and a deleted task. Told not to ask, given no environment, or with
    /// no watcher running, it walks.
    @Test func aWatchersWordSparesTheWalk() async throws {
        let (a, b) = try pair()
        try a.vault.task("one.md", title: "One")
        try a.vault.task("Home/two.md", title: "Two")
        try a.vault.task("three.md", title: "Three")
        let watching = try a.watch()
        defer { watching.watcher.stop() }
        let (environment, watcher, vouched) = (watching.environment, watching.watcher, watching.vouched)
        try vouched()
        var summary = try await a.sync(environment: environment)
        #expect(!summary.walked)
        #expect(summary.compared == 3)
        #expect(summary.pushed == 3)
        #expect(try await b.sync().pulled == 3)

        try a.edit(at: "2026-11-21T10:00:00") { _ = try $0.complete("one.md") }
        try FileManager.default.createDirectory(atPath: a.root + "/Work", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: a.root + "/Home/two.md", toPath: a.root + "/Work/two.md")
        try FileManager.default.removeItem(atPath: a.root + "/three.md")
        try a.vault.task("four.md", title: "Four")
        try vouched()
        summary = try await a.sync(environment: environment)
        #expect(!summary.walked)
        #expect(summary.compared == 3, "only the files changed since the last pass: one, two (moved) and four")
        #expect(summary.pushed == 4)
        #expect(try await b.sync().pulled == 4)
        #expect(try b.task("one.md").status == .done)
        #expect(b.vault.exists("Work/two.md") && !b.vault.exists("Home/two.md"))
        #expect(!b.vault.exists("three.md"))
        #expect(try b.task("four.md").title == "Four")
        #expect(try a.records() == b.records())
        try vouched()
        summary = try await a.sync(environment: environment)
        #expect(summary.pushed == 0 && summary.compared == 0)

        // A change pulled into this vault is written by the pass, indexed by the watcher, and
        // compared (found equal) by the next pass only.
        try b.edit(at: "2026-11-21T11:00:00") { _ = try $0.complete("four.md") }
        try await b.sync()
        try vouched()
        summary = try await a.sync(environment: environment)
        #expect(summary.pulled == 1 && summary.compared == 0)
        try vouched()
        summary = try await a.sync(environment: environment)
        #expect(summary.pushed == 0 && summary.compared == 1)
        #expect(try a.records() == b.records())

        #expect(try await a.sync(environment: environment.merging(["TODOMD_NO_WATCHER": "1"]) { $1 }).walked)
        #expect(try await a.sync().walked, "without an environment nothing is asked")
        watcher.stop()
        #expect(try await a.sync(environment: environment).walked, "no watcher")
    }

    /// A pass compares only what changed since the last one only when that one left nothing
    /// behind: a file it could not read, or two files of one name, are reported by every pass.
    /// Changes recorded but not yet pushed stay pending through passes that compare others.
    @Test func aFileLeftBehindIsSeenByEveryPass() async throws {
        let (a, b) = try pair()
        try a.vault.task("one.md", title: "One")
        try a.vault.task("two.md", title: "Two")
        let watching = try a.watch()
        defer { watching.watcher.stop() }
        let (environment, vouched) = (watching.environment, watching.vouched)
        func sync() async throws -> SyncSummary {
            try vouched()
            let summary = try await a.sync(environment: environment)
            #expect(!summary.walked)
            return summary
        }
        var summary = try await sync()
        #expect(summary.compared == 2 && summary.pushed == 2)
        #expect(try await sync().compared == 0)

        _ = try a.vault.write("bad.md", "---\ntitle: [\n---\n")
        summary = try await sync()
        #expect(summary.compared == 1 && summary.skipped.count == 1 && summary.skipped[0].hasPrefix("bad.md: "))
        summary = try await sync()
        #expect(summary.compared == 3 && summary.skipped.count == 1, "reported again")
        try a.vault.task("bad.md", title: "Mended")
        summary = try await sync()
        #expect(summary.compared == 3 && summary.pushed == 1 && summary.skipped.isEmpty)
        #expect(try await sync().compared == 0)

        try a.vault.task("Work/one.md", title: "One again")
        summary = try await sync()
        #expect(summary.compared == 3 && summary.skipped == ["Work/one.md: another file has the same name; rename one to sync it"])
        summary = try await sync()
        #expect(summary.compared == 3 && summary.skipped.count == 1, "reported again")
        try FileManager.default.removeItem(atPath: a.root + "/Work/one.md")
        summary = try await sync()
        #expect(summary.compared == 3 && summary.pushed == 0 && summary.skipped.isEmpty)
        #expect(try await sync().compared == 0)

        // Changes recorded while the database is down wait in the outbox; a later pass that
        // compares only other files leaves them there, and deletes only what it saw go.
        var down = a.url
        down.port = 1
        try a.vault.task("one.md", title: "One, offline")
        try vouched()
        await #expect(throws: SyncError.self) { try await a.sync(database: down, environment: environment) }
        try a.vault.task("two.md", title: "Two, offline")
        try FileManager.default.removeItem(atPath: a.root + "/bad.md")
        try vouched()
        await #expect(throws: SyncError.self) { try await a.sync(database: down, environment: environment) }
        #expect(try a.pending() == 3)
        summary = try await sync()
        #expect(summary.compared == 0 && summary.pushed == 3)
        try await b.sync()
        #expect(try b.task("one.md").title == "One, offline" && !b.vault.exists("bad.md"))
        #expect(try a.records() == b.records())
    }

    /// Of two task files of one name (one row), the one the walk meets first is synced and the
    /// other reported, whichever list of files the pass works from.
    @Test(arguments: [
        ("x.md", "A/x.md"), ("A/x.md", "A/B/x.md"), ("A/x.md", "B/x.md"), ("A/B/x.md", "B/x.md"),
        ("A/Z/x.md", "A/b/x.md"),
    ])
    func theWalksFirstOfTwoFilesOfOneNameWins(_ first: String, _ second: String) {
        #expect(LocalFiles.walkedBefore(first, second))
        #expect(!LocalFiles.walkedBefore(second, first))
    }

    @Test func editsMadeWhileTheDatabaseIsDownArePushedWhenItReturns() async throws {
        let (a, b) = try pair()
        let id = try addTask(a, "Pay rent")
        try await a.sync()
        try await b.sync()

        var down = a.url
        down.port = 1  // nothing listens there
        try a.edit(at: "2026-11-21T10:00:00") { _ = try $0.complete(id) }
        let offline = try a.edit(at: "2026-11-21T10:01:00") { try $0.add(TodoTask(title: "Offline idea", created: .distantPast)).id }
        await #expect(throws: SyncError.self) { try await a.sync(database: down) }
        await #expect(throws: SyncError.self) { try await a.sync(database: down) }
        #expect(try a.pending() == 2)

        let back = try await a.sync()
        #expect(back.pushed == 2)
        #expect(try a.pending() == 0)
        try await b.sync()
        #expect(try b.task(id).status == .done)
        #expect(try b.task(offline).title == "Offline idea")
    }

    @Test func notesSyncToo() async throws {
        let (a, b) = try pair()
        let note = try a.edit(at: "2026-11-21T09:30:00") { try $0.addNote(title: "Packing list", body: "- passport\n- charger\n") }
        try await a.sync()
        try await b.sync()
        let copied = try b.edit(at: "2026-11-21T12:00:00") { try $0.readNote(note.id).0 }
        #expect(copied.title == "Packing list")
        #expect(copied.body == "- passport\n- charger\n")
        #expect(try await TestDatabase.query(a.url, "SELECT plain_text FROM \(a.url.schema).notes") == ["passport\ncharger"])

        try b.edit(at: "2026-11-21T13:00:00") { vault in
            _ = try vault.editNote(note.id, NoteChanges(pinned: true, body: "- passport\n- charger\n- socks\n"))
        }
        try a.edit(at: "2026-11-21T13:05:00") { vault in _ = try vault.editNote(note.id, NoteChanges(title: "Packing list (trip)")) }
        try await b.sync()
        try await a.sync()
        try await b.sync()
        for machine in [a, b] {
            let merged = try machine.edit(at: "2026-11-21T14:00:00") { try $0.readNote(note.id).0 }
            #expect(merged.title == "Packing list (trip)")
            #expect(merged.pinned)
            #expect(merged.body.hasSuffix("- socks\n"))
        }
        #expect(try a.records() == b.records())
    }
}

/// A vault read through a field map (§ issue 9: TaskNotes in place) syncs in §3 terms and keeps
/// the other tool's key names and value forms in its own files.
@Suite(.enabled(if: TestDatabase.url != nil, TestDatabase.skipReason))
struct SyncFieldMapTests {
    static let taskNotesFile = """
        ---
        title: Review quarterly budget
        status: open
        priority: normal
        due: 2026-11-24
        contexts:
          - office
        projects:
          - "[[Finance Q4]]"
        tags:
          - task
        dateCreated: 2026-11-01T09:00:00Z
        dateModified: 2026-11-02T09:00:00Z
        ---

        Check the travel line.

        """

    @Test func aTaskNotesVaultSyncsWithAPlainOneAndKeepsItsNames() async throws {
        let url = try TestDatabase.isolated()
        let (a, b) = (try Machine(url), try Machine(url))
        try a.vault.write(".todomd/config.json", "{\"field_map\": {\"preset\": \"tasknotes\"}}\n")
        try a.vault.write("TaskNotes/Tasks/review-budget.md", Self.taskNotesFile)
        try await a.sync()
        try await b.sync()

        // B has it in §3 terms.
        let pulled = try b.task("TaskNotes/Tasks/review-budget.md")
        #expect(pulled.status == .todo)
        #expect(pulled.priority == .medium)
        #expect(pulled.area == "office")
        #expect(pulled.project == "Finance Q4")
        let plain = try b.vault.text("TaskNotes/Tasks/review-budget.md")
        #expect(plain.contains("status: \"todo\"") && !plain.contains("dateCreated"))

        // An edit on B comes back to A in TaskNotes' names, only its line changed.
        try b.edit(at: "2026-11-21T10:00:00") { vault in
            var changes = TaskChanges()
            changes.set(.priority, .string("high"))
            _ = try vault.update("TaskNotes/Tasks/review-budget.md", changes)
        }
        try await b.sync(at: "2026-11-21T10:05:00")
        try await a.sync(at: "2026-11-21T10:06:00")
        let text = try a.vault.text("TaskNotes/Tasks/review-budget.md")
        #expect(text.contains("priority: high") || text.contains("priority: \"high\""))
        #expect(text.contains("status: open"))
        #expect(text.contains("dateCreated: 2026-11-01T09:00:00Z"))
        #expect(text.contains("  - \"[[Finance Q4]]\""))
        #expect(!text.contains("\ncreated:") && !text.contains("\nproject:"))
    }
}
