import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of the vault opened without following a symbolic link in any component (§2), held
/// open for one operation: every file the program writes, moves, creates or appends to is
/// reached relative to it (`openat`, `renameat`, `linkat`, `unlinkat`), so a link planted
/// anywhere on the way can never lead a write outside the vault.
///
/// The descriptor is closed when the value goes away.
struct VaultDirectory: ~Copyable {
    /// The open folder (`O_DIRECTORY`).
    let fd: Int32
    /// Its path relative to the vault root (`""` for the root).
    let relative: String

    private init(fd: Int32, relative: String) {
        self.fd = fd
        self.relative = relative
    }

    deinit { close(fd) }

    /// Opens the folder `relative` below `root`, one component at a time with `O_NOFOLLOW`,
    /// creating missing folders when `create` is set.
    ///
    /// `root` itself is the vault's resolved path (``VaultFolder/root``) and is opened as is.
    /// - Throws: ``TodoError/symlinkRefused(path:)`` naming the first component that is a link;
    ///   ``TodoError/io(path:reason:)`` when a component is missing (and `create` is not set),
    ///   is not a folder, or cannot be opened. Nothing is created below a refused component.
    static func open(root: String, _ relative: String, create: Bool) throws -> VaultDirectory {
        let rootFD = openFolder(atPath: root)
        guard rootFD >= 0 else { throw TodoError.io(path: root, reason: String(cString: strerror(errno))) }
        var current = VaultDirectory(fd: rootFD, relative: "")
        for component in try components(of: relative) {
            current = try current.child(component, create: create)
        }
        return current
    }

    /// Throws when any component of `id` (relative to `root`) is a symbolic link; a missing
    /// component ends the check (nothing below it can be a link).
    ///
    /// - Throws: ``TodoError/symlinkRefused(path:)`` naming the link.
    static func refuseLinks(root: String, in id: String) throws {
        var parts = try components(of: id)
        guard let name = parts.popLast() else { return }
        var current = try open(root: root, "", create: false)
        for part in parts {
            guard current.contains(part) else { return }
            current = try current.child(part, create: false)
        }
        try current.refuseLink(name)
    }

    /// The path components of a vault-relative folder or file path.
    ///
    /// - Throws: ``TodoError/io(path:reason:)`` for `..` or an absolute path: every path the
    ///   program writes is a plain path below the root.
    static func components(of relative: String) throws -> [String] {
        if relative.hasPrefix("/") { throw TodoError.io(path: relative, reason: "not a path inside the vault") }
        var parts: [String] = []
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == ".." { throw TodoError.io(path: relative, reason: "not a path inside the vault") }
            parts.append(String(part))
        }
        return parts
    }

    /// Splits a vault-relative file path into its folder and its name.
    ///
    /// - Throws: ``TodoError/io(path:reason:)`` when there is no name (or it is `..`).
    static func split(_ id: String) throws -> (folder: String, name: String) {
        var parts = try components(of: id)
        guard let name = parts.popLast() else { throw TodoError.io(path: id, reason: "not a file path") }
        return (parts.joined(separator: "/"), name)
    }

    /// The vault-relative path of `name` in this folder.
    func path(_ name: String) -> String { relative.isEmpty ? name : relative + "/" + name }

    /// The subfolder `name`, opened without following a link; created first when missing and
    /// `create` is set.
    private func child(_ name: String, create: Bool) throws -> VaultDirectory {
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        var fd = openat(self.fd, name, flags)
        if fd < 0, errno == ENOENT, create {
            if mkdirat(self.fd, name, 0o755) != 0, errno != EEXIST {
                let reason = String(cString: strerror(errno))
                throw TodoError.io(path: path(name), reason: "could not create the folder (\(reason))")
            }
            fd = openat(self.fd, name, flags)
        }
        guard fd >= 0 else {
            let reason = errno
            try refuseLink(name)
            if reason == ENOTDIR { throw TodoError.io(path: path(name), reason: "not a folder") }
            throw TodoError.io(path: path(name), reason: String(cString: strerror(reason)))
        }
        return VaultDirectory(fd: fd, relative: path(name))
    }

    // MARK: - Entries

    /// `lstat` of the entry `name` (not followed); nil when there is none.
    func status(_ name: String) -> stat? {
        var st = stat()
        return fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 ? st : nil
    }

    /// Whether anything (a link included) is called `name` here.
    func contains(_ name: String) -> Bool { status(name) != nil }

    /// Throws when the entry `name` is a symbolic link.
    ///
    /// - Throws: ``TodoError/symlinkRefused(path:)`` naming it.
    func refuseLink(_ name: String) throws {
        if let st = status(name), (st.st_mode & S_IFMT) == S_IFLNK {
            throw TodoError.symlinkRefused(path: path(name))
        }
    }

    /// Opens the file `name` here with `O_NOFOLLOW` (and `O_CLOEXEC`) added to `flags`; the
    /// caller closes the descriptor.
    ///
    /// - Throws: ``TodoError/symlinkRefused(path:)`` when it is a link; ``TodoError/io(path:reason:)``.
    func openFile(_ name: String, _ flags: Int32, mode: mode_t = 0o644) throws -> Int32 {
        let fd = openat(self.fd, name, flags | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else {
            let reason = errno
            try refuseLink(name)
            throw TodoError.io(path: path(name), reason: String(cString: strerror(reason)))
        }
        return fd
    }

    /// Makes the folder's entries durable (after a rename or link in it).
    func sync() { fsync(fd) }
}

/// Opens the folder at the absolute `path` (the POSIX `open`, which `VaultDirectory.open` shadows).
private func openFolder(atPath path: String) -> Int32 {
    #if canImport(Glibc)
    return Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    #else
    return Darwin.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    #endif
}
