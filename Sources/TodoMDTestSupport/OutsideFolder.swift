import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary folder outside any vault: what a hostile symbolic link in a vault points to.
///
/// It starts with a folder `dir/` holding `keep.txt` and a file `file.txt`; ``listing()``
/// tells a test whether anything there was created, moved, changed or appended to.
public final class OutsideFolder: @unchecked Sendable {
    /// The folder's path.
    public let root: String
    /// A folder outside the vault (a link's target standing for `.trash`, `Archive`, …).
    public var folder: String { root + "/dir" }
    /// A file outside the vault (a link's target standing for `audit.jsonl`, `.order.json`, …).
    public var file: String { root + "/file.txt" }

    public init() throws {
        root = FileManager.default.temporaryDirectory.path + "/todomd-outside-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/dir", withIntermediateDirectories: true)
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: root + "/dir/keep.txt"))
        try Data("outside\n".utf8).write(to: URL(fileURLWithPath: root + "/file.txt"))
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Every entry below the folder (links not followed), with each file's size and bytes:
    /// equal listings mean nothing there was created, moved, changed or appended to.
    public func listing() -> [String: String] { Self.listing(of: root) }

    /// ``listing()`` of any folder (a vault, to see that a refused operation changed nothing).
    public static func listing(of root: String) -> [String: String] {
        var out: [String: String] = [:]
        var pending = [""]
        while let relative = pending.popLast() {
            let dir = relative.isEmpty ? root : root + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
            for name in names {
                let id = relative.isEmpty ? name : relative + "/" + name
                var st = stat()
                guard lstat(root + "/" + id, &st) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFDIR:
                    out[id] = "folder"
                    pending.append(id)
                case S_IFLNK:
                    let target = try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/" + id)
                    out[id] = "link to " + (target ?? "?")
                default:
                    let bytes = FileManager.default.contents(atPath: root + "/" + id) ?? Data()
                    out[id] = "\(st.st_size) bytes: " + String(decoding: bytes, as: UTF8.self)
                }
            }
        }
        return out
    }
}

extension TemporaryVault {
    /// Makes `id` (relative; its folder must exist) a symbolic link to `target`.
    public func link(_ id: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/" + id, withDestinationPath: target)
    }

    /// ``OutsideFolder/listing(of:)`` of the vault.
    public func listing() -> [String: String] { OutsideFolder.listing(of: root) }
}
