import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The watcher's side of ``WatcherAnswer``: the socket commands ask on, and what the watcher
/// knows about the index — which changes it has seen, which of them its last sync covered, and
/// the index generation that sync left.
///
/// Only one process answers for a vault: the one holding `watch.lock` (`flock`, released by the
/// kernel when the process ends), so a second `todomd watch` or a server beside it runs without
/// answering. The watcher's thread answers (``answerWaiting(sourceVouches:drain:)``); the sync
/// after each batch reports through ``syncStarting()`` and ``syncFinished(seen:generation:)``.
final class FreshnessBeacon: Sendable {
    /// The listening socket, polled by the watcher's thread.
    let listener: Int32
    private let lock: Int32
    private let socketPath: String
    private let root: (device: UInt64, inode: UInt64)
    /// The index's generation now (nil when it cannot be read).
    private let generationNow: @Sendable () -> Int64?
    private let state = Locked(State())

    struct State {
        /// Counts the watcher's readings that held a change (or a rescan request).
        var seen: UInt64 = 0
        /// `seen` when the last vouchable sync began; nil before the first.
        var indexedSeen: UInt64?
        /// The generation that sync left.
        var generation: Int64?
        /// False once the watcher can miss changes (it fell back to polling).
        var reliable = true
        var closed = false
    }

    /// Takes the beacon of the vault at `root`, whose cache folder is `cacheFolder`.
    ///
    /// - Returns: nil when another process holds it, or no lock file or socket can be made
    ///   there; the watcher then runs without answering.
    init?(cacheFolder: String, root: String, generationNow: @escaping @Sendable () -> Int64?) {
        guard let identity = IndexVouch.identity(of: root) else { return nil }
        let lock = open(WatcherAnswer.lockPath(inCacheFolder: cacheFolder), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { return nil }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            _ = closeDescriptor(lock)
            return nil
        }
        let path = WatcherAnswer.socketPath(inCacheFolder: cacheFolder)
        // Holding the lock, this process is the only one answering: a socket file still there
        // was left by a watcher that died.
        unlink(path)
        guard let listener = UnixSocket.listen(at: path) else {
            _ = closeDescriptor(lock)
            return nil
        }
        self.lock = lock
        self.listener = listener
        socketPath = path
        self.root = identity
        self.generationNow = generationNow
    }

    // MARK: - What the watcher saw and indexed

    /// Records that the watcher read a change: the index may be behind until a sync that starts
    /// after this finishes. Called on the watcher's thread as the change is read, before any
    /// batch goes out.
    func noteChange() { state.withLock { $0.seen &+= 1 } }

    /// Records that the watcher can miss changes from now on (it fell back to polling).
    func markUnreliable() { state.withLock { $0.reliable = false } }

    /// Called as a sync of the whole vault starts; hand the result to ``syncFinished(seen:generation:)``.
    func syncStarting() -> UInt64 { state.withLock { $0.seen } }

    /// Records a finished sync: it walked the files after every change counted in `seen`, and
    /// left the index at `generation` (nil when another process wrote the index meanwhile).
    func syncFinished(seen: UInt64, generation: Int64?) {
        state.withLock { state in
            if let done = state.indexedSeen, done > seen { return }
            state.indexedSeen = seen
            state.generation = generation
        }
    }

    // MARK: - Answering

    /// The answer the watcher gives now. `sourceVouches` says whether its change source sees
    /// every change (inotify on a local file system, nothing left unread).
    ///
    /// - Returns: the answer, and whether the index turned out to be written by another process
    ///   since the last sync (the watcher then syncs again, so that it can vouch once more).
    func answer(sourceVouches: Bool) -> (answer: WatcherAnswer, resync: Bool) {
        let state = self.state.withLock { $0 }
        guard state.reliable, !state.closed, sourceVouches, let generation = state.generation,
              state.indexedSeen == state.seen else { return (.stale, false) }
        guard generationNow() == generation else { return (.stale, true) }
        return (.current(IndexVouch(generation: generation, device: root.device, inode: root.inode)), false)
    }

    /// Answers every command waiting on the socket. `drain` first reads whatever the kernel
    /// queued (so changes made before a command connected count) and says whether the source
    /// still vouches.
    ///
    /// - Returns: whether the watcher should sync again (see ``answer(sourceVouches:)``).
    func answerWaiting(drain: () -> Bool) -> Bool {
        var waiting: [Int32] = []
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                break
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            waiting.append(fd)
        }
        guard !waiting.isEmpty else { return false }
        let (answer, resync) = self.answer(sourceVouches: drain())
        for fd in waiting {
            UnixSocket.send(answer.line + "\n", to: fd)
            _ = closeDescriptor(fd)
        }
        return resync
    }

    /// Stops answering: removes the socket file and releases the lock. Idempotent.
    func close() {
        let first = state.withLock { state -> Bool in
            defer { state.closed = true }
            return !state.closed
        }
        guard first else { return }
        // Unlinked while the lock is still held: no newer watcher's socket can be removed.
        unlink(socketPath)
        _ = closeDescriptor(listener)
        _ = closeDescriptor(lock)
    }
}
