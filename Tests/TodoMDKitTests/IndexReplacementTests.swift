import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// A process that stays up (the server, a watcher, the MCP server) keeps its index file open;
/// when another process replaces that file — a cold build renamed into place after the cache
/// was cleared — the long-running one reads the file at the path from its next sync on, if it
/// can use it (``TaskIndex/followReplacement()``).
@Suite struct IndexReplacementTests {
    static let zone = TimeZone(identifier: TemporaryVault.defaultZone) ?? .current

    /// What another process does to the index file while this one has it open.
    enum Replacement: String, CaseIterable, CustomTestStringConvertible {
        case nothing
        /// The cache folder cleared, and a command built the index again.
        case rebuilt
        /// The same, by a command run under another time zone: an index this one cannot use.
        case rebuiltInAnotherZone
        /// The cache folder cleared, and no command has run since.
        case removed

        var testDescription: String { rawValue }
    }

    @Test(arguments: Replacement.allCases)
    func aLongRunningIndexFollowsAFileItCanUse(_ replacement: Replacement) throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let folder = try VaultFolder(path: v.root)
        let path = v.cache + "/index.sqlite"
        let (index, _) = try TaskIndex.open(at: path, for: folder, timeZone: Self.zone, variant: nil, watcherTimeout: nil)
        // A file the long-running index has not synced yet: only a file built since holds it.
        try v.task("b.md", title: "B")
        var builtGeneration: Int64?
        switch replacement {
        case .nothing:
            break
        case .rebuilt, .rebuiltInAnotherZone:
            TaskIndex.remove(at: path)
            let zone = replacement == .rebuilt ? Self.zone : try #require(TimeZone(identifier: "Asia/Tokyo"))
            let (other, report) = try TaskIndex.open(at: path, for: folder, timeZone: zone, variant: nil, watcherTimeout: nil)
            #expect(report.parsed == 2)
            builtGeneration = try other.generation()
        case .removed:
            TaskIndex.remove(at: path)
        }

        let follows = replacement == .rebuilt
        #expect(index.followReplacement() == follows)
        #expect(try Set(index.fileHashes().keys) == (follows ? ["a.md", "b.md"] : ["a.md"]))
        if follows {
            #expect(try index.generation() == builtGeneration)
            // The file it follows is where its writes go now: another process opening the path sees them.
            try v.task("c.md", title: "C")
            try index.sync(with: folder, timeZone: Self.zone)
            let reopened = try #require(TaskIndex(existingAt: path, timeZone: Self.zone, variant: nil, clock: nil))
            #expect(try Set(reopened.fileHashes().keys) == ["a.md", "b.md", "c.md"])
        }
        // Asked again with nothing new replaced, it stays where it is.
        #expect(!index.followReplacement())
    }
}
