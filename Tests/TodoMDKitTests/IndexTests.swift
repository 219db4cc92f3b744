import Foundation
import GRDB
import Testing
import TodoMDTestSupport
@testable import TodoMDKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File-system helpers for index tests.
enum IndexTestFiles {
    /// Sets a file's modification time to the nanosecond, as a program restoring it would.
    static func setMtime(_ path: String, nanoseconds: Int64) {
        let time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var times = [time, time]  // access and modification time
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    /// Removes the index file and its SQLite side files.
    static func remove(index path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

/// The index (§8): only new or changed files are parsed, removed ones dropped; a missing,
/// corrupt or old-schema index is rebuilt silently.
@Suite struct IndexTests {
    /// A vault of `count` task files, `t1.md` … (half of them in a folder).
    static func vault(files count: Int) throws -> TemporaryVault {
        let v = try TemporaryVault()
        for i in 1...count {
            try v.task(i % 2 == 0 ? "Work/t\(i).md" : "t\(i).md", title: "Task number \(i)", "tags:\n  - n\(i)",
                       body: "Body of task \(i).\n")
        }
        return v
    }

    /// Opens the vault and closes it again, returning what opening it parsed.
    static func openAndClose(_ v: TemporaryVault) throws -> SyncReport {
        try v.open().openReport
    }

    static func indexPath(_ v: TemporaryVault) throws -> String {
        let folder = try VaultFolder(path: v.root)
        return TaskIndex.defaultPath(forVaultAt: folder.root, environment: v.environment)
    }

    static func title(_ vault: Vault, _ id: String) throws -> String? {
        try vault.index.database.read { db in
            try String.fetchOne(db, sql: "SELECT title FROM task WHERE id = ?", arguments: [id])
        }
    }

    static func ids(_ vault: Vault) throws -> [String] {
        try vault.index.database.read { db in try String.fetchAll(db, sql: "SELECT id FROM task ORDER BY id") }
    }

    // MARK: - What a sync parses

    @Test(arguments: [1, 7, 300])
    func openingParsesEveryFileOnceThenNothing(count: Int) throws {
        let v = try IndexTests.vault(files: count)
        let first = try IndexTests.openAndClose(v)
        #expect(first.parsed == count)
        #expect(first.removed == 0)
        #expect(first.total == count)
        let second = try IndexTests.openAndClose(v)
        #expect(second.parsed == 0)
        #expect(second.removed == 0)
        #expect(second.total == count)
        #expect(second.isEmpty)
        let vault = try v.open()
        #expect(vault.openReport.parsed == 0)
        #expect(try vault.doctor().taskCount == count)
    }

    @Test func aChangedFileIsParsedAgain() throws {
        let v = try IndexTests.vault(files: 5)
        _ = try IndexTests.openAndClose(v)
        try v.task("t3.md", title: "Task number 3, renamed by hand")
        let vault = try v.open()
        #expect(vault.openReport.parsed == 1)
        #expect(vault.openReport.changedIDs == ["t3.md"])
        #expect(vault.openReport.removed == 0)
        #expect(try IndexTests.title(vault, "t3.md") == "Task number 3, renamed by hand")
    }

    @Test func aSameSizeEditIsParsedAgain() throws {
        let v = try IndexTests.vault(files: 5)
        _ = try IndexTests.openAndClose(v)
        let size = try v.bytes("Work/t2.md").count
        try v.task("Work/t2.md", title: "Task number X", "tags:\n  - n2", body: "Body of task 2.\n")
        #expect(try v.bytes("Work/t2.md").count == size)
        let vault = try v.open()
        #expect(vault.openReport.parsed == 1)
        #expect(try IndexTests.title(vault, "Work/t2.md") == "Task number X")
    }

    @Test func aSameSizeEditWithTheSameMtimeIsCaughtByHashing() throws {
        // Within the racy window (the file changed right after it was indexed) size and mtime
        // cannot tell; the content hash does.
        let v = try IndexTests.vault(files: 5)
        let folder = try VaultFolder(path: v.root)
        _ = try IndexTests.openAndClose(v)
        let before = try folder.read("t1.md").stamp
        try v.task("t1.md", title: "Task number Y", "tags:\n  - n1", body: "Body of task 1.\n")
        IndexTestFiles.setMtime(v.root + "/t1.md", nanoseconds: before.mtime)
        let after = try folder.read("t1.md").stamp
        #expect(after.size == before.size)
        #expect(after.mtime == before.mtime)
        #expect(after.hash != before.hash)

        let vault = try v.open()
        #expect(vault.openReport.hashed >= 1)
        #expect(vault.openReport.parsed == 1)
        #expect(vault.openReport.changedIDs == ["t1.md"])
        #expect(try IndexTests.title(vault, "t1.md") == "Task number Y")
        #expect(try vault.resolve("number Y") == "t1.md")
    }

    /// A vault big enough that its stamps are compared on several threads: every change is
    /// found once — edited, added, removed, and a same-size edit with the same mtime caught by
    /// its hash — and nothing else is parsed.
    @Test func aBigVaultsChangesAreEachFoundOnce() throws {
        let v = try TemporaryVault()
        let count = VaultFolder.parallelStatThreshold + 500
        for i in 0..<count {
            try v.write((i % 4 == 0 ? "Work/" : "") + "t\(i).md", "---\ntitle: \"Task \(i)\"\n---\nBody \(i).\n")
        }
        // t5.md changed a moment before it was indexed (its mtime after the index's time): the
        // stamp cannot tell a later edit of the same size from none, the hash can.
        let racy = Int64(Date().timeIntervalSince1970 + 60) * 1_000_000_000
        IndexTestFiles.setMtime(v.root + "/t5.md", nanoseconds: racy)
        _ = try IndexTests.openAndClose(v)
        let folder = try VaultFolder(path: v.root)
        try v.write("t1.md", "---\ntitle: \"Task 1, edited\"\n---\nBody 1.\n")
        try v.write("t2222.md", "---\ntitle: \"Task 2222, edited\"\n---\n")
        try FileManager.default.removeItem(atPath: v.root + "/Work/t8.md")
        try FileManager.default.removeItem(atPath: v.root + "/t9.md")
        try v.write("Work/new.md", "---\ntitle: \"New\"\n---\n")
        let before = try folder.read("t5.md").stamp
        try v.write("t5.md", "---\ntitle: \"Task X\"\n---\nBody 5.\n")
        IndexTestFiles.setMtime(v.root + "/t5.md", nanoseconds: racy)
        #expect(try folder.read("t5.md").stamp.size == before.size)

        let vault = try v.open()
        #expect(vault.openReport.total == count - 1)
        #expect(vault.openReport.changedIDs == ["Work/new.md", "t1.md", "t2222.md", "t5.md"])
        #expect(vault.openReport.removedIDs == ["Work/t8.md", "t9.md"])
        #expect(vault.openReport.hashed >= 1)
        #expect(try IndexTests.title(vault, "t5.md") == "Task X")
        #expect(try vault.index.fileCount() == count - 1)
        // Opened again: nothing to do.
        let again = try v.open()
        #expect(again.openReport.parsed == 0 && again.openReport.removed == 0)
    }

    @Test func anAddedFileIsParsed() throws {
        let v = try IndexTests.vault(files: 4)
        _ = try IndexTests.openAndClose(v)
        try v.task("Home/new.md", title: "New")
        let vault = try v.open()
        #expect(vault.openReport.parsed == 1)
        #expect(vault.openReport.changedIDs == ["Home/new.md"])
        #expect(vault.openReport.total == 5)
        #expect(try IndexTests.title(vault, "Home/new.md") == "New")
    }

    @Test func aDeletedFileIsRemoved() throws {
        let v = try IndexTests.vault(files: 4)
        _ = try IndexTests.openAndClose(v)
        try FileManager.default.removeItem(atPath: v.root + "/Work/t2.md")
        let vault = try v.open()
        #expect(vault.openReport.removed == 1)
        #expect(vault.openReport.parsed == 0)
        #expect(vault.openReport.removedIDs == ["Work/t2.md"])
        #expect(try IndexTests.ids(vault) == ["Work/t4.md", "t1.md", "t3.md"])
        #expect(try vault.index.fileCount() == 3)
        let tagRows = try vault.index.database.read { db in
            try String.fetchAll(db, sql: "SELECT tag FROM task_tag ORDER BY tag")
        }
        #expect(tagRows == ["n1", "n3", "n4"])
    }

    @Test(arguments: [
        ("t1.md", "renamed.md"),
        ("t1.md", "Work/t1.md"),
        ("Work/t2.md", "Home/Deep/t2.md"),
    ])
    func aRenamedFileIsRemovedAndParsed(from: String, to: String) throws {
        let v = try IndexTests.vault(files: 4)
        _ = try IndexTests.openAndClose(v)
        let destination = v.root + "/" + to
        try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: v.root + "/" + from, toPath: destination)
        let vault = try v.open()
        #expect(vault.openReport.removed == 1)
        #expect(vault.openReport.parsed == 1)
        #expect(vault.openReport.removedIDs == [from])
        #expect(vault.openReport.changedIDs == [to])
        #expect(try IndexTests.title(vault, from) == nil)
        #expect(try IndexTests.title(vault, to) != nil)
        #expect(try vault.index.fileCount() == 4)
    }

    @Test func aFileMovedIntoAHiddenFolderIsRemoved() throws {
        let v = try IndexTests.vault(files: 3)
        _ = try IndexTests.openAndClose(v)
        try FileManager.default.createDirectory(atPath: v.root + "/.trash", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: v.root + "/t1.md", toPath: v.root + "/.trash/t1.md")
        let vault = try v.open()
        #expect(vault.openReport.removed == 1)
        #expect(vault.openReport.parsed == 0)
    }

    @Test func severalChangesAtOnceAreCountedSeparately() throws {
        let v = try IndexTests.vault(files: 6)
        _ = try IndexTests.openAndClose(v)
        try v.task("t1.md", title: "Changed one, with a longer title")
        try v.task("added.md", title: "Added")
        try FileManager.default.removeItem(atPath: v.root + "/t3.md")
        try FileManager.default.removeItem(atPath: v.root + "/Work/t4.md")
        let vault = try v.open()
        #expect(vault.openReport.parsed == 2)
        #expect(vault.openReport.removed == 2)
        #expect(Set(vault.openReport.changedIDs) == ["t1.md", "added.md"])
        #expect(vault.openReport.total == 5)
    }

    @Test func vaultSyncSeesChangesMadeWhileOpen() throws {
        let v = try IndexTests.vault(files: 3)
        let vault = try v.open()
        try v.task("t1.md", title: "Edited while open, longer")
        try v.task("new.md", title: "New while open")
        try FileManager.default.removeItem(atPath: v.root + "/t3.md")
        let report = try vault.refreshIndex()
        #expect(report.parsed == 2)
        #expect(report.removed == 1)
        #expect(try vault.refreshIndex().isEmpty)
        #expect(try IndexTests.ids(vault) == ["Work/t2.md", "new.md", "t1.md"])
    }

    @Test func writesThroughTheVaultAreNotParsedAgainOnTheNextOpen() throws {
        let v = try IndexTests.vault(files: 3)
        do {
            let vault = try v.open()
            _ = try vault.add(TodoTask(title: "Added here", created: v.clock.now))
            try vault.complete("t1.md")
            try vault.delete("t3.md")
        }
        let vault = try v.open()
        #expect(vault.openReport.parsed == 0)
        #expect(vault.openReport.removed == 0)
        #expect(vault.openReport.total == 3)
    }

    @Test func theIndexStoresPathSizeMtimeAndHash() throws {
        let v = try IndexTests.vault(files: 2)
        let vault = try v.open()
        let snapshot = try vault.folder.read("Work/t2.md")
        let row = try #require(try vault.index.database.read { db in
            try Row.fetchOne(db, sql: "SELECT size, mtime, hash FROM file WHERE path = 'Work/t2.md'")
        })
        #expect(row["size"] as Int == snapshot.bytes.count)
        #expect(row["mtime"] as Int64 == snapshot.stamp.mtime)
        #expect(row["hash"] as String == ContentHash.of(try v.bytes("Work/t2.md")))
        let tags = try vault.index.database.read { db in
            try String.fetchAll(db, sql: """
                SELECT tag FROM task_tag JOIN task ON task.rid = task_tag.task_rid WHERE task.id = 'Work/t2.md'
                """)
        }
        #expect(tags == ["n2"])
    }

    // MARK: - Unparseable files and warnings

    @Test func unparseableFilesAndWarningsAreStoredAndListedByDoctor() throws {
        let v = try TemporaryVault()
        try v.task("good.md", title: "Good")
        try v.write("plain.md", "Just some notes, no frontmatter.\n")
        try v.write("Work/badyaml.md", "---\ntitle: [unclosed\nstatus: todo\n---\n")
        try v.write("nul.md", bytes: Array("---\ntitle: \"x\"\n---\n".utf8) + [0])
        try v.write("warn.md", "---\ntitle: \"Warn\"\npriority: \"urgent\"\ncreated: \"2026-11-01T10:00:00Z\"\n---\n")
        let vault = try v.open()
        #expect(vault.openReport.parsed == 5)
        let report = try vault.doctor()
        #expect(report.unparseable.map(\.path) == ["Work/badyaml.md", "nul.md", "plain.md"])
        #expect(report.unparseable.allSatisfy { !$0.reason.isEmpty })
        #expect(report.taskCount == 2)
        #expect(report.warnings.map(\.id) == ["warn.md"])
        let warnings = try #require(report.warnings.first?.warnings)
        #expect(warnings.contains { $0.contains("priority") })
        #expect(warnings.contains { $0.contains("status") })
        #expect(warnings.contains { $0.contains("source") })
        #expect(warnings.count == 3)

        // Stored: nothing is parsed again on the next open, and doctor says the same.
        let again = try v.open()
        #expect(again.openReport.parsed == 0)
        #expect(try again.doctor().unparseable.map(\.path) == report.unparseable.map(\.path))
        #expect(try again.doctor().warnings.map(\.id) == ["warn.md"])
        // Never modified.
        #expect(try v.text("plain.md") == "Just some notes, no frontmatter.\n")
    }

    @Test func aFixedFileLeavesTheUnparseableList() throws {
        let v = try TemporaryVault()
        try v.write("plain.md", "Just some notes.\n")
        _ = try IndexTests.openAndClose(v)
        try v.task("plain.md", title: "Now a task")
        let vault = try v.open()
        #expect(vault.openReport.parsed == 1)
        #expect(try vault.doctor().unparseable.isEmpty)
        #expect(try vault.doctor().taskCount == 1)
        #expect(try vault.resolve("now a task") == "plain.md")
    }

    @Test func aTaskThatBecomesUnparseableLeavesTheTaskList() throws {
        let v = try IndexTests.vault(files: 2)
        _ = try IndexTests.openAndClose(v)
        try v.write("t1.md", "no longer a task\n")
        let vault = try v.open()
        #expect(vault.openReport.parsed == 1)
        #expect(try vault.doctor().unparseable.map(\.path) == ["t1.md"])
        #expect(try IndexTests.ids(vault) == ["Work/t2.md"])
        let fts = try vault.index.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM task_fts") }
        #expect(fts == 1)
    }

    @Test func fixingAWarningClearsIt() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A", "priority: \"urgent\"")
        _ = try IndexTests.openAndClose(v)
        try v.task("a.md", title: "A", "priority: \"high\"")
        let vault = try v.open()
        #expect(try vault.doctor().warnings.isEmpty)
    }

    // MARK: - Rebuilding

    @Test func theIndexLivesInTheCacheFolderKeyedByTheVaultsRealPath() throws {
        let v = try IndexTests.vault(files: 2)
        let vault = try v.open()
        let folder = try VaultFolder(path: v.root)
        let expected = v.cache + "/todomd/" + SHA256.hex(Array(folder.root.utf8)) + "/index.sqlite"
        #expect(vault.index.path == expected)
        #expect(try IndexTests.indexPath(v) == expected)
        #expect(FileManager.default.fileExists(atPath: expected))
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func withoutXDGCacheHomeTheIndexIsUnderHome() {
        let path = TaskIndex.defaultPath(forVaultAt: "/v", environment: ["HOME": "/home/u"])
        #expect(path == "/home/u/.cache/todomd/" + SHA256.hex(Array("/v".utf8)) + "/index.sqlite")
    }

    @Test func aMissingIndexIsRebuilt() throws {
        let v = try IndexTests.vault(files: 6)
        _ = try IndexTests.openAndClose(v)
        IndexTestFiles.remove(index: try IndexTests.indexPath(v))
        let vault = try v.open()
        #expect(vault.openReport.parsed == 6)
        #expect(try vault.doctor().taskCount == 6)
        #expect(try vault.resolve("number 5") == "t5.md")
    }

    @Test func aMissingIndexFolderIsRebuilt() throws {
        let v = try IndexTests.vault(files: 3)
        _ = try IndexTests.openAndClose(v)
        try FileManager.default.removeItem(atPath: v.cache + "/todomd")
        #expect(try IndexTests.openAndClose(v).parsed == 3)
    }

    static let junk: [[UInt8]] = [
        Array("this is not a database\n".utf8),
        [],
        Array(repeating: 0xFF, count: 8192),
        Array("SQLite format 3\0".utf8) + Array(repeating: 0x41, count: 4096),
    ]

    @Test(arguments: IndexTests.junk)
    func aCorruptIndexIsRebuilt(bytes: [UInt8]) throws {
        let v = try IndexTests.vault(files: 6)
        _ = try IndexTests.openAndClose(v)
        let path = try IndexTests.indexPath(v)
        IndexTestFiles.remove(index: path)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let vault = try v.open()
        #expect(vault.openReport.parsed == 6)
        #expect(try vault.doctor().taskCount == 6)
        #expect(try vault.resolve("number 6") == "Work/t6.md")
        #expect(try IndexTests.openAndClose(v).parsed == 0)
    }

    @Test(arguments: [1, 2, 3])
    func aTruncatedIndexIsRebuilt(quarters: Int) throws {
        let v = try IndexTests.vault(files: 200)
        _ = try IndexTests.openAndClose(v)
        let path = try IndexTests.indexPath(v)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let pages = bytes.count / 4096
        #expect(pages >= 4)
        let keep = max(1, pages * quarters / 4) * 4096
        IndexTestFiles.remove(index: path)
        try bytes.prefix(keep).write(to: URL(fileURLWithPath: path))
        let vault = try v.open()
        #expect(try vault.doctor().taskCount == 200)
        #expect(try vault.resolve("number 199") == "t199.md")
        #expect(try vault.list("all").tasks.count == 200)
    }

    @Test(arguments: ["todomd-index-2 Europe/Berlin", "todomd-index-999 Europe/Berlin", ""])
    func anOldSchemaIndexIsRebuilt(stamp: String) throws {
        let v = try IndexTests.vault(files: 6)
        _ = try IndexTests.openAndClose(v)
        let path = try IndexTests.indexPath(v)
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "UPDATE meta SET value = ? WHERE key = 'schema'", arguments: [stamp])
            }
        }
        let vault = try v.open()
        #expect(vault.openReport.parsed == 6)
        #expect(try vault.doctor().taskCount == 6)
        #expect(try IndexTests.openAndClose(v).parsed == 0)
    }

    @Test func anIndexWithoutItsSchemaRowIsRebuilt() throws {
        let v = try IndexTests.vault(files: 4)
        _ = try IndexTests.openAndClose(v)
        let path = try IndexTests.indexPath(v)
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "DELETE FROM meta") }
        }
        #expect(try IndexTests.openAndClose(v).parsed == 4)
    }

    @Test func anIndexFromAnOlderProgramWithOtherTablesIsRebuilt() throws {
        let v = try IndexTests.vault(files: 4)
        let path = try IndexTests.indexPath(v)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: """
                    CREATE TABLE file (path TEXT PRIMARY KEY, stamp TEXT);
                    INSERT INTO file VALUES ('t1.md', 'x');
                    CREATE TABLE task (id TEXT);
                    """)
            }
        }
        let vault = try v.open()
        #expect(vault.openReport.parsed == 4)
        #expect(try vault.doctor().taskCount == 4)
    }

    @Test func anIndexMissingATableIsRebuilt() throws {
        let v = try IndexTests.vault(files: 4)
        _ = try IndexTests.openAndClose(v)
        let path = try IndexTests.indexPath(v)
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "DROP TABLE task_tag") }
        }
        try v.task("t1.md", title: "Changed after the damage, longer", "tags:\n  - n1")
        let vault = try v.open()
        #expect(try vault.doctor().taskCount == 4)
        #expect(try vault.list("all").tasks.count == 4)
        #expect(try vault.tags().count == 4)
    }

    /// The tag counts (the sidebar's, `todomd tags`) read the tag index alone: no pass over the
    /// tasks and no sort. At 100k tasks the join of every open task to its tags they replaced
    /// was most of the sidebar's time.
    @Test func tagCountsReadOnlyTheTagIndex() throws {
        let v = try IndexTests.vault(files: 4)
        let vault = try v.open()
        #expect(try IndexTests.plan(vault, TaskIndex.openCountsByTagSQL) == ["SCAN task_tag USING COVERING INDEX task_tag_tag"])
        #expect(try vault.tags().count == 4)
    }

    /// So does the planner's backlog count (the sidebar's too): the few planned tasks, not all.
    @Test func theBacklogCountReadsOnlyPlannedTasks() throws {
        let v = try IndexTests.vault(files: 4)
        let vault = try v.open()
        #expect(try IndexTests.plan(vault, TaskIndex.activeCountInRegionSQL, ["backlog"] + TaskIndex.activeArguments)
                == ["SEARCH task USING INDEX task_region (region=?)"])
    }

    /// And the areas and projects: the index of the tasks that have either, in its order.
    @Test func areaAndProjectCountsReadOnlyTheirIndex() throws {
        let v = try IndexTests.vault(files: 4)
        let vault = try v.open()
        let sql = TaskIndex.openCountsByProjectAndAreaSQL(areas: true, projects: true)
        #expect(try IndexTests.plan(vault, sql, TaskIndex.openArguments) == ["SCAN task USING COVERING INDEX task_project_area"])
        #expect(try IndexTests.plan(vault, TaskIndex.openCountsByProjectAndAreaSQL(areas: false, projects: true), TaskIndex.openArguments)
                == ["SEARCH task USING COVERING INDEX task_project_area (project>?)"])
    }

    /// That index serves those counts only. A rule asking for every task with a project or an
    /// area reads the table in one pass: through the index it visited most tasks one lookup at
    /// a time (at 100k, the benchmark's perspective took 96 ms in SQLite against a scan's 24).
    @Test(arguments: [
        RuleNode.when("project", "is_not_nil"),
        .when("area", "is_not_nil"),
        .all(.when("status", "in", ["todo", "in-progress"]), .when("project", "is_not_nil")),
    ])
    func rulesOnHavingAProjectOrAnAreaScanTheTable(_ rule: RuleNode) throws {
        let v = try IndexTests.vault(files: 4)
        let vault = try v.open()
        var compiler = RuleCompiler(today: v.clock.today, timeZone: v.clock.timeZone)
        let compiled = compiler.predicate(rule)
        let predicate = try #require(compiled)
        let filter = try vault.index.database.read { try TaskIndex.filter(predicate, timeZone: v.clock.timeZone, $0) }
        #expect(try IndexTests.plan(vault, "SELECT id FROM task WHERE \(filter.sql)", StatementArguments(filter.arguments))
                == ["SCAN task"])
    }

    /// What SQLite's planner says it does for `sql`, step by step.
    static func plan(_ vault: Vault, _ sql: String, _ arguments: [String] = []) throws -> [String] {
        try plan(vault, sql, StatementArguments(arguments))
    }

    static func plan(_ vault: Vault, _ sql: String, _ arguments: StatementArguments) throws -> [String] {
        try vault.index.database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
        }
    }

    @Test func anIndexBuiltInAnotherTimeZoneIsRebuilt() throws {
        let v = try IndexTests.vault(files: 3)
        _ = try IndexTests.openAndClose(v)
        let tokyo = TodoClock(now: v.clock.now, timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
        let vault = try Vault(path: v.root, clock: tokyo, environment: v.environment)
        #expect(vault.openReport.parsed == 3)
    }

    @Test func deletingTheIndexLosesNothing() throws {
        let v = try IndexTests.vault(files: 3)
        let before: [String]
        do {
            let vault = try v.open()
            try vault.complete("t1.md")
            before = try vault.list("all").tasks.map(\.json)
        }
        IndexTestFiles.remove(index: try IndexTests.indexPath(v))
        let vault = try v.open()
        #expect(try vault.list("all").tasks.map(\.json) == before)
    }

    // MARK: - Full text

    /// The tasks the full-text index itself finds for `query`. A cold build leaves the index for
    /// the first search of bodies, so the first call builds it; every later call finds it kept up
    /// to date by the writes in between.
    static func fts(_ vault: Vault, _ query: String) throws -> [String] {
        try vault.index.buildFullText()
        return try vault.index.database.read { db in
            try String.fetchAll(db, sql: """
                SELECT task.id FROM task_fts JOIN task ON task.rid = task_fts.rowid
                WHERE task_fts MATCH ? ORDER BY task.id
                """, arguments: [query])
        }
    }

    static func ftsCount(_ vault: Vault) throws -> Int {
        try vault.index.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM task_fts") ?? -1 }
    }

    @Test(arguments: [
        ("title:zucchini", ["a.md"]),
        ("description:marinade", ["a.md"]),
        ("body:saffron", ["Work/b.md"]),
        ("zucchini", ["a.md"]),
        ("saffron", ["Work/b.md"]),
        ("creme", ["Work/b.md"]),
        ("shared", ["Work/b.md", "a.md"]),
        ("nothing", []),
    ])
    func fullTextRowsExistForTitleDescriptionAndBody(query: String, ids: [String]) throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Grill zucchini shared", "description: \"Needs a marinade\"")
        try v.task("Work/b.md", title: "Bake", body: "Buy saffron and crème fraîche, shared.\n")
        let vault = try v.open()
        #expect(try IndexTests.fts(vault, query) == ids)
        #expect(try IndexTests.ftsCount(vault) == 2)
    }

    @Test func fullTextFollowsEditsAndDeletes() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Alpha", body: "original words\n")
        try v.task("b.md", title: "Beta", body: "other words\n")
        let vault = try v.open()
        #expect(try IndexTests.fts(vault, "original") == ["a.md"])

        try vault.update("a.md", TaskChanges(), body: "replacement text\n")
        #expect(try IndexTests.fts(vault, "original") == [])
        #expect(try IndexTests.fts(vault, "replacement") == ["a.md"])

        try v.task("b.md", title: "Beta", body: "edited elsewhere\n")
        try vault.refreshIndex()
        #expect(try IndexTests.fts(vault, "other") == [])
        #expect(try IndexTests.fts(vault, "elsewhere") == ["b.md"])

        try vault.delete("a.md")
        #expect(try IndexTests.fts(vault, "replacement") == [])
        #expect(try IndexTests.ftsCount(vault) == 1)

        try vault.complete("b.md")
        try vault.reopen("b.md")
        #expect(try IndexTests.ftsCount(vault) == 1)
        #expect(try IndexTests.fts(vault, "elsewhere") == ["b.md"])
    }
}
