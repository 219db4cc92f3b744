import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: standard output and error, or a buffer in tests.
public protocol OutputSink: AnyObject, Sendable {
    /// Writes to standard output.
    func out(_ text: String)
    /// Writes UTF-8 text to standard output (a listing's JSON as the index keeps it).
    func out(utf8 bytes: UnsafeRawBufferPointer)
    /// Writes to standard error.
    func err(_ text: String)
    /// Whether standard output is a terminal (colour, alignment to its width).
    var isTerminal: Bool { get }
    /// Whether standard error is a terminal (progress bars).
    var errorIsTerminal: Bool { get }
}

extension OutputSink {
    /// As text, for a sink that keeps text.
    public func out(utf8 bytes: UnsafeRawBufferPointer) { out(String(decoding: bytes, as: UTF8.self)) }
}

/// The process's real standard output and error.
public final class StandardOutput: OutputSink {
    public init() {}
    public func out(_ text: String) { StandardOutput.write(text, to: 1) }
    public func out(utf8 bytes: UnsafeRawBufferPointer) { StandardOutput.write(bytes, to: 1) }
    public func err(_ text: String) { StandardOutput.write(text, to: 2) }

    /// Writes `text` whole, from its own UTF-8 storage: a listing's megabytes are not copied
    /// into an array first (`withUTF8` copies only a string that is not stored contiguously).
    static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), to: fd) }
    }

    static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return  // a closed pipe (`| head`): stop writing quietly
            }
            offset += n
        }
    }
    public var isTerminal: Bool { isatty(1) == 1 }
    public var errorIsTerminal: Bool { isatty(2) == 1 }
}

/// Collects output in memory (for tests).
public final class BufferedOutput: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private var stdoutText = ""
    private var stderrText = ""
    public init() {}
    public func out(_ text: String) { lock.lock(); stdoutText += text; lock.unlock() }
    public func err(_ text: String) { lock.lock(); stderrText += text; lock.unlock() }
    public var isTerminal: Bool { false }
    public var errorIsTerminal: Bool { false }
    /// Everything written to standard output.
    public var standardOutput: String { lock.lock(); defer { lock.unlock() }; return stdoutText }
    /// Everything written to standard error.
    public var standardError: String { lock.lock(); defer { lock.unlock() }; return stderrText }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
