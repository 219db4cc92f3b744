import Foundation
import GRDB

/// An index file replaced under a process that keeps it open.
///
/// A command that finds the index missing or damaged builds a new one and renames it into
/// place (``TaskIndex/build(at:for:timeZone:variant:clock:progress:)``): after the cache folder
/// was cleared, say. A process that stays up — `todomd serve`, `todomd watch`, `todomd mcp` —
/// still has the old file open, which no one else sees any more. It would go on reading and
/// writing it, and a watcher would vouch for it: its generation is not the one commands find
/// at the path, so every command would walk every file until the watcher restarted.
extension TaskIndex {
    /// One open index file: its queue, and which file it is (device and inode, nil when unknown).
    struct OpenedFile {
        var queue: DatabaseQueue
        var identity: FileIdentity?
        /// Whether opening it made its schema (it had none).
        var created: Bool
        /// A file at the path that could not be followed (another schema, time zone or field
        /// map): not tried again until another one replaces it.
        var refused: FileIdentity?

        init(queue: DatabaseQueue, identity: FileIdentity?, created: Bool) {
            self.queue = queue
            self.identity = identity
            self.created = created
        }

        /// Opens the index at `path` (``TaskIndex/openChecked(path:stamp:)``) and notes which
        /// file it is.
        init(path: String, stamp: String) throws {
            let before = FileIdentity(of: path)
            let (queue, created) = try TaskIndex.openChecked(path: path, stamp: stamp)
            // Replaced while it was being opened: which file is open is not known, so the
            // next ``TaskIndex/followReplacement()`` opens the path again. (No file before:
            // opening made it.)
            let after = FileIdentity(of: path)
            self.init(queue: queue, identity: before == nil || before == after ? after : nil, created: created)
        }

        /// ``init(path:stamp:)``, nil when the file cannot be used.
        init?(checking path: String, stamp: String) {
            guard let opened = try? OpenedFile(path: path, stamp: stamp) else { return nil }
            self = opened
        }
    }

    /// A file's device and inode.
    struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64

        init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }

        /// The file at `path` (links followed); nil when there is none.
        init?(of path: String) {
            guard let identity = IndexVouch.identity(of: path) else { return nil }
            device = identity.device
            inode = identity.inode
        }
    }

    /// Reads the index file now at ``path`` when another process replaced the one this index
    /// has open. A file this index cannot use (another schema, time zone or field map: it was
    /// built by another version of todo.md or under another `TZ`) is left alone, and so the
    /// index keeps its own.
    ///
    /// Long-running processes call it before they sync (``Vault/refreshIndex()``) and before a
    /// watcher answers a command. Reads already under way finish on the file they began on.
    ///
    /// - Returns: whether the index now reads another file.
    /// - Complexity: one `stat` when the file was not replaced.
    @discardableResult
    public func followReplacement() -> Bool {
        guard let stamp, let now = FileIdentity(of: path) else { return false }
        let state = opened.withLock { $0 }
        guard state.identity != now, state.refused != now else { return false }
        guard let fresh = OpenedFile(checking: path, stamp: stamp), !fresh.created else {
            opened.withLock { $0.refused = now }
            return false
        }
        opened.withLock { $0 = fresh }
        return true
    }
}
