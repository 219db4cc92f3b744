import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The type of file system each mounted device holds (`ext4`, `nfs4`, `fuse.sshfs` …), as
/// `/proc/self/mountinfo` lists them, so the watcher can tell whether inotify hears every change
/// to a folder (``FileWatcher/localFileSystems``).
struct FileSystemTypes {
    /// File system type by device number (`st_dev`).
    private var types: [UInt64: String] = [:]

    /// Reads the mount table now; empty where there is none (not Linux).
    init() {
        guard let text = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return }
        for line in text.split(separator: "\n") {
            // "36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw": the device is the
            // third field, the type the first after the lone "-".
            let fields = line.split(separator: " ")
            guard fields.count > 3, let dash = fields.firstIndex(of: "-"), dash + 1 < fields.count else { continue }
            let numbers = fields[2].split(separator: ":")
            guard numbers.count == 2, let major = UInt64(numbers[0]), let minor = UInt64(numbers[1]) else { continue }
            types[FileSystemTypes.device(major: major, minor: minor)] = String(fields[dash + 1])
        }
    }

    /// The type of the file system the folder at `path` is on; nil when unknown (a device the
    /// table does not list, such as a Btrfs subvolume's own).
    func type(of path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return types[UInt64(st.st_dev)]
    }

    /// glibc's `makedev`: the device number of `major:minor`.
    static func device(major: UInt64, minor: UInt64) -> UInt64 {
        ((major & 0xFFF) << 8) | ((major & ~0xFFF) << 32) | (minor & 0xFF) | ((minor & ~0xFF) << 12)
    }
}
