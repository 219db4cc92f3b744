import Foundation
import Yams

/// One item of a task's `time_entries` (§27): a stretch of tracked work from `start` to `end`
/// (nil while the timer runs), with an optional note.
///
/// A task holds its items as YAML flow text (``TodoTask/timeEntries``), as ``TaskReference``
/// holds TaskNotes' dependency objects: an entry in its canonical form `{start: "…Z", end: "…Z"
/// | null, note: "…"}` followed by any keys todo.md does not know, or — for an item that is not
/// an entry — the item exactly as it was read, so that nothing is ever lost. Reading also
/// accepts TaskNotes' keys (`startTime`, `endTime`, `description`).
public struct TimeEntry: Sendable, Hashable {
    /// A key todo.md does not know, kept with its value as YAML flow text.
    public struct OtherKey: Sendable, Hashable {
        public var key: String
        /// The value as YAML flow text (`"x"`, `5`, `[a, b]`).
        public var flow: String
    }

    /// When the work started.
    public var start: Date
    /// When it stopped; nil while the timer runs.
    public var end: Date?
    /// What the time was spent on.
    public var note: String?
    /// Keys todo.md does not know, in file order.
    public var others: [OtherKey]

    /// An entry from `start` to `end` (nil: running), seconds dropped below whole seconds.
    public init(start: Date, end: Date? = nil, note: String? = nil) {
        self.start = TimeEntry.wholeSeconds(start)
        self.end = end.map(TimeEntry.wholeSeconds)
        self.note = note
        others = []
    }

    /// Whether the timer of this entry is still running.
    public var isRunning: Bool { end == nil }

    /// Reads a held item (or any YAML flow mapping of an entry); nil when it is not an entry.
    ///
    /// - Parameter timeZone: for date-times written without `Z` or an offset.
    public init?(_ item: String, timeZone: TimeZone = TimeEntry.utc) {
        // Listings count every task's entries: the common held form is read without YAML.
        guard let entry = TimeEntry.plainEntry(item) ?? TimeEntry.readingYAML(item, timeZone: timeZone) else { return nil }
        self = entry
    }

    /// A held item read as YAML (what ``plainEntry(_:)`` must agree with).
    static func readingYAML(_ item: String, timeZone: TimeZone) -> TimeEntry? {
        guard item.hasPrefix("{"), let node = compose(item), case let .mapping(mapping) = node else { return nil }
        return TimeEntry(mapping: mapping, timeZone: timeZone)
    }

    /// An entry exactly as ``written`` writes one without other keys — `{start: "…Z", end: "…Z"
    /// | null}`, with or without `note: "…"` (text without escapes) — read without YAML; nil for
    /// anything else (the YAML reader decides).
    private static func plainEntry(_ item: String) -> TimeEntry? {
        let u = Array(item.utf8)
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var i = 0
        func take(_ text: String) -> Bool {
            let t = Array(text.utf8)
            guard u.count - i >= t.count, u[i..<(i + t.count)].elementsEqual(t) else { return false }
            i += t.count
            return true
        }
        // `"YYYY-MM-DDTHH:MM:SSZ"`, quotes included.
        func stamp() -> Date? {
            guard u.count - i >= 22, u[i] == quote, u[i + 20] == UInt8(ascii: "Z"), u[i + 21] == quote,
                  let d = DateTimeFormat.parse(String(decoding: u[(i + 1)..<(i + 21)], as: UTF8.self), timeZone: utc)
            else { return nil }
            i += 22
            return d
        }
        guard take("{start: "), let start = stamp(), take(", end: ") else { return nil }
        let end: Date?
        if take("null") {
            end = nil
        } else {
            guard let e = stamp(), e >= start else { return nil }
            end = e
        }
        var note: String?
        if take(", note: \"") {
            guard let close = u[i...].firstIndex(of: quote), !u[i..<close].contains(backslash) else { return nil }
            note = String(decoding: u[i..<close], as: UTF8.self)
            // A blank note is no note to the YAML reader: let it decide.
            guard note?.trimmingCharacters(in: .whitespaces).isEmpty == false else { return nil }
            i = close + 1
        }
        guard take("}"), i == u.count else { return nil }
        return TimeEntry(start: start, end: end, note: note)
    }

    /// Reads a JSON object `{"start", "end", "note"}` (or TaskNotes' keys) as an entry, by the
    /// same rules as a file's; nil when it is not one.
    public init?(json: JSONValue) {
        guard case .object = json else { return nil }
        self.init(TaskFileCodec.flow(json))
    }

    /// Reads a YAML mapping as an entry: `start` (or `startTime`) a date-time; `end` (or
    /// `endTime`) a date-time not before it, or null/absent while running; `note` (or
    /// `description`) text. Other keys are kept; nil when any of these rules is broken.
    init?(mapping: Node.Mapping, timeZone: TimeZone) {
        var start: Date?
        var end: Date?
        var note: String?
        var seen = Set<String>()
        var others: [OtherKey] = []
        for (keyNode, value) in mapping {
            guard case let .scalar(keyScalar) = keyNode else { return nil }
            let key = keyScalar.string
            let role: String? = switch key {
            case "start", "startTime": "start"
            case "end", "endTime": "end"
            case "note", "description": "note"
            default: nil
            }
            guard let role else {
                others.append(OtherKey(key: key, flow: TimeEntry.flow(value)))
                continue
            }
            guard seen.insert(role).inserted, case let .scalar(scalar) = value else { return nil }
            let text = scalar.string.trimmingCharacters(in: .whitespaces)
            let isNull = text.isEmpty || (scalar.style == .plain && TaskFileCodec.isNullText(text))
            switch role {
            case "start":
                guard !isNull, text.count > 10, let instant = DateTimeFormat.parse(text, timeZone: timeZone) else { return nil }
                start = instant
            case "end":
                if isNull { continue }
                guard text.count > 10, let instant = DateTimeFormat.parse(text, timeZone: timeZone) else { return nil }
                end = instant
            default:
                if !isNull { note = scalar.string }
            }
        }
        guard let start else { return nil }
        self.init(start: start, end: end, note: note)
        if let end = self.end, end < self.start { return nil }
        self.others = others
    }

    /// The canonical held form: `{start: "…Z", end: "…Z" | null, note: "…"}` (no `note` when
    /// absent), then the other keys as read.
    public var written: String {
        var parts = ["start: \"\(DateTimeFormat.string(start))\"",
                     "end: " + (end.map { "\"\(DateTimeFormat.string($0))\"" } ?? "null")]
        if let note { parts.append("note: " + TaskFileCodec.quoted(note)) }
        parts += others.map { TaskFileCodec.mappingKey($0.key) + ": " + $0.flow }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// TaskNotes' form (`{startTime, endTime, description}`; no `endTime` while running), for a
    /// vault whose field map writes TaskNotes' keys.
    public var writtenForTaskNotes: String {
        var parts = ["startTime: \"\(DateTimeFormat.string(start))\""]
        if let end { parts.append("endTime: \"\(DateTimeFormat.string(end))\"") }
        if let note { parts.append("description: " + TaskFileCodec.quoted(note)) }
        parts += others.map { TaskFileCodec.mappingKey($0.key) + ": " + $0.flow }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// The entry as a JSON object: `start`, `end` (null while running), `note` (null when
    /// absent), then the other keys.
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("start", .string(DateTimeFormat.string(start))),
            ("end", end.map { .string(DateTimeFormat.string($0)) } ?? .null),
            ("note", note.map(JSONValue.string) ?? .null),
        ]
        for other in others {
            pairs.append((other.key, TimeEntry.compose(other.flow).map(TaskReader.json) ?? .string(other.flow)))
        }
        return .object(pairs)
    }

    // MARK: - Time

    /// Seconds of this entry that fall in `from..<to`, a running entry counting up to `now`.
    public func seconds(from: Date = .distantPast, to: Date = .distantFuture, now: Date) -> TimeInterval {
        let stop = end ?? max(now, start)
        let lower = max(start, from)
        let upper = min(stop, to)
        return max(0, upper.timeIntervalSince(lower))
    }

    // MARK: - Held items

    /// The held form of a YAML node read from a file: an entry's canonical form, or — for
    /// anything else — the node as flow text, so it is written back as it was.
    static func held(_ node: Node, timeZone: TimeZone) -> String {
        if case let .mapping(mapping) = node, let entry = TimeEntry(mapping: mapping, timeZone: timeZone) {
            return entry.written
        }
        return flow(node)
    }

    /// A node as YAML flow text that reads back as the same node: plain scalars that YAML types
    /// (numbers, booleans, null) stay plain, other text is double-quoted.
    static func flow(_ node: Node) -> String {
        switch node {
        case let .scalar(s):
            let t = s.string
            if s.style == .plain || s.style == .any,
               TaskFileCodec.isNullText(t) || ["true", "false"].contains(t) || Int(t) != nil
                || (Double(t) != nil && t.first.map { $0.isNumber || $0 == "-" } == true) {
                return t
            }
            return TaskFileCodec.quoted(t)
        case let .sequence(seq):
            return "[" + seq.map(flow).joined(separator: ", ") + "]"
        case let .mapping(m):
            return "{" + m.map { k, v in
                let key: String = if case let .scalar(ks) = k { TaskFileCodec.mappingKey(ks.string) } else { "? " + flow(k) }
                return key + ": " + flow(v)
            }.joined(separator: ", ") + "}"
        case .alias:
            return "null"
        }
    }

    /// A held item as JSON: an entry as ``json``, anything else as the YAML it holds.
    static func json(ofHeld item: String) -> JSONValue {
        if let entry = TimeEntry(item) { return entry.json }
        guard let node = compose(item) else { return .string(item) }
        return TaskReader.json(node)
    }

    /// The held form of a JSON item (a TASK's `time_entries` item, a synced record's): an
    /// object that is an entry in its canonical form, anything else as its YAML flow text.
    static func held(json: JSONValue) -> String {
        let flow = TaskFileCodec.flow(json)
        return TimeEntry(flow).map(\.written) ?? flow
    }

    public static let utc = TimeZone(identifier: "UTC") ?? .current

    /// YAML text (a held item, a client's or a CSV cell's flow text) as a node, with a task
    /// file's guards: no anchors or aliases (whose copies ``flow(_:)`` would multiply), no
    /// nesting beyond §18, at most a body's size; nil when it is refused or not YAML.
    static func compose(_ text: String) -> Node? {
        let bytes = Array(text.utf8)
        guard bytes.count <= TaskLimits.bodyBytes, YAMLGuard.scan(bytes[...]) == nil,
              let node = try? Yams.compose(yaml: text), TaskFileCodec.checkTree(node) == nil
        else { return nil }
        return node
    }

    private static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: floor(date.timeIntervalSince1970))
    }
}

extension TodoTask {
    /// The items of `time_entries` that are entries; items kept as written because they are not
    /// are skipped.
    public var timeEntryItems: [TimeEntry] { timeEntries.compactMap { TimeEntry($0) } }

    /// The running entry, when the task has one (the last one without an `end`).
    public var runningTimeEntry: TimeEntry? { timeEntryItems.last(where: \.isRunning) }

    /// Whole minutes tracked on the task (§27), a running entry counting up to `now`.
    public func timeSpentMinutes(at now: Date) -> Int {
        Int(timeEntryItems.reduce(0) { $0 + $1.seconds(now: now) } / 60)
    }
}
