import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a running watcher (`todomd watch`, `todomd serve`) says about the vault's index when a
/// command asks before walking every file (the idea of git's fsmonitor).
///
/// The watcher listens on `watch.sock` in the vault's cache folder. A command connects; the
/// watcher first reads every change the kernel has queued for it — a change finished before the
/// command connected is queued by then, inotify queues events inside the system call that makes
/// them — and answers "current" only when it has indexed all of them and the index is still the
/// one it brought up to date. Anything else is a walk, as without a watcher: no one listening
/// (none runs, or it died — the kernel refuses the connection at once), no answer in time, or an
/// answer of "stale".
public enum WatcherAnswer: Sendable, Equatable {
    /// No watcher answered.
    case none
    /// A watcher answered that the index may be behind the files.
    case stale
    /// A watcher vouched that the index is current.
    case current(IndexVouch)

    /// How long a command waits for the watcher's answer before walking the files itself.
    public static let defaultTimeout: Duration = .milliseconds(250)

    /// How long a command waits for the watcher's answer, as `environment` says; nil when it
    /// must not ask at all and walk the files as without a watcher.
    ///
    /// `TODOMD_NO_WATCHER=1` walks even when a watcher would vouch for the index (to rule it out,
    /// and for the benchmark's before-and-after). `TODOMD_WATCHER_TIMEOUT_MS` is how long a
    /// watcher may take to answer (``defaultTimeout`` otherwise): tests on a loaded machine give
    /// it longer, so a slow answer is not taken for a wrong one.
    public static func timeout(environment: [String: String]) -> Duration? {
        guard (environment["TODOMD_NO_WATCHER"] ?? "").isEmpty else { return nil }
        return environment["TODOMD_WATCHER_TIMEOUT_MS"].flatMap(Int.init).flatMap { $0 > 0 ? Duration.milliseconds($0) : nil }
            ?? defaultTimeout
    }

    /// The socket's path in a vault's cache folder.
    public static func socketPath(inCacheFolder folder: String) -> String { folder + "/watch.sock" }

    /// The lock a watcher holds while it answers on the socket; the kernel releases it when the
    /// watcher's process ends, however it ends.
    public static func lockPath(inCacheFolder folder: String) -> String { folder + "/watch.lock" }

    /// Asks the watcher of the vault whose cache folder is `cacheFolder`.
    ///
    /// - Complexity: a connect and one short read; with no watcher, one failed connect.
    public static func ask(cacheFolder: String, timeout: Duration = defaultTimeout) -> WatcherAnswer {
        guard let fd = UnixSocket.connect(to: socketPath(inCacheFolder: cacheFolder)) else { return .none }
        defer { close(fd) }
        guard let line = UnixSocket.readLine(fd, timeout: timeout) else { return .none }
        return WatcherAnswer(line: line)
    }

    /// The answer as sent: `current GENERATION DEVICE INODE` or `stale`.
    public var line: String {
        switch self {
        case .none: return ""
        case .stale: return "stale"
        case let .current(v): return "current \(v.generation) \(v.device) \(v.inode)"
        }
    }

    /// Reads an answer as sent; anything unexpected is no answer.
    public init(line: String) {
        let words = line.split(separator: " ")
        if words == ["stale"] {
            self = .stale
        } else if words.count == 4, words[0] == "current", let generation = Int64(words[1]),
                  let device = UInt64(words[2]), let inode = UInt64(words[3]) {
            self = .current(IndexVouch(generation: generation, device: device, inode: inode))
        } else {
            self = .none
        }
    }
}

/// A watcher's word that the index is current as of one of its generations, for one vault folder.
public struct IndexVouch: Sendable, Equatable {
    /// The index generation (``TaskIndex/generation()``) that holds what the files say.
    public let generation: Int64
    /// The device and inode of the vault folder the watcher watches: a folder moved away and
    /// another made at its path has the same cache folder, not the same inode.
    public let device: UInt64
    public let inode: UInt64

    public init(generation: Int64, device: UInt64, inode: UInt64) {
        self.generation = generation
        self.device = device
        self.inode = inode
    }

    /// Whether the folder at `root` is the one vouched for.
    public func identifies(_ root: String) -> Bool {
        guard let identity = IndexVouch.identity(of: root) else { return false }
        return identity.device == device && identity.inode == inode
    }

    /// The device and inode of the folder at `path` (links followed).
    static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return (UInt64(st.st_dev), UInt64(st.st_ino))
    }
}
