import Foundation
import GRDB
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// What changed in the index since a mark (issue 17, sync's one-change path): every file row
/// remembers the generation that wrote it and every removal is logged, so a program that kept a
/// mark reads only the changes — and every file whenever a change cannot be understood alone.
@Suite struct IndexChangesTests {
    /// One change to a vault of `a.md`, `Work/b.md`, `Plan 2.md` and `c.md` with its conflict
    /// copy `c (conflict 2026-11-20).md`, and what the index then says changed since the mark
    /// taken before it: nil means "compare every file".
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let make: @Sendable (TemporaryVault) throws -> Void
        let changed: [String]?
        let removed: [String]?
    }

    static func remove(_ v: TemporaryVault, _ id: String) throws { try FileManager.default.removeItem(atPath: v.root + "/" + id) }

    static let cases: [Case] = [
        Case(description: "nothing", make: { _ in }, changed: [], removed: []),
        Case(description: "an edit", make: { try $0.task("a.md", title: "A, edited") }, changed: ["a.md"], removed: []),
        Case(description: "a new task in a folder", make: { try $0.task("Home/d.md", title: "D") },
             changed: ["Home/d.md"], removed: []),
        Case(description: "a file that is not a task", make: { _ = try $0.write("e.md", "---\ntitle: [\n---\n") },
             changed: ["e.md"], removed: []),
        Case(description: "a deletion", make: { try remove($0, "a.md") }, changed: [], removed: ["a.md"]),
        Case(description: "a move", make: {
            try FileManager.default.moveItem(atPath: $0.root + "/Work/b.md", toPath: $0.root + "/b.md")
        }, changed: ["b.md"], removed: []),
        Case(description: "a deletion and an edit", make: {
            try remove($0, "Work/b.md")
            try $0.task("a.md", title: "A, edited")
        }, changed: ["a.md"], removed: ["Work/b.md"]),
        Case(description: "a deleted file written again", make: {
            try remove($0, "a.md")
            try $0.task("a.md", title: "A again")
        }, changed: ["a.md"], removed: []),
        Case(description: "an edit of a name like a copy's, with no original", make: { try $0.task("Plan 2.md", title: "P") },
             changed: ["Plan 2.md"], removed: []),
        // Every file from here on.
        Case(description: "a second file of a name", make: { try $0.task("Home/a.md", title: "A2") }, changed: nil, removed: nil),
        Case(description: "a new conflict copy", make: { try $0.task("a 2.md", title: "A") }, changed: nil, removed: nil),
        Case(description: "a Syncthing copy", make: { try $0.task("a.sync-conflict-20261120-101010-ABCDEF7.md", title: "A") },
             changed: nil, removed: nil),
        Case(description: "a copy edited", make: { try $0.task("c (conflict 2026-11-20).md", title: "C, theirs") },
             changed: nil, removed: nil),
        Case(description: "the original of a copy deleted", make: { try remove($0, "c.md") }, changed: nil, removed: nil),
        Case(description: "the original of a copy edited", make: { try $0.task("c.md", title: "C, mine") },
             changed: nil, removed: nil),
        Case(description: "an original given to a copy-like name", make: { try $0.task("Plan.md", title: "P") },
             changed: nil, removed: nil),
        Case(description: "more changes than the limit", make: {
            for i in 1...4 { try $0.task("n\(i).md", title: "N\(i)") }
        }, changed: nil, removed: nil),
    ]

    static func vault() throws -> TemporaryVault {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        try v.task("Work/b.md", title: "B")
        try v.task("Plan 2.md", title: "Plan, second")
        try v.task("c.md", title: "C")
        try v.task("c (conflict 2026-11-20).md", title: "C, theirs")
        return v
    }

    static func mark(_ vault: Vault) throws -> IndexMark {
        try #require(try vault.index.database.read { try TaskIndex.mark($0) })
    }

    @Test(arguments: cases)
    func whatChangedSinceAMark(_ c: Case) throws {
        let v = try Self.vault()
        let mark = try Self.mark(try v.open())
        try c.make(v)
        let vault = try v.open()
        let changes = try vault.index.database.read { try TaskIndex.changes($0, since: mark, limit: 3) }
        #expect(changes?.changed.map(\.id) == c.changed)
        #expect(changes?.removed == c.removed)
        if let changes {
            // Each changed file as the walk finds it.
            let walked = Dictionary(uniqueKeysWithValues: vault.folder.scan().map { ($0.id, $0) })
            for file in changes.changed {
                #expect(walked[file.id]?.size == file.size && walked[file.id]?.mtime == file.mtime)
            }
        }
        // From the mark taken now, nothing.
        let now = try Self.mark(vault)
        let none = try vault.index.database.read { try TaskIndex.changes($0, since: now) }
        #expect(none?.changed.isEmpty == true && none?.removed.isEmpty == true)
    }

    /// A command that writes a file refreshes its rows in the index: the same log.
    @Test func aCommandsOwnWritesAreChangesToo() throws {
        let v = try Self.vault()
        let vault = try v.open()
        let mark = try Self.mark(vault)
        let added = try vault.add(TodoTask(title: "Added by a command", created: .distantPast))
        _ = try vault.complete("a.md")
        _ = try vault.trash("Work/b.md")
        let changes = try #require(try vault.index.database.read { try TaskIndex.changes($0, since: mark) })
        #expect(Set(changes.changed.map(\.id)) == [added.id, "a.md"])
        #expect(changes.removed == ["Work/b.md"])
    }

    /// Of two files of one name, which one counts depends on both: removing either is no
    /// change to read alone.
    @Test(arguments: ["a.md", "Home/a.md"])
    func oneOfTwoFilesOfANameRemoved(_ id: String) throws {
        let v = try Self.vault()
        try v.task("Home/a.md", title: "A2")
        let mark = try Self.mark(try v.open())
        try Self.remove(v, id)
        let vault = try v.open()
        #expect(try vault.index.database.read { try TaskIndex.changes($0, since: mark) } == nil)
    }

    @Test func aMarkOfAnotherIndexOrAheadOfItIsNotAnswered() throws {
        let v = try Self.vault()
        let vault = try v.open()
        let mark = try Self.mark(vault)
        for other in [IndexMark(origin: "another", generation: mark.generation),
                      IndexMark(origin: mark.origin, generation: mark.generation + 1)] {
            #expect(try vault.index.database.read { try TaskIndex.changes($0, since: other) } == nil)
        }
        // An index built again is another index.
        IndexTestFiles.remove(index: vault.index.path)
        let rebuilt = try v.open()
        #expect(try rebuilt.index.database.read { try TaskIndex.changes($0, since: mark) } == nil)
        #expect(IndexMark(text: mark.text) == mark)
        #expect(IndexMark(text: "no-generation") == nil)
    }

    /// The log of removals keeps its newer half when it grows past its limit: a mark from
    /// before what it still holds cannot be answered, one after it can.
    @Test func anOldMarkIsNotAnsweredOnceTheLogDroppedWhatItNeeds() throws {
        let v = try Self.vault()
        let vault = try v.open()
        let old = try Self.mark(vault)
        var newer: IndexMark?
        for i in 1...6 {
            try vault.index.database.write { db in
                try TaskIndex.logRemoval(["gone\(i).md"], db, limit: 4)
                _ = try TaskIndex.advanceGeneration(db)
            }
            if i == 4 { newer = try Self.mark(vault) }
        }
        let kept = try vault.index.database.read { db in
            try String.fetchAll(db, sql: "SELECT path FROM file_removed ORDER BY path")
        }
        #expect(kept.count <= 4 && kept.contains("gone6.md") && !kept.contains("gone1.md"))
        #expect(try vault.index.database.read { try TaskIndex.changes($0, since: old) } == nil)
        let since = try #require(newer)
        let changes = try vault.index.database.read { try TaskIndex.changes($0, since: since) }
        #expect(changes?.removed == ["gone5.md", "gone6.md"])
    }
}
