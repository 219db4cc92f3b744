import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `.todomd/audit.jsonl` (§17): one JSON line per change to the vault — who made it (the program,
/// as `cli`, `web`, `mcp:NAME`…, or `external`), what, and which file.
///
/// The program's own writes are recorded as they happen, with the content hash written; a
/// watcher that later sees the same bytes knows the change was the program's, and records as
/// `external` only what no entry explains.
public struct AuditLog: Sendable {
    /// The log's path relative to the vault root.
    public static let relativePath = ".todomd/audit.jsonl"
    /// How much of the log's end is read to recognise the program's recent writes.
    static let tailBytes = 512 * 1024

    /// One line of the log.
    public struct Entry: Sendable, Equatable {
        public var time: Date
        /// `cli`, `web`, `mcp:claude-agent`, … or `external`.
        public var who: String
        /// `created`, `updated`, `deleted`, `moved`.
        public var action: String
        /// The vault-relative file.
        public var file: String
        /// For moves, where the file went; for a deletion by the program, where in `.trash/` (the
        /// trash's listing reads a file's former path from it).
        public var to: String?
        /// ``ContentHash`` of the bytes written or seen (nil for deletions).
        public var hash: String?
        /// The task's `source`, when known (what the ingest alert names).
        public var source: String?

        public init(time: Date, who: String, action: String, file: String, to: String? = nil,
                    hash: String? = nil, source: String? = nil) {
            self.time = time
            self.who = who
            self.action = action
            self.file = file
            self.to = to
            self.hash = hash
            self.source = source
        }

        var json: JSONValue {
            var o: [(String, JSONValue)] = [
                ("time", .string(DateTimeFormat.string(time))), ("who", .string(who)),
                ("action", .string(action)), ("file", .string(file)),
            ]
            if let to { o.append(("to", .string(to))) }
            if let hash { o.append(("hash", .string(hash))) }
            if let source { o.append(("source", .string(source))) }
            return .object(o)
        }

        init?(json: JSONValue) {
            guard let who = json["who"]?.stringValue, let action = json["action"]?.stringValue,
                  let file = json["file"]?.stringValue,
                  let time = json["time"]?.stringValue.flatMap({ DateTimeFormat.parse($0, timeZone: TimeZone(identifier: "UTC") ?? .current) })
            else { return nil }
            self.init(time: time, who: who, action: action, file: file, to: json["to"]?.stringValue,
                      hash: json["hash"]?.stringValue, source: json["source"]?.stringValue)
        }
    }

    /// The vault root.
    public let root: String
    /// Who this process's writes are recorded as.
    public let actor: String
    /// The clock entries are stamped with.
    let clock: TodoClock

    public init(root: String, actor: String, clock: TodoClock) {
        self.root = root
        self.actor = actor
        self.clock = clock
    }

    var path: String { root + "/" + AuditLog.relativePath }

    /// Appends entries (one `write` with `O_APPEND`, so lines from several processes never mix).
    /// A log that cannot be written never stops the change it records.
    ///
    /// The log is reached without following a symbolic link (§2): a `.todomd` or `audit.jsonl`
    /// that is a link gets nothing. The program's own writes check that first
    /// (``checkWritable()``) and are refused, so such a log never loses an entry silently.
    public func append(_ entries: [Entry]) {
        guard !entries.isEmpty else { return }
        var text = ""
        for entry in entries { text += entry.json.compact() + "\n" }
        guard let folder = try? VaultDirectory.open(root: root, ".todomd", create: true),
              let fd = try? folder.openFile("audit.jsonl", O_WRONLY | O_CREAT | O_APPEND)
        else { return }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// Checks that an entry could be appended without following a symbolic link, before the
    /// change it records is made.
    ///
    /// - Throws: ``TodoError/symlinkRefused(path:)`` when `.todomd` or `.todomd/audit.jsonl`
    ///   is a link.
    func checkWritable() throws {
        try VaultDirectory.refuseLinks(root: root, in: AuditLog.relativePath)
    }

    /// Records a write by this process.
    func recordWrite(_ file: String, created: Bool, bytes: [UInt8]) {
        append([Entry(time: clock.now, who: actor, action: created ? "created" : "updated", file: file,
                      hash: ContentHash.of(bytes))])
    }

    /// Records a move (a move into `.trash/` is a deletion, with where it went) by this process.
    func recordMove(_ file: String, to destination: String) {
        let deleted = destination.hasPrefix(".trash/")
        append([Entry(time: clock.now, who: actor, action: deleted ? "deleted" : "moved", file: file, to: destination)])
    }

    /// Records that this process removed `file` for good (a file emptied from `.trash/`).
    func recordRemoval(_ file: String) {
        append([Entry(time: clock.now, who: actor, action: "deleted", file: file)])
    }

    /// Where each file still in `.trash/` came from, as the whole log tells it: `.trash/NAME` →
    /// the task's path before and when it was deleted. A later entry that moved the file out
    /// again (a restore) or removed it forgets it, so a name used again by another program's
    /// delete is not given the earlier task's path. Empty when the vault keeps no log.
    ///
    /// The log is read without following a symbolic link; lines that do not name `.trash/` are
    /// skipped unparsed.
    public static func trashOrigins(root: String) -> [String: (id: String, time: Date)] {
        guard let folder = try? VaultDirectory.open(root: root, ".todomd", create: false),
              let fd = try? folder.openFile("audit.jsonl", O_RDONLY)
        else { return [:] }
        let data = FileHandle(fileDescriptor: fd, closeOnDealloc: true).readDataToEndOfFile()
        var origins: [String: (id: String, time: Date)] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.contains(".trash/") {
            guard let entry = (try? JSONValue.parse(String(line))).flatMap(Entry.init(json:)) else { continue }
            if entry.file.hasPrefix(".trash/") { origins[entry.file] = nil }
            if entry.action == "deleted", let to = entry.to, to.hasPrefix(".trash/") {
                origins[to] = (entry.file, entry.time)
            }
        }
        return origins
    }

    /// The entries at the end of the log (the last ``tailBytes``), oldest first.
    public func recentEntries() -> [Entry] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        let start = size > UInt64(AuditLog.tailBytes) ? size - UInt64(AuditLog.tailBytes) : 0
        try? handle.seek(toOffset: start)
        let data = (try? handle.readToEnd()) ?? Data()
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        if start > 0, !lines.isEmpty { lines.removeFirst() }  // probably cut in the middle
        return lines.compactMap { (try? JSONValue.parse(String($0))).flatMap(Entry.init(json:)) }
    }
}
