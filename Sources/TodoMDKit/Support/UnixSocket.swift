import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Unix-domain stream socket at a path, for the few bytes a watcher tells other todo.md
/// processes (``WatcherAnswer``). Every descriptor is non-blocking and closed on `exec`.
enum UnixSocket {
    /// Runs `body` with the address of `path`. A path longer than `sun_path` holds (a cache folder
    /// deep in a temporary folder) is reached through its folder's descriptor in `/proc/self/fd`.
    ///
    /// - Returns: nil when no address can be made.
    static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T? {
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        if path.utf8.count < capacity { return withAddress(path, in: &address, body) }
        #if canImport(Glibc)
        let folder = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        let short = "/proc/self/fd/\(folder)/" + (path as NSString).lastPathComponent
        guard short.utf8.count < capacity else { return nil }
        return withAddress(short, in: &address, body)
        #else
        return nil
        #endif
    }

    private static func withAddress<T>(_ path: String, in address: inout sockaddr_un,
                                       _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.initializeMemory(as: UInt8.self, repeating: 0)
            for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2) + socklen_t(path.utf8.count + 1)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// A new socket, non-blocking and closed on `exec`; -1 when none can be made.
    private static func makeSocket() -> Int32 {
        #if canImport(Glibc)
        return socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        if fd >= 0 {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        return fd
        #endif
    }

    /// Listens at `path` (which must not exist).
    ///
    /// - Returns: the listening descriptor, or nil.
    static func listen(at path: String) -> Int32? {
        let fd = makeSocket()
        guard fd >= 0 else { return nil }
        let bound = withAddress(path) { bind(fd, $0, $1) } ?? -1
        guard bound == 0, Foundation.listen(fd, 64) == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Connects to the socket at `path`.
    ///
    /// - Returns: the connected descriptor; nil when nothing listens there (no file, or one left
    ///   by a process that died: the kernel refuses at once) or its queue is full.
    static func connect(to path: String) -> Int32? {
        let fd = makeSocket()
        guard fd >= 0 else { return nil }
        let connected = withAddress(path) { Foundation.connect(fd, $0, $1) } ?? -1
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Reads one line (without its newline) from `fd`, waiting at most `timeout` in all.
    ///
    /// - Returns: nil when no whole line arrives in time, or the peer closes first.
    static func readLine(_ fd: Int32, timeout: Duration, limit: Int = 256) -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: limit)
        while bytes.count < limit {
            if let end = bytes.firstIndex(of: UInt8(ascii: "\n")) { return String(decoding: bytes[..<end], as: UTF8.self) }
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let (seconds, attoseconds) = left.components
            let ms = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            let n = poll(&ready, 1, ms)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { continue }
            let count = read(fd, &buffer, limit - bytes.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return nil }
            bytes += buffer[0..<count]
        }
        return nil
    }

    /// Writes `text` if the socket takes it at once (a few bytes always fit); never blocks,
    /// never raises SIGPIPE.
    static func send(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        #if canImport(Glibc)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        #else
        _ = bytes.withUnsafeBytes { Darwin.send(fd, $0.baseAddress, $0.count, MSG_DONTWAIT) }
        #endif
    }
}

/// `close(2)` under a name of its own, for types whose own `close()` method hides the C function.
#if canImport(Glibc)
let closeDescriptor = Glibc.close
#elseif canImport(Darwin)
let closeDescriptor = Darwin.close
#endif
