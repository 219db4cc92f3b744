import Foundation

/// The TASK object of §19/§21, written by hand for speed and a fixed key order.
public enum TaskJSON {
    /// The TASK keys the vault computes (§23) rather than a file holding them: readers of TASK
    /// (imports, sync, conflict copies) leave them out.
    public static let computedKeys: Set<String> = ["parent_id", "children", "progress", "checklist", "blocked",
                                                   "time_spent_minutes"]

    /// TASK as compact JSON text: `id`, every frontmatter field of ``TaskFieldSpec/table`` in
    /// canonical order (absent `null`, lists `[]`, defaults reported), `body`, unknown keys under
    /// `extra`, `warnings` (the file's, then the structure's), and the keys of §23 from the
    /// task's ``TodoTask/links``.
    public static func encode(_ t: TodoTask) -> String {
        var o = JSONBytes(capacity: headCapacity(t) + 256)
        writeHead(t, values: fieldValues(t), into: &o)
        tail(t, afterWarnings: !t.warnings.isEmpty, into: &o)
        return o.string
    }

    /// Room for a task's head (``writeHead(_:values:into:)``): its long texts and the fields
    /// around them.
    static func headCapacity(_ t: TodoTask) -> Int { 900 + t.body.utf8.count + (t.description?.utf8.count ?? 0) }

    /// What a task's file alone decides of its TASK, as UTF-8: everything up to the file's
    /// warnings, the `warnings` array left open. The index stores it;
    /// ``tail(_:afterWarnings:into:)`` completes it with what the rest of the vault decides.
    ///
    /// - Parameter values: ``fieldValues(_:)`` of `t`.
    static func writeHead(_ t: TodoTask, values: [FieldValue?], into o: inout JSONBytes) {
        o.append("{\"id\":")
        o.quote(t.id)
        for i in values.indices {
            o.append(bytes: keyPrefixes[i])
            append(values[i], kind: fieldKinds[i], into: &o)
        }
        o.append(",\"body\":")
        o.quote(t.body)
        o.append(",\"extra\":")
        o.append(text: JSONValue.object(t.extra.map { ($0.key, $0.value) }).compact())
        o.append(",\"warnings\":[")
        for (i, item) in t.warnings.enumerated() {
            if i > 0 { o.append(byte: 0x2C) }
            o.quote(item)
        }
    }

    /// Closes a head (``writeHead(_:values:into:)``): the structure's warnings, then the §23
    /// keys of the task's `links`, then `time_spent_minutes` (§27), a running timer counted up to
    /// `links.asOf`.
    static func tail(_ task: TodoTask, afterWarnings: Bool, into o: inout JSONBytes) {
        let links = task.links
        for (i, item) in links.warnings.enumerated() {
            if i > 0 || afterWarnings { o.append(byte: 0x2C) }
            o.quote(item)
        }
        o.append("],")
        links.appendJSON(into: &o)
        o.append(",\"time_spent_minutes\":")
        o.append(task.timeSpentMinutes(at: links.asOf ?? .distantPast))
        o.append(byte: 0x7D)
    }

    // MARK: - The row form

    /// How much of a task a listing answers with: every key of TASK (`all`, the default), or
    /// only what a row of a list draws (`row`), the rest fetched when the task is opened.
    public enum Fields: String, Sendable, CaseIterable {
        case all, row

        /// The form a front end was asked for (`fields=row`); nil or empty asks for `all`.
        ///
        /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` for any other word.
        public init(parsing text: String?) throws {
            let word = (text ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard let fields = word.isEmpty ? .all : Fields(rawValue: word) else {
                throw TodoError.invalidValue(field: "fields", value: text ?? "",
                                             reason: Fields.allCases.map(\.rawValue).joined(separator: " or "))
            }
            self = fields
        }
    }

    /// The frontmatter fields of the row form, in canonical order: what a row shows (title,
    /// status, dates, priority, flag, area or project, tags, estimate, repeat, source, the
    /// planner's part of the day, the subtitle) and what a list's own actions read (tags for a
    /// drag between tag groups).
    public static let rowFields: Set<TaskField> = [
        .title, .status, .due, .deferDate, .scheduled, .priority, .flagged, .area, .project, .tags, .recurrence,
        .estimatedMinutes, .description, .completed, .source, .region, .bucket, .planDate,
    ]

    /// The longest `notes` preview of the row form, in characters.
    public static let notesPreviewLength = 280

    /// The positions in ``TaskFieldSpec/table`` of the ``rowFields``.
    private static let rowFieldIndices = TaskFieldSpec.table.indices.filter { rowFields.contains(TaskFieldSpec.table[$0].field) }

    /// Per field of ``TaskFieldSpec/table``: `,"key":` (keys are plain ASCII, nothing to escape).
    private static let keyPrefixes = TaskFieldSpec.table.map { Array((",\"" + $0.key + "\":").utf8) }

    /// Per field of ``TaskFieldSpec/table``: its kind.
    static let fieldKinds = TaskFieldSpec.table.map(\.kind)

    /// The value of every field of `t`, in ``TaskFieldSpec/table``'s order: read once when a
    /// task is stored in several forms (its columns, its TASK JSON and its row form).
    static func fieldValues(_ t: TodoTask) -> [FieldValue?] { TaskFieldSpec.getters.map { $0(t) } }

    /// The row form of TASK, a compact object for long lists: `id`, the ``rowFields`` that are
    /// set (as ``encode(_:)`` writes them, in canonical order), `notes` (the body's first
    /// ``notesPreviewLength`` characters, trimmed), `timer_start` (the start of a running timer,
    /// §27), and the §23 keys a row draws (`parent_id`,
    /// `progress`, `checklist`, `blocked`) from ``TodoTask/links``. A key whose value would be
    /// `null`, `false` or `[]` is left out, and so are `body`, `extra`, `warnings`, `children`
    /// and every other field.
    public static func row(_ t: TodoTask) -> String {
        var o = JSONBytes(capacity: 240)
        writeRowHead(t, values: nil, into: &o)
        rowTail(t.links, into: &o)
        return o.string
    }

    /// What a task's file alone decides of its row form, the object left open; the index
    /// stores it beside ``head(_:)``, and ``rowTail(_:into:)`` completes it.
    ///
    /// - Parameter values: ``fieldValues(_:)`` of `t`, when the caller has them already.
    static func rowHead(_ t: TodoTask, values: [FieldValue?]? = nil) -> String {
        var o = JSONBytes(capacity: 240)
        writeRowHead(t, values: values, into: &o)
        return o.string
    }

    /// ``rowHead(_:values:)`` as UTF-8 bytes, what the index stores.
    static func writeRowHead(_ t: TodoTask, values: [FieldValue?]?, into o: inout JSONBytes) {
        o.append("{\"id\":")
        o.quote(t.id)
        for i in rowFieldIndices {
            switch values.map({ $0[i] }) ?? TaskFieldSpec.table[i].value(of: t) {
            case nil, .null?, .bool(false)?: continue
            case let .list(items)? where items.isEmpty: continue
            case let value:
                o.append(bytes: keyPrefixes[i])
                append(value, kind: fieldKinds[i], into: &o)
            }
        }
        let notes = notesPreview(t.body)
        if !notes.isEmpty {
            o.append(",\"notes\":")
            o.quote(notes)
        }
        // A running timer (§27) shows on its row: when it started (the row counts up from it).
        if let running = t.runningTimeEntry {
            o.append(",\"timer_start\":")
            o.quote(instant: running.start)
        }
    }

    /// The row form's `notes`: `body` trimmed of whitespace and newlines at both ends, as
    /// Foundation trims them, its first ``notesPreviewLength`` characters. A body of ASCII alone
    /// is trimmed on its bytes (U+0009–U+000D and spaces are all of that set in ASCII), any other
    /// on its scalars: the same text without bridging the whole body to an `NSString` (7 % of a
    /// cold build's CPU for ASCII bodies, 3 % of its parsing for the others).
    static func notesPreview(_ body: String) -> Substring {
        let utf8 = body.utf8
        guard TextFolding.isASCII(body) else {
            // Trimmed by its scalars as Foundation trims them, without bridging the body; when a
            // cut would split a character (a combining mark after a space), by Foundation.
            let scalars = body.unicodeScalars
            let spaces = CharacterSet.whitespacesAndNewlines
            guard let first = scalars.firstIndex(where: { !spaces.contains($0) }),
                  let last = scalars.lastIndex(where: { !spaces.contains($0) }) else { return "" }
            let end = scalars.index(after: last)
            guard first.samePosition(in: body) != nil, end.samePosition(in: body) != nil else {
                return body.trimmingCharacters(in: .whitespacesAndNewlines).prefix(notesPreviewLength)
            }
            return body[first..<end].prefix(notesPreviewLength)
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }),
              let last = utf8.lastIndex(where: { !isSpace($0) }) else { return "" }
        return body[first...last].prefix(notesPreviewLength)
    }

    /// Closes a ``rowHead(_:)`` with the §23 keys of `links` that are set.
    static func rowTail(_ links: TaskLinks, into o: inout JSONBytes) {
        if let parentID = links.parentID {
            o.append(",\"parent_id\":")
            o.quote(parentID)
        }
        if let progress = links.progress {
            o.append(",\"progress\":")
            progress.appendJSON(into: &o)
        }
        if let checklist = links.checklist {
            o.append(",\"checklist\":")
            checklist.appendJSON(into: &o)
        }
        if links.blocked { o.append(",\"blocked\":true") }
        o.append(byte: 0x7D)
    }

    /// One field's value as JSON: dates `"YYYY-MM-DD"`, timed dates `"YYYY-MM-DDTHH:MM"`, date-times ISO 8601 UTC with `Z` (§21).
    static func append(_ value: FieldValue?, kind: FieldKind, into o: inout JSONBytes) {
        switch value {
        case nil, .null?:
            if kind.isList { o.append("[]") } else { o.append("null") }
        case let .string(s)?:
            o.quote(s)
        case let .date(d)?:
            o.quote(d)
        case let .timed(d, t)?:
            o.quote(TaskDate(d, time: t))
        case let .dateTime(d)?:
            o.quote(instant: d)
        case let .bool(b)?:
            if b { o.append("true") } else { o.append("false") }
        case let .int(n)?:
            o.append(n)
        case let .list(items)?:
            guard kind.holdsObjects else {
                list(items, into: &o)
                return
            }
            if kind == .timeEntries {
                o.append(text: JSONValue.array(items.map(TimeEntry.json(ofHeld:))).compact())
                return
            }
            // A TaskNotes dependency or reminder object is shown as the object it is.
            o.append(byte: 0x5B)
            for (i, item) in items.enumerated() {
                if i > 0 { o.append(byte: 0x2C) }
                if TaskReference.isObjectForm(item), let pairs = TaskReference.pairs(item) {
                    o.append(text: JSONValue.object(pairs.map { ($0.0, JSONValue.string($0.1)) }).compact())
                } else {
                    o.quote(item)
                }
            }
            o.append(byte: 0x5D)
        }
    }

    /// One field's value as a JSON value, as TASK JSON shows it.
    public static func jsonValue(_ value: FieldValue?, kind: FieldKind) -> JSONValue {
        var o = JSONBytes(capacity: 64)
        append(value, kind: kind, into: &o)
        return (try? JSONValue.parse(o.string)) ?? .null
    }

    // MARK: - Reading

    /// A TASK JSON value read back as a value of `kind`, exactly as ``encode(_:)`` writes it
    /// (choices matched ignoring case); nil when it does not fit. The reverse of ``encode(_:)``
    /// for a `json` import and a synced record.
    public static func value(_ json: JSONValue, kind: FieldKind) -> FieldValue? {
        switch kind {
        case .text, .rule:
            return json.stringValue.map(FieldValue.string)
        case let .choice(values):
            guard let s = json.stringValue?.lowercased(), values.contains(s) else { return nil }
            return .string(s)
        case .date:
            return json.stringValue.flatMap { LocalDate(iso: $0) }.map(FieldValue.date)
        case .timedDate:
            return json.stringValue.flatMap { TaskDate(iso: $0) }.map(FieldValue.init)
        case .dateTime:
            return json.stringValue.flatMap { DateTimeFormat.parse($0, timeZone: utc) }.map(FieldValue.dateTime)
        case .flag:
            return json.boolValue.map(FieldValue.bool)
        case .count, .minutes:
            guard let n = json.numberValue, n >= 0, n == n.rounded(), n < 1e12 else { return nil }
            return .int(Int(n))
        case .list:
            guard let items = json.arrayValue else { return nil }
            let strings = items.compactMap(\.stringValue)
            return strings.count == items.count ? .list(strings) : nil
        case .references:
            guard let items = json.arrayValue else { return nil }
            let references = items.compactMap(reference)
            return references.count == items.count ? .list(references) : nil
        case .reminders:
            guard let items = json.arrayValue else { return nil }
            let reminders = items.compactMap(reminder)
            return reminders.count == items.count ? .list(reminders) : nil
        case .timeEntries:
            // Kept whatever they hold, as a file keeps them (§27).
            return json.arrayValue.map { .list($0.map(TimeEntry.held(json:))) }
        }
    }

    /// A `blocked_by` item from JSON: a string, or a dependency object of scalar values (held
    /// in its flow form, ``TaskReference``).
    static func reference(_ json: JSONValue) -> String? {
        if let s = json.stringValue { return TaskReference.isObjectForm(s) ? nil : s }
        guard case let .object(pairs) = json, pairs.contains(where: { $0.0 == "uid" }) else { return nil }
        return scalars(pairs).map(TaskReference.objectForm)
    }

    /// An object's values as text (strings, numbers, booleans); nil when one is a list or an object.
    static func scalars(_ pairs: [(String, JSONValue)]) -> [(String, String)]? {
        var out: [(String, String)] = []
        for (key, value) in pairs {
            switch value {
            case let .string(s): out.append((key, s))
            case let .number(n): out.append((key, JSONValue.format(n)))
            case let .bool(b): out.append((key, b ? "true" : "false"))
            default: return nil
            }
        }
        return out
    }

    /// A `reminders` item from JSON: a reminder string (held canonically), or a TaskNotes
    /// reminder object of scalar values (held in its flow form, ``TaskReminder``).
    static func reminder(_ json: JSONValue) -> String? {
        if let s = json.stringValue { return TaskReference.isObjectForm(s) ? nil : TaskReminder.canonical(s) }
        guard case let .object(pairs) = json else { return nil }
        guard let scalars = scalars(pairs) else { return nil }
        let form = TaskReference.objectForm(scalars)
        return TaskReminder(form) == nil ? nil : form
    }

    /// What a value of `kind` must look like, for messages ("not a date (YYYY-MM-DD)").
    public static func expectation(_ kind: FieldKind) -> String {
        switch kind {
        case .text, .rule: return "text"
        case let .choice(values): return "one of " + values.joined(separator: ", ")
        case .date: return "a date (YYYY-MM-DD)"
        case .timedDate: return "a date (YYYY-MM-DD) or a local date and time (YYYY-MM-DDTHH:MM)"
        case .dateTime: return "an ISO 8601 date-time"
        case .flag: return "true or false"
        case .count, .minutes: return "a whole number ≥ 0"
        case .list: return "a list of text"
        case .references: return "a list of task references"
        case .reminders: return "a list of reminders (-PT15M, -1h, YYYY-MM-DDTHH:MM)"
        case .timeEntries: return "a list of time entries {start, end, note}"
        }
    }

    private static let utc = TimeZone(identifier: "UTC") ?? .current

    private static func list(_ items: [String], into o: inout JSONBytes) {
        o.append(byte: 0x5B)
        for (i, item) in items.enumerated() {
            if i > 0 { o.append(byte: 0x2C) }
            o.quote(item)
        }
        o.append(byte: 0x5D)
    }
}
