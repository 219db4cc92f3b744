#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which folders the watcher descends into and which file names it reports (§2).
///
/// The same rule as ``VaultFolder/scan()`` — no path component starting with `.`, symbolic links not
/// followed — which keeps it inline, so the rule is restated here. Unlike the task scan, `Notes/` is
/// watched (notes live there, §15), any file name is reported (not only `*.md`: the caller filters),
/// the root side files (`.order.json`, …) are reported, and editor temporary files are not.
enum WatchedPaths {
    /// Hidden files at the root that the app reads (§2).
    static let rootSideFiles: Set<String> = [".order.json", ".perspectives.json", ".theme.json", ".tags.json"]

    /// Whether the watcher descends into a folder called `name` (`.git`, `.trash`, `.todomd` … not).
    static func watchesFolder(named name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".")
    }

    /// Whether a change to the file `name` in `folder` (vault-relative, "" for the root) is reported.
    ///
    /// Hidden files are ignored except the root side files; so are editor and write temporaries:
    /// `name~`, `*.swp`/`*.swx`/`*.swo` (Vim), `#name#` (Emacs) and `*.tmp` — which covers the vault's
    /// own atomic-write files, `.NAME.todomd-PID-RANDOM.tmp` (``VaultFolder/write(_:to:expected:)``).
    static func reportsFile(named name: String, inFolder folder: String) -> Bool {
        if name.isEmpty { return false }
        if name.hasPrefix(".") { return folder.isEmpty && rootSideFiles.contains(name) }
        if name.hasSuffix("~") || name.hasSuffix(".tmp") { return false }
        if name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix(".swo") { return false }
        if name.count > 1, name.hasPrefix("#"), name.hasSuffix("#") { return false }
        return true
    }

    /// `name` inside the vault-relative `folder`.
    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder + "/" + name
    }

    // MARK: - Listing folders

    /// What a folder entry is, without following symbolic links.
    enum EntryKind { case folder, file, other }

    /// One entry of a folder; `status` is filled when `withStatus` was asked for (or the kind needed it).
    struct Entry {
        let name: String
        let kind: EntryKind
        let status: stat?
    }

    /// The entries of the folder at `path` (no `.`/`..`), or nil when it cannot be opened (it
    /// vanished, or is not a folder any more — both are normal while others write).
    ///
    /// - Parameter withStatus: `lstat` every file too (polling needs size, mtime and inode).
    static func entries(of path: String, withStatus: Bool) -> [Entry]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        let fd = dirfd(dir)
        var out: [Entry] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let type = entry.pointee.d_type
            if type == UInt8(DT_DIR) {
                out.append(Entry(name: name, kind: .folder, status: nil))
                continue
            }
            if type == UInt8(DT_LNK) { continue }
            if type == UInt8(DT_REG), !withStatus {
                out.append(Entry(name: name, kind: .file, status: nil))
                continue
            }
            var st = stat()
            // Gone between readdir and here: someone deleted it meanwhile, which is fine.
            guard fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFDIR: out.append(Entry(name: name, kind: .folder, status: nil))
            case S_IFREG: out.append(Entry(name: name, kind: .file, status: st))
            case S_IFLNK: continue
            default: out.append(Entry(name: name, kind: .other, status: st))
            }
        }
        return out
    }

    /// Whether `path` is a folder (symbolic links followed: the root may be reached through one).
    static func isFolder(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}
