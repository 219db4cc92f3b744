import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches a vault folder recursively and reports, in debounced batches, which paths may have
/// changed (§17): the web server's live updates and `todomd watch` re-sync their index from them.
///
/// On Linux it uses inotify, one watch per folder; it falls back to scanning the tree every 500 ms
/// when inotify is unavailable or the watch limit (`/proc/sys/fs/inotify/max_user_watches`) is
/// reached, and always polls elsewhere. Hidden folders (`.git`, `.trash`, `.todomd`) are not
/// watched, and editor temporary files are not reported; the root side files (`.order.json`,
/// `.perspectives.json`, `.theme.json`, `.tags.json`) are.
///
/// ```swift
/// let watcher = FileWatcher(root: vault.folder.root)
/// try watcher.start { batch in if batch.rescan { resyncAll() } else { resync(batch.paths) } }
/// …
/// watcher.stop()
/// ```
///
/// The watcher's own thread waits in `poll(2)`: it costs no CPU while nothing changes, beyond
/// two `stat`s every two seconds when it answers commands (see ``VaultMonitor/startWatching(mode:_:)``).
public final class FileWatcher: Sendable {
    /// How changes are detected.
    public enum Mode: Sendable, Equatable {
        /// inotify where available, else polling every 500 ms.
        case automatic
        /// inotify only: ``FileWatcher/start(_:)`` throws when it is unavailable. Should the watch
        /// limit be reached later (many new folders), the watcher still falls back to polling.
        case inotify
        /// A scan of the tree every `interval`, comparing size, modification time and inode.
        case polling(interval: Duration)
    }

    /// The folder watched, as given.
    public let root: String
    /// The mode asked for; ``activeMode`` says which one runs.
    public let mode: Mode
    /// How long the folder must stay quiet before a batch is delivered.
    public let debounce: Duration

    /// How long a batch's first change may wait at most, however steady the stream of changes.
    static let maxHold: Duration = .milliseconds(500)
    /// The polling interval when ``Mode/automatic`` cannot use inotify.
    static let fallbackInterval: Duration = .milliseconds(500)

    private let state = WatcherState()

    /// A watcher for the folder at `root`; nothing happens until ``start(_:)``.
    ///
    /// - Parameters:
    ///   - root: the vault folder. Reported paths are relative to it.
    ///   - mode: how to detect changes (see ``Mode``).
    ///   - debounce: the quiet period that ends a batch. A batch is never held more than 500 ms
    ///     after its first change.
    public convenience init(root: String, mode: Mode = .automatic, debounce: Duration = .milliseconds(60)) {
        self.init(root: root, mode: mode, debounce: debounce, trustedFileSystems: FileWatcher.localFileSystems)
    }

    /// A watcher that vouches for the index only on the file systems `trustedFileSystems`
    /// (types as `/proc/self/mountinfo` names them); tests pass other sets to stand for a network
    /// file system.
    init(root: String, mode: Mode, debounce: Duration, trustedFileSystems: Set<String>) {
        self.root = root
        self.mode = mode
        self.debounce = debounce
        self.trustedFileSystems = trustedFileSystems
    }

    /// File systems on which inotify reports every change to a watched folder, whoever makes it:
    /// local disks and memory. Not NFS, SMB, FUSE, 9p or overlayfs, where another machine's (or a
    /// lower layer's) changes make no event.
    static let localFileSystems: Set<String> = ["ext2", "ext3", "ext4", "xfs", "btrfs", "tmpfs", "f2fs", "zfs",
                                                "bcachefs", "jfs", "reiserfs"]

    /// Where a change is sure to make an inotify event (see ``localFileSystems``).
    let trustedFileSystems: Set<String>

    deinit { stop() }

    /// "inotify" or "polling": the mechanism in use, or the one ``start(_:)`` will try first.
    ///
    /// Can change from "inotify" to "polling" while running, when the watch limit is reached.
    public var activeMode: String {
        if let running = state.withLock({ $0.run?.modeName }) { return running }
        switch mode {
        case .polling: return "polling"
        case .automatic, .inotify:
            #if canImport(Glibc)
            return "inotify"
            #else
            return "polling"
            #endif
        }
    }

    // MARK: - Starting and stopping

    /// Starts watching on a background thread.
    ///
    /// Every folder is watched (or, when polling, the first snapshot taken) before this returns, so
    /// any change made afterwards is reported. Can be called again after ``stop()``.
    /// - Parameter handler: called on the watcher's thread with each batch, never concurrently.
    ///   Calling ``stop()`` from it is allowed.
    /// - Throws: ``TodoError/noVault(_:)`` when `root` is not a folder; ``TodoError/io(path:reason:)``
    ///   when the watcher is already running, when no wake-up pipe can be made, or in ``Mode/inotify``
    ///   when inotify is unavailable or out of watches.
    public func start(_ handler: @escaping @Sendable (WatchBatch) -> Void) throws {
        try start(beacon: nil, handler)
    }

    /// Like ``start(_:)``, answering commands' questions through `beacon` while it runs (see
    /// ``VaultMonitor/startWatching(mode:_:)``). The watcher closes the beacon when it stops, or
    /// at once when it cannot start.
    func start(beacon: FreshnessBeacon?, _ handler: @escaping @Sendable (WatchBatch) -> Void) throws {
        do {
            try startLoop(beacon: beacon, handler)
        } catch {
            beacon?.close()
            throw error
        }
    }

    private func startLoop(beacon: FreshnessBeacon?, _ handler: @escaping @Sendable (WatchBatch) -> Void) throws {
        try state.withLockOnceStopped { state in
            guard state.run == nil else { throw TodoError.io(path: root, reason: "the watcher is already running") }
            guard WatchedPaths.isFolder(root) else { throw TodoError.noVault(root) }
            let wake = try WakePipe(root: root)
            let source: any ChangeSource
            do {
                source = try makeSource()
            } catch {
                wake.close()
                throw error
            }
            let run = WatcherRun(source: source, wake: wake)
            state.run = run
            let loop = WatchLoop(root: root, source: source, wake: wake,
                                 batcher: ChangeBatcher(quiet: debounce, maxHold: FileWatcher.maxHold), beacon: beacon)
            let shared = self.state
            let thread = Thread {
                run.markThread()
                loop.run(handler: handler) { mode in shared.withLock { _ in run.modeName = mode } }
                loop.close()
                shared.finish(run)
            }
            thread.start()
        }
    }

    /// Stops watching and waits for the watcher's thread to end.
    ///
    /// Idempotent. Once it returns (from any thread but the watcher's own), the handler is not
    /// called any more and every descriptor the watcher opened is closed. Called from within the
    /// handler, it returns at once and the thread ends as soon as the handler returns.
    public func stop() {
        state.stop()
    }

    private func makeSource() throws -> any ChangeSource {
        let now = ContinuousClock.now
        switch mode {
        case let .polling(interval):
            return PollingSource(root: root, interval: interval, now: now)
        case .inotify:
            #if canImport(Glibc)
            do {
                return try InotifySource(root: root, trustedFileSystems: trustedFileSystems)
            } catch .unavailable(let reason) {
                throw TodoError.io(path: root, reason: "inotify is unavailable (\(reason))")
            } catch .watchLimitReached {
                throw TodoError.io(path: root, reason: "too many folders to watch with inotify; raise "
                                   + "/proc/sys/fs/inotify/max_user_watches or use polling")
            }
            #else
            throw TodoError.io(path: root, reason: "inotify is only available on Linux; use polling")
            #endif
        case .automatic:
            #if canImport(Glibc)
            if let source = try? InotifySource(root: root, trustedFileSystems: trustedFileSystems) { return source }
            #endif
            return PollingSource(root: root, interval: FileWatcher.fallbackInterval, now: now)
        }
    }
}

// MARK: - Shared state

/// One start-to-stop run of a watcher. Its fields are guarded by the ``WatcherState`` lock.
private final class WatcherRun: @unchecked Sendable {
    let wake: WakePipe
    var modeName: String
    var stopRequested = false
    var finished = false
    /// The watcher thread, so that ``FileWatcher/stop()`` called from the handler does not wait
    /// for itself.
    private let threadLock = NSLock()
    private var thread: pthread_t?

    init(source: any ChangeSource, wake: WakePipe) {
        self.wake = wake
        modeName = source.modeName
    }

    /// Records the calling thread as the watcher's and names it, for `top -H` and /proc.
    func markThread() {
        threadLock.withLock { thread = pthread_self() }
        // Foundation names the system thread only when the thread names itself.
        Thread.current.name = "todomd-watch"
    }

    var isCurrentThread: Bool {
        threadLock.withLock { thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }
}

/// The watcher's mutable state behind one condition lock.
private final class WatcherState: @unchecked Sendable {
    struct Fields {
        var run: WatcherRun?
    }

    private let condition = NSCondition()
    private var fields = Fields()

    func withLock<T>(_ body: (inout Fields) throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body(&fields)
    }

    /// Like ``withLock(_:)``, but first waits for a run that was asked to stop (from its own
    /// handler) to end, so that a restart right after such a stop does not fail.
    func withLockOnceStopped<T>(_ body: (inout Fields) throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        while let run = fields.run, run.stopRequested, !run.finished, !run.isCurrentThread { condition.wait() }
        return try body(&fields)
    }

    /// Called by the thread as it ends, after closing its descriptors.
    func finish(_ run: WatcherRun) {
        condition.lock()
        run.finished = true
        if fields.run === run { fields.run = nil }
        condition.broadcast()
        condition.unlock()
    }

    func stop() {
        condition.lock()
        defer { condition.unlock() }
        guard let run = fields.run else { return }
        if !run.stopRequested {
            run.stopRequested = true
            run.wake.signal()
        }
        if run.isCurrentThread { return }
        while !run.finished { condition.wait() }
    }
}

// MARK: - The thread's loop

/// A pipe whose read end wakes the watcher's `poll` when ``FileWatcher/stop()`` writes to it.
private final class WakePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init(root: String) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw TodoError.io(path: root, reason: "cannot start the watcher: \(String(cString: strerror(errno)))")
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        // pipe2(O_CLOEXEC) is not exported to Swift; set the flags right after instead.
        for fd in ends {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
    }

    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    func close() {
        _ = closeDescriptor(readEnd)
        _ = closeDescriptor(writeEnd)
    }
}

/// The watcher thread's work: wait for the source or the wake pipe, collect, deliver due batches.
///
/// Created by ``FileWatcher/start(_:)`` and then used only by the watcher's thread.
private final class WatchLoop: @unchecked Sendable {
    let root: String
    let wake: WakePipe
    /// Answers commands asking whether the index is current; nil when this watcher does not.
    let beacon: FreshnessBeacon?
    private var source: any ChangeSource
    private var batcher: ChangeBatcher
    /// When the beacon next looks whether its socket is still in place.
    private var beaconCheck: ContinuousClock.Instant?

    init(root: String, source: any ChangeSource, wake: WakePipe, batcher: ChangeBatcher, beacon: FreshnessBeacon?) {
        self.root = root
        self.source = source
        self.wake = wake
        self.batcher = batcher
        self.beacon = beacon
    }

    /// Runs until the wake pipe is written to.
    func run(handler: @Sendable (WatchBatch) -> Void, modeChanged: (String) -> Void) {
        let clock = ContinuousClock()
        beaconCheck = beacon.map { clock.now + $0.checkInterval }
        while true {
            let now = clock.now
            let wakeAt = [batcher.deadline, source.nextCollection, beaconCheck].compactMap { $0 }.min()
            var descriptors = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
            let sourceSlot = source.descriptor.map { fd in
                descriptors.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
                return descriptors.count - 1
            }
            let beaconSlot = beacon?.listener.map { listener in
                descriptors.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
                return descriptors.count - 1
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), WatchLoop.milliseconds(from: now, to: wakeAt))
            if ready < 0, errno != EINTR {
                // Cannot happen with valid descriptors; never spin if it does.
                usleep(100_000)
                continue
            }
            if descriptors[0].revents != 0 { return }
            let after = clock.now
            let readable = sourceSlot.map { descriptors[$0].revents != 0 } ?? false
            let timeForCollection = source.nextCollection.map { $0 <= after } ?? false
            if readable || timeForCollection { collect(at: after, modeChanged: modeChanged) }
            if let beacon, let slot = beaconSlot, descriptors[slot].revents != 0 {
                let resync = beacon.answerWaiting {
                    // Every change made before a command connected is queued by now: read it
                    // first. A polling source is not asked: it cannot vouch anyway.
                    if source.descriptor != nil { collect(at: clock.now, modeChanged: modeChanged) }
                    return source.seesEveryChange
                }
                // Another process wrote the index since the last sync: sync again to vouch anew.
                if resync { requestResync(clock.now) }
            }
            if let beacon, let check = beaconCheck, check <= clock.now {
                // Answering again (after the cache folder was cleared, say), the watcher has not
                // synced the index commands find: sync, so that it can vouch for it.
                if beacon.stayInPlace() { requestResync(clock.now) }
                beaconCheck = clock.now + beacon.checkInterval
            }
            if let batch = batcher.takeIfDue(at: clock.now) { handler(batch) }
        }
    }

    /// Asks for a sync of the whole vault, counted as a change the beacon has seen.
    private func requestResync(_ now: ContinuousClock.Instant) {
        batcher.requestRescan()
        batcher.touch(at: now)
        beacon?.noteChange()
    }

    /// Reads what the source has; tells the beacon when that held a change.
    private func collect(at now: ContinuousClock.Instant, modeChanged: (String) -> Void) {
        let before = batcher.arrivals
        if !source.collect(into: &batcher, now: now) {
            // The watch limit was reached: keep going by polling. The batch already asks for a
            // rescan, which covers whatever happened while switching.
            source.close()
            source = PollingSource(root: root, interval: FileWatcher.fallbackInterval, now: ContinuousClock.now)
            modeChanged(source.modeName)
            beacon?.markUnreliable()
        }
        if batcher.arrivals != before { beacon?.noteChange() }
    }

    func close() {
        beacon?.close()
        source.close()
        wake.close()
    }

    /// A `poll` timeout: -1 (forever) without a deadline, else the milliseconds until it, rounded up.
    static func milliseconds(from now: ContinuousClock.Instant, to deadline: ContinuousClock.Instant?) -> Int32 {
        guard let deadline else { return -1 }
        let left = now.duration(to: deadline)
        if left <= .zero { return 0 }
        let (seconds, attoseconds) = left.components
        let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: ms)
    }
}
