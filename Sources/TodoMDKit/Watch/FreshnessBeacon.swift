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
/// answering until the first stops. Each watcher looks every few seconds whether its lock and
/// socket are still in place (``stayInPlace()``): after the cache folder was cleared it answers
/// again once a command has made the folder anew. The watcher's thread answers
/// (``answerWaiting(drain:)``); the sync after each batch reports through ``syncStarting()`` and
/// ``syncFinished(seen:generation:)``.
final class FreshnessBeacon: Sendable {
    /// How often the watcher looks whether its lock and socket are still in the cache folder.
    static let defaultCheckInterval: Duration = .seconds(2)

    /// How often ``stayInPlace()`` should run.
    let checkInterval: Duration
    private let cacheFolder: String
    private let root: (device: UInt64, inode: UInt64)
    /// The index's generation now (nil when it cannot be read).
    private let generationNow: @Sendable () -> Int64?
    private let state = Locked(State())
    /// The lock and socket this process answers on; nil while it does not answer.
    private let post = Locked<Post?>(nil)

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

    /// What makes this process the one answering: `watch.lock` held, and a socket listening at
    /// `watch.sock`, each known by the file it is (device and inode).
    private struct Post {
        let lock: Int32
        let listener: Int32
        let lockFile: TaskIndex.FileIdentity?
        let socketFile: TaskIndex.FileIdentity?
    }

    /// The beacon of the vault at `root`, whose cache folder is `cacheFolder`. It answers at
    /// once when it can take `watch.lock`; else (another process answers, or the folder cannot
    /// be written) from the first ``stayInPlace()`` that can.
    ///
    /// - Returns: nil when the vault folder cannot be read.
    init?(cacheFolder: String, root: String, checkInterval: Duration = defaultCheckInterval,
          generationNow: @escaping @Sendable () -> Int64?) {
        guard let identity = IndexVouch.identity(of: root) else { return nil }
        self.cacheFolder = cacheFolder
        self.root = identity
        self.checkInterval = checkInterval
        self.generationNow = generationNow
        post.withLock { $0 = FreshnessBeacon.claim(cacheFolder) }
    }

    /// The listening socket, polled by the watcher's thread; nil while this process does not answer.
    var listener: Int32? { post.withLock { $0?.listener } }

    /// Whether this process answers now.
    var isAnswering: Bool { listener != nil }

    /// Takes `watch.lock` in `cacheFolder` and listens at `watch.sock` there.
    ///
    /// - Returns: nil when another process holds the lock, or no lock file or socket can be made.
    private static func claim(_ cacheFolder: String) -> Post? {
        let lockPath = WatcherAnswer.lockPath(inCacheFolder: cacheFolder)
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
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
        var st = stat()
        let lockFile = fstat(lock, &st) == 0 ? TaskIndex.FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino)) : nil
        return Post(lock: lock, listener: listener, lockFile: lockFile, socketFile: TaskIndex.FileIdentity(of: path))
    }

    /// Whether the lock and socket files at their paths are still `post`'s.
    private func isInPlace(_ post: Post) -> Bool {
        guard let lockFile = post.lockFile, let socketFile = post.socketFile else { return false }
        return TaskIndex.FileIdentity(of: WatcherAnswer.lockPath(inCacheFolder: cacheFolder)) == lockFile
            && TaskIndex.FileIdentity(of: WatcherAnswer.socketPath(inCacheFolder: cacheFolder)) == socketFile
    }

    /// Makes sure this process answers where commands ask. Someone may have cleared the cache
    /// folder (removing the socket and the lock with it; a command then makes the folder again
    /// as it rebuilds the index), or another watcher may have taken over meanwhile, or the one
    /// that answered may have stopped. The watcher's thread calls it every ``checkInterval``.
    ///
    /// - Returns: true when this process answers again after it did not: it has not synced the
    ///   index commands find now, and should (so that it can vouch for it).
    /// - Complexity: two `stat`s while in place.
    @discardableResult
    func stayInPlace() -> Bool {
        guard !state.withLock({ $0.closed }) else { return false }
        let current = post.withLock { $0 }
        if let current, isInPlace(current) { return false }
        // Not answering where commands ask: try to take the place (anew). Only then is the old
        // socket (whose path may be another watcher's now) let go, without removing any file.
        guard let fresh = FreshnessBeacon.claim(cacheFolder) else {
            if let current {
                post.withLock { $0 = nil }
                FreshnessBeacon.release(current)
            }
            return false
        }
        post.withLock { $0 = fresh }
        if let current { FreshnessBeacon.release(current) }
        return true
    }

    private static func release(_ post: Post) {
        _ = closeDescriptor(post.listener)
        _ = closeDescriptor(post.lock)
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
        guard let listener else { return false }
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

    /// Stops answering: removes the socket file (when it is still this process's) and releases
    /// the lock. Idempotent.
    func close() {
        let first = state.withLock { state -> Bool in
            defer { state.closed = true }
            return !state.closed
        }
        guard first, let current = post.withLock({ post -> Post? in defer { post = nil }; return post }) else { return }
        // Unlinked while the lock is still held, and only when the files are still this
        // process's: no newer watcher's socket can be removed.
        if isInPlace(current) { unlink(WatcherAnswer.socketPath(inCacheFolder: cacheFolder)) }
        FreshnessBeacon.release(current)
    }
}
