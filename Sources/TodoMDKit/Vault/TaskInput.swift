import Foundation

/// Task fields as clients send them — the web API's JSON, MCP tool arguments, URL parameters —
/// turned into checked ``TaskChanges``. Keys are the §3 names; `null` clears a field.
///
/// Every front end goes through here, so a value means the same thing wherever it is typed:
/// dates take `YYYY-MM-DD` or a §12 phrase, `recurrence` an RRULE or an `every …` phrase, `tags`
/// an array or a comma-separated string.
public enum TaskInput {
    /// The field changes (and new body, when `body` is given) a JSON object asks for.
    ///
    /// Clients set ``FieldRole/user`` and ``FieldRole/noteLink`` fields. ``FieldRole/system``
    /// ones belong to todo.md (`done` and `reopen` keep `completed` right, every write stamps
    /// `modified`); the planner's change through the planner, which checks the 1–3–5 limits.
    /// A required field cannot be cleared.
    ///
    /// - Parameter ignoring: keys the caller handles itself (such as `text` for quick entry).
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming the first bad key or value.
    public static func changes(from fields: [(String, JSONValue)], now: TaskDate,
                               ignoring: Set<String> = []) throws -> (changes: TaskChanges, body: String?) {
        var changes = TaskChanges()
        var body: String?
        for (key, json) in fields where !ignoring.contains(key) {
            if key == "body" {
                guard let text = json.stringValue ?? (json.isNull ? "" : nil) else {
                    throw TodoError.invalidValue(field: "body", value: describe(json), reason: "text")
                }
                body = text
                continue
            }
            guard let field = TaskField(key: key) else {
                throw TodoError.invalidValue(field: key, value: describe(json),
                                             reason: "not a task field (see the §3 keys: title, due, tags, …)")
            }
            let spec = field.spec
            switch spec.role {
            case .system:
                throw TodoError.invalidValue(field: field.key, value: describe(json), reason: "set by todo.md, not by clients")
            case .planner:
                throw TodoError.invalidValue(field: field.key, value: describe(json),
                                             reason: "the day plan changes through the planner, which checks its limits")
            case .user, .noteLink:
                break
            }
            if json.isNull, spec.repair != nil {
                throw TodoError.invalidValue(field: field.key, value: "null", reason: "a task always has a \(field.key)")
            }
            if let value = try value(json, for: field, now: now) {
                changes.set(field, value)
            } else {
                changes.clear(field)
            }
        }
        return (changes, body)
    }

    /// The checked value of one field; nil clears it.
    public static func value(_ json: JSONValue, for field: TaskField, now: TaskDate) throws -> FieldValue? {
        let today = now.date
        if json.isNull { return nil }
        let key = field.key
        func text() throws -> String {
            switch json {
            case let .string(s): return s
            case let .number(n) where n == n.rounded(): return String(Int(n))
            case let .bool(b): return b ? "true" : "false"
            default: throw TodoError.invalidValue(field: key, value: describe(json), reason: "text")
            }
        }
        func integer() throws -> Int {
            if case let .number(n) = json, n == n.rounded(), n >= 0, n < 1e9 { return Int(n) }
            if case let .string(s) = json, let n = Int(s.trimmingCharacters(in: .whitespaces)), n >= 0 { return n }
            throw TodoError.invalidValue(field: key, value: describe(json), reason: "a whole number ≥ 0")
        }
        let spec = field.spec
        switch spec.kind {
        case .text:
            let value = try text().trimmingCharacters(in: .whitespacesAndNewlines)
            if value.isEmpty, spec.repair == .titleFromFilename {
                throw TodoError.invalidValue(field: key, value: "", reason: "a task needs a title")
            }
            return value.isEmpty ? nil : .string(value)
        case let .choice(values):
            let raw = try text().lowercased()
            guard values.contains(raw) else {
                throw TodoError.invalidValue(field: key, value: raw, reason: "one of " + values.joined(separator: ", "))
            }
            return .string(raw)
        case .date:
            let phrase = try text()
            if phrase.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
            return .date(try DateInput.require(phrase, field: key, today: today))
        case .timedDate:
            let phrase = try text()
            if phrase.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
            return FieldValue(try DateInput.requireTimed(phrase, field: key, now: now))
        case .flag:
            if case let .bool(b) = json { return .bool(b) }
            switch try text().lowercased() {
            case "true", "yes", "1", "on": return .bool(true)
            case "false", "no", "0", "off": return .bool(false)
            default: throw TodoError.invalidValue(field: key, value: describe(json), reason: "true or false")
            }
        case .list:
            switch json {
            case let .array(items):
                let strings = try items.map { item -> String in
                    guard let s = item.stringValue else {
                        throw TodoError.invalidValue(field: key, value: describe(item), reason: "tags are text")
                    }
                    return s
                }
                return .list(tags(strings))
            case let .string(s): return .list(tags([s]))
            default: throw TodoError.invalidValue(field: key, value: describe(json), reason: "a list of tags")
            }
        case .references:
            // Strings are references (several comma-separated, outside a [[wikilink]]); objects
            // are TaskNotes dependencies. The vault resolves them when it writes (§23).
            let items: [JSONValue] = if case let .array(list) = json { list } else { [json] }
            var out: [String] = []
            for item in items {
                if let s = item.stringValue {
                    let parts = s.contains("[[") ? [s] : s.split(separator: ",").map(String.init)
                    out += parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                } else if let object = TaskJSON.reference(item) {
                    out.append(object)
                } else {
                    throw TodoError.invalidValue(field: key, value: describe(item),
                                                 reason: "a task reference, or {\"uid\": …, \"reltype\": …}")
                }
            }
            return .list(out)
        case .reminders:
            // Strings are reminders (several comma-separated); objects are TaskNotes' reminders,
            // also as their flow text (`{id: …, type: relative, offset: -PT15M}`).
            let items: [JSONValue] = if case let .array(list) = json { list } else { [json] }
            var out: [String] = []
            for item in items {
                if let s = item.stringValue, TaskReference.isObjectForm(s) {
                    guard let pairs = TaskReference.pairs(s), TaskReminder(TaskReference.objectForm(pairs)) != nil else {
                        throw TodoError.invalidValue(field: key, value: s, reason: "a TaskNotes reminder object")
                    }
                    let form = TaskReference.objectForm(pairs)
                    if !out.contains(form) { out.append(form) }
                    continue
                }
                let parts: [JSONValue] = if let s = item.stringValue {
                    s.split(separator: ",").map { .string($0.trimmingCharacters(in: .whitespaces)) }
                        .filter { $0.stringValue?.isEmpty == false }
                } else { [item] }
                for part in parts {
                    guard let reminder = TaskJSON.reminder(part) else {
                        throw TodoError.invalidValue(field: key, value: describe(part),
                                                     reason: "a reminder: an offset before due (-PT15M, -15m, -1h, -1d) or a local date-time (YYYY-MM-DD HH:MM)")
                    }
                    if !out.contains(reminder) { out.append(reminder) }
                }
            }
            return .list(out)
        case .timeEntries:
            // Objects `{start, end, note}` (or their flow text); each must be an entry (§27).
            let items: [JSONValue] = if case let .array(list) = json { list } else { [json] }
            return .list(try items.map { item in
                let flow = item.stringValue ?? TaskFileCodec.flow(item)
                guard let entry = TimeEntry(flow) else {
                    throw TodoError.invalidValue(field: key, value: describe(item),
                                                 reason: "a time entry {\"start\": ISO 8601, \"end\": ISO 8601 or null, \"note\": text}, end not before start")
                }
                return entry.written
            })
        case .rule:
            let rule = try text()
            if rule.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
            return .string(try RecurrenceInput.rule(from: rule))
        case .count:
            return .int(try integer())
        case .minutes:
            if case .number = json { return .int(try integer()) }
            guard let minutes = ImportValues.minutes(try text().lowercased()) else {
                throw TodoError.invalidValue(field: key, value: describe(json), reason: "minutes (45) or a duration (1h30m)")
            }
            return .int(minutes)
        case .dateTime:
            guard let date = DateTimeFormat.parse(try text(), timeZone: TimeZone(identifier: "UTC") ?? .current) else {
                throw TodoError.invalidValue(field: key, value: describe(json), reason: "an ISO 8601 date and time")
            }
            return .dateTime(date)
        }
    }

    /// Tags as users type them, each value possibly comma-separated; `#` prefixes dropped,
    /// duplicates removed, order kept.
    public static func tags(_ values: [String]) -> [String] {
        var out: [String] = []
        for v in values {
            for part in v.split(separator: ",") {
                var t = part.trimmingCharacters(in: .whitespaces)
                if t.hasPrefix("#") { t.removeFirst() }
                if !t.isEmpty, !out.contains(t) { out.append(t) }
            }
        }
        return out
    }

    /// A short rendering of a JSON value for error messages.
    static func describe(_ json: JSONValue) -> String {
        let text = json.stringValue ?? json.compact()
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}

extension Vault {
    /// Reads a quick-entry line (§12) against this vault's projects and areas.
    public func parseQuickEntry(_ line: String) throws -> QuickEntryResult {
        QuickEntry.parse(line, today: clock.today, now: clock.localNow.time, knownProjects: try projects().map(\.name),
                         knownAreas: try areas().map(\.name),
                         firstOccurrence: { RecurrenceInput.firstOccurrence($0, onOrAfter: $1) })
    }

    /// A new task from a quick-entry line and/or fields; fields win over what the line said.
    /// A repeating task without any date gets its first occurrence as `due` (§21).
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` for a bad field or no title.
    public func draft(text: String?, fields: [(String, JSONValue)], source: String) throws -> TodoTask {
        let today = clock.today
        var draft: TodoTask
        if let line = text?.trimmingCharacters(in: .whitespacesAndNewlines), !line.isEmpty {
            let parsed = try parseQuickEntry(line)
            draft = parsed.task(created: clock.now, source: source)
        } else {
            draft = TodoTask(title: "", created: clock.now, source: source)
        }
        let (changes, body) = try TaskInput.changes(from: fields, now: clock.localNow, ignoring: ["text"])
        draft.apply(changes)
        if let body { draft.body = body }
        if draft.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw TodoError.invalidValue(field: "title", value: text ?? "",
                                         reason: "no title is left once its dates and tokens are read; add some words")
        }
        draft.dateFirstOccurrence(onOrAfter: today)
        return draft
    }

    /// Sets `due` of every overdue active task (due before today) to `date`; returns them.
    ///
    /// Each file is written on its own with the usual conflict check; a conflict stops the run
    /// with the tasks already moved kept.
    public func rescheduleOverdue(to date: LocalDate) throws -> [TodoTask] {
        var changes = TaskChanges()
        changes.set(.due, .date(date))
        return try overdue().tasks.map { try update($0.id, changes) }
    }
}
