import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// Undoing a completion (§5, §11): the task comes back as it was, and the successor a repeating
/// task's completion created goes away — unless it changed since.
@Suite struct UndoCompletionTests {
    static let repeating = "due: \"2026-11-21\"\nrecurrence: \"FREQ=WEEKLY;COUNT=3\""

    @Test func undoingARepeatingCompletionRemovesTheSuccessor() throws {
        let v = try TemporaryVault()
        try v.task("water.md", title: "Water plants", Self.repeating)
        let vault = try v.open()
        let done = try vault.complete("water.md")
        let next = try #require(done.next)
        #expect(try vault.list("all").tasks.map(\.id).sorted() == [next.id, "water.md"].sorted())

        let undone = try vault.undoCompletion(try #require(done.receipt))
        #expect(undone.task.id == "water.md")
        #expect(undone.task.status == .todo)
        #expect(undone.task.completed == nil)
        #expect(undone.task.recurrence == "FREQ=WEEKLY;COUNT=3", "the rule the completion removed is back")
        #expect(undone.keptNext == nil)
        #expect(undone.removedNext == ".trash/" + next.filename)
        #expect(!v.exists(next.id))
        // Listed once, as before the completion.
        #expect(try vault.list("all").tasks.map(\.id) == ["water.md"])
        #expect(try vault.list("logbook").tasks.isEmpty)
    }

    @Test func aSuccessorChangedSinceIsKeptAndReported() throws {
        let v = try TemporaryVault()
        try v.task("water.md", title: "Water plants", Self.repeating)
        let vault = try v.open()
        let done = try vault.complete("water.md")
        let next = try #require(done.next)
        // Another program appends a line to the new task's notes.
        try v.write(next.id, try v.text(next.id) + "\nBring the big can.\n")

        let undone = try vault.undoCompletion(try #require(done.receipt))
        #expect(undone.task.status == .todo)
        #expect(undone.removedNext == nil)
        #expect(undone.keptNext?.id == next.id)
        #expect(try v.text(next.id).contains("Bring the big can."))
        #expect(try vault.list("all").tasks.count == 2)
    }

    @Test func theStatusBeforeAndTheArchiveMoveAreUndoneToo() throws {
        let v = try TemporaryVault()
        try v.write(".todomd/config.json", #"{"archive_completed": true}"#)
        try v.write("report.md", "---\ntitle: \"Write report\"\nstatus: \"in-progress\"\ncreated: \"2026-11-01T10:00:00Z\"\n---\n")
        let vault = try v.open()
        let done = try vault.complete("report.md")
        #expect(done.completed.id == "Archive/report.md")
        #expect(done.next == nil)
        let receipt = try #require(done.receipt)
        #expect(receipt == CompletionReceipt(task: "Archive/report.md", movedFrom: "report.md", status: .inProgress))

        let undone = try vault.undoCompletion(receipt)
        #expect(undone.task.id == "report.md")
        #expect(undone.task.status == .inProgress)
        #expect(v.exists("report.md"))
        #expect(!v.exists("Archive/report.md"))
    }

    @Test func undoingTwiceChangesNothingMore() throws {
        let v = try TemporaryVault()
        try v.task("water.md", title: "Water plants", Self.repeating)
        let vault = try v.open()
        let receipt = try #require(try vault.complete("water.md").receipt)
        _ = try vault.undoCompletion(receipt)
        let after = try v.text("water.md")
        let again = try vault.undoCompletion(receipt)
        #expect(try v.text("water.md") == after)
        #expect(again.removedNext == nil)
        #expect(again.keptNext == nil)
        #expect(try vault.list("all").tasks.count == 1)
    }

    @Test func completingADoneTaskHasNothingToUndo() throws {
        let v = try TemporaryVault()
        try v.write("old.md", "---\ntitle: \"Old\"\nstatus: \"done\"\ncreated: \"2026-11-01T10:00:00Z\"\n---\n")
        #expect(try v.open().complete("old.md").receipt == nil)
    }

    @Test func theReceiptTravelsAsJSON() throws {
        let receipt = CompletionReceipt(task: "Archive/a.md", movedFrom: "a.md", status: .inProgress,
                                        recurrence: "FREQ=DAILY", next: "b.md", nextHash: "abc")
        let text = receipt.json.compact()
        #expect(text == #"{"task":"Archive/a.md","moved_from":"a.md","status":"in-progress","recurrence":"FREQ=DAILY","next":"b.md","next_hash":"abc"}"#)
        #expect(try CompletionReceipt(json: try JSONValue.parse(text)) == receipt)
        #expect(try CompletionReceipt(json: try JSONValue.parse(#"{"status": "todo"}"#), task: "x.md")
            == CompletionReceipt(task: "x.md", status: .todo))
    }

    @Test(arguments: [
        (#"{"status": "todo"}"#, "task"),
        (#"{"task": "a.md", "status": "done"}"#, "status"),
        (#"{"task": "a.md", "status": "later"}"#, "status"),
        (#"{"task": "a.md", "next": "b.md"}"#, "next_hash"),
        (#"{"task": "a.md", "next": 3, "next_hash": "x"}"#, "next"),
    ])
    func aBadReceiptNamesItsKey(text: String, key: String) throws {
        #expect {
            try CompletionReceipt(json: try JSONValue.parse(text))
        } throws: { error in
            guard case let TodoError.invalidValue(field, _, _) = error else { return false }
            return field == key
        }
    }
}
