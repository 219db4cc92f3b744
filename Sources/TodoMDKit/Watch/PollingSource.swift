#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds changes by scanning the folder tree every `interval` and comparing each file's size,
/// modification time and inode with the previous scan.
///
/// The fallback when inotify is unavailable or its watch limit is reached, and the only way on
/// systems without inotify. Symbolic links are skipped, as the vault scan does.
/// - Complexity: one `lstat` per file and one `opendir` per folder each interval.
final class PollingSource: ChangeSource {
    /// What is compared between scans.
    struct FileState: Equatable {
        let size: Int64
        let mtime: Int64
        let inode: UInt64
    }

    let root: String
    let interval: Duration
    private var files: [String: FileState]
    private var next: ContinuousClock.Instant

    /// Takes the first snapshot now, so changes from this moment on are reported.
    init(root: String, interval: Duration, now: ContinuousClock.Instant) {
        self.root = root
        // A zero interval would make the watcher spin.
        self.interval = max(interval, .milliseconds(10))
        files = PollingSource.snapshot(of: root)
        next = now + self.interval
    }

    var modeName: String { "polling" }
    var descriptor: Int32? { nil }
    var nextCollection: ContinuousClock.Instant? { next }
    /// A change made since the last scan is not known until the next one.
    var seesEveryChange: Bool { false }

    func collect(into batcher: inout ChangeBatcher, now: ContinuousClock.Instant) -> Bool {
        guard now >= next else { return true }
        let fresh = PollingSource.snapshot(of: root)
        var changed = false
        for (path, state) in fresh where files[path] != state {
            batcher.add(path)
            changed = true
        }
        for path in files.keys where fresh[path] == nil {
            batcher.add(path)
            changed = true
        }
        files = fresh
        // The scan itself may take a while on a big vault: wait a full interval after it.
        let end = ContinuousClock.now
        next = end + interval
        if changed { batcher.touch(at: end) }
        return true
    }

    func close() {}

    /// Every reported file below `root` with its state.
    static func snapshot(of root: String) -> [String: FileState] {
        var out: [String: FileState] = [:]
        var pending = [""]
        while let folder = pending.popLast() {
            let path = folder.isEmpty ? root : root + "/" + folder
            guard let entries = WatchedPaths.entries(of: path, withStatus: true) else { continue }
            for entry in entries {
                switch entry.kind {
                case .folder:
                    if WatchedPaths.watchesFolder(named: entry.name) {
                        pending.append(WatchedPaths.join(folder, entry.name))
                    }
                case .file:
                    guard let st = entry.status, WatchedPaths.reportsFile(named: entry.name, inFolder: folder)
                    else { continue }
                    out[WatchedPaths.join(folder, entry.name)] =
                        FileState(size: Int64(st.st_size), mtime: VaultFolder.mtime(st), inode: UInt64(st.st_ino))
                case .other:
                    continue
                }
            }
        }
        return out
    }
}
