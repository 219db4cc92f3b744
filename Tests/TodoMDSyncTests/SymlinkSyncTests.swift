import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDSync

// Issue 22 for sync (no database needed): `.todomd/sync/` — the state SQLite opens by path and
// the lock — and every file a pull creates, moves or trashes go through the vault's no-follow
// rule; a planted link is refused by name and nothing outside the vault is touched.

@Suite("Sync never writes through symbolic links")
struct SymlinkSyncTests {
    /// A database URL that is never connected to: opening the engine does not connect.
    static func database() throws -> DatabaseURL { try DatabaseURL(parsing: "postgres://u:p@127.0.0.1:9/none") }

    @Test(arguments: [
        (".todomd", false), (".todomd/sync", false), (".todomd/sync/state.sqlite", true),
        (".todomd/sync/state.sqlite-journal", true), (".todomd/sync/lock", true),
    ])
    func theSyncStateRefusesALink(link: String, toFile: Bool) throws {
        let v = try TemporaryVault()
        let outside = try OutsideFolder()
        let parent = (link as NSString).deletingLastPathComponent
        if !parent.isEmpty {
            try FileManager.default.createDirectory(atPath: v.root + "/" + parent, withIntermediateDirectories: true)
        }
        try v.link(link, to: toFile ? outside.file : outside.folder)
        let before = (outside.listing(), v.listing())
        #expect(throws: TodoError.symlinkRefused(path: link)) {
            _ = try SyncEngine(vaultPath: v.root, url: try Self.database(), clock: v.clock)
        }
        #expect(outside.listing() == before.0)
        #expect(v.listing() == before.1)
    }

    @Test func withoutALinkTheStateOpens() throws {
        let v = try TemporaryVault()
        _ = try SyncEngine(vaultPath: v.root, url: try Self.database(), clock: v.clock)
        #expect(v.exists(".todomd/sync/state.sqlite") && v.exists(".todomd/sync/lock"))
    }

    @Test func pulledFilesConflictCopiesAndTrashNeverFollowALink() throws {
        let v = try TemporaryVault()
        let outside = try OutsideFolder()
        try v.task("a.md", title: "A")
        try v.link("Work", to: outside.folder)
        try v.link(".trash", to: outside.folder)
        var folder = try VaultFolder(path: v.root)
        folder.audit = AuditLog(root: folder.root, actor: "sync", clock: v.clock)
        let files = LocalFiles(folder: folder, clock: v.clock)
        let before = (outside.listing(), v.listing())
        #expect(throws: TodoError.symlinkRefused(path: "Work")) { try files.create(Array("x".utf8), at: "Work/new.md") }
        #expect(throws: TodoError.symlinkRefused(path: "Work")) {
            _ = try files.writeConflictCopy(of: "Work/keep.txt", bytes: Array("x".utf8))
        }
        #expect(throws: TodoError.symlinkRefused(path: ".trash")) { _ = try files.trash("a.md", expectedHash: nil) }
        #expect(outside.listing() == before.0)
        #expect(v.listing() == before.1)
    }
}
