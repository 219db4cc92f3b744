import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// The walk a command starts before it is parsed (issue 17): used by the vault's first opening
/// instead of a second walk, only for the folder it walked, only once, and never started when
/// the command would not walk (no index yet, or a watcher vouches for it).
@Suite(.serialized) struct ScanAheadTests {
    @Test func theFirstOpeningComparesWhatTheWalkAheadFound() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        try v.task("Work/b.md", title: "B")
        _ = try v.open()
        try v.task("a.md", title: "A, edited at more length")
        let ahead = try #require(ScanAhead.start(vaultPath: v.root, environment: v.environment))
        #expect(ahead.waitForWalk()?.map(\.id).sorted() == ["Work/b.md", "a.md"])
        // Made after the walk ahead ended: this opening compares that walk, not a new one…
        try v.task("late.md", title: "Late")
        let vault = try Vault(path: v.root, clock: v.clock, environment: v.environment, scanAhead: ahead)
        #expect(vault.openReport.changedIDs == ["a.md"])
        #expect(try vault.task("a.md").title == "A, edited at more length")
        // …and the next one walks, and finds it.
        let next = try Vault(path: v.root, clock: v.clock, environment: v.environment, scanAhead: ahead)
        #expect(next.openReport.changedIDs == ["late.md"])
    }

    /// A file another process made and indexed after the walk ahead read its folder is missing
    /// from the walk without being gone: it stays in the index (it was dropped, and so logged
    /// as removed, until the next walk put it back).
    @Test func aFileIndexedAfterTheWalkBeganIsNotTakenForRemoved() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        _ = try v.open()
        let ahead = try #require(ScanAhead.start(vaultPath: v.root, environment: v.environment))
        ahead.waitForWalk()
        // Another command adds a task: its file, then its row.
        try v.task("other.md", title: "From another command")
        #expect(try v.open().openReport.changedIDs == ["other.md"])
        let vault = try Vault(path: v.root, clock: v.clock, environment: v.environment, scanAhead: ahead)
        #expect(vault.openReport.removedIDs == [])
        #expect(try vault.index.fileHashes().keys.sorted() == ["a.md", "other.md"])
        // A file that is really gone still goes…
        try FileManager.default.removeItem(atPath: v.root + "/a.md")
        #expect(try v.open().openReport.removedIDs == ["a.md"])
        // …and so does one whose row a clock since set back stamped an hour ahead.
        try vault.index.database.write { db in
            try db.execute(sql: "UPDATE file SET indexed_at = ? WHERE path = 'other.md'",
                           arguments: [WallClock.nanoseconds() + 3_600_000_000_000])
        }
        try FileManager.default.removeItem(atPath: v.root + "/other.md")
        #expect(try v.open().openReport.removedIDs == ["other.md"])
    }

    @Test func aWalkIsTakenOnceAndOnlyForTheFolderItWalked() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let other = try TemporaryVault()
        _ = try v.open()
        let ahead = try #require(ScanAhead.start(vaultPath: v.root, environment: v.environment))
        #expect(ahead.take(for: try VaultFolder(path: other.root)) == nil)
        #expect(ahead.take(for: try VaultFolder(path: v.root))?.files.map(\.id) == ["a.md"])
        #expect(ahead.take(for: try VaultFolder(path: v.root)) == nil, "taken")
    }

    @Test func aVaultWithoutAnIndexOrAFolderIsNotWalkedAhead() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        // A cold build parses every file: no stamps are needed first.
        #expect(ScanAhead.start(vaultPath: v.root, environment: v.environment) == nil)
        #expect(ScanAhead.start(vaultPath: v.root + "/missing", environment: v.environment) == nil)
        let vault = try v.open()
        #expect(vault.openReport.parsed == 1)
    }

    @Test func aWatcherThatVouchesMeansNoWalkAhead() throws {
        let f = try WatcherAnswerTests.Fixture { try $0.task("a.md", title: "A") }
        _ = try f.monitor.process()
        let environment = f.v.environment.merging(["TODOMD_WATCHER_TIMEOUT_MS": "5000"]) { $1 }
        let ahead = try #require(ScanAhead.start(vaultPath: f.v.root, environment: environment))
        #expect(ahead.waitForWalk() == nil)
        let vault = try Vault(path: f.v.root, clock: f.v.clock, environment: environment, scanAhead: ahead)
        #expect(!vault.openReport.scanned)
        // Without the watcher's word, the walk ahead runs.
        let unwatched = f.v.environment.merging(["TODOMD_NO_WATCHER": "1"]) { $1 }
        #expect(try #require(ScanAhead.start(vaultPath: f.v.root, environment: unwatched)).waitForWalk()?.map(\.id) == ["a.md"])
    }
}
