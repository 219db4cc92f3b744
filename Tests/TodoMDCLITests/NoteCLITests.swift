import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDCLI

@Suite("todomd note")
struct NoteCLITests {
    @Test func writeListPinShowAndDelete() async throws {
        let v = try TemporaryVault()
        let added = await v.run("note", "add", "Shopping", "list", "--body=- milk\n- eggs\n")
        #expect(added.code == 0)
        #expect(added.stdout == "shopping-list\n")
        #expect(await v.run("note", "add", "Ideas", "--pin").stdout == "ideas\n")
        try v.write("Notes/trip.md", "---\ntitle: \"Trip\"\ncreated: \"2026-11-20T10:00:00Z\"\nmodified: \"2026-11-20T10:00:00Z\"\n---\n")

        let list = await v.run("note", "list")
        #expect(list.stdout == """
            Pinned (1)
              📌 Ideas          Nov 21  ideas
            Notes (2)
                 Shopping list  Nov 21  shopping-list
                 Trip           Nov 20  trip

            """)
        let json = await v.run("note", "list", "--json")
        let notes = json.json["notes"] as? [[String: Any]] ?? []
        #expect(notes.map { $0["id"] as? String } == ["ideas", "shopping-list", "trip"])
        #expect(notes.first?["pinned"] as? Bool == true)
        #expect(notes[1]["body"] as? String == "- milk\n- eggs\n")
        #expect(notes[1]["modified"] as? String == "2026-11-21T08:00:00Z")

        let pinned = await v.run("note", "pin", "trip")
        #expect(pinned.stdout == "Pinned: Trip  trip\n")
        #expect(try v.text("Notes/trip.md").contains("pinned: true\n"))
        #expect(await v.run("note", "unpin", "ideas", "--json").json["pinned"] as? Bool == false)

        let show = await v.run("note", "show", "shop")
        #expect(show.stdout == """
            Shopping list
            Notes/shopping-list.md · created Nov 21 · modified Nov 21

            - milk
            - eggs

            """)

        let edited = await v.run("note", "edit", "shopping-list", "--title", "Groceries", "--body=- bread\n")
        #expect(edited.code == 0)
        #expect(try v.text("Notes/shopping-list.md").contains("title: \"Groceries\"\n"))
        #expect(try v.text("Notes/shopping-list.md").hasSuffix("---\n\n- bread\n"))

        let deleted = await v.run("note", "delete", "groceries", "trip")
        #expect(deleted.code == 0)
        #expect(deleted.stdout == """
            Deleted: Groceries  moved to .trash/Notes/shopping-list.md
              todomd note restore .trash/Notes/shopping-list.md puts it back
            Deleted: Trip  moved to .trash/Notes/trip.md
              todomd note restore .trash/Notes/trip.md puts it back

            """)
        #expect((await v.run("note", "list", "--json").json["notes"] as? [[String: Any]])?.count == 1)
        // Put back as the line says; a name taken in the trash since gets --as.
        #expect(await v.run("note", "restore", ".trash/Notes/trip.md").stdout == "Restored: Trip  trip\n")
        #expect(v.exists("Notes/trip.md"))
        _ = await v.run("note", "add", "Trip")
        #expect(await v.run("note", "delete", "trip").code == 0)
        _ = await v.run("note", "add", "Trip")
        #expect(await v.run("note", "delete", "trip").stdout.contains("todomd note restore .trash/Notes/trip-2.md --as trip puts it back"))
        #expect(await v.run("note", "restore", "trip-2", "--as", "trip").stdout == "Restored: Trip  trip\n")
        #expect(await v.run("note", "restore", "trip-2").code == 2, "no longer in the trash")
    }

    @Test func unknownAndAmbiguousReferencesExitTwoAndNameCandidates() async throws {
        let v = try TemporaryVault()
        _ = await v.run("note", "add", "Garden plan")
        _ = await v.run("note", "add", "Garage inventory")
        let ambiguous = await v.run("note", "show", "ga")
        #expect(ambiguous.code == 2)
        #expect(ambiguous.stderr == "error: `ga` matches 2 notes; say which one:\n  garage-inventory\n  garden-plan\n")
        let missing = await v.run("note", "pin", "zebra")
        #expect(missing.code == 2)
        #expect(missing.stderr == "error: No note matches `zebra`. Try `todomd note list` to see note ids.\n")
        // One unknown reference in a bulk delete moves nothing.
        #expect(await v.run("note", "delete", "garden-plan", "zebra").code == 2)
        #expect(v.exists("Notes/garden-plan.md"))
        #expect(await v.run("note", "edit", "garden-plan").code == 2)
        #expect(await v.run("note", "add", " ").code == 2)
    }

    @Test func aTaskFromALine() async throws {
        let v = try TemporaryVault()
        _ = await v.run("note", "add", "Weekend", "--body", "Chores:\n- [ ] Fix the gate\n")
        #expect(await v.run("note", "show", "weekend", "-n").stdout.hasSuffix("\n1  Chores:\n2  - [ ] Fix the gate\n"))
        let made = await v.run("note", "task", "weekend", "--line", "2")
        #expect(made.code == 0)
        #expect(made.stdout == "20261121-0800-fix-the-gate.md\n")
        let task = try v.text("20261121-0800-fix-the-gate.md")
        #expect(task.contains("title: \"Fix the gate\"\n"))
        #expect(task.contains("note: \"weekend\"\nnote_line: 2\n"))
        #expect(try v.text("Notes/weekend.md").hasSuffix("Chores:\n- [ ] Fix the gate [[20261121-0800-fix-the-gate]]\n"))
        let shown = await v.run("show", "fix the gate", "--json")
        #expect(shown.json["note"] as? String == "weekend")
        #expect(shown.json["note_line"] as? Int == 2)
        let note = await v.run("note", "show", "weekend")
        #expect(note.stdout.hasSuffix("Tasks from this note\n  ○ Fix the gate  line 2 · 20261121-0800-fix-the-gate.md\n"))
        let again = await v.run("note", "task", "weekend", "--line", "2")
        #expect(again.code == 2)
        #expect(again.stderr.contains("already has a task"))
        let outside = await v.run("note", "task", "weekend", "--line", "7")
        #expect(outside.code == 2)
        #expect(outside.stderr == "error: Line 7 of note weekend: the note has 2 lines\n")
    }

    @Test func aNoteChangedUnderneathExitsThree() async throws {
        // The CLI reads and writes in one go; a change between them is simulated through the
        // core with the hash a client saw.
        let v = try TemporaryVault()
        _ = await v.run("note", "add", "Draft")
        let vault = try v.open()
        let hash = try vault.readNote("draft").1.stamp.hash
        try v.write("Notes/draft.md", "---\ntitle: \"Draft\"\n---\n\nnewer\n")
        do {
            try vault.editNote("draft", NoteChanges(body: "older"), expectedHash: hash)
            Issue.record("the edit should have been refused")
        } catch {
            #expect(CLI.exitCode(for: error) == 3)
        }
        #expect(try v.text("Notes/draft.md").hasSuffix("newer\n"))
    }
}

/// Markdown bodies start with `-` (a list) more often than not: the text options take them as
/// values, not as options.
@Suite struct BodyOptionTests {
    @Test func bodiesThatStartWithADashAreValues() async throws {
        let v = try TemporaryVault()
        let note = await v.run("note", "add", "Weekend", "--body", "- Fix the gate\n- Mow the lawn\n")
        #expect(note.code == 0)
        #expect(try v.text("Notes/weekend.md").hasSuffix("\n- Fix the gate\n- Mow the lawn\n"))
        let edited = await v.run("note", "edit", "weekend", "--body", "- Mow the lawn\n")
        #expect(edited.code == 0)
        #expect(try v.text("Notes/weekend.md").hasSuffix("\n- Mow the lawn\n"))

        let task = await v.run("add", "Pack", "--note", "- passport\n- charger\n", "--description", "-- carry-on only")
        #expect(task.code == 0)
        let id = task.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let text = try v.text(id)
        #expect(text.hasSuffix("\n- passport\n- charger\n"))
        #expect(text.contains("description: \"-- carry-on only\""))
        #expect(await v.run("edit", id, "--body", "- passport\n").code == 0)
        #expect(try v.text(id).hasSuffix("\n- passport\n"))
    }
}
