import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// What a mutation reports it changed: recorded by the file layer, folded as a reader of the
/// folder would see it before and after.
@Suite struct VaultChangeTests {
    /// One file operation of a mutation.
    enum Op: Sendable, CustomStringConvertible {
        case write(String)
        case create(String)
        case move(String, String)
        case remove(String)

        var description: String {
            switch self {
            case let .write(p): "write \(p)"
            case let .create(p): "create \(p)"
            case let .move(a, b): "move \(a) → \(b)"
            case let .remove(p): "remove \(p)"
            }
        }
    }

    struct FoldCase: Sendable, CustomTestStringConvertible {
        let ops: [Op]
        let expected: VaultChange
        var testDescription: String { ops.map(\.description).joined(separator: ", ") }
    }

    @Test(arguments: [
        FoldCase(ops: [.create("a.md")], expected: VaultChange(created: ["a.md"])),
        FoldCase(ops: [.create("a.md"), .write("a.md")], expected: VaultChange(created: ["a.md"])),
        FoldCase(ops: [.write("Work/a.md"), .write("Work/a.md")], expected: VaultChange(updated: ["Work/a.md"])),
        FoldCase(ops: [.move("a.md", ".trash/a.md")], expected: VaultChange(deleted: ["a.md"])),
        FoldCase(ops: [.write("a.md"), .move("a.md", ".trash/a.md")], expected: VaultChange(deleted: ["a.md"])),
        FoldCase(ops: [.create("a.md"), .move("a.md", ".trash/a.md")], expected: VaultChange()),
        FoldCase(ops: [.write("a.md"), .move("a.md", "Archive/a.md"), .create("b.md")],
                 expected: VaultChange(created: ["b.md"], moved: [.init(from: "a.md", to: "Archive/a.md")])),
        FoldCase(ops: [.move("a.md", "b.md"), .move("b.md", "a.md")], expected: VaultChange()),
        FoldCase(ops: [.move(".trash/a.md", "a.md")], expected: VaultChange(created: ["a.md"])),
        FoldCase(ops: [.move("a.md", "Archive/a.md"), .create("a.md")],
                 expected: VaultChange(created: ["a.md"], moved: [.init(from: "a.md", to: "Archive/a.md")])),
        FoldCase(ops: [.create("Notes/n.md"), .write("Notes/n.md")], expected: VaultChange(notes: ["Notes/n.md"])),
        // A rollback: files this mutation created and then removed leave no trace.
        FoldCase(ops: [.write("Notes/n.md"), .create("a.md"), .remove("a.md")], expected: VaultChange(notes: ["Notes/n.md"])),
        FoldCase(ops: [.write("a.md"), .remove("a.md")], expected: VaultChange(deleted: ["a.md"])),
        FoldCase(ops: [.move("Notes/n.md", ".trash/Notes/n.md")], expected: VaultChange(notes: ["Notes/n.md"])),
        FoldCase(ops: [.write(".order.json"), .write(".todomd/config.json"), .write(".order.json")],
                 expected: VaultChange(sideFiles: [".order.json", ".todomd/config.json"])),
        // Files the scan does not read as tasks (hidden folders, Notes/ subfolders) are side files.
        FoldCase(ops: [.create(".todomd/sync/x.md"), .create("Notes/old/x.md")],
                 expected: VaultChange(sideFiles: [".todomd/sync/x.md", "Notes/old/x.md"])),
    ])
    func operationsFoldAsAReaderSeesThem(_ c: FoldCase) {
        var log = ChangeLog()
        for op in c.ops {
            switch op {
            case let .write(p): log.wrote(p, created: false)
            case let .create(p): log.wrote(p, created: true)
            case let .move(a, b): log.moved(a, to: b)
            case let .remove(p): log.removed(p)
            }
        }
        #expect(log.change == c.expected)
    }

    @Test func twoChangesMergeAsOne() {
        let first = VaultChange(created: ["a.md"], updated: ["b.md"])
        let second = VaultChange(updated: ["a.md"], deleted: ["b.md"], sideFiles: [".order.json"])
        #expect(first.merged(with: second) == VaultChange(created: ["a.md"], deleted: ["b.md"], sideFiles: [".order.json"]))
    }

    // MARK: - Real mutations

    @Test func eachMutationReportsWhatItWrote() throws {
        let t = try TemporaryVault()
        try t.task("a.md", title: "A")
        try t.task("b.md", title: "B", "recurrence: \"FREQ=DAILY\"\ndue: \"2026-11-21\"\n")
        try t.write(".todomd/config.json", #"{"archive_completed": true}"#)
        let vault = try t.open()

        var (result, change) = vault.recordingChanges { try vault.add(TodoTask(title: "New", created: t.clock.now)) }
        let new = try result.get()
        #expect(change == VaultChange(created: [new.id]))

        (_, change) = vault.recordingChanges {
            var c = TaskChanges()
            c.set(.priority, .string("high"))
            return try vault.update("a.md", c)
        }
        #expect(change == VaultChange(updated: ["a.md"]))

        // Completing a repeating task with archiving on: history moved, the next one created.
        let (done, completion) = vault.recordingChanges { try vault.complete("b.md") }
        let next = try #require(try done.get().next)
        #expect(completion == VaultChange(created: [next.id], moved: [.init(from: "b.md", to: "Archive/b.md")]))

        (_, change) = vault.recordingChanges { try vault.delete("a.md") }
        #expect(change == VaultChange(deleted: ["a.md"]))

        let (note, noteChange) = vault.recordingChanges { try vault.addNote(title: "Ideas") }
        #expect(noteChange == VaultChange(notes: [try note.get().path]))

        (_, change) = vault.recordingChanges { try vault.reorder(new.id, before: nil, inView: "inbox") }
        #expect(change == VaultChange(sideFiles: [".order.json"]))
    }

    @Test func readsChangeNothing() throws {
        let t = try TemporaryVault()
        try t.task("a.md", title: "A", "plan_date: \"2026-11-20\"\nregion: \"morning\"\nbucket: \"must-do\"\n")
        let vault = try t.open()
        let (_, change) = vault.recordingChanges {
            _ = try vault.board(on: t.clock.today)
            _ = try vault.backlog()
            _ = try vault.list("today")
            _ = try vault.settings()
        }
        #expect(change.isEmpty)
        // The task planned for a past day moves only when a day starts.
        let (_, dayStart) = vault.recordingChanges { try vault.rolloverIfDayChanged() }
        #expect(dayStart == VaultChange(updated: ["a.md"]))
    }

    @Test func aMutationThatFailsHalfwayStillReportsWhatItWrote() throws {
        struct Stop: Error {}
        let t = try TemporaryVault()
        let vault = try t.open()
        let (result, change) = vault.recordingChanges {
            let task = try vault.add(TodoTask(title: "Written", created: t.clock.now))
            _ = task
            throw Stop()
        }
        #expect(throws: Stop.self) { try result.get() }
        #expect(change.created.count == 1)
    }

    @Test func nestedRecordingsEachSeeTheirPart() throws {
        let t = try TemporaryVault()
        let vault = try t.open()
        var inner = VaultChange()
        let (_, outer) = vault.recordingChanges {
            _ = try vault.add(TodoTask(title: "Outer", created: t.clock.now))
            inner = vault.recordingChanges { try vault.addNote(title: "Inner") }.change
        }
        #expect(inner.created.isEmpty && inner.notes.count == 1)
        #expect(outer.created.count == 1 && outer.notes.count == 1)
    }
}
