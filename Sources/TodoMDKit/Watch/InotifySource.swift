#if canImport(Glibc)
import Glibc

/// Finds changes through Linux inotify: one watch per folder, added as folders appear.
///
/// Keeps a map from watch descriptor to vault-relative folder. A folder moved within, into or out
/// of the vault makes the map stale, so the watcher asks the caller to rescan and re-walks the tree
/// to fix the map; so does an overflow of the kernel's event queue.
final class InotifySource: ChangeSource {
    /// Why inotify cannot be used.
    enum Failure: TodoMDError {
        /// `inotify_init1` failed (`reason` from `strerror`).
        case unavailable(reason: String)
        /// The per-user watch limit (`/proc/sys/fs/inotify/max_user_watches`) or kernel memory ran out.
        case watchLimitReached

        var kind: ErrorKind { .unavailable }
        var message: String {
            switch self {
            case let .unavailable(reason): return "inotify is unavailable (\(reason))"
            case .watchLimitReached: return "the inotify watch limit or kernel memory ran out"
            }
        }
    }

    let root: String
    let fd: Int32
    /// The file systems whose changes inotify reports, whoever makes them
    /// (``FileWatcher/localFileSystems``).
    let trustedFileSystems: Set<String>
    /// The mount table as it was when the watch began.
    private let fileSystems = FileSystemTypes()
    /// Whether every watched folder is on one of ``trustedFileSystems``. On a network or FUSE
    /// file system another machine's (or the host's) changes make no event at all.
    private(set) var onTrustedFileSystems = true
    /// Watch descriptor → folder relative to the root ("" for the root).
    private var folders: [Int32: String] = [:]
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    private static let mask: UInt32 = UInt32(
        IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB | IN_ONLYDIR | IN_DONT_FOLLOW)

    /// Opens an inotify instance and watches `root` and every folder below it.
    ///
    /// - Parameter trustedFileSystems: see ``trustedFileSystems``.
    /// - Throws: ``Failure``; nothing stays open then.
    init(root: String, trustedFileSystems: Set<String> = FileWatcher.localFileSystems) throws(Failure) {
        self.root = root
        self.trustedFileSystems = trustedFileSystems
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw .unavailable(reason: String(cString: strerror(errno))) }
        self.fd = fd
        guard rewatchTree() else {
            Glibc.close(fd)
            throw .watchLimitReached
        }
    }

    var modeName: String { "inotify" }
    var descriptor: Int32? { fd }
    var nextCollection: ContinuousClock.Instant? { nil }

    func close() { Glibc.close(fd) }

    var seesEveryChange: Bool {
        guard onTrustedFileSystems else { return false }
        // Bytes still queued are changes not read yet.
        var queued: Int32 = 0
        return ioctl(fd, UInt(FIONREAD), &queued) == 0 && queued == 0
    }

    // MARK: - Reading events

    /// One event as read, before it is interpreted.
    private struct Event {
        let wd: Int32
        let mask: UInt32
        let name: String
    }

    func collect(into batcher: inout ChangeBatcher, now: ContinuousClock.Instant) -> Bool {
        var needsRewatch = false
        var changed = false
        // Bounded, so a writer faster than this loop cannot keep a batch from going out.
        for _ in 0..<64 {
            let events = readEvents()
            if events.isEmpty { break }
            for event in events {
                switch interpret(event, into: &batcher) {
                case .ignored: break
                case .changed: changed = true
                case .changedNeedsRewatch:
                    changed = true
                    needsRewatch = true
                case .watchLimitReached:
                    batcher.requestRescan()
                    batcher.touch(at: now)
                    return false
                }
            }
        }
        if needsRewatch {
            batcher.requestRescan()
            if !rewatchTree() {
                batcher.touch(at: now)
                return false
            }
        }
        if changed { batcher.touch(at: ContinuousClock.now) }
        return true
    }

    /// Whatever the kernel has queued (empty when nothing is).
    private func readEvents() -> [Event] {
        var count = 0
        while true {
            count = buffer.withUnsafeMutableBytes { raw in Glibc.read(fd, raw.baseAddress, raw.count) }
            if count < 0, errno == EINTR { continue }
            break
        }
        guard count > 0 else { return [] }
        let header = MemoryLayout<inotify_event>.size
        return buffer.withUnsafeBytes { raw -> [Event] in
            var events: [Event] = []
            var offset = 0
            while offset + header <= count {
                let wd = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let start = offset + header
                let end = min(start + length, count)
                let name = String(decoding: raw[start..<end].prefix(while: { $0 != 0 }), as: UTF8.self)
                events.append(Event(wd: wd, mask: mask, name: name))
                offset = start + length
            }
            return events
        }
    }

    private enum Outcome { case ignored, changed, changedNeedsRewatch, watchLimitReached }

    private func has(_ mask: UInt32, _ flag: Int32) -> Bool { mask & UInt32(flag) != 0 }

    private func interpret(_ event: Event, into batcher: inout ChangeBatcher) -> Outcome {
        let mask = event.mask
        if has(mask, IN_Q_OVERFLOW) { return .changedNeedsRewatch }
        guard let folder = folders[event.wd] else { return .ignored }
        if has(mask, IN_IGNORED) {
            // The folder was deleted or moved away (or its watch removed by a re-walk).
            folders[event.wd] = nil
            return .ignored
        }
        if has(mask, IN_MOVE_SELF) { return .changedNeedsRewatch }
        if has(mask, IN_DELETE_SELF) {
            // The parent reports the deletion by name; only the root itself has no watched parent.
            if folder.isEmpty { batcher.requestRescan(); return .changed }
            return .ignored
        }
        if event.name.isEmpty { return .ignored }
        let path = WatchedPaths.join(folder, event.name)
        if has(mask, IN_ISDIR) {
            guard WatchedPaths.watchesFolder(named: event.name) else { return .ignored }
            if has(mask, IN_MOVED_FROM) || has(mask, IN_MOVED_TO) {
                batcher.add(path)
                return .changedNeedsRewatch
            }
            if has(mask, IN_CREATE) {
                batcher.add(path)
                return watchNewFolder(path, into: &batcher) ? .changed : .watchLimitReached
            }
            if has(mask, IN_DELETE) {
                batcher.add(path)
                return .changed
            }
            return .ignored
        }
        guard WatchedPaths.reportsFile(named: event.name, inFolder: folder) else { return .ignored }
        batcher.add(path)
        return .changed
    }

    // MARK: - Watches

    private enum WatchResult {
        case added(Int32)
        case gone
        case limitReached
    }

    private func addWatch(_ relative: String) -> WatchResult {
        let path = relative.isEmpty ? root : root + "/" + relative
        let wd = inotify_add_watch(fd, path, InotifySource.mask)
        if wd >= 0 {
            // A folder on an unknown device (mounted since) counts as untrusted too.
            if !(fileSystems.type(of: path).map(trustedFileSystems.contains) ?? false) { onTrustedFileSystems = false }
            return .added(wd)
        }
        // ENOENT/ENOTDIR: deleted or replaced meanwhile; EACCES: unreadable. Neither is fatal.
        return errno == ENOSPC || errno == ENOMEM ? .limitReached : .gone
    }

    /// Watches a folder that just appeared and reports what it already holds: files may have been
    /// created in it before its watch existed.
    ///
    /// - Returns: false when the watch limit was reached.
    private func watchNewFolder(_ relative: String, into batcher: inout ChangeBatcher) -> Bool {
        var pending = [relative]
        while let folder = pending.popLast() {
            switch addWatch(folder) {
            case .limitReached: return false
            case .gone: continue
            case let .added(wd): folders[wd] = folder
            }
            // Listed after the watch exists, so nothing falls between the two.
            guard let entries = WatchedPaths.entries(of: root + "/" + folder, withStatus: false) else { continue }
            for entry in entries {
                let path = WatchedPaths.join(folder, entry.name)
                switch entry.kind {
                case .folder:
                    guard WatchedPaths.watchesFolder(named: entry.name) else { continue }
                    batcher.add(path)
                    pending.append(path)
                case .file, .other:
                    if WatchedPaths.reportsFile(named: entry.name, inFolder: folder) { batcher.add(path) }
                }
            }
        }
        return true
    }

    /// Walks the whole tree again: watches every folder (the kernel hands back the existing
    /// descriptor for a folder already watched), records its current path, and drops the watches
    /// of folders no longer in the vault.
    ///
    /// - Returns: false when the watch limit was reached.
    private func rewatchTree() -> Bool {
        var fresh: [Int32: String] = [:]
        var pending = [""]
        while let folder = pending.popLast() {
            switch addWatch(folder) {
            case .limitReached:
                folders.merge(fresh) { _, new in new }
                return false
            case .gone: continue
            case let .added(wd): fresh[wd] = folder
            }
            let path = folder.isEmpty ? root : root + "/" + folder
            for entry in WatchedPaths.entries(of: path, withStatus: false) ?? []
            where entry.kind == .folder && WatchedPaths.watchesFolder(named: entry.name) {
                pending.append(WatchedPaths.join(folder, entry.name))
            }
        }
        for wd in folders.keys where fresh[wd] == nil {
            inotify_rm_watch(fd, wd)
        }
        folders = fresh
        return true
    }
}
#endif
