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
}
