import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport

/// A delete answered file by file, and undone (§5: a deleted task is restorable).
@Suite struct TrashTests {
    @Test func aRestoredTaskIsBackWhereItWasByteForByte() throws {
        let v = try TemporaryVault()
        try v.task("Work/Deep/a.md", title: "Deep work", body: "Notes stay.\n")
        let before = try v.bytes("Work/Deep/a.md")
        let vault = try v.open()
        let trashed = try vault.trash("Work/Deep/a.md")
        #expect(trashed == [TrashedTask(id: "Work/Deep/a.md", trashedTo: ".trash/a.md")])
        #expect(throws: TodoError.taskNotFound("Deep work")) { try vault.resolve("Deep work") }

        let restored = try vault.restore(trashed)
        #expect(restored.map(\.id) == ["Work/Deep/a.md"])
        #expect(try v.bytes("Work/Deep/a.md") == before)
        #expect(!v.exists(".trash/a.md"))
        #expect(try vault.resolve("Deep work") == "Work/Deep/a.md")
        // A fresh open agrees.
        #expect(try v.open().resolve("Deep work") == "Work/Deep/a.md")
    }

    @Test func aParentAndItsSubtasksComeBackTogetherWithTheirLinks() throws {
        let v = try TemporaryVault()
        try StructureTests.trip(v)
        let vault = try v.open()
        let trashed = try vault.trash("trip.md", subtasks: .include)
        #expect(trashed.map(\.id) == ["pack.md", "sub/passport.md", "flights.md", "trip.md"], "the task last")
        #expect(try vault.list("all").tasks.isEmpty)

        let restored = try vault.restore(trashed)
        #expect(Set(restored.map(\.id)) == ["trip.md", "flights.md", "sub/passport.md", "pack.md"])
        #expect(try vault.task("trip.md").links.children == ["flights.md", "sub/passport.md", "pack.md"])
    }

    @Test func severalTasksAreCheckedFirstAndSubtasksGoBeforeTheirParents() throws {
        let v = try TemporaryVault()
        try StructureTests.trip(v)
        try v.task("other.md", title: "Other")
        let vault = try v.open()
        // A parent whose open subtasks are not all chosen: nothing moves, not even `other.md`.
        #expect(throws: TodoError.openSubtasks("trip.md", action: .delete, open: ["flights.md", "sub/passport.md", "pack.md"])) {
            try vault.trash(["other.md", "trip.md", "flights.md"])
        }
        #expect(throws: TodoError.taskNotFound("gone.md")) { try vault.trash(["other.md", "gone.md"]) }
        #expect(v.exists("other.md") && v.exists("trip.md") && v.exists("flights.md"))
        // All of them chosen, the parent first and one named twice: the subtasks go first, each once.
        let trashed = try vault.trash(["trip.md", "pack.md", "flights.md", "sub/passport.md", "other.md", "pack.md"])
        #expect(trashed.map(\.id) == ["pack.md", "flights.md", "sub/passport.md", "trip.md", "other.md"])
        #expect(try vault.list("all").tasks.isEmpty)
        #expect(try vault.restore(trashed).count == 5)
        #expect(try vault.task("trip.md").links.children == ["flights.md", "sub/passport.md", "pack.md"])
    }

    @Test func aPathTakenSinceGetsAFreeNameBesideIt() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Old A")
        try v.task("Work/b.md", title: "Old B")
        let vault = try v.open()
        let trashed = try vault.trash("a.md") + vault.trash("Work/b.md")
        try v.task("a.md", title: "New A")
        try v.task("Work/b.md", title: "New B")
        try vault.refreshIndex()

        let restored = try vault.restore(trashed)
        #expect(restored.map(\.id) == ["a-2.md", "Work/b-2.md"])
        #expect(restored.map(\.title) == ["Old A", "Old B"])
        #expect(try vault.task("a.md").title == "New A", "the newer file is not touched")
        #expect(try vault.task("Work/b.md").title == "New B")
    }

    @Test func undoingAKeepingDeleteMakesTheReleasedTasksSubtasksAgain() throws {
        let v = try TemporaryVault()
        try StructureTests.trip(v)
        let vault = try v.open()
        let trashed = try vault.trash("trip.md", subtasks: .keep)
        #expect(trashed == [TrashedTask(id: "trip.md", trashedTo: ".trash/trip.md",
                                        keptSubtasks: ["flights.md", "sub/passport.md", "pack.md"])])
        #expect(trashed[0].json.compact() == #"{"id":"trip.md","trashed_to":".trash/trip.md","kept_subtasks":["flights.md","sub/passport.md","pack.md"]}"#)
        #expect(try TrashedTask(json: trashed[0].json) == trashed[0])
        #expect(try vault.task("flights.md").parent == nil)
        // Meanwhile one was given another parent: it keeps that one.
        try v.task("other.md", title: "Other")
        try vault.refreshIndex()
        var other = TaskChanges()
        other.set(.parent, .string("other.md"))
        try vault.update("pack.md", other)

        let restored = try vault.restore(trashed)
        #expect(restored.map(\.id) == ["trip.md"])
        #expect(try vault.task("trip.md").links.children == ["flights.md", "sub/passport.md"])
        #expect(try vault.task("pack.md").parent == "other.md")
        #expect(try v.text("flights.md").contains("parent: \"trip.md\""))
        // A bad id among them is refused before anything moves.
        let bad = TrashedTask(id: "a.md", trashedTo: ".trash/a.md", keptSubtasks: ["../x.md"])
        #expect(throws: TodoError.invalidValue(field: "kept_subtasks", value: "../x.md", reason: "a task's path in the vault")) {
            try vault.restore([bad])
        }
        #expect(throws: TodoError.invalidValue(field: "kept_subtasks", value: "\"x\"", reason: "a list of task ids")) {
            try TrashedTask(json: .object([("id", .string("a.md")), ("trashed_to", .string(".trash/a.md")), ("kept_subtasks", .string("x"))]))
        }
    }

    /// Bad input is refused naming its field, and nothing moves when any item fails.
    static let refused: [(TrashedTask, TodoError)] = [
        (TrashedTask(id: "a.md", trashedTo: "a.md"),
         .invalidValue(field: "trashed_to", value: "a.md", reason: "a Markdown file directly in .trash/")),
        (TrashedTask(id: "a.md", trashedTo: ".trash/../b.md"),
         .invalidValue(field: "trashed_to", value: ".trash/../b.md", reason: "a Markdown file directly in .trash/")),
        (TrashedTask(id: "a.md", trashedTo: ".trash/Notes/n.md"),
         .invalidValue(field: "trashed_to", value: ".trash/Notes/n.md", reason: "a Markdown file directly in .trash/")),
        (TrashedTask(id: "../outside.md", trashedTo: ".trash/z.md"),
         .invalidValue(field: "id", value: "../outside.md", reason: "a task's path in the vault")),
        (TrashedTask(id: ".todomd/a.md", trashedTo: ".trash/z.md"),
         .invalidValue(field: "id", value: ".todomd/a.md", reason: "a task's path in the vault")),
        (TrashedTask(id: "/etc/a.md", trashedTo: ".trash/z.md"),
         .invalidValue(field: "id", value: "/etc/a.md", reason: "a task's path in the vault")),
        (TrashedTask(id: "Notes/a.md", trashedTo: ".trash/z.md"),
         .invalidValue(field: "id", value: "Notes/a.md", reason: "a task's path in the vault")),
        (TrashedTask(id: "a.txt", trashedTo: ".trash/z.md"),
         .invalidValue(field: "id", value: "a.txt", reason: "a task's path in the vault")),
        (TrashedTask(id: "gone.md", trashedTo: ".trash/gone.md"), .notInTrash(".trash/gone.md")),
        (TrashedTask(id: "b.md", trashedTo: ".trash/a.md"),
         .invalidValue(field: "trashed_to", value: ".trash/a.md", reason: "each file once")),
    ]

    @Test(arguments: refused)
    func badItemsAreRefusedAndNothingMoves(bad: TrashedTask, error: TodoError) throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let vault = try v.open()
        let good = try vault.trash("a.md")
        #expect(throws: error) { try vault.restore(good + [bad]) }
        #expect(v.exists(".trash/a.md") && !v.exists("a.md"), "the good item stayed in the trash")
    }

    @Test func theJSONGoesBothWays() throws {
        let item = TrashedTask(id: "Work/a.md", trashedTo: ".trash/a-2.md")
        #expect(item.json.compact() == #"{"id":"Work/a.md","trashed_to":".trash/a-2.md"}"#)
        #expect(try TrashedTask(json: item.json) == item)
        #expect(throws: TodoError.invalidValue(field: "trashed_to", value: "", reason: "where the delete moved it (.trash/NAME)")) {
            try TrashedTask(json: .object([("id", .string("a.md"))]))
        }
        #expect(throws: TodoError.invalidValue(field: "id", value: "3", reason: "the deleted task's id")) {
            try TrashedTask(json: .object([("id", .number(3)), ("trashed_to", .string(".trash/a.md"))]))
        }
    }

    // MARK: - The trash's listing

    /// The vault as the command line opens it: its changes go to `.todomd/audit.jsonl`, at
    /// `minutes` after the test's clock.
    static func logged(_ v: TemporaryVault, minutes: Double = 0) throws -> Vault {
        let clock = TodoClock(now: v.clock.now.addingTimeInterval(minutes * 60), timeZone: v.clock.timeZone)
        return try Vault(path: v.root, clock: clock, environment: v.environment, actor: "cli")
    }

    @Test func theTrashListsWhatWasDeletedWhereFromAndWhenMostRecentFirst() throws {
        let v = try TemporaryVault()
        try v.task("Work/report.md", title: "Write the report")
        try v.task("milk.md", title: "Buy milk", status: "done")
        _ = try Self.logged(v).trash("Work/report.md")
        _ = try Self.logged(v, minutes: 5).trash("milk.md")
        // Another program's delete (Obsidian moves files to .trash/ too), a file that is no task,
        // a deleted note, a hidden file and something else: only the Markdown files directly there.
        try v.write(".trash/obsidian.md", "---\ntitle: \"From Obsidian\"\n---\n")
        try v.write(".trash/broken.md", "---\ntitle: [unclosed\n---\n")
        try v.write(".trash/Notes/idea.md", "A note.\n")
        try v.write(".trash/.hidden.md", "x")
        try v.write(".trash/picture.png", "png")

        let entries = try Self.logged(v).trashContents()
        let logged = entries.filter { $0.formerID != nil && $0.kind == .task }
        #expect(logged == [
            TrashEntry(trashedTo: ".trash/milk.md", title: "Buy milk", status: .done, formerID: "milk.md",
                       deleted: v.clock.now.addingTimeInterval(300)),
            TrashEntry(trashedTo: ".trash/report.md", title: "Write the report", status: .todo,
                       formerID: "Work/report.md", deleted: v.clock.now),
        ])
        let others = entries.filter { $0.formerID == nil && $0.kind == .task }.sorted { $0.trashedTo < $1.trashedTo }
        #expect(others.map(\.trashedTo) == [".trash/broken.md", ".trash/obsidian.md"])
        #expect(others.map(\.title) == ["broken", "From Obsidian"], "a file that does not read is listed by its name")
        #expect(others.map(\.status) == [nil, .todo])
        #expect(logged[0].json.compact() == #"{"trashed_to":".trash/milk.md","kind":"task","id":"milk.md","title":"Buy milk","status":"done","readable":true,"deleted":"2026-11-21T08:05:00Z"}"#)
        #expect(others[0].json["id"] == .null)
        #expect(others.map(\.readable) == [false, true])
        // A deleted note is listed too, under the id it goes back as.
        let note = try #require(entries.first { $0.kind == .note })
        #expect(note.trashedTo == ".trash/Notes/idea.md" && note.json["id"] == .string("idea") && note.status == nil)
        #expect(entries.filter { $0.kind == .note }.count == 1, "a hidden file or a picture is not listed")
        // A file that is not a task stays in the trash: only tasks go back.
        let refused = #expect(throws: TodoError.self) {
            try Self.logged(v).restore([TrashedTask(id: "", trashedTo: ".trash/broken.md")])
        }
        guard case let .unparseable(path, reason)? = refused else {
            Issue.record("expected unparseable, got \(String(describing: refused))")
            return
        }
        #expect(path == ".trash/broken.md" && reason.hasPrefix("invalid YAML"))
        #expect(v.exists(".trash/broken.md") && !v.exists("broken.md"))
        // A vault without a trash lists nothing.
        let empty = try TemporaryVault()
        #expect(try empty.open().trashContents().isEmpty)
    }

    @Test func aRestoreWithoutAnIdGoesBackWhereTheListingSaysItWas() throws {
        let v = try TemporaryVault()
        try v.task("Work/Deep/a.md", title: "Deep work")
        let vault = try Self.logged(v)
        _ = try vault.trash("Work/Deep/a.md")
        let item = try TrashedTask(json: .object([("trashed_to", .string(".trash/a.md")), ("id", .null)]))
        #expect(item.id.isEmpty)
        #expect(try vault.restore([item]).map(\.id) == ["Work/Deep/a.md"])

        // Restored, then another program trashes a file of the same name: its former path is not
        // the earlier task's, and it goes back to the top of the vault.
        try v.write(".trash/a.md", "---\ntitle: \"Someone else's\"\n---\n")
        #expect(try vault.trashContents().map(\.formerID) == [nil])
        #expect(try vault.restore([TrashedTask(id: "", trashedTo: ".trash/a.md")]).map(\.id) == ["a.md"])
    }

    @Test func aTrashedTaskIsFoundByItsPathItsNameOrItsTitle() throws {
        let v = try TemporaryVault()
        try v.task("call.md", title: "Call the café")
        try v.task("call-2.md", title: "Call the bank")
        try v.task("milk.md", title: "Buy milk")
        let vault = try Self.logged(v)
        _ = try vault.trash(["call.md", "call-2.md", "milk.md"])
        #expect(try vault.trashed(".trash/milk.md").trashedTo == ".trash/milk.md")
        #expect(try vault.trashed("milk.md").trashedTo == ".trash/milk.md")
        #expect(try vault.trashed("call").trashedTo == ".trash/call.md", "the name before a title")
        #expect(try vault.trashed("CAFE").title == "Call the café", "case and accents ignored")
        #expect(throws: TodoError.ambiguousReference("call the", candidates: [".trash/call-2.md", ".trash/call.md"])) {
            try vault.trashed("call the")
        }
        #expect(throws: TodoError.notInTrash("bread")) { try vault.trashed("bread") }
        #expect(throws: TodoError.notInTrash(".trash/bread.md")) { try vault.trashed("bread.md") }
    }

    static let directly = "a Markdown file directly in .trash/ or .trash/Notes/"

    @Test func emptyingTheTrashRemovesItsTasksForGoodAndNothingElse() throws {
        let v = try TemporaryVault()
        for name in ["a", "b", "c"] { try v.task("\(name).md", title: name.uppercased()) }
        let vault = try Self.logged(v)
        _ = try vault.trash(["a.md", "b.md", "c.md"])
        try v.write(".trash/Notes/idea.md", "A note.\n")
        try v.write(".trash/picture.png", "png")

        #expect(try vault.emptyTrash([".trash/b.md"]) == [".trash/b.md"])
        #expect(!v.exists(".trash/b.md") && v.exists(".trash/a.md"))
        // Bad input is refused before anything goes.
        let refused: [([String], TodoError)] = [
            ([".trash/a.md", ".trash/b.md"], .notInTrash(".trash/b.md")),
            ([".trash/a.md", "a.md"], .invalidValue(field: "trashed_to", value: "a.md", reason: Self.directly)),
            ([".trash/a.md", ".trash/Notes/x/idea.md"], .invalidValue(field: "trashed_to", value: ".trash/Notes/x/idea.md", reason: Self.directly)),
            ([".trash/a.md", ".trash/../c.md"], .invalidValue(field: "trashed_to", value: ".trash/../c.md", reason: Self.directly)),
            ([".trash/a.md", ".trash/a.md"], .invalidValue(field: "trashed_to", value: ".trash/a.md", reason: "each file once")),
        ]
        for (paths, error) in refused {
            #expect(throws: error) { try vault.emptyTrash(paths) }
            #expect(v.exists(".trash/a.md"))
        }
        #expect(Set(try vault.emptyTrash()) == [".trash/a.md", ".trash/c.md", ".trash/Notes/idea.md"])
        #expect(try vault.trashContents().isEmpty)
        #expect(v.exists(".trash/picture.png"), "only the listed tasks and notes go")
        let log = try v.text(".todomd/audit.jsonl")
        #expect(log.contains(#""action":"deleted","file":".trash/b.md"}"#), "a removal for good is recorded")
        #expect(try vault.emptyTrash().isEmpty)
    }

    @Test func aTrashThatIsALinkIsRefused() throws {
        let v = try TemporaryVault()
        let outside = v.cache + "/elsewhere"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "---\ntitle: x\n---\n".write(toFile: outside + "/x.md", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: v.root + "/.trash", withDestinationPath: outside)
        let vault = try v.open()
        #expect(throws: TodoError.symlinkRefused(path: ".trash")) { try vault.trashContents() }
        #expect(throws: TodoError.symlinkRefused(path: ".trash")) { try vault.emptyTrash() }
        #expect(FileManager.default.fileExists(atPath: outside + "/x.md"))
    }
}
