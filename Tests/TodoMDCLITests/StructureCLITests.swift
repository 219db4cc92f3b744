import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// §23 from the command line: subtasks by `--parent`, nested listings with progress and
/// breadcrumbs, `done` refusing a parent with open subtasks (exit 2, naming them), checklists.
@Suite struct StructureCLITests {
    @Test func aUserBreaksATripIntoSubtasks() async throws {
        let v = try TemporaryVault()
        let trip = await v.run("add", "Plan the trip", "today")
        #expect(trip.code == 0)
        let flights = await v.run("add", "Book flights", "--parent", "Plan the trip")
        let pack = await v.run("add", "Pack bags", "today", "--parent", "trip", "--blocked-by", "Book flights")
        #expect(flights.code == 0 && pack.code == 0, "\(flights.stderr)\(pack.stderr)")
        let packID = pack.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let file = try v.text(packID)
        #expect(file.contains("parent: \"\(trip.stdout.trimmingCharacters(in: .whitespacesAndNewlines))\""))
        #expect(file.contains("blocked_by:\n  - \"\(flights.stdout.trimmingCharacters(in: .whitespacesAndNewlines))\""))

        let all = await v.run("list", "all")
        #expect(all.stdout.contains("○ Plan the trip  0/2"), "\(all.stdout)")
        #expect(all.stdout.contains("\n    ○ Book flights"), "children indented under the parent")
        #expect(all.stdout.contains("⧗ blocked"))
        // Today leaves out the blocked task.
        #expect(!(await v.run("list", "today")).stdout.contains("Pack bags"))

        // The parent cannot be completed by accident.
        let refused = await v.run("done", "Plan the trip")
        #expect(refused.code == 2)
        #expect(refused.stderr.contains("has 2 open subtasks; nothing was completed"))
        #expect(refused.stderr.contains(packID))
        #expect(refused.stderr.contains("--with-subtasks"))

        #expect((await v.run("done", "Book flights")).code == 0)
        #expect((await v.run("list", "today")).stdout.contains("Pack bags"), "unblocked")
        #expect((await v.run("list", "all")).stdout.contains("Plan the trip  1/2"))
        let done = await v.run("done", "Plan the trip", "--with-subtasks")
        #expect(done.code == 0, "\(done.stderr)")
        #expect(try v.text(packID).contains("status: \"done\""))
    }

    @Test func aChildListedWithoutItsParentShowsABreadcrumb() async throws {
        let v = try TemporaryVault()
        try v.task("trip.md", title: "Plan the trip")
        try v.task("flights.md", title: "Book flights", "parent: \"trip.md\"\nflagged: true")
        let flagged = await v.run("list", "flagged")
        #expect(flagged.stdout.contains("↳ Plan the trip"), "\(flagged.stdout)")
        let json = await v.run("list", "flagged", "--json")
        #expect(json.stdout.contains(#""parents":{"trip.md":"Plan the trip"}"#))
    }

    /// `show` names a task's subtasks by title, with what each waits for and when it is due.
    @Test func showListsTheSubtasksByTitle() async throws {
        let v = try TemporaryVault()
        try v.task("trip.md", title: "Plan the trip")
        try v.task("flights.md", title: "Book flights", "parent: \"trip.md\"\ndue: \"2026-11-23\"")
        try v.task("pack.md", title: "Pack bags", "parent: trip\nblocked_by: [flights]")
        let show = await v.run("show", "trip.md")
        #expect(show.stdout.hasSuffix("""
              subtasks
                ○ Book flights  due in 2 days  flights.md
                ○ Pack bags  waiting  pack.md

            """), "\(show.stdout)")
        let pack = await v.run("show", "pack.md")
        #expect(pack.stdout.contains("  waiting for  Book flights (flights.md)\n"), "\(pack.stdout)")
    }

    @Test func duplicateCopiesATaskAndItsSubtasks() async throws {
        let v = try TemporaryVault()
        try v.task("trip.md", title: "Plan the trip")
        try v.task("pack.md", title: "Pack bags", "parent: trip", status: "done")
        let made = await v.run("duplicate", "trip")
        #expect(made.code == 0, "\(made.stderr)")
        #expect(made.stdout == "20261121-0800-plan-the-trip.md\n20261121-0800-pack-bags.md\n")
        #expect(try v.text("20261121-0800-pack-bags.md").contains("status: \"todo\"\nflagged: false\nparent: \"20261121-0800-plan-the-trip.md\"\n"))
        #expect(await v.run("duplicate", "nothing").code == 2)
    }

    @Test func checkAndUncheckToggleOneItem() async throws {
        let v = try TemporaryVault()
        try v.task("pack.md", title: "Pack", body: "- [ ] socks\n- [ ] charger\n")
        let check = await v.run("check", "pack.md", "2")
        #expect(check.code == 0)
        #expect(check.stdout.contains("Checked: charger (1/2)"), "\(check.stdout)")
        #expect(try v.text("pack.md").hasSuffix("\n- [ ] socks\n- [x] charger\n"))
        #expect((await v.run("uncheck", "pack.md", "2")).code == 0)
        #expect(try v.text("pack.md").hasSuffix("\n- [ ] socks\n- [ ] charger\n"))
        let bad = await v.run("check", "pack.md", "3")
        #expect(bad.code == 2)
        #expect(bad.stderr.contains("the checklist has items 1 to 2"))
        let show = await v.run("show", "pack.md")
        #expect(show.stdout.contains("1. [ ] socks"))
    }

    @Test func deleteKeepsOrTrashesSubtasksAsAsked() async throws {
        let v = try TemporaryVault()
        try v.task("trip.md", title: "Plan the trip")
        try v.task("flights.md", title: "Book flights", "parent: \"trip.md\"")
        #expect((await v.run("delete", "trip.md")).code == 2)
        #expect((await v.run("delete", "trip.md", "--with-subtasks", "--keep-subtasks")).code == 2)
        let kept = await v.run("delete", "trip.md", "--keep-subtasks")
        #expect(kept.code == 0)
        #expect(!(try v.text("flights.md")).contains("parent"))
    }

    @Test func restorePutsADeletedTaskBack() async throws {
        let v = try TemporaryVault()
        try v.task("milk.md", title: "Buy milk")
        try v.task("Work/report.md", title: "Write the report")
        let milk = try v.bytes("milk.md")
        let deleted = await v.run("delete", "milk")
        #expect(deleted.stdout == "Deleted: Buy milk  moved to .trash/milk.md\n  todomd restore .trash/milk.md puts it back\n")
        let back = await v.run("restore", ".trash/milk.md")
        #expect(back.code == 0)
        #expect(back.stdout == "Restored: Buy milk  milk.md\n")
        #expect(try v.bytes("milk.md") == milk)
        // A task from a folder goes back with --to (as `delete --json` said); the name alone will do.
        #expect(await v.run("delete", "report", "--json").stdout == #"{"id":"Work/report.md","trashed_to":".trash/report.md"}"# + "\n")
        let report = await v.run("restore", "report.md", "--to", "Work/report.md", "--json")
        #expect(report.code == 0)
        #expect(report.stdout.contains(#""id":"Work/report.md""#))
        #expect(v.exists("Work/report.md"))
        // The way back of a task from a folder names its path, quoted for the shell when it must be.
        try v.task("My Work/it's.md", title: "Quoted")
        #expect(await v.run("delete", "Quoted").stdout
                == "Deleted: Quoted  moved to .trash/it's.md\n  todomd restore '.trash/it'\\''s.md' --to 'My Work/it'\\''s.md' puts it back\n")
        let gone = await v.run("restore", "report.md")
        #expect(gone.code == 2)
        #expect(gone.stderr == "error: .trash/report.md is not in the trash: it was restored already, or the trash was emptied.\n")
        #expect(await v.run("delete", "milk").code == 0)
        let outside = await v.run("restore", "milk.md", "--to", "../milk.md")
        #expect(outside.code == 2)
        #expect(outside.stderr.contains("`id: ../milk.md` is not valid"))
        #expect(v.exists(".trash/milk.md"))
    }

    @Test func theTrashListsDeletedTasksAndRestoreFindsThemByTitle() async throws {
        let v = try TemporaryVault()
        try v.task("Work/report.md", title: "Write the report")
        try v.task("milk.md", title: "Buy milk")
        #expect(await v.run("trash").stdout == "Trash  0 tasks\n  Nothing here. Deleted tasks wait here until the trash is emptied.\n")
        #expect(await v.run("delete", "report").code == 0)
        #expect(await v.run("delete", "milk").code == 0)
        let listed = await v.run("trash")
        #expect(listed.stdout == """
            Trash  2 tasks
              Buy milk          deleted 2026-11-21 09:00  .trash/milk.md
              Write the report  from Work/report.md, deleted 2026-11-21 09:00  .trash/report.md
              todomd restore WORDS puts one back; todomd trash empty --yes removes them for good

            """)
        let json = await v.run("trash", "--json")
        #expect(json.stdout.hasPrefix(#"{"trash":[{"trashed_to":".trash/milk.md","kind":"task","id":"milk.md","title":"Buy milk","status":"todo","readable":true,"deleted":"2026-11-21T08:00:00Z"}"#))
        // Words of its title will do, and it goes back to its folder without --to.
        let back = await v.run("restore", "the report")
        #expect(back.stdout == "Restored: Write the report  Work/report.md\n")
        #expect(v.exists("Work/report.md"))
        #expect(await v.run("restore", "bread").stderr == "error: bread is not in the trash: it was restored already, or the trash was emptied.\n")

        // Emptying asks for --yes first, and removes nothing without it.
        #expect(await v.run("delete", "report").code == 0)
        let asked = await v.run("trash", "empty")
        #expect(asked.code == 2)
        #expect(asked.stderr.contains("This removes 2 tasks for good; add --yes to do it."))
        #expect(v.exists(".trash/milk.md"))
        #expect(await v.run("trash", "empty", "milk", "--yes").stdout == "Removed: 1 task for good\n")
        #expect(!v.exists(".trash/milk.md") && v.exists(".trash/report.md"))
        #expect(await v.run("trash", "empty", "--yes", "--json").stdout == #"{"removed":[".trash/report.md"]}"# + "\n")
        #expect(await v.run("trash", "empty", "--yes").stdout == "The trash is empty.\n")
        // A done task can be deleted by its title too, as in the web app.
        try v.task("old.md", title: "Old chore", status: "done")
        #expect(await v.run("delete", "Old chore").code == 0)
        #expect(v.exists(".trash/old.md"))
    }

    @Test func theTrashListsDeletedNotesTooAndRestorePutsOneBack() async throws {
        let v = try TemporaryVault()
        try v.task("milk.md", title: "Buy milk")
        #expect(await v.run("note", "add", "Trip ideas").code == 0)
        #expect(await v.run("note", "delete", "trip").code == 0)
        #expect(await v.run("delete", "milk").code == 0)
        #expect(await v.run("trash").stdout == """
            Trash  1 task and 1 note
              Trip ideas  note, deleted 2026-11-21 09:00  .trash/Notes/trip-ideas.md
              Buy milk    deleted 2026-11-21 09:00  .trash/milk.md
              todomd restore WORDS puts one back; todomd trash empty --yes removes them for good

            """)
        #expect(await v.run("restore", "trip").stdout == "Restored: Trip ideas  trip-ideas\n")
        #expect(v.exists("Notes/trip-ideas.md"))
        #expect(await v.run("trash", "empty").stderr.contains("This removes 1 task for good"))
    }

    @Test func aParentThatWouldMakeACycleIsRefused() async throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Alpha")
        try v.task("b.md", title: "Beta", "parent: \"a.md\"")
        let run = await v.run("edit", "a.md", "--parent", "b.md")
        #expect(run.code == 2)
        #expect(run.stderr.contains("that would make a cycle"))
        let clear = await v.run("edit", "b.md", "--clear", "parent")
        #expect(clear.code == 0)
        #expect(!(try v.text("b.md")).contains("parent"))
    }

    @Test func aSequentialProjectShowsOnlyItsFirstOpenTask() async throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Draft", "project: \"Essay\"", created: "2026-11-01T10:00:00Z")
        try v.task("b.md", title: "Edit", "project: \"Essay\"", created: "2026-11-01T11:00:00Z")
        #expect((await v.run("projects", "--sequential", "Essay")).code == 0)
        #expect(try v.text(".todomd/projects.json").contains("\"sequential\" : true") || v.text(".todomd/projects.json").contains("\"sequential\": true"))
        let anytime = await v.run("list", "anytime")
        #expect(anytime.stdout.contains("Draft") && !anytime.stdout.contains("Edit"))
        #expect((await v.run("projects", "--parallel", "Essay")).code == 0)
        #expect((await v.run("list", "anytime")).stdout.contains("Edit"))
    }
}
