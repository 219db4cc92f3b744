import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// The table a sync compares the walk with (issue 17: the stamps compared without a string or
/// a `Hasher` per file): every stored path is found at its entry, nothing else is, and paths
/// are told apart by their bytes, as the file system tells them apart.
@Suite struct StoredStampsTests {
    static func table(_ paths: [String], capacity: Int) -> StoredStamps {
        var table = StoredStamps(capacity: capacity)
        for (i, path) in paths.enumerated() {
            var path = path
            path.withUTF8 { table.append(path: $0, TaskIndex.StoredFile(size: i, mtime: Int64(i) * 10, indexedAt: 0)) }
        }
        return table
    }

    static let paths = [
        "a.md", "Work/b.md", "Work/Sub folder/c d.md", "Plan 2.md", "c (conflict 2026-11-20).md",
        // One name in its two Unicode spellings: composed (NFC) and decomposed (NFD) é. Two files
        // on Linux, so two entries.
        "caf\u{E9}.md", "cafe\u{301}.md",
        "\u{1F4CA} report.md", "\u{65E5}\u{672C}/\u{30BF}\u{30B9}\u{30AF}.md",
    ]

    @Test(arguments: [0, 1, 4, 1_000])
    func everyPathIsFoundAtItsEntryAndNoOtherIs(capacity: Int) {
        // Many more paths than a small capacity: the table grows while it is filled.
        let many = StoredStampsTests.paths + (0..<3_000).map { "Area \($0 % 7)/20261121-\($0)-task.md" }
        let table = StoredStampsTests.table(many, capacity: capacity)
        #expect(table.count == many.count)
        for (i, path) in many.enumerated() {
            #expect(table.index(of: path) == i, "\(path)")
            #expect(table.path(at: i) == path)
            #expect(table.entries[i].stamp.size == i && table.entries[i].stamp.mtime == Int64(i) * 10)
        }
        for absent in ["", "A.md", "a.md ", "Work/b", "work/b.md", "Area 0/20261121-3000-task.md", "caf\u{E9}.MD"] {
            #expect(table.index(of: absent) == nil, "\(absent)")
        }
    }

    @Test func theTwoSpellingsOfOneNameAreTwoEntries() {
        let table = StoredStampsTests.table(["caf\u{E9}.md"], capacity: 1)
        // Equal as Swift strings (canonically equivalent), not as bytes.
        #expect("caf\u{E9}.md" == "cafe\u{301}.md")
        #expect(table.index(of: "caf\u{E9}.md") == 0)
        #expect(table.index(of: "cafe\u{301}.md") == nil)
    }

    @Test func anEmptyTableFindsNothing() {
        let table = StoredStamps(capacity: 0)
        #expect(table.count == 0)
        #expect(table.index(of: "a.md") == nil)
    }

    /// A sync of a vault big enough to compare on every core notices each kind of change, with
    /// the stored stamps in the table.
    @Test func aSyncOfAVaultOfThousandsOfFilesFindsWhatChanged() throws {
        let v = try TemporaryVault()
        let count = VaultFolder.parallelStatThreshold + 100
        for i in 0..<count { try v.task(i % 3 == 0 ? "Work/t\(i).md" : "t\(i).md", title: "T\(i)") }
        _ = try v.open()
        try FileManager.default.removeItem(atPath: v.root + "/t1.md")
        try FileManager.default.removeItem(atPath: v.root + "/Work/t3.md")
        try v.task("t2.md", title: "T2, edited at more length")
        try v.task("Work/new.md", title: "New")
        let vault = try v.open()
        #expect(vault.openReport.total == count - 1)
        #expect(vault.openReport.removedIDs == ["Work/t3.md", "t1.md"])
        #expect(vault.openReport.changedIDs == ["Work/new.md", "t2.md"])
        let again = try v.open()
        #expect(again.openReport.parsed == 0 && again.openReport.removed == 0)
    }
}
