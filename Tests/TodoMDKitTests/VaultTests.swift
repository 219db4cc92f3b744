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

/// Looking at a vault folder the way a user's file manager does, hidden entries included.
enum VaultTestFiles {
    /// Every file and folder below `root`, relative, sorted (symbolic links not followed).
    static func all(in root: String) -> [String] {
        (FileManager.default.subpaths(atPath: root) ?? []).sorted()
    }

    /// Only the regular files below `root`.
    static func files(in root: String) -> [String] {
        all(in: root).filter { path in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDir) && !isDir.boolValue
        }
    }

    /// Temporary files an interrupted or refused write could leave behind.
    static func leftovers(in root: String) -> [String] {
        all(in: root).filter { path in
            let name = (path as NSString).lastPathComponent
            return name.hasSuffix(".tmp") || name.contains(".todomd-") || name.hasPrefix(".#")
        }
    }

    /// The inode number of a file.
    static func inode(_ path: String) -> UInt64? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return UInt64(st.st_ino)
    }
}

// MARK: - Scanning (§2)

@Suite struct VaultScanTests {
    @Test func scanFindsMarkdownFilesRecursivelyWithTheSection2Exclusions() throws {
        let v = try TemporaryVault()
        let included = [
            "a.md", "Notes.md", "empty.md", "Work/b.md", "Work/Deep/c.md", "Work/Notes/d.md", "folder.md/f.md",
            "With Space/ünï.md",
        ]
        for id in included { try v.task(id, title: id) }
        try v.write("empty.md", "")
        let excluded = [
            "Notes/n.md", "Notes/Sub/n2.md",
            ".git/x.md", ".obsidian/y.md", ".trash/z.md", ".todomd/w.md", "Work/.hidden/h.md",
            ".dot.md", "Work/.e.md",
            "readme.txt", "a.markdown", "noext", "x.md.bak", "Work/image.png",
        ]
        for id in excluded { try v.task(id, title: id) }
        let outside = (v.root as NSString).deletingLastPathComponent + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("---\ntitle: \"Outside\"\n---\n".utf8).write(to: URL(fileURLWithPath: outside + "/o.md"))
        try FileManager.default.createSymbolicLink(atPath: v.root + "/link.md", withDestinationPath: v.root + "/a.md")
        try FileManager.default.createSymbolicLink(atPath: v.root + "/Linked", withDestinationPath: v.root + "/Work")
        try FileManager.default.createSymbolicLink(atPath: v.root + "/Outside", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: v.root + "/outside.md", withDestinationPath: outside + "/o.md")
        try FileManager.default.createSymbolicLink(atPath: v.root + "/dangling.md", withDestinationPath: v.root + "/nope.md")
        #expect(mkfifo(v.root + "/pipe.md", 0o644) == 0)

        let folder = try VaultFolder(path: v.root)
        let ids = folder.scan().map(\.id)
        #expect(Set(ids) == Set(included))
        #expect(ids.count == included.count)
        // A cold build's walk, which leaves the stamps to the reads, finds the same files.
        let unstamped = folder.scan(stamps: false)
        #expect(unstamped.map(\.id) == ids)
        #expect(unstamped.allSatisfy { $0.size == -1 && $0.mtime == 0 })

        // The index sees the same files, and opening the vault does not hang on the FIFO.
        let vault = try v.open()
        #expect(vault.openReport.parsed == included.count)
        #expect(vault.openReport.total == included.count)
        #expect(try vault.index.fileCount() == included.count)
    }

    /// Many files, in whichever folders (each of them holding fewer than the threshold), are
    /// stat'ed on several threads: every one in its place, a missing one nil, a folder a folder.
    @Test func manyStatsAtOnceAreEachFilesOwn() throws {
        let v = try TemporaryVault()
        let count = VaultFolder.parallelStatThreshold + 700
        var names: [String] = []
        for i in 0..<count {
            let name = (i % 3 == 0 ? "" : "d\(i % 3)/") + String(format: "f%05d.md", i)
            try v.write(name, String(repeating: "x", count: i % 97))
            names.append(name)
        }
        try FileManager.default.createDirectory(atPath: v.root + "/sub.md", withIntermediateDirectories: true)
        names.insert("missing.md", at: 1000)
        names.append("sub.md")
        let fd = open(v.root, O_RDONLY | O_DIRECTORY)
        #expect(fd >= 0)
        defer { close(fd) }
        let stats = VaultFolder.stats(of: names, in: fd)
        #expect(stats.count == names.count)
        for (i, name) in names.enumerated() {
            var st = stat()
            if lstat(v.root + "/" + name, &st) != 0 {
                #expect(stats[i] == nil, "\(name)")
                continue
            }
            #expect(stats[i]?.size == Int(st.st_size) && stats[i]?.mtime == VaultFolder.mtime(st)
                        && stats[i]?.kind == st.st_mode & S_IFMT, "\(name)")
        }
        // And a scan of the folder finds each file with its size.
        let scanned = try VaultFolder(path: v.root).scan()
        #expect(scanned.count == count)
        #expect(scanned.allSatisfy { file in
            file.size == (Int(file.id.split(separator: "/").last?.dropFirst().prefix(5) ?? "") ?? -1) % 97
        })
        #expect(Set(scanned.map(\.id)) == Set(names.filter { $0.hasPrefix("f") || $0.hasPrefix("d") }))
    }

    @Test func scanReportsSizeAndNanosecondMtime() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let folder = try VaultFolder(path: v.root)
        let file = try #require(folder.scan().first)
        let snapshot = try folder.read("a.md")
        #expect(file.size == (try v.bytes("a.md")).count)
        #expect(file.mtime == snapshot.stamp.mtime)
        #expect(snapshot.stamp.hash == ContentHash.of(try v.bytes("a.md")))
    }

    @Test func notesIsExcludedOnlyAtTheRoot() throws {
        let v = try TemporaryVault()
        try v.task("Notes/a.md", title: "Note")
        try v.task("Projects/Notes/b.md", title: "Task in a Notes folder")
        let folder = try VaultFolder(path: v.root)
        #expect(folder.scan().map(\.id) == ["Projects/Notes/b.md"])
    }

    @Test func aVaultOpenedThroughASymbolicLinkUsesItsRealPath() throws {
        let v = try TemporaryVault()
        try v.task("Work/a.md", title: "A")
        let link = (v.root as NSString).deletingLastPathComponent + "/vault-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: v.root)
        let viaLink = try Vault(path: link, clock: v.clock, environment: v.environment)
        let direct = try v.open()
        #expect(viaLink.folder.root == direct.folder.root)
        #expect(viaLink.index.path == direct.index.path)
        #expect(try viaLink.resolve("a") == "Work/a.md")
    }

    @Test func openingAMissingFolderFails() throws {
        let v = try TemporaryVault()
        #expect(throws: TodoError.noVault(v.root + "/missing")) {
            try Vault(path: v.root + "/missing", clock: v.clock, environment: v.environment)
        }
    }

    @Test func openingTheVaultCreatesNothingInIt() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        try v.task("Work/b.md", title: "B")
        let before = VaultTestFiles.all(in: v.root)
        let vault = try v.open()
        _ = try vault.list("all")
        _ = try vault.resolve("b")
        _ = try vault.doctor()
        #expect(VaultTestFiles.all(in: v.root) == before)
    }
}

// MARK: - Lifecycle (§5)

@Suite struct VaultLifecycleTests {
    /// The fixed clock's now, as written in files: 09:00 in Berlin is 08:00 UTC.
    static let nowText = "2026-11-21T08:00:00Z"

    func status(_ vault: Vault, _ id: String) throws -> String? {
        try vault.index.database.read { db in
            try String.fetchOne(db, sql: "SELECT status FROM task WHERE id = ?", arguments: [id])
        }
    }

    @Test func addWritesACanonicalFileAndIndexesIt() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        var draft = TodoTask(title: "Buy milk", created: v.clock.now)
        draft.due = LocalDate(year: 2026, month: 11, day: 23)
        let task = try vault.add(draft)
        #expect(task.id == "20261121-0800-buy-milk.md")
        #expect(task.created == v.clock.now)
        #expect(task.warnings.isEmpty)
        let text = try v.text(task.id)
        #expect(text.hasPrefix("---\ntitle: \"Buy milk\"\nstatus: \"todo\"\ndue: \"2026-11-23\"\n"))
        #expect(text.contains("created: \"\(VaultLifecycleTests.nowText)\"\n"))
        #expect(text.contains("completed: null\n"))
        #expect(try status(vault, task.id) == "todo")
        #expect(try vault.resolve("buy milk") == task.id)
        #expect(VaultTestFiles.files(in: v.root) == [task.id])
    }

    @Test func completeSetsStatusCompletedAndModified() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A", "due: \"2026-11-20\"", body: "Notes stay.\n")
        let vault = try v.open()
        let done = try vault.complete("a.md").completed
        #expect(done.id == "a.md")
        #expect(done.status == .done)
        #expect(done.completed == v.clock.now)
        #expect(done.modified == v.clock.now)
        let text = try v.text("a.md")
        #expect(text.contains("status: \"done\"\n"))
        #expect(text.contains("completed: \"\(VaultLifecycleTests.nowText)\"\n"))
        #expect(text.contains("modified: \"\(VaultLifecycleTests.nowText)\"\n"))
        #expect(text.contains("due: \"2026-11-20\"\n"))
        #expect(text.contains("created: \"2026-11-01T10:00:00Z\"\n"))
        #expect(text.hasSuffix("---\n\nNotes stay.\n"))
        #expect(try status(vault, "a.md") == "done")
        #expect(VaultTestFiles.files(in: v.root) == ["a.md"])
    }

    @Test func completeKeepsATaskInItsFolder() throws {
        let v = try TemporaryVault()
        try v.task("Work/Deep/a.md", title: "A")
        let vault = try v.open()
        let done = try vault.complete("Work/Deep/a.md").completed
        #expect(done.id == "Work/Deep/a.md")
        #expect(v.exists("Work/Deep/a.md"))
        #expect(!v.exists("Archive/a.md"))
    }

    @Test func reopenSetsTodoAndCompletedNull() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let vault = try v.open()
        try vault.complete("a.md")
        let open = try vault.reopen("a.md")
        #expect(open.status == .todo)
        #expect(open.completed == nil)
        #expect(open.modified == v.clock.now)
        let text = try v.text("a.md")
        #expect(text.contains("status: \"todo\"\n"))
        #expect(text.contains("completed: null\n"))
        #expect(!text.contains("completed: \"\(VaultLifecycleTests.nowText)\""))
        #expect(try status(vault, "a.md") == "todo")
    }

    @Test func reopenWritesCompletedNullEvenWhenTheKeyWasMissing() throws {
        let v = try TemporaryVault()
        try v.write("a.md", "---\ntitle: \"A\"\nstatus: \"done\"\ncreated: \"2026-11-01T10:00:00Z\"\nsource: \"x\"\n---\n")
        let vault = try v.open()
        try vault.reopen("a.md")
        let text = try v.text("a.md")
        #expect(text.contains("completed: null\n"))
        #expect(try vault.task("a.md").status == .todo)
    }

    @Test func cancelKeepsTheFileAndHidesItFromActiveViews() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Cancel me")
        let vault = try v.open()
        let cancelled = try vault.cancel("a.md")
        #expect(cancelled.status == .cancelled)
        #expect(cancelled.modified == v.clock.now)
        #expect(v.exists("a.md"))
        #expect(try v.text("a.md").contains("status: \"cancelled\"\n"))
        #expect(try status(vault, "a.md") == "cancelled")
        #expect(try vault.list("inbox").tasks.isEmpty)
        #expect(try vault.list("logbook").tasks.map(\.id) == ["a.md"])
    }

    @Test func deferWritesTheDate() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let vault = try v.open()
        let date = try #require(LocalDate(year: 2026, month: 11, day: 25))
        let task = try vault.deferTask("a.md", to: date)
        #expect(task.deferDate == date)
        #expect(try v.text("a.md").contains("defer: \"2026-11-25\"\n"))
    }

    @Test func updateSetsAndClearsFields() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A", "due: \"2026-11-20\"\npriority: \"low\"")
        let vault = try v.open()
        var changes = TaskChanges()
        changes.set(.due, .date(try #require(LocalDate(year: 2026, month: 12, day: 1))))
        changes.clear(.priority)
        let task = try vault.update("a.md", changes)
        #expect(task.due == LocalDate(year: 2026, month: 12, day: 1))
        #expect(task.priority == .none)
        let text = try v.text("a.md")
        #expect(text.contains("due: \"2026-12-01\"\n"))
        #expect(!text.contains("priority"))
        #expect(text.contains("modified: \"\(VaultLifecycleTests.nowText)\"\n"))
        #expect(try vault.index.database.read { db in
            try String.fetchOne(db, sql: "SELECT due FROM task WHERE id = 'a.md'")
        } == "2026-12-01")
    }

    // MARK: Delete

    @Test func deleteMovesTheFileToTrashUnchanged() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Delete me", body: "Keep these notes.\n")
        try v.task("b.md", title: "Keep me")
        let before = try v.bytes("a.md")
        let vault = try v.open()
        let destination = try vault.delete("a.md")
        #expect(destination == ".trash/a.md")
        #expect(!v.exists("a.md"))
        #expect(try v.bytes(".trash/a.md") == before)
        #expect(throws: TodoError.taskNotFound("a.md")) { try vault.resolve("a.md") }
        #expect(try status(vault, "a.md") == nil)
        #expect(try vault.doctor().taskCount == 1)
        // A fresh open does not see the trash either.
        let again = try v.open()
        #expect(throws: TodoError.taskNotFound("Delete me")) { try again.resolve("Delete me") }
    }

    @Test func deleteFromAFolderKeepsTheFilename() throws {
        let v = try TemporaryVault()
        try v.task("Work/Deep/a.md", title: "A")
        let vault = try v.open()
        #expect(try vault.delete("Work/Deep/a.md") == ".trash/a.md")
        #expect(v.exists(".trash/a.md"))
        #expect(v.exists("Work/Deep"))
    }

    @Test func deleteNumbersNamesAlreadyInTheTrash() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        var destinations: [String] = []
        var contents: [[UInt8]] = []
        for round in 1...3 {
            try v.task("a.md", title: "Round \(round)")
            try vault.refreshIndex()
            contents.append(try v.bytes("a.md"))
            destinations.append(try vault.delete("a.md"))
        }
        #expect(destinations == [".trash/a.md", ".trash/a-2.md", ".trash/a-3.md"])
        for (destination, bytes) in zip(destinations, contents) {
            #expect(try v.bytes(destination) == bytes)
        }
    }

    @Test func deleteOfAMissingTaskChangesNothing() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let vault = try v.open()
        #expect(throws: TodoError.taskNotFound("b.md")) { try vault.delete("b.md") }
        #expect(!v.exists(".trash"))
    }

    // MARK: Archive

    @Test(arguments: [
        ("a.md", "Archive/a.md"),
        ("Work/b.md", "Archive/b.md"),
        ("Archive/c.md", "Archive/c.md"),
    ])
    func archiveCompletedMovesDoneTasksToArchive(id: String, destination: String) throws {
        let v = try TemporaryVault()
        try v.write(".todomd/config.json", "{\"archive_completed\": true}\n")
        try v.task(id, title: "Finish it", body: "Body.\n")
        let vault = try v.open()
        let done = try vault.complete(id).completed
        #expect(done.id == destination)
        #expect(done.status == .done)
        #expect(done.completed == v.clock.now)
        #expect(v.exists(destination))
        if id != destination { #expect(!v.exists(id)) }
        let text = try v.text(destination)
        #expect(text.contains("status: \"done\"\n"))
        #expect(text.hasSuffix("Body.\n"))
        #expect(try status(vault, destination) == "done")
        if id != destination { #expect(try status(vault, id) == nil) }
        #expect(try vault.resolve((destination as NSString).lastPathComponent) == destination)
    }

    /// Settings that cannot be read are an error naming the file, not silent defaults.
    @Test(arguments: ["not json", "[1]", "{\"archive_completed\": tru"])
    func aBrokenConfigStopsTheVaultFromOpening(config: String) throws {
        let v = try TemporaryVault()
        try v.write(".todomd/config.json", config)
        try v.task("a.md", title: "A")
        #expect {
            _ = try v.open()
        } throws: { error in
            guard case let TodoError.unreadableSideFile(path, _) = error else { return false }
            return path == ".todomd/config.json"
        }
        #expect(try v.text(".todomd/config.json") == config)
    }

    @Test func aConfigBrokenWhileTheVaultIsOpenIsAnErrorToo() throws {
        let v = try TemporaryVault()
        try v.write(".todomd/config.json", "{\"archive_completed\": true}")
        try v.task("a.md", title: "A")
        let vault = try v.open()
        #expect(try vault.settings().archiveCompleted)
        try v.write(".todomd/config.json", "{\"archive_completed\": false, oops}")
        #expect(throws: TodoError.self) { try vault.complete("a.md") }
        #expect(try v.exists("a.md") && !v.text("a.md").contains("done"))
        try v.write(".todomd/config.json", "{\"archive_completed\": false}  ")
        #expect(try vault.complete("a.md").completed.id == "a.md")
    }

    @Test(arguments: [nil, "{}", "{\"archive_completed\": false}"])
    func withoutArchiveCompletedDoneTasksStay(config: String?) throws {
        let v = try TemporaryVault()
        if let config { try v.write(".todomd/config.json", config) }
        try v.task("a.md", title: "A")
        let vault = try v.open()
        #expect(try vault.complete("a.md").completed.id == "a.md")
        #expect(v.exists("a.md"))
        #expect(!v.exists("Archive"))
    }

    // MARK: Atomic writes

    @Test func everyOperationLeavesOnlyTheTaskFilesBehind() throws {
        let v = try TemporaryVault()
        try v.write(".todomd/config.json", "{\"archive_completed\": true}\n")
        try v.task("Work/a.md", title: "A")
        let vault = try v.open()
        let added = try vault.add(TodoTask(title: "New task", created: v.clock.now))
        let expectedAfterAdd = [".todomd", ".todomd/config.json", added.id, "Work", "Work/a.md"].sorted()
        #expect(VaultTestFiles.all(in: v.root) == expectedAfterAdd)

        var changes = TaskChanges()
        changes.set(.flagged, .bool(true))
        try vault.update(added.id, changes)
        try vault.deferTask(added.id, to: try #require(LocalDate(year: 2026, month: 12, day: 24)))
        try vault.cancel(added.id)
        try vault.reopen(added.id)
        #expect(VaultTestFiles.all(in: v.root) == expectedAfterAdd)

        try vault.complete("Work/a.md")
        #expect(VaultTestFiles.all(in: v.root)
                == [".todomd", ".todomd/config.json", "Archive", "Archive/a.md", added.id, "Work"].sorted())
        try vault.delete(added.id)
        #expect(VaultTestFiles.all(in: v.root)
                == [".todomd", ".todomd/config.json", ".trash", ".trash/" + added.id, "Archive", "Archive/a.md",
                    "Work"].sorted())
        #expect(VaultTestFiles.leftovers(in: v.root).isEmpty)
    }

    @Test func anEditReplacesTheFileRatherThanWritingIntoIt() throws {
        // Write-temporary-then-rename gives the file a new inode; writing in place would not.
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let vault = try v.open()
        let before = try #require(VaultTestFiles.inode(v.root + "/a.md"))
        try vault.complete("a.md")
        let after = try #require(VaultTestFiles.inode(v.root + "/a.md"))
        #expect(before != after)
    }

    @Test func folderWriteCreatesFoldersAndLeavesNoTemporaryFile() throws {
        let v = try TemporaryVault()
        let folder = try VaultFolder(path: v.root)
        try folder.write(Array("hello\n".utf8), to: "New/Deep/x.md", expected: nil)
        #expect(try v.text("New/Deep/x.md") == "hello\n")
        let snapshot = try folder.read("New/Deep/x.md")
        try folder.write(Array("hello again\n".utf8), to: "New/Deep/x.md", expected: snapshot.stamp)
        #expect(try v.text("New/Deep/x.md") == "hello again\n")
        #expect(VaultTestFiles.all(in: v.root) == ["New", "New/Deep", "New/Deep/x.md"])
    }
}

// MARK: - Refusing to overwrite changes (§5)

@Suite struct VaultConflictTests {
    @Test(arguments: [
        "---\ntitle: \"B\"\nstatus: \"todo\"\ncreated: \"2026-11-01T10:00:00Z\"\nsource: \"test\"\n---\n",
        "---\ntitle: \"A changed elsewhere, and longer\"\nstatus: \"todo\"\ncreated: \"2026-11-01T10:00:00Z\"\n---\n",
        "",
    ])
    func aWriteRefusesAFileChangedSinceItWasRead(otherProgram: String) throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let folder = try VaultFolder(path: v.root)
        let snapshot = try folder.read("a.md")
        try v.write("a.md", otherProgram)
        #expect(throws: TodoError.conflict(path: "a.md")) {
            try folder.write(Array("mine\n".utf8), to: "a.md", expected: snapshot.stamp)
        }
        #expect(try v.text("a.md") == otherProgram)
        #expect(VaultTestFiles.all(in: v.root) == ["a.md"])
    }

    @Test func aSameSizeChangeWithTheSameMtimeIsStillRefused() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let folder = try VaultFolder(path: v.root)
        let snapshot = try folder.read("a.md")
        try v.task("a.md", title: "Z")
        IndexTestFiles.setMtime(v.root + "/a.md", nanoseconds: snapshot.stamp.mtime)
        #expect(try folder.read("a.md").stamp.size == snapshot.stamp.size)
        #expect(throws: TodoError.conflict(path: "a.md")) {
            try folder.write(Array("mine\n".utf8), to: "a.md", expected: snapshot.stamp)
        }
        #expect(try v.text("a.md").contains("title: \"Z\""))
        #expect(VaultTestFiles.leftovers(in: v.root).isEmpty)
    }

    @Test func aWriteRefusesAFileRemovedSinceItWasRead() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let folder = try VaultFolder(path: v.root)
        let snapshot = try folder.read("a.md")
        try FileManager.default.moveItem(atPath: v.root + "/a.md", toPath: v.root + "/b.md")
        #expect(throws: TodoError.conflict(path: "a.md")) {
            try folder.write(Array("mine\n".utf8), to: "a.md", expected: snapshot.stamp)
        }
        #expect(VaultTestFiles.all(in: v.root) == ["b.md"])
    }

    @Test func anUnchangedFileIsWritten() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let folder = try VaultFolder(path: v.root)
        let snapshot = try folder.read("a.md")
        try folder.write(Array("mine\n".utf8), to: "a.md", expected: snapshot.stamp)
        #expect(try v.text("a.md") == "mine\n")
        #expect(VaultTestFiles.all(in: v.root) == ["a.md"])
    }

    @Test func aNewFileNeverReplacesOneThatAppearedMeanwhile() throws {
        let v = try TemporaryVault()
        let folder = try VaultFolder(path: v.root)
        try v.write("Work/new.md", "made by another program\n")
        #expect(throws: TodoError.conflict(path: "Work/new.md")) {
            try folder.write(Array("mine\n".utf8), to: "Work/new.md", expected: nil)
        }
        #expect(try v.text("Work/new.md") == "made by another program\n")
        #expect(VaultTestFiles.all(in: v.root) == ["Work", "Work/new.md"])
    }

    @Test func aNewFileNeverReplacesASymbolicLink() throws {
        let v = try TemporaryVault()
        try v.write("target.md", "target\n")
        try FileManager.default.createSymbolicLink(atPath: v.root + "/link.md", withDestinationPath: v.root + "/target.md")
        let folder = try VaultFolder(path: v.root)
        // Refused as a link (issue 22), not merely as a name taken.
        #expect(throws: TodoError.symlinkRefused(path: "link.md")) {
            try folder.write(Array("mine\n".utf8), to: "link.md", expected: nil)
        }
        #expect(try v.text("target.md") == "target\n")
    }

    @Test func moveRefusesToReplaceAFile() throws {
        let v = try TemporaryVault()
        try v.write("a.md", "a\n")
        try v.write("Archive/a.md", "archived\n")
        let folder = try VaultFolder(path: v.root)
        #expect(throws: TodoError.conflict(path: "Archive/a.md")) { try folder.move("a.md", to: "Archive/a.md") }
        #expect(try v.text("a.md") == "a\n")
        #expect(try v.text("Archive/a.md") == "archived\n")
    }

    @Test func updateWithAStaleHashRefuses() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A", "due: \"2026-11-20\"")
        let before = try v.bytes("a.md")
        let vault = try v.open()
        var changes = TaskChanges()
        changes.set(.due, .date(try #require(LocalDate(year: 2026, month: 12, day: 1))))
        #expect(throws: TodoError.conflict(path: "a.md")) {
            try vault.update("a.md", changes, expectedHash: "stale")
        }
        #expect(try v.bytes("a.md") == before)
        #expect(VaultTestFiles.all(in: v.root) == ["a.md"])
        #expect(try vault.index.database.read { db in
            try String.fetchOne(db, sql: "SELECT due FROM task WHERE id = 'a.md'")
        } == "2026-11-20")
    }

    @Test func updateWithTheHashOfAnEarlierVersionRefuses() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let vault = try v.open()
        let shown = ContentHash.of(try v.bytes("a.md"))
        // Another program edits the file after the user was shown it.
        try v.task("a.md", title: "A, edited elsewhere")
        let theirs = try v.bytes("a.md")
        var changes = TaskChanges()
        changes.set(.flagged, .bool(true))
        #expect(throws: TodoError.conflict(path: "a.md")) {
            try vault.update("a.md", changes, expectedHash: shown)
        }
        #expect(try v.bytes("a.md") == theirs)
    }

    @Test func updateWithTheCurrentHashSucceeds() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let vault = try v.open()
        var changes = TaskChanges()
        changes.set(.flagged, .bool(true))
        let task = try vault.update("a.md", changes, expectedHash: ContentHash.of(try v.bytes("a.md")))
        #expect(task.flagged)
        #expect(try v.text("a.md").contains("flagged: true\n"))
    }

    @Test func conflictsAreConflictErrors() {
        let error = TodoError.conflict(path: "a.md")
        #expect(error.kind == .conflict)
        #expect(error.errorDescription?.contains("a.md") == true)
    }
}
