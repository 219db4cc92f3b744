import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file found by a scan: its id (relative path), size and modification time.
public struct ScannedFile: Sendable, Equatable {
    /// Path relative to the vault root, `/`-separated.
    public let id: String
    /// -1 when the scan did not `stat` the file (``VaultFolder/scan(stamps:)``).
    public let size: Int
    /// Modification time in nanoseconds since 1970; 0 when the scan did not `stat` the file.
    public let mtime: Int64
}

/// What a write compares against to refuse overwriting a file changed by someone else (§5).
public struct FileStamp: Sendable, Equatable {
    public let size: Int
    public let mtime: Int64
    /// ``ContentHash`` of the bytes.
    public let hash: String
}

/// A file's bytes as read, with the stamp a later write must still find.
public struct FileSnapshot: Sendable {
    public let bytes: [UInt8]
    public let stamp: FileStamp
}

/// The vault's folder on disk: scanning (§2) and atomic, conflict-checked writes (§5).
///
/// Uses POSIX calls directly: a scan of 100,000 files must cost little more than `stat` does.
public struct VaultFolder: Sendable {
    /// The vault root, with symbolic links resolved.
    public let root: String
    /// Where this process's writes are recorded (§17), when it records them.
    public var audit: AuditLog?
    /// Another tool's key names and value forms (§20), when `.todomd/config.json` sets a field map.
    public var fieldMap: FieldMap?

    /// Opens the folder at `path`.
    ///
    /// - Throws: ``TodoError/noVault(_:)`` when it does not exist or is not a folder.
    public init(path: String) throws {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else { throw TodoError.noVault(path) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard let real = realpath(path, &buffer) else { throw TodoError.noVault(path) }
        root = String(cString: real)
    }

    /// The absolute path of `id`.
    public func path(_ id: String) -> String { root + "/" + id }

    /// The vault-relative path of the file at `path` when it lies in the vault; nil otherwise.
    ///
    /// `path` is absolute or relative to the current directory, and read as written: `.` and
    /// `..` are folded away without looking at the disk, and the first folder on the way that
    /// resolves to ``root`` or a folder below it decides (so a path through the user's own link
    /// to the vault is in it). A link inside the vault is not followed: `Archive/x.json` is in
    /// the vault even when `Archive` is a link elsewhere — and writing there is then refused.
    public func relativeID(ofPath path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        guard parts.count > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        for end in 0..<parts.count {
            let prefix = "/" + parts[..<end].joined(separator: "/")
            guard let real = realpath(prefix, &buffer) else { return nil }
            let resolved = String(cString: real)
            let rest = parts[end...].joined(separator: "/")
            if resolved == root { return rest }
            if resolved.hasPrefix(root + "/") { return String(resolved.dropFirst(root.count + 1)) + "/" + rest }
        }
        return nil
    }

    // MARK: - Scanning

    /// Every task file below the root (§2): `*.md`, recursively, skipping `Notes/` at the root,
    /// any path component starting with `.`, symbolic links and non-regular files.
    ///
    /// - Parameter stamps: false skips the `stat` of each file whose type the folder listing
    ///   gives (size -1, mtime 0), for a caller that reads every file anyway (a cold build).
    public func scan(stamps: Bool = true) -> [ScannedFile] {
        // Every folder's listing first, then the `stat`s of every file, all at once (split among
        // the cores when there are many, whichever folders they are in).
        var ids: [String] = []
        ids.reserveCapacity(1024)
        walk(relative: "", into: &ids)
        guard stamps, !ids.isEmpty else { return ids.map { ScannedFile(id: $0, size: -1, mtime: 0) } }
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return [] }
        defer { close(rootFD) }
        let stats = VaultFolder.stats(of: ids, in: rootFD)
        var out: [ScannedFile] = []
        out.reserveCapacity(ids.count)
        for (id, st) in zip(ids, stats) {
            guard let st, st.kind == S_IFREG else { continue }
            out.append(ScannedFile(id: id, size: st.size, mtime: st.mtime))
        }
        return out
    }

    /// The ids of the task files of folder `relative` and below. An entry whose type the
    /// listing does not give (some file systems) is stat'ed here: a folder must be walked.
    private func walk(relative: String, into ids: inout [String]) {
        let dirPath = relative.isEmpty ? root : root + "/" + relative
        guard let dir = opendir(dirPath) else { return }
        defer { closedir(dir) }
        var subfolders: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var st = stat()
                guard fstatat(dirfd(dir), name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                let kind = st.st_mode & S_IFMT
                type = kind == S_IFDIR ? UInt8(DT_DIR) : kind == S_IFREG ? UInt8(DT_REG) : UInt8(DT_UNKNOWN)
            }
            if type == UInt8(DT_DIR) {
                if relative.isEmpty, name == "Notes" { continue }
                subfolders.append(name)
                continue
            }
            guard name.hasSuffix(".md"), type == UInt8(DT_REG) else { continue }
            ids.append(relative.isEmpty ? name : relative + "/" + name)
        }
        for folder in subfolders.sorted() {
            walk(relative: relative.isEmpty ? folder : relative + "/" + folder, into: &ids)
        }
    }

    /// What a scan keeps of a file's `stat`.
    struct FileStat: Sendable {
        let kind: mode_t
        let size: Int
        let mtime: Int64
    }

    /// A folder with at least this many files to `stat` has them stat'ed on several threads.
    static let parallelStatThreshold = 2048

    /// The `stat`s of `names` (paths relative to the open folder `fd`; not followed if links),
    /// nil where one fails. Many are split among the cores: the kernel's lookups run in parallel
    /// (10k files: 13 ms on one thread, 8 ms on two; measured in C).
    static func stats(of names: [String], in fd: Int32) -> [FileStat?] {
        OnThread.split(names.count, minimum: parallelStatThreshold) { range in
            range.map { i -> FileStat? in
                var st = stat()
                guard fstatat(fd, names[i], &st, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
                return FileStat(kind: st.st_mode & S_IFMT, size: Int(st.st_size), mtime: VaultFolder.mtime(st))
            }
        }.flatMap { $0 }
    }

    static func mtime(_ st: stat) -> Int64 {
        #if os(Linux)
        return Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        #else
        return Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
        #endif
    }

    /// Whether a file called `name` exists in any folder (hidden folders excepted).
    ///
    /// Reads folder entries only — no file is opened or stat-ed unless the entry type is unknown.
    public func containsFile(named name: String) -> Bool {
        var pending = [root]
        while let dirPath = pending.popLast() {
            guard let dir = opendir(dirPath) else { continue }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if entryName.hasPrefix(".") { continue }
                let type = entry.pointee.d_type
                if entryName == name, type != UInt8(DT_DIR) { return true }
                if type == UInt8(DT_DIR) {
                    pending.append(dirPath + "/" + entryName)
                } else if type == UInt8(DT_UNKNOWN) {
                    var st = stat()
                    if lstat(dirPath + "/" + entryName, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
                        pending.append(dirPath + "/" + entryName)
                    }
                }
            }
        }
        return false
    }

    // MARK: - Reading

    /// Reads a regular file without following symbolic links or blocking on FIFOs.
    ///
    /// At most `limit` + 1 bytes are read, so an oversized file is detected without loading it.
    /// - Throws: ``TodoError/io(path:reason:)`` when the file is missing or not a regular file.
    public func read(_ id: String, limit: Int = TaskFileCodec.Limits.fileBytes) throws -> FileSnapshot {
        try read(id, limit: limit, in: nil)
    }

    /// A descriptor of the vault's folder for ``read(_:limit:in:)``, which the caller closes;
    /// nil when it cannot be opened.
    func openRoot() -> Int32? {
        let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        return fd >= 0 ? fd : nil
    }

    /// ``read(_:limit:)``, the path looked up from `root`, an open descriptor of ``root``
    /// (nil: by the whole path). A cold build reads every file: each lookup of the whole
    /// path walked the folders above the vault again.
    func read(_ id: String, limit: Int = TaskFileCodec.Limits.fileBytes, in root: Int32?) throws -> FileSnapshot {
        let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        let fd = root.map { openat($0, id, flags) } ?? open(path(id), flags)
        guard fd >= 0 else { throw TodoError.io(path: id, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        return try VaultFolder.snapshot(of: fd, id: id, limit: limit)
    }

    /// Reads the open file `fd` (at most `limit` + 1 bytes) with its stamp.
    static func snapshot(of fd: Int32, id: String, limit: Int) throws -> FileSnapshot {
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            throw TodoError.io(path: id, reason: "not a regular file")
        }
        let want = min(Int(st.st_size), limit) + 1
        var bytes = [UInt8](repeating: 0, count: max(want, 1))
        var total = 0
        while total < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw in
                posixRead(fd, raw.baseAddress.map { $0 + total }, raw.count - total)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw TodoError.io(path: id, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            total += n
            // The file is whole as `fstat` saw it: the read that would return 0 is skipped (a
            // system call per file). One that grows meanwhile has a newer mtime than the stamp
            // made here, so the next scan reads it again.
            if total == Int(st.st_size), total < bytes.count { break }
        }
        bytes.removeSubrange(total...)
        return FileSnapshot(bytes: bytes, stamp: FileStamp(size: Int(st.st_size), mtime: VaultFolder.mtime(st),
                                                           hash: ContentHash.of(bytes)))
    }

    /// The size and modification time of the file at `id` (not followed if a link), without
    /// reading it: its stamp with an empty hash; nil when nothing is there.
    public func quickStamp(_ id: String) -> FileStamp? {
        var st = stat()
        guard lstat(path(id), &st) == 0 else { return nil }
        return FileStamp(size: Int(st.st_size), mtime: VaultFolder.mtime(st), hash: "")
    }

    /// Whether `id` itself is a symbolic link.
    func isSymbolicLink(_ id: String) -> Bool {
        var st = stat()
        return lstat(path(id), &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// Whether a file or folder exists at `id` (symbolic links count, unfollowed).
    public func exists(_ id: String) -> Bool {
        var st = stat()
        return lstat(path(id), &st) == 0
    }

    // MARK: - Writing

    // Every write, move and folder creation below reaches its file through ``VaultDirectory``:
    // relative to the vault root, one component at a time, never through a symbolic link (§2).
    // A vault may be a shared or synced folder that others can drop links into; a link named
    // `.trash`, `Archive` or `.todomd/audit.jsonl` must not turn a delete, a completion or an
    // audit line into a write outside the vault.

    /// Writes `bytes` to `id` atomically: a temporary file in the same folder, fsync, rename.
    ///
    /// No component of `id` may be a symbolic link (§2); missing folders are created.
    /// - Parameter expected: the stamp the file had when read; nil for a new file, which must
    ///   not exist. If the file on disk no longer matches, nothing is written.
    /// - Throws: ``TodoError/conflict(path:)`` when the file changed (or appeared) meanwhile;
    ///   ``TodoError/symlinkRefused(path:)`` when a component of `id` (or the audit log) is a
    ///   link — nothing is written then.
    public func write(_ bytes: [UInt8], to id: String, expected: FileStamp?) throws {
        try write(bytes, to: id, expected: expected, durable: true)
    }

    /// ``write(_:to:expected:)``; without `durable`, neither the file nor its folder is synced
    /// to disk (a caller writing thousands syncs the file system once at the end).
    public func write(_ bytes: [UInt8], to id: String, expected: FileStamp?, durable: Bool) throws {
        try audit?.checkWritable()
        let (folderID, name) = try VaultDirectory.split(id)
        let folder = try VaultDirectory.open(root: root, folderID, create: true)
        let temp = ".\(name).todomd-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = try folder.openFile(temp, O_WRONLY | O_CREAT | O_EXCL)
        var ok = false
        defer { if !ok { unlinkat(folder.fd, temp, 0) } }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                posixWrite(fd, raw.baseAddress.map { $0 + written }, raw.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(fd)
                throw TodoError.io(path: id, reason: reason)
            }
            written += n
        }
        if durable, fsync(fd) != 0 {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw TodoError.io(path: id, reason: "fsync failed: \(reason)")
        }
        close(fd)
        if let expected {
            // Refuse if the file changed since it was read: size, mtime or content (§5).
            let currentFD = openat(folder.fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard currentFD >= 0 else {
                try folder.refuseLink(name)
                throw TodoError.conflict(path: id)
            }
            let current = try? VaultFolder.snapshot(of: currentFD, id: id, limit: Int.max - 1)
            close(currentFD)
            guard let current, current.stamp.size == expected.size, current.stamp.hash == expected.hash
            else { throw TodoError.conflict(path: id) }
            guard renameat(folder.fd, temp, folder.fd, name) == 0 else {
                throw TodoError.io(path: id, reason: String(cString: strerror(errno)))
            }
        } else {
            // linkat() fails if the name exists: a new file never replaces one made meanwhile.
            guard linkat(folder.fd, temp, folder.fd, name, 0) == 0 else {
                let reason = errno
                try folder.refuseLink(name)
                if reason == EEXIST { throw TodoError.conflict(path: id) }
                throw TodoError.io(path: id, reason: String(cString: strerror(reason)))
            }
            unlinkat(folder.fd, temp, 0)
        }
        ok = true
        if durable { folder.sync() }
        audit?.recordWrite(id, created: expected == nil, bytes: bytes)
        ChangeJournal.current?.wrote(id, created: expected == nil)
    }

    /// Moves `id` to `destination` (relative), refusing to replace an existing file.
    ///
    /// No component of either path may be a symbolic link (§2); missing folders of
    /// `destination` are created.
    /// - Throws: ``TodoError/conflict(path:)`` when `destination` exists;
    ///   ``TodoError/symlinkRefused(path:)`` when a component (or the audit log) is a link —
    ///   nothing is moved then.
    public func move(_ id: String, to destination: String) throws {
        try audit?.checkWritable()
        let (fromID, fromName) = try VaultDirectory.split(id)
        let (toID, toName) = try VaultDirectory.split(destination)
        let from = try VaultDirectory.open(root: root, fromID, create: false)
        let to = try VaultDirectory.open(root: root, toID, create: true)
        guard !to.contains(toName) else { throw TodoError.conflict(path: destination) }
        guard renameat(from.fd, fromName, to.fd, toName) == 0 else {
            throw TodoError.io(path: id, reason: String(cString: strerror(errno)))
        }
        audit?.recordMove(id, to: destination)
        ChangeJournal.current?.moved(id, to: destination)
    }

    /// Creates the folder `id` (relative) and its parents, without following a symbolic link.
    ///
    /// - Throws: ``TodoError/symlinkRefused(path:)`` naming a component that is a link;
    ///   ``TodoError/io(path:reason:)`` when one is a file or cannot be created.
    public func makeFolders(_ id: String) throws {
        _ = try VaultDirectory.open(root: root, id, create: true)
    }

    /// Opens the file `id` (relative) with `flags` (`O_NOFOLLOW` and `O_CLOEXEC` added),
    /// reaching it without following a symbolic link in any component; with `O_CREAT`, missing
    /// folders are created too. The caller closes the descriptor.
    ///
    /// For a file the program keeps open or appends to (the sync lock, a log).
    /// - Throws: ``TodoError/symlinkRefused(path:)``; ``TodoError/io(path:reason:)``.
    public func openFile(_ id: String, flags: Int32) throws -> Int32 {
        let (folderID, name) = try VaultDirectory.split(id)
        let folder = try VaultDirectory.open(root: root, folderID, create: flags & O_CREAT != 0)
        return try folder.openFile(name, flags)
    }

    /// Throws when any component of `id` (relative) is a symbolic link; a missing one is fine.
    ///
    /// For files another library opens by path (the sync state's SQLite database and journal).
    /// - Throws: ``TodoError/symlinkRefused(path:)`` naming the link.
    public func refuseLinks(in id: String) throws {
        try VaultDirectory.refuseLinks(root: root, in: id)
    }

    /// The regular Markdown files directly in folder `relative` (names not starting with `.`),
    /// with the time each last changed status (a move into the folder sets it), by name. The
    /// folder is reached without following a symbolic link; one that does not exist has none.
    ///
    /// - Throws: ``TodoError/symlinkRefused(path:)`` when a component of `relative` is a link;
    ///   ``TodoError/io(path:reason:)`` when it is not a folder or cannot be read.
    public func markdownFiles(directlyIn relative: String) throws -> [(name: String, changed: Date)] {
        try refuseLinks(in: relative)
        guard exists(relative) else { return [] }
        let folder = try VaultDirectory.open(root: root, relative, create: false)
        let listing = fcntl(folder.fd, F_DUPFD_CLOEXEC, 0)
        guard listing >= 0, let dir = fdopendir(listing) else {
            let reason = String(cString: strerror(errno))
            if listing >= 0 { close(listing) }
            throw TodoError.io(path: relative, reason: reason)
        }
        defer { closedir(dir) }
        var files: [(name: String, changed: Date)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.hasPrefix("."), name.hasSuffix(".md"), let st = folder.status(name),
                  (st.st_mode & S_IFMT) == S_IFREG else { continue }
            #if os(Linux)
            let changed = Double(st.st_ctim.tv_sec) + Double(st.st_ctim.tv_nsec) / 1e9
            #else
            let changed = Double(st.st_ctimespec.tv_sec) + Double(st.st_ctimespec.tv_nsec) / 1e9
            #endif
            files.append((name, Date(timeIntervalSince1970: changed)))
        }
        return files.sorted { $0.name < $1.name }
    }

    /// Removes the file `id` (relative), reached without following a symbolic link; a file
    /// that is not there is no error.
    func remove(_ id: String) throws {
        let (folderID, name) = try VaultDirectory.split(id)
        let folder = try VaultDirectory.open(root: root, folderID, create: false)
        guard unlinkat(folder.fd, name, 0) == 0 || errno == ENOENT else {
            throw TodoError.io(path: id, reason: String(cString: strerror(errno)))
        }
        ChangeJournal.current?.removed(id)
    }
}

// Module-qualified names for the POSIX calls whose Swift names collide with methods here.
#if canImport(Glibc)
private let posixRead = Glibc.read
private let posixWrite = Glibc.write
#elseif canImport(Darwin)
private let posixRead = Darwin.read
private let posixWrite = Darwin.write
#endif

