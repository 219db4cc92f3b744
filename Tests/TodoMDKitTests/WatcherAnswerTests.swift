import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit
#if canImport(Glibc)
import Glibc
#endif

/// Zero-scan listings (issue 17): a running watcher vouches that the index is current, and a
/// command opening the vault then skips walking every file — never when the watcher could be
/// wrong. Each test drives the watcher's sync (``VaultMonitor/process()``) by hand, so what the
/// watcher has indexed is known exactly; the only waits are for the kernel to deliver events.
@Suite(.serialized) struct WatcherAnswerTests {
    /// A vault with a watcher that vouches for its index, as `todomd watch` runs it.
    final class Fixture: @unchecked Sendable {
        let v: TemporaryVault
        let vault: Vault
        let monitor: VaultMonitor
        let watcher: FileWatcher
        let recorder = BatchRecorder()
        /// Set to hold the watcher's thread in its handler (the kernel queue fills meanwhile).
        let gate = Gate()

        /// - Parameter beaconCheck: how often the watcher looks whether its socket is still in
        ///   place (every two seconds in `todomd watch`).
        init(mode: FileWatcher.Mode = .inotify, trusted: Set<String> = FileWatcher.localFileSystems,
             beaconCheck: Duration = .milliseconds(50), prepare: (TemporaryVault) throws -> Void = { _ in }) throws {
            v = try TemporaryVault()
            try prepare(v)
            vault = try v.open()
            monitor = VaultMonitor(vault: vault)
            let watcher = FileWatcher(root: v.root, mode: mode, debounce: .milliseconds(20), trustedFileSystems: trusted)
            self.watcher = try monitor.startWatching(watcher, beaconCheck: beaconCheck) { [recorder, gate] batch in
                gate.pass()
                recorder.record(batch)
            }
        }

        deinit { watcher.stop() }

        /// What a command would hear now (a generous timeout: a wrong answer, not a slow one,
        /// is what these tests look for).
        func ask(timeout: Duration = .seconds(5)) -> WatcherAnswer {
            WatcherAnswer.ask(cacheFolder: vault.cacheFolder, timeout: timeout)
        }

        /// Opens the vault as a command in another process does.
        /// (A generous deadline for the watcher's answer too: on a loaded machine 250 ms can pass
        /// before its thread runs, and a command then rightly scans.)
        func command() throws -> Vault {
            try Vault(path: v.root, clock: v.clock, environment: v.environment.merging(["TODOMD_WATCHER_TIMEOUT_MS": "5000"]) { $1 })
        }

        /// The task files a command opening the vault now finds, and whether it walked them.
        func listed() throws -> (ids: Set<String>, scanned: Bool) {
            let opened = try command()
            return (Set(try opened.index.fileHashes().keys), opened.openReport.scanned)
        }

        func isCurrent() -> Bool { if case .current = ask() { return true } else { return false } }

        var socketPath: String { WatcherAnswer.socketPath(inCacheFolder: vault.cacheFolder) }

        /// Adds `b.md` beside `a.md`: not vouched for until the watcher syncs, then listed by a
        /// command without a walk.
        func addedTaskIsListedWithoutAWalkOnceSynced(sourceLocation: SourceLocation = #_sourceLocation) throws {
            try v.task("b.md", title: "B")
            #expect(ask() == .stale, sourceLocation: sourceLocation)
            _ = try monitor.process()
            let listed = try self.listed()
            #expect(!listed.scanned, sourceLocation: sourceLocation)
            #expect(listed.ids == ["a.md", "b.md"], sourceLocation: sourceLocation)
        }
    }

    /// Holds the watcher's thread in its handler while closed.
    final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var closed = false
        private var waiting = false

        func close() { condition.withLock { closed = true } }
        func open() { condition.withLock { closed = false; condition.broadcast() } }
        /// Whether the watcher's thread is held in the handler now.
        var isHolding: Bool { condition.withLock { waiting } }

        func pass() {
            condition.withLock {
                waiting = true
                while closed { condition.wait() }
                waiting = false
            }
        }
    }

    // MARK: - Vouching

    @Test func aCommandSkipsTheScanOnlyOnceTheWatcherHasSynced() throws {
        let f = try Fixture { try $0.task("a.md", title: "A") }
        // Started, but not yet synced since: a change made while nothing watched may be missing.
        #expect(f.ask() == .stale)
        #expect(try f.listed().scanned)
        _ = try f.monitor.process()
        guard case let .current(vouch) = f.ask() else { Issue.record("no vouch after a sync"); return }
        #expect(try f.vault.index.generation() == vouch.generation)
        #expect(vouch.identifies(f.v.root))
        let listed = try f.listed()
        #expect(!listed.scanned)
        #expect(listed.ids == ["a.md"])
    }

    /// `todomd sync` reads the files' stamps from the index instead of walking them only while
    /// the watcher vouches for it; they are then what the walk finds.
    @Test func theFilesReadFromTheIndexAreTheWalksAndOnlyWhileVouched() throws {
        let f = try Fixture {
            try $0.task("a.md", title: "A")
            try $0.task("Work/b.md", title: "B")
        }
        let environment = f.v.environment.merging(["TODOMD_WATCHER_TIMEOUT_MS": "5000"]) { $1 }
        func listed(_ environment: [String: String] = environment, zone: String = TemporaryVault.defaultZone) -> [String]? {
            TaskIndex.vouchedFiles(for: f.vault.folder, timeZone: TimeZone(identifier: zone)!, environment: environment)?
                .files.map { "\($0.id) \($0.size) \($0.mtime)" }.sorted()
        }
        let walked = { f.vault.folder.scan().map { "\($0.id) \($0.size) \($0.mtime)" }.sorted() }
        #expect(listed() == nil, "not vouched for before the watcher synced")
        _ = try f.monitor.process()
        #expect(listed() == walked())
        try f.v.task("c.md", title: "C", body: "Longer than it was.\n")
        #expect(listed() == nil, "a change the watcher has not indexed yet")
        _ = try f.monitor.process()
        #expect(listed() == walked())
        #expect(listed()?.map { String($0.prefix { $0 != " " }) } == ["Work/b.md", "a.md", "c.md"])
        // Asked with the mark of an earlier answer: only what changed since.
        let first = try #require(try f.vault.index.database.read { try TaskIndex.mark($0) })
        try f.v.task("d.md", title: "D")
        // Asked first, so the watcher has read d.md's event before the sync below begins: read
        // only during it, the change would rightly leave the watcher "stale" afterwards.
        #expect(listed() == nil, "d.md not indexed yet")
        _ = try f.monitor.process()
        let changes = try #require(TaskIndex.vouchedFiles(for: f.vault.folder, timeZone: f.v.clock.timeZone,
                                                          environment: environment, since: first))
        #expect(changes.files.map(\.id) == ["d.md"] && changes.removed == [])
        #expect(changes.mark.origin == first.origin && changes.mark.generation > first.generation)
        #expect(listed(environment.merging(["TODOMD_NO_WATCHER": "1"]) { $1 }) == nil)
        #expect(listed(zone: "America/New_York") == nil, "an index made for another time zone")
        f.watcher.stop()
        #expect(listed() == nil, "no watcher")
    }

    /// A cold build leaves the full-text index for the first search of bodies; a process that
    /// watches builds it in the background, so the first search it answers finds it ready.
    @Test func aWatcherBuildsTheFullTextIndexACommandLeftForLater() throws {
        let f = try Fixture { try $0.task("a.md", title: "A", body: "Quokka words.\n") }
        let deadline = ContinuousClock.now + .seconds(20)
        while try !f.vault.index.holdsFullText(), ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(try f.vault.index.holdsFullText())
        #expect(try f.command().index.holdsFullText(), "built in the index file, for every process")
    }

    @Test func stoppingTheWatcherRemovesTheSocket() throws {
        let f = try Fixture()
        _ = try f.monitor.process()
        #expect(f.isCurrent())
        f.watcher.stop()
        #expect(f.ask() == .none)
        #expect(!FileManager.default.fileExists(atPath: WatcherAnswer.socketPath(inCacheFolder: f.vault.cacheFolder)))
        #expect(try f.listed().scanned)
    }

    /// A change a command must see: the task files after it, and the title of `a.md` if any.
    struct Change: Sendable, CustomStringConvertible {
        let description: String
        let make: @Sendable (TemporaryVault) throws -> Void
        let files: Set<String>
        let titleOfA: String?
    }

    /// Each is made, then the watcher is asked at once: the change's event is queued before the
    /// question, so no waiting is involved.
    static let changes: [Change] = [
        Change(description: "a new task", make: { try $0.task("b.md", title: "B") },
               files: ["a.md", "keep.md", "b.md"], titleOfA: "A"),
        Change(description: "a new task in a new folder", make: { try $0.task("Work/Deep/b.md", title: "B") },
               files: ["a.md", "keep.md", "Work/Deep/b.md"], titleOfA: "A"),
        Change(description: "a deleted task", make: { try FileManager.default.removeItem(atPath: $0.root + "/a.md") },
               files: ["keep.md"], titleOfA: nil),
        Change(description: "a renamed task", make: { v in
            guard rename(v.root + "/a.md", v.root + "/c.md") == 0 else { throw TodoError.io(path: "a.md", reason: "rename") }
        }, files: ["c.md", "keep.md"], titleOfA: nil),
        Change(description: "an edited task", make: { try $0.task("a.md", title: "A, edited") },
               files: ["a.md", "keep.md"], titleOfA: "A, edited"),
        Change(description: "an edit keeping size and time", make: { v in
            // Same length, and the old modification time put back: only the content differs.
            var st = stat()
            _ = stat(v.root + "/a.md", &st)
            try v.task("a.md", title: "Z")
            var times = [st.st_atim, st.st_mtim]
            _ = utimensat(AT_FDCWD, v.root + "/a.md", &times, 0)
        }, files: ["a.md", "keep.md"], titleOfA: "Z"),
    ]

    @Test(arguments: changes)
    func aChangeTheWatcherHasNotIndexedIsNeverVouchedFor(_ change: Change) throws {
        let f = try Fixture { v in
            try v.task("a.md", title: "A")
            try v.task("keep.md", title: "Keep")
        }
        _ = try f.monitor.process()
        #expect(f.isCurrent())
        try change.make(f.v)
        // The watcher has not synced since (its thread may already have read the event).
        #expect(f.ask() == .stale)
        let before = try f.listed()
        #expect(before.scanned)
        #expect(before.ids == change.files)
        // Once synced, it vouches again, for what the files say now.
        _ = try f.monitor.process()
        #expect(f.isCurrent())
        let after = try f.command()
        #expect(!after.openReport.scanned)
        #expect(Set(try after.index.fileHashes().keys) == change.files)
        if let title = change.titleOfA { #expect(try after.task("a.md").title == title) }
    }

    @Test func anEditTheWatcherIndexedIsWhatTheCommandReads() throws {
        let f = try Fixture { try $0.task("a.md", title: "Before") }
        _ = try f.monitor.process()
        try f.v.task("a.md", title: "After")
        // Asked before the watcher syncs: the question makes it read the edit's event (queued by
        // the write), which it has not indexed. Without the question the event could be read only
        // after the sync below — rightly "stale" then, and a flaky test.
        #expect(f.ask() == .stale)
        _ = try f.monitor.process()
        #expect(f.isCurrent())
        let command = try f.command()
        #expect(!command.openReport.scanned)
        #expect(try command.list("inbox").groups.flatMap(\.tasks).map(\.task.title) == ["After"])
    }

    // MARK: - Falling back to the scan

    @Test func aWatcherThatDiedIsNotTrustedAndANewOneTakesOver() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let vault = try v.open()
        // What a watcher killed with SIGKILL leaves: a socket file no process listens on, and
        // its lock released by the kernel.
        let path = WatcherAnswer.socketPath(inCacheFolder: vault.cacheFolder)
        let dead = try #require(UnixSocket.listen(at: path))
        close(dead)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(WatcherAnswer.ask(cacheFolder: vault.cacheFolder) == .none)
        try v.task("b.md", title: "B")
        let command = try Vault(path: v.root, clock: v.clock, environment: v.environment)
        #expect(command.openReport.scanned)
        #expect(Set(try command.index.fileHashes().keys) == ["a.md", "b.md"])
        // A watcher started later replaces the dead socket and answers.
        let monitor = VaultMonitor(vault: vault)
        let watcher = try monitor.startWatching(mode: .inotify) { _ in }
        defer { watcher.stop() }
        _ = try monitor.process()
        guard case .current = WatcherAnswer.ask(cacheFolder: vault.cacheFolder, timeout: .seconds(5)) else {
            Issue.record("the new watcher does not answer")
            return
        }
    }

    @Test func aWatcherThatDoesNotAnswerInTimeMeansTheScan() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        // Listening, but never answering (a process stopped with SIGSTOP).
        let path = WatcherAnswer.socketPath(inCacheFolder: vault.cacheFolder)
        let hung = try #require(UnixSocket.listen(at: path))
        defer { close(hung) }
        #expect(WatcherAnswer.ask(cacheFolder: vault.cacheFolder, timeout: .milliseconds(50)) == .none)
    }

    /// Watchers that cannot see every change: polling (inotify could not be set up), and inotify
    /// on a file system it does not hear every change on (a network or FUSE mount; here the
    /// test's own file system, declared untrusted).
    static let blindWatchers: [(mode: FileWatcher.Mode, trusted: Set<String>)] = [
        (.polling(interval: .milliseconds(50)), FileWatcher.localFileSystems),
        (.inotify, []),
    ]

    @Test(arguments: blindWatchers.indices)
    func aWatcherThatCanMissChangesNeverVouches(_ i: Int) throws {
        let (mode, trusted) = WatcherAnswerTests.blindWatchers[i]
        let f = try Fixture(mode: mode, trusted: trusted) { try $0.task("a.md", title: "A") }
        _ = try f.monitor.process()
        #expect(f.ask() == .stale)
        #expect(try f.listed().scanned)
    }

    @Test func anIndexAnotherProcessWroteIsNotVouchedForUntilTheWatcherSyncsAgain() async throws {
        let f = try Fixture { try $0.task("a.md", title: "A") }
        _ = try f.monitor.process()
        #expect(f.isCurrent())
        // Another process re-reads a file into the index (rows read at another moment).
        let other = try f.command()
        try other.index.refresh(["a.md"], in: other.folder, timeZone: other.clock.timeZone)
        #expect(f.ask() == .stale)
        // The watcher asks itself for a rescan; once synced, it vouches again.
        #expect(await eventually { f.recorder.rescanned })
        _ = try f.monitor.process()
        #expect(f.isCurrent())
    }

    /// The cache folder cleared while a watcher runs: the next command builds the index again
    /// and renames it into place. The watcher still has the old file open; it must not vouch for
    /// that one, and it follows the new one, so later commands skip the walk again.
    @Test func anIndexAnotherProcessRebuiltIsFollowedAndVouchedForAgain() async throws {
        let f = try Fixture { try $0.task("a.md", title: "A") }
        _ = try f.monitor.process()
        #expect(f.isCurrent())
        TaskIndex.remove(at: f.vault.index.path)
        let rebuilt = try f.command()
        #expect(rebuilt.openReport.scanned)
        let built = try rebuilt.index.generation()
        // The old file's generation is not the one commands find at the path.
        #expect(f.ask() == .stale)
        #expect(await eventually { f.recorder.rescanned })
        _ = try f.monitor.process()
        guard case let .current(vouch) = f.ask() else { Issue.record("no vouch after the rebuilt index was synced"); return }
        #expect(vouch.generation == built)
        #expect(try !f.listed().scanned)
        // The watcher's own reads and writes are the new file's: what it indexes, commands find.
        try f.addedTaskIsListedWithoutAWalkOnceSynced()
    }

    @Test func aVaultFolderReplacedAtTheSamePathIsNotVouchedFor() throws {
        let f = try Fixture { try $0.task("a.md", title: "A") }
        _ = try f.monitor.process()
        #expect(f.isCurrent())
        guard rename(f.v.root, f.v.root + "-moved") == 0 else { throw TodoError.io(path: f.v.root, reason: "rename") }
        defer { try? FileManager.default.removeItem(atPath: f.v.root + "-moved") }
        try FileManager.default.createDirectory(atPath: f.v.root, withIntermediateDirectories: true)
        try f.v.task("new.md", title: "New")
        let listed = try f.listed()
        #expect(listed.scanned)
        #expect(listed.ids == ["new.md"])
    }

    @Test func aSecondWatcherAnswersOnlyOnceTheFirstStops() async throws {
        let f = try Fixture()
        _ = try f.monitor.process()
        let second = VaultMonitor(vault: f.vault)
        let watcher = try second.startWatching(FileWatcher(root: f.v.root, mode: .inotify, debounce: .milliseconds(20),
                                                           trustedFileSystems: FileWatcher.localFileSystems),
                                               beaconCheck: .milliseconds(50)) { _ in }
        defer { watcher.stop() }
        _ = try second.process()
        try await Task.sleep(for: .milliseconds(200))
        #expect(f.isCurrent(), "the first still holds the socket")
        #expect(second.beacon.withLock { $0?.isAnswering } == false)
        f.watcher.stop()
        // The second takes the place within a check, and vouches once it has synced after that.
        #expect(await eventually { second.beacon.withLock { $0?.isAnswering } == true })
        #expect(f.ask() == .stale)
        _ = try second.process()
        #expect(f.isCurrent())
        #expect(try !f.listed().scanned)
    }

    /// The cache folder cleared under a running watcher (`rm -rf ~/.cache/todomd`): its socket
    /// and lock go with it. The next command builds the index anew, which makes the folder
    /// again; the watcher then listens again and syncs the new index, so later commands skip
    /// the walk once more.
    @Test func aClearedCacheFolderGetsItsSocketBackAndIsVouchedForAgain() async throws {
        let f = try Fixture { try $0.task("a.md", title: "A") }
        _ = try f.monitor.process()
        #expect(f.isCurrent())
        try FileManager.default.removeItem(atPath: f.vault.cacheFolder)
        #expect(f.ask() == .none)
        // Nothing to listen in until a command makes the folder again.
        try await Task.sleep(for: .milliseconds(200))
        #expect(!FileManager.default.fileExists(atPath: f.vault.cacheFolder))
        let rebuilt = try f.command()
        #expect(rebuilt.openReport.scanned)
        let built = try rebuilt.index.generation()
        #expect(await eventually { FileManager.default.fileExists(atPath: f.socketPath) })
        // Back in place, it asks itself for a sync of the index commands now find.
        #expect(await eventually { f.recorder.rescanned })
        _ = try f.monitor.process()
        guard case let .current(vouch) = f.ask() else { Issue.record("no vouch after the socket came back"); return }
        #expect(vouch.generation == built)
        try f.addedTaskIsListedWithoutAWalkOnceSynced()
    }

    /// A watcher whose files were removed, and whose place another took meanwhile, leaves the
    /// other's socket alone as it stops (before, it removed whatever socket was at the path).
    @Test func aWatcherThatLostItsPlaceLeavesTheNewOnesSocket() async throws {
        // It never looks for its socket: the other takes the place before it could.
        let f = try Fixture(beaconCheck: .seconds(3600))
        _ = try f.monitor.process()
        #expect(f.isCurrent())
        unlink(f.socketPath)
        unlink(WatcherAnswer.lockPath(inCacheFolder: f.vault.cacheFolder))
        let second = VaultMonitor(vault: f.vault)
        let watcher = try second.startWatching(mode: .inotify) { _ in }
        defer { watcher.stop() }
        #expect(second.beacon.withLock { $0?.isAnswering } == true)
        f.watcher.stop()
        #expect(FileManager.default.fileExists(atPath: f.socketPath))
        _ = try second.process()
        #expect(f.isCurrent())
    }

    @Test func aSequentialProjectMarkedWhileWatchedIsStillSeen() throws {
        // `.todomd/projects.json` is in a folder no watcher watches: the command compares its
        // stamp itself.
        let f = try Fixture { v in
            try v.task("a.md", title: "A", "project: \"P\"", created: "2026-11-01T10:00:00Z")
            try v.task("b.md", title: "B", "project: \"P\"", created: "2026-11-02T10:00:00Z")
        }
        _ = try f.monitor.process()
        #expect(f.isCurrent())
        try f.v.write(".todomd/projects.json", #"{"version": 1, "projects": {"P": {"sequential": true}}}"#)
        let command = try f.command()
        #expect(!command.openReport.scanned)
        #expect(try command.task("b.md").links.blocked)
    }

    #if canImport(Glibc)
    /// More events than the kernel queues (`/proc/sys/fs/inotify/max_queued_events`) while the
    /// watcher's thread is held: the queue overflows and events are lost.
    static var queueLimit: Int? {
        (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test(.enabled(if: (queueLimit ?? .max) <= 65536))
    func anOverflowedQueueIsNeverVouchedForUntilARescan() async throws {
        let f = try Fixture { try $0.task("a.md", title: "A") }
        _ = try f.monitor.process()
        #expect(f.isCurrent())
        // Hold the watcher's thread in its handler: a first change gets it there.
        f.gate.close()
        try f.v.task("first.md", title: "First")
        #expect(await eventually { f.gate.isHolding })
        // Two events a file (create, close after writing): past the queue's limit.
        let count = (WatcherAnswerTests.queueLimit ?? 16384) / 2 + 200
        // At the root, which is watched (a new folder has no watch while the thread is held).
        for n in 0..<count { try WatchedFolder(root: f.v.root).write("flood-\(n).md", "---\ntitle: \(n)\n---\n") }
        // Held, the watcher cannot answer: the command does not wait long and scans.
        #expect(f.ask(timeout: .milliseconds(50)) == .none)
        #expect(try f.listed().ids.count == count + 2)
        f.gate.open()
        #expect(await eventually(within: .seconds(20)) { f.recorder.rescanned })
        #expect(f.ask() == .stale)
        _ = try f.monitor.process()
        #expect(f.isCurrent())
        let listed = try f.listed()
        #expect(!listed.scanned)
        #expect(listed.ids.count == count + 2)
    }
    #endif

    // MARK: - The answer's form

    static let lines: [(String, WatcherAnswer)] = [
        ("stale", .stale),
        ("current 42 2049 1234", .current(IndexVouch(generation: 42, device: 2049, inode: 1234))),
        ("current 42 2049", .none),
        ("current x 1 2", .none),
        ("", .none),
        ("fresh 1 2 3", .none),
    ]

    @Test(arguments: lines.indices) func answersReadAsSent(_ i: Int) {
        let (line, answer) = WatcherAnswerTests.lines[i]
        #expect(WatcherAnswer(line: line) == answer)
        if answer != .none { #expect(answer.line == line) }
    }
}
