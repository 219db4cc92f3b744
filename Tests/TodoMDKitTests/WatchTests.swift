import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Batches a watcher delivered, collected from its thread.
final class BatchRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var batches: [WatchBatch] = []

    func record(_ batch: WatchBatch) { lock.withLock { batches.append(batch) } }

    /// How many batches arrived.
    var count: Int { lock.withLock { batches.count } }
    /// Every path reported so far.
    var paths: Set<String> { lock.withLock { batches.reduce(into: []) { $0.formUnion($1.paths) } } }
    /// Whether any batch asked for a rescan.
    var rescanned: Bool { lock.withLock { batches.contains { $0.rescan } } }
    /// Paths reported in batches after the first `skip` ones.
    func paths(after skip: Int) -> Set<String> {
        lock.withLock { batches.dropFirst(skip).reduce(into: []) { $0.formUnion($1.paths) } }
    }
}

/// Files in a watched test folder, written with plain POSIX calls so that no library's own
/// temporary files show up in the watcher's reports.
struct WatchedFolder {
    let root: String

    func write(_ path: String, _ text: String = "---\ntitle: x\n---\n") throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        let fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw TodoError.io(path: path, reason: "open failed") }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Foundation.write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw TodoError.io(path: path, reason: "write failed")
        }
    }

    func append(_ path: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: root + "/" + path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    func makeFolder(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/" + path, withIntermediateDirectories: true)
    }

    func remove(_ path: String) throws { try FileManager.default.removeItem(atPath: root + "/" + path) }

    func rename(_ from: String, _ to: String) throws {
        guard Foundation.rename(root + "/" + from, root + "/" + to) == 0 else {
            throw TodoError.io(path: from, reason: "rename failed")
        }
    }
}

/// The watcher thread's /proc entry, recorded from the handler.
final class ThreadRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var value: String?

    func record(_ task: String?) { lock.withLock { if value == nil { value = task } } }
    var task: String? { lock.withLock { value } }
}

/// Waits until `condition` holds or `timeout` passes; returns whether it held. Never asserts on speed:
/// the timeout is only there so that a broken watcher fails instead of hanging.
func eventually(within timeout: Duration = .seconds(5), _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let end = clock.now + timeout
    while clock.now < end {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

// Serialized: the descriptor-leak test counts inotify instances and pipes of the whole process.
@Suite(.serialized) struct WatchTests {
    static var modes: [FileWatcher.Mode] {
        #if canImport(Glibc)
        return [.inotify, .polling(interval: .milliseconds(100))]
        #else
        return [.polling(interval: .milliseconds(100))]
        #endif
    }

    /// A temporary folder with a running watcher; stops it at the end of the test.
    final class Fixture: @unchecked Sendable {
        let vault: TemporaryVault
        let folder: WatchedFolder
        let watcher: FileWatcher
        let recorder = BatchRecorder()

        init(_ mode: FileWatcher.Mode, prepare: (WatchedFolder) throws -> Void = { _ in }) throws {
            vault = try TemporaryVault()
            folder = WatchedFolder(root: vault.root)
            try prepare(folder)
            watcher = FileWatcher(root: vault.root, mode: mode)
            try watcher.start { [recorder] in recorder.record($0) }
        }

        deinit { watcher.stop() }

        /// Waits until every path in `expected` was reported.
        func sees(_ expected: Set<String>, within timeout: Duration = .seconds(5)) async -> Bool {
            await eventually(within: timeout) { recorder.paths.isSuperset(of: expected) }
        }
    }

    // MARK: - What is reported

    @Test(arguments: modes) func fileCreatedAtTheRootIsReported(mode: FileWatcher.Mode) async throws {
        let f = try Fixture(mode)
        try f.folder.write("a.md")
        #expect(await f.sees(["a.md"]))
    }

    @Test(arguments: modes) func fileInAFolderCreatedAfterStartIsReported(mode: FileWatcher.Mode) async throws {
        let f = try Fixture(mode)
        // Folder and file in quick succession: the file may exist before the folder's watch does.
        try f.folder.write("Work/Deep/b.md")
        #expect(await f.sees(["Work/Deep/b.md"]))
        try f.folder.write("Work/Deep/c.md")
        #expect(await f.sees(["Work/Deep/c.md"]))
    }

    @Test(arguments: modes) func modifiedFileIsReported(mode: FileWatcher.Mode) async throws {
        let f = try Fixture(mode) { try $0.write("Work/a.md") }
        try f.folder.append("Work/a.md", "More notes.\n")
        #expect(await f.sees(["Work/a.md"]))
    }

    @Test(arguments: modes) func deletedFileIsReported(mode: FileWatcher.Mode) async throws {
        let f = try Fixture(mode) { try $0.write("Work/a.md") }
        try f.folder.remove("Work/a.md")
        #expect(await f.sees(["Work/a.md"]))
    }

    @Test(arguments: modes) func renamedFileReportsBothNames(mode: FileWatcher.Mode) async throws {
        let f = try Fixture(mode) { try $0.write("Work/a.md") }
        try f.folder.rename("Work/a.md", "Work/b.md")
        #expect(await f.sees(["Work/a.md", "Work/b.md"]))
    }

    #if canImport(Glibc)
    @Test func renamedFolderAsksForRescanAndIsFollowed() async throws {
        let f = try Fixture(.inotify) { try $0.write("Work/Deep/a.md") }
        try f.folder.rename("Work", "Home")
        #expect(await eventually { f.recorder.rescanned })
        // The watches now know the folders' new names.
        try f.folder.append("Home/Deep/a.md", "More.\n")
        try f.folder.write("Home/b.md")
        #expect(await f.sees(["Home/Deep/a.md", "Home/b.md"]))
        #expect(!f.recorder.paths.contains("Work/Deep/a.md") || f.recorder.rescanned)
    }

    @Test func folderMovedOutOfTheVaultIsNoLongerWatched() async throws {
        let outside = try TemporaryVault()
        let f = try Fixture(.inotify) { try $0.write("Work/a.md") }
        guard rename(f.vault.root + "/Work", outside.root + "/Work") == 0 else { throw TodoError.io(path: "Work", reason: "rename") }
        #expect(await eventually { f.recorder.rescanned })
        let seen = f.recorder.count
        try WatchedFolder(root: outside.root).write("Work/c.md")
        try f.folder.write("marker.md")
        #expect(await f.sees(["marker.md"]))
        #expect(!f.recorder.paths(after: seen).contains("Work/c.md"))
    }

    @Test func folderMovedIntoTheVaultAsksForRescanAndIsWatched() async throws {
        let outside = try TemporaryVault()
        try WatchedFolder(root: outside.root).write("Inbox/Sub/a.md")
        let f = try Fixture(.inotify)
        guard rename(outside.root + "/Inbox", f.vault.root + "/Inbox") == 0 else { throw TodoError.io(path: "Inbox", reason: "rename") }
        #expect(await eventually { f.recorder.rescanned })
        try f.folder.write("Inbox/Sub/b.md")
        #expect(await f.sees(["Inbox/Sub/b.md"]))
    }
    #endif

    @Test(arguments: modes) func renamedFolderIsReported(mode: FileWatcher.Mode) async throws {
        let f = try Fixture(mode) { try $0.write("Work/a.md") }
        try f.folder.rename("Work", "Home")
        // inotify asks for a rescan; polling names the files under both names.
        #expect(await eventually { f.recorder.rescanned || f.recorder.paths.isSuperset(of: ["Work/a.md", "Home/a.md"]) })
    }

    @Test(arguments: modes) func sideFilesAreReportedHiddenFoldersAndTemporaryFilesAreNot(mode: FileWatcher.Mode) async throws {
        let f = try Fixture(mode) { try $0.makeFolder(".trash") }
        try f.folder.write(".todomd/config.json", "{}")
        try f.folder.write(".todomd/x")
        try f.folder.write(".trash/x")
        try f.folder.write(".git/objects/ab")
        try f.folder.write("Work/.hidden/h.md")
        try f.folder.write(".foo.md.swp")
        try f.folder.write("Work/.a.md.swp")
        try f.folder.write("Work/a.md~")
        try f.folder.write("Work/a.md.tmp")
        try f.folder.write("Work/.dot.md")
        // The vault's own atomic write: a hidden temporary file, then a link to the real name.
        let vaultFolder = try VaultFolder(path: f.vault.root)
        try vaultFolder.write(Array("---\ntitle: t\n---\n".utf8), to: "Work/t.md", expected: nil)
        try f.folder.write(".order.json", "{}")
        try f.folder.write(".perspectives.json", "{}")
        try f.folder.write("Notes/n.md")
        try f.folder.write("marker.md")
        #expect(await f.sees(["marker.md", ".order.json", ".perspectives.json", "Work/t.md", "Notes/n.md"]))
        let reported = f.recorder.paths
        let allowed: Set<String> = ["marker.md", ".order.json", ".perspectives.json", "Work/t.md", "Work", "Notes",
                                    "Notes/n.md"]
        #expect(reported.subtracting(allowed).isEmpty, "unexpected: \(reported.subtracting(allowed).sorted())")
    }

    // MARK: - Load and robustness

    @Test(arguments: modes) func tenThousandFilesAreAllReportedOrARescanIsAsked(mode: FileWatcher.Mode) async throws {
        let f = try Fixture(mode)
        var expected: Set<String> = []
        for folder in 0..<10 {
            for file in 0..<1000 {
                // Half at the root of a folder made during the burst, half one level deeper.
                let path = file % 2 == 0 ? "F\(folder)/t\(file).md" : "F\(folder)/Sub/t\(file).md"
                try f.folder.write(path)
                expected.insert(path)
            }
        }
        #expect(await eventually(within: .seconds(20)) {
            f.recorder.rescanned || f.recorder.paths.isSuperset(of: expected)
        })
        if !f.recorder.rescanned {
            let missing = expected.subtracting(f.recorder.paths)
            #expect(missing.isEmpty, "\(missing.count) paths never reported, e.g. \(missing.sorted().prefix(5))")
        }
        #expect(f.recorder.count >= 1)
    }

    @Test(arguments: modes) func filesDeletedRightAfterCreationCauseNoHarm(mode: FileWatcher.Mode) async throws {
        let f = try Fixture(mode)
        for i in 0..<300 {
            try f.folder.write("t\(i).md")
            try f.folder.remove("t\(i).md")
            try f.folder.write("D\(i)/Sub/x.md")
            try f.folder.remove("D\(i)")
        }
        try f.folder.write("marker.md")
        #expect(await f.sees(["marker.md"]))
    }

    #if canImport(Glibc)
    @Test func aSteadyStreamOfWritesIsStillDelivered() async throws {
        let f = try Fixture(.inotify)
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(2500)
        var i = 0
        var deliveredDuringStream = false
        // Writes every 20 ms, faster than the 60 ms quiet period: only the 500 ms cap delivers.
        while clock.now < end {
            try f.folder.write("s\(i % 5).md", "\(i)")
            i += 1
            if f.recorder.count > 0 { deliveredDuringStream = true }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(deliveredDuringStream)
    }
    #endif

    // MARK: - Lifecycle

    @Test(arguments: modes) func nothingIsReportedAfterStop(mode: FileWatcher.Mode) async throws {
        let f = try Fixture(mode)
        try f.folder.write("a.md")
        #expect(await f.sees(["a.md"]))
        f.watcher.stop()
        f.watcher.stop()
        let count = f.recorder.count
        try f.folder.write("b.md")
        try f.folder.write("Work/c.md")
        try await Task.sleep(for: .milliseconds(500))
        #expect(f.recorder.count == count)
        #expect(!f.recorder.paths.contains("b.md"))
    }

    @Test(arguments: modes) func aWatcherCanStopItselfAndStartAgain(mode: FileWatcher.Mode) async throws {
        let vault = try TemporaryVault()
        let folder = WatchedFolder(root: vault.root)
        let watcher = FileWatcher(root: vault.root, mode: mode)
        let recorder = BatchRecorder()
        try watcher.start { [watcher] batch in
            recorder.record(batch)
            watcher.stop()
        }
        try folder.write("a.md")
        #expect(await eventually { recorder.count == 1 })
        try await Task.sleep(for: .milliseconds(200))
        try folder.write("b.md")
        try await Task.sleep(for: .milliseconds(500))
        #expect(recorder.count == 1)
        watcher.stop()

        try watcher.start { batch in recorder.record(batch) }
        defer { watcher.stop() }
        try folder.write("c.md")
        #expect(await eventually { recorder.paths.contains("c.md") })
    }

    @Test func startingTwiceOrOnAMissingFolderThrows() throws {
        let vault = try TemporaryVault()
        let watcher = FileWatcher(root: vault.root, mode: .polling(interval: .milliseconds(100)))
        try watcher.start { _ in }
        defer { watcher.stop() }
        #expect(throws: TodoError.self) { try watcher.start { _ in } }
        let missing = FileWatcher(root: vault.root + "/nope")
        #expect(throws: TodoError.noVault(vault.root + "/nope")) { try missing.start { _ in } }
    }

    @Test func activeModeNamesTheMechanism() throws {
        let vault = try TemporaryVault()
        let polling = FileWatcher(root: vault.root, mode: .polling(interval: .milliseconds(100)))
        try polling.start { _ in }
        #expect(polling.activeMode == "polling")
        polling.stop()
        #if canImport(Glibc)
        let inotify = FileWatcher(root: vault.root, mode: .inotify)
        try inotify.start { _ in }
        #expect(inotify.activeMode == "inotify")
        inotify.stop()
        #endif
    }

    #if os(Linux)
    /// Open inotify instances and pipes of this process: descriptor number → what it is.
    static func watcherDescriptors() -> [Int32: String] {
        var out: [Int32: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            guard let fd = Int32(name),
                  let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name),
                  target == "anon_inode:inotify" || target.hasPrefix("pipe:")
            else { continue }
            out[fd] = target
        }
        return out
    }

    /// The calling thread's entry below /proc ("PID/task/TID").
    static func currentTask() -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
    }

    /// A thread's CPU time (user + system) in clock ticks.
    static func ticks(of task: String) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/" + task + "/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command name: the state is field 3, utime field 14 and stime field 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    @Test(arguments: modes) func anIdleWatcherUsesNoCPU(mode: FileWatcher.Mode) async throws {
        let vault = try TemporaryVault()
        let folder = WatchedFolder(root: vault.root)
        for i in 0..<200 { try folder.write("F\(i % 20)/t\(i).md") }
        let watcher = FileWatcher(root: vault.root, mode: mode)
        let recorder = BatchRecorder()
        let thread = ThreadRecorder()
        try watcher.start { batch in
            thread.record(WatchTests.currentTask())
            recorder.record(batch)
        }
        defer { watcher.stop() }
        try folder.write("a.md")
        #expect(await eventually { recorder.paths.contains("a.md") })
        let task = try #require(thread.task)
        try await Task.sleep(for: .milliseconds(200))
        let before = try #require(WatchTests.ticks(of: task))
        try await Task.sleep(for: .seconds(1))
        let after = try #require(WatchTests.ticks(of: task))
        // A busy loop burns ~100 ticks a second; a thread waiting in poll() none.
        #expect(after - before < 20)
        try folder.write("b.md")
        #expect(await eventually { recorder.paths.contains("b.md") })
    }

    @Test(arguments: modes) func startingAndStoppingTwentyTimesLeaksNoDescriptor(mode: FileWatcher.Mode) async throws {
        let vault = try TemporaryVault()
        let folder = WatchedFolder(root: vault.root)
        try folder.write("Work/a.md")
        let before = WatchTests.watcherDescriptors()
        for i in 0..<20 {
            let watcher = FileWatcher(root: vault.root, mode: mode)
            let recorder = BatchRecorder()
            try watcher.start { recorder.record($0) }
            if i % 5 == 0 {
                try folder.write("Work/n\(i).md")
                #expect(await eventually { recorder.paths.contains("Work/n\(i).md") })
            }
            watcher.stop()
        }
        // Other suites may hold a pipe for a moment (a child process); a leak stays.
        #expect(await eventually {
            WatchTests.watcherDescriptors().filter { before[$0.key] != $0.value }.isEmpty
        })
    }
    #endif
}

// MARK: - Debouncing

@Suite struct ChangeBatcherTests {
    @Test func aBatchGoesOutAfterTheQuietPeriod() {
        let t0 = ContinuousClock.now
        var batcher = ChangeBatcher(quiet: .milliseconds(60))
        #expect(batcher.deadline == nil)
        batcher.add("a.md")
        batcher.touch(at: t0)
        #expect(batcher.takeIfDue(at: t0 + .milliseconds(59)) == nil)
        #expect(batcher.takeIfDue(at: t0 + .milliseconds(60)) == WatchBatch(paths: ["a.md"]))
        #expect(batcher.isEmpty)
    }

    @Test func aSteadyStreamIsHeldAt500MillisecondsAtMost() {
        let t0 = ContinuousClock.now
        var batcher = ChangeBatcher(quiet: .milliseconds(60))
        for step in 0..<30 {
            let now = t0 + .milliseconds(20 * step)
            batcher.add("s\(step).md")
            batcher.touch(at: now)
            if let batch = batcher.takeIfDue(at: now) {
                #expect(now == t0 + .milliseconds(500))
                #expect(batch.paths.count == 26)
                return
            }
        }
        Issue.record("no batch within 600 ms of steady changes")
    }

    @Test func aRescanWithoutPathsIsDelivered() {
        let t0 = ContinuousClock.now
        var batcher = ChangeBatcher(quiet: .milliseconds(60))
        batcher.requestRescan()
        batcher.touch(at: t0)
        #expect(batcher.takeIfDue(at: t0 + .seconds(1)) == WatchBatch(paths: [], rescan: true))
    }
}
