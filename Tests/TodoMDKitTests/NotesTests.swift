import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

@Suite("Notes (§15)")
struct NotesTests {
    // MARK: - Files

    @Test func aNewNoteIsACanonicalFileInNotesNamedByItsTitle() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let note = try vault.addNote(title: "Shopping list", body: "- milk\n- eggs\n")
        #expect(note.id == "shopping-list")
        #expect(try v.text("Notes/shopping-list.md") == """
            ---
            title: "Shopping list"
            pinned: false
            created: "2026-11-21T08:00:00Z"
            modified: "2026-11-21T08:00:00Z"
            ---

            - milk
            - eggs

            """)
        let again = try vault.addNote(title: "Shopping list")
        #expect(again.id == "shopping-list-2")
        #expect(try vault.addNote(title: "日本語").id == "note")
    }

    @Test func notesAreNeverReadAsTasks() throws {
        let v = try TemporaryVault()
        try v.task("real.md", title: "A real task")
        // A note that would be a perfectly good task file anywhere else (§2).
        try v.write("Notes/looks-like-a-task.md", "---\ntitle: \"Imposter\"\nstatus: \"todo\"\ncreated: \"2026-11-01T10:00:00Z\"\nsource: \"x\"\n---\n")
        let vault = try v.open()
        _ = try vault.addNote(title: "Ideas")
        try vault.refreshIndex()
        #expect(try vault.list("all").tasks.map(\.title) == ["A real task"])
        #expect(try vault.doctor().taskCount == 1)
        #expect(vault.notes().notes.map(\.title).sorted() == ["Ideas", "Imposter"])
        // A folder called Notes deeper down is an ordinary folder of tasks.
        try v.task("Work/Notes/deep.md", title: "Deep task")
        try vault.refreshIndex()
        #expect(try vault.list("all").tasks.map(\.title).sorted() == ["A real task", "Deep task"])
    }

    @Test func listIsPinnedFirstThenNewestModified() throws {
        let v = try TemporaryVault()
        try v.write("Notes/old.md", "---\ntitle: \"Old\"\npinned: false\ncreated: \"2026-01-01T00:00:00Z\"\nmodified: \"2026-01-02T00:00:00Z\"\n---\n")
        try v.write("Notes/new.md", "---\ntitle: \"New\"\npinned: no\ncreated: \"2026-01-01T00:00:00Z\"\nmodified: \"2026-11-02T00:00:00Z\"\n---\n")
        try v.write("Notes/pinned-old.md", "---\ntitle: \"Pinned old\"\npinned: true\ncreated: \"2025-01-01T00:00:00Z\"\nmodified: \"2025-01-01T00:00:00Z\"\n---\n")
        try v.write("Notes/.hidden.md", "---\ntitle: \"Hidden\"\n---\n")
        try v.write("Notes/sub/inner.md", "---\ntitle: \"Inner\"\n---\n")
        let vault = try v.open()
        let listing = vault.notes()
        #expect(listing.notes.map(\.id) == ["pinned-old", "new", "old"])
        #expect(listing.pinned.map(\.id) == ["pinned-old"])
        try vault.setNotePinned("old", true)
        #expect(vault.notes().notes.map(\.id) == ["old", "pinned-old", "new"])
    }

    @Test func anEditRewritesOnlyItsLinesAndKeepsUnknownKeysCommentsAndBytes() throws {
        let v = try TemporaryVault()
        let original = "---\r\n# made by my script\r\ntitle: 'Trip'\r\ncolor: teal\r\npinned: false\r\ncreated: \"2026-01-01T00:00:00Z\"\r\naliases: [voyage]\r\n---\r\n\r\nPack *light*.\r\n"
        try v.write("Notes/trip.md", original)
        let vault = try v.open()
        let edited = try vault.editNote("trip", NoteChanges(pinned: true))
        #expect(edited.pinned)
        #expect(edited.extra.map(\.key) == ["color", "aliases"])
        #expect(try v.text("Notes/trip.md") == "---\r\n# made by my script\r\ntitle: 'Trip'\r\ncolor: teal\r\npinned: true\r\ncreated: \"2026-01-01T00:00:00Z\"\r\nmodified: \"2026-11-21T08:00:00Z\"\r\naliases: [voyage]\r\n---\r\n\r\nPack *light*.\r\n")
        let retitled = try vault.editNote("trip", NoteChanges(title: "Trip to Lisbon", body: "Pack **light**.\n"))
        #expect(retitled.title == "Trip to Lisbon")
        #expect(retitled.body == "Pack **light**.\n")
        #expect(try v.text("Notes/trip.md").hasPrefix("---\r\n# made by my script\r\ntitle: \"Trip to Lisbon\"\r\ncolor: teal\r\n"))
    }

    @Test func aPlainMarkdownFileIsANoteAndGetsFrontmatterOnItsFirstEdit() throws {
        let v = try TemporaryVault()
        try v.write("Notes/Obsidian note.md", "# Heading\n\nSome text.\n")
        let vault = try v.open()
        let note = try vault.note("Obsidian")
        #expect(note.title == "Obsidian note")
        #expect(note.body == "# Heading\n\nSome text.\n")
        let pinned = try vault.setNotePinned(note.id, true)
        #expect(pinned.body == "# Heading\n\nSome text.\n")
        #expect(try v.text("Notes/Obsidian note.md").hasSuffix("---\n\n# Heading\n\nSome text.\n"))
        #expect(pinned.warnings.isEmpty)
    }

    @Test func aFileChangedUnderneathIsAConflictAndNothingIsWritten() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let note = try vault.addNote(title: "Draft", body: "one")
        let (_, snapshot) = try vault.readNote(note.id)
        try v.write("Notes/draft.md", "---\ntitle: \"Draft\"\n---\n\nchanged by Obsidian\n")
        #expect(throws: TodoError.conflict(path: "Notes/draft.md")) {
            try vault.editNote(note.id, NoteChanges(body: "two"), expectedHash: snapshot.stamp.hash)
        }
        #expect(try v.text("Notes/draft.md").hasSuffix("changed by Obsidian\n"))
    }

    @Test func brokenNotesAreListedAsUnreadableAndNeverTouched() throws {
        let v = try TemporaryVault()
        try v.write("Notes/bad.md", "---\ntitle: [unclosed\n---\n")
        try v.write("Notes/binary.md", bytes: [0x2D, 0x00, 0x01])
        let vault = try v.open()
        let listing = vault.notes()
        #expect(listing.notes.isEmpty)
        #expect(listing.unreadable.map(\.id) == ["bad", "binary"])
        #expect(throws: NoteError.self) { try vault.setNotePinned("bad", true) }
        #expect(try v.text("Notes/bad.md") == "---\ntitle: [unclosed\n---\n")
    }

    @Test func invalidTitlesAreRefused() throws {
        let vault = try TemporaryVault().open()
        #expect(throws: TodoError.self) { try vault.addNote(title: "  ") }
        #expect(throws: TodoError.self) { try vault.addNote(title: String(repeating: "x", count: 501)) }
        #expect(throws: TodoError.self) { try vault.addNote(title: "ok", body: String(repeating: "x", count: 102_401)) }
    }

    // MARK: - References and deletion

    @Test func referencesResolveLikeTaskReferences() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        _ = try vault.addNote(title: "Garden plan")
        _ = try vault.addNote(title: "Garage inventory")
        #expect(try vault.resolveNote("garden-plan") == "garden-plan")
        #expect(try vault.resolveNote("Notes/garden-plan.md") == "garden-plan")
        #expect(try vault.resolveNote("gard") == "garden-plan")
        #expect(try vault.resolveNote("INVENTORY") == "garage-inventory")
        #expect(throws: NoteError.ambiguousNote("ga", candidates: ["garage-inventory", "garden-plan"])) {
            try vault.resolveNote("ga")
        }
        #expect(throws: NoteError.noteNotFound("nothing")) { try vault.resolveNote("nothing") }
    }

    @Test func bulkDeleteMovesToTrashAndAnUnknownNoteMovesNone() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let a = try vault.addNote(title: "A")
        let b = try vault.addNote(title: "B")
        #expect(throws: NoteError.self) { try vault.deleteNotes([a.id, "missing"]) }
        #expect(v.exists("Notes/a.md"))
        #expect(try vault.deleteNotes([a.id, b.id]) == [".trash/Notes/a.md", ".trash/Notes/b.md"])
        #expect(!v.exists("Notes/a.md") && v.exists(".trash/Notes/b.md"))
        let again = try vault.addNote(title: "A")
        #expect(try vault.deleteNotes([again.id]) == [".trash/Notes/a-2.md"])
        #expect(vault.notes().notes.isEmpty)
    }

    @Test func deletedNotesComeBackBesideANoteThatTookTheirName() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let a = try vault.addNote(title: "A", body: "First.\n")
        let before = try v.bytes("Notes/a.md")
        let moved = try vault.deleteNotes([a.id])
        let newer = try vault.addNote(title: "A", body: "Second.\n")
        #expect(newer.id == "a")
        // Bad input is refused before anything moves.
        let refused: [([(id: String, trashedTo: String)], TodoError)] = [
            ([("a", "Notes/a.md")], .invalidValue(field: "trashed_to", value: "Notes/a.md", reason: "a Markdown file directly in .trash/Notes/")),
            ([("a", ".trash/a.md")], .invalidValue(field: "trashed_to", value: ".trash/a.md", reason: "a Markdown file directly in .trash/Notes/")),
            ([("../x", moved[0])], .invalidValue(field: "id", value: "../x", reason: "a note's id")),
            ([("a", moved[0]), ("b", moved[0])], .invalidValue(field: "trashed_to", value: moved[0], reason: "each file once")),
            ([("a", ".trash/Notes/gone.md")], .notInTrash(".trash/Notes/gone.md")),
        ]
        for (items, error) in refused {
            #expect(throws: error) { try vault.restoreNotes(items) }
        }
        #expect(v.exists(moved[0]))
        #expect(try vault.restoreNotes([(a.id, moved[0])]) == ["a-2"])
        #expect(try v.bytes("Notes/a-2.md") == before, "byte for byte")
        #expect(try vault.readNote("a").0.body == "Second.\n", "the newer note is not touched")
    }

    // MARK: - Tasks from lines

    @Test(arguments: [
        ("- [ ] Buy milk", "Buy milk"), ("* Call **Bob**", "Call Bob"), ("12. Renew passport", "Renew passport"),
        ("## Fix the gate", "Fix the gate"), ("> **Pay rent**", "Pay rent"), ("  + [x] Done thing", "Done thing"),
        ("Plain line", "Plain line"), ("- Water plants [[20261121-0800-water-plants]]", "Water plants"),
        ("#hashtag", "#hashtag"), ("Read [the docs](https://x.y) and `make`", "Read the docs and make"),
        ("snake_case_name stays", "snake_case_name stays"), ("_Water_ the ~~cat~~ plants", "Water the cat plants"),
    ])
    func aLineLosesItsMarkdownMarkers(line: String, title: String) {
        #expect(NoteText.plainLine(line) == title)
    }

    @Test func lineNumbersCountTheBodyFromOneWithEitherLineEnding() {
        #expect(NoteText.lines("a\r\nb\n\nc") == ["a", "b", "", "c"])
        #expect(NoteText.lines("a\n") == ["a"])
        #expect(NoteText.lines("") == [])
        #expect(NoteText.appending(" [[x]]", toLine: 2, of: "a\r\nb  \r\nc") == "a\r\nb [[x]]\r\nc")
        #expect(NoteText.appending(" [[x]]", toLine: 4, of: "a\nb\n") == nil)
    }

    @Test func aTaskFromALineIsLinkedBothWays() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let note = try vault.addNote(title: "Weekend", body: "# Chores\n\n- [ ] Fix the gate\n- Mow the lawn\n")
        let (task, updated) = try vault.createTask(fromNote: note.id, line: 3)
        #expect(task.id == "20261121-0800-fix-the-gate.md")
        #expect(task.title == "Fix the gate")
        #expect(task.note == "weekend")
        #expect(task.noteLine == 3)
        #expect(task.source == "user")
        #expect(try v.text(task.id).contains("note: \"weekend\"\nnote_line: 3\n"))
        #expect(updated.lines[2] == "- [ ] Fix the gate [[20261121-0800-fix-the-gate]]")
        #expect(updated.lines[3] == "- Mow the lawn")
        #expect(try vault.linkedTasks(of: updated).map(\.id) == [task.id])
        // The same line again would duplicate the task: refused.
        #expect(throws: NoteError.lineHasTask(note: "weekend", line: 3, task: "20261121-0800-fix-the-gate.md")) {
            try vault.createTask(fromNote: note.id, line: 3)
        }
        #expect(throws: NoteError.self) { try vault.createTask(fromNote: note.id, line: 2) }
        #expect(throws: NoteError.self) { try vault.createTask(fromNote: note.id, line: 9) }
        #expect(try vault.list("all").tasks.count == 1)
    }

    @Test func severalLinesMakeOneTaskEachAndSkipBlankOnes() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let note = try vault.addNote(title: "Packing", body: "1. Passport\n\n---\n2. Charger\n")
        let made = try vault.createTasks(fromNote: note.id, lines: [1, 2, 3, 4])
        #expect(made.tasks.map(\.title) == ["Passport", "Charger"])
        #expect(made.tasks.map(\.noteLine) == [1, 4])
        #expect(made.note.body == "1. Passport [[20261121-0800-passport]]\n\n---\n2. Charger [[20261121-0800-charger]]\n")
    }

    @Test func whenTheNoteCannotTakeTheLinkNoTaskIsLeftBehind() throws {
        let v = try TemporaryVault()
        // A flow-mapping frontmatter cannot be edited line by line.
        try v.write("Notes/flow.md", "---\n{title: \"Flow\", pinned: false}\n---\n\n- Do it\n")
        let vault = try v.open()
        #expect(throws: TodoError.self) { try vault.createTask(fromNote: "flow", line: 1) }
        try vault.refreshIndex()
        #expect(try vault.list("all").tasks.isEmpty)
        #expect(!v.exists("20261121-0800-do-it.md"))
    }
}
