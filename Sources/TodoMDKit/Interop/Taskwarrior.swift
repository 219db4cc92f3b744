import Foundation

/// Taskwarrior's JSON (§22): a `task import` array on export, a `task export` array (or one
/// object per line) on import.
///
/// todo → pending; in-progress → pending + `start`; someday → pending + tag `someday`;
/// done → completed with `end`; cancelled → deleted; defer ↔ `wait`; high/medium/low ↔ H/M/L;
/// area + project ↔ `project: "Area.Project"`; tags ↔ tags; description and body ↔
/// annotations; simple repeat rules ↔ `recur`; dates as UTC midnight of the local date.
public enum Taskwarrior {
    // MARK: - Export

    /// The `task import` array for `tasks`.
    public static func export(_ tasks: [TodoTask], timeZone: TimeZone) -> String {
        var out = "["
        for (i, task) in tasks.enumerated() {
            out += (i == 0 ? "\n" : ",\n") + object(task, timeZone: timeZone).compact()
        }
        return out + (tasks.isEmpty ? "]\n" : "\n]\n")
    }

    /// One task as a Taskwarrior object.
    static func object(_ t: TodoTask, timeZone: TimeZone) -> JSONValue {
        var o: [(String, JSONValue)] = [("uuid", .string(uuid(for: t.id))), ("description", .string(t.title))]
        let status: String
        switch t.status {
        case .todo, .inProgress, .someday: status = "pending"
        case .done: status = "completed"
        case .cancelled: status = "deleted"
        }
        o.append(("status", .string(status)))
        o.append(("entry", .string(stamp(t.created))))
        if let m = t.modified { o.append(("modified", .string(stamp(m)))) }
        if t.status.isClosed { o.append(("end", .string(stamp(t.completed ?? t.modified ?? t.created)))) }
        if let d = t.dueAt { o.append(("due", .string(stamp(d, timeZone: timeZone)))) }
        if let d = t.deferAt { o.append(("wait", .string(stamp(d, timeZone: timeZone)))) }
        if let d = t.scheduledAt { o.append(("scheduled", .string(stamp(d, timeZone: timeZone)))) }
        if t.status == .inProgress { o.append(("start", .string(stamp(t.modified ?? t.created)))) }
        switch t.priority {
        case .high: o.append(("priority", .string("H")))
        case .medium: o.append(("priority", .string("M")))
        case .low: o.append(("priority", .string("L")))
        case .none: break
        }
        if let project = projectName(area: t.area, project: t.project) { o.append(("project", .string(project))) }
        var tags = t.tags.map(tag)
        if t.status == .someday, !tags.contains("someday") { tags.append("someday") }
        if !tags.isEmpty { o.append(("tags", .array(tags.map(JSONValue.string)))) }
        var notes: [String] = []
        if let d = t.description, !d.isEmpty { notes.append(d) }
        if !t.body.isEmpty { notes.append(t.body) }
        if !notes.isEmpty {
            let entry = stamp(t.modified ?? t.created)
            o.append(("annotations", .array(notes.map { .object([("entry", .string(entry)), ("description", .string($0))]) })))
        }
        if t.due != nil, let rule = t.recurrence, let recur = recur(fromRule: rule) { o.append(("recur", .string(recur))) }
        return .object(o)
    }

    /// A stable UUID (version 5 layout) from the task id, so exports of the same task match.
    static func uuid(for id: String) -> String {
        var hex = Array(SHA256.hex(Array(("todomd:" + id).utf8)).prefix(32))
        hex[12] = "5"
        let variant = "89ab"
        let v = Int(String(hex[16]), radix: 16) ?? 0
        hex[16] = Array(variant)[v % 4]
        let s = String(hex)
        func part(_ a: Int, _ b: Int) -> String {
            String(s[s.index(s.startIndex, offsetBy: a)..<s.index(s.startIndex, offsetBy: b)])
        }
        return [part(0, 8), part(8, 12), part(12, 16), part(16, 20), part(20, 32)].joined(separator: "-")
    }

    /// `YYYYMMDDTHHMMSSZ`.
    static func stamp(_ instant: Date) -> String {
        DateTimeFormat.string(instant).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
    }

    /// A date as UTC midnight (§22).
    static func stamp(_ date: LocalDate) -> String { date.description.replacingOccurrences(of: "-", with: "") + "T000000Z" }

    /// A date as UTC midnight; a date with a time (§24) as the instant it names.
    static func stamp(_ date: TaskDate, timeZone: TimeZone) -> String {
        date.time == nil ? stamp(date.date) : stamp(date.instant(in: timeZone))
    }

    /// `Area.Project`, the project alone, or the area alone.
    static func projectName(area: String?, project: String?) -> String? {
        switch (area, project) {
        case let (a?, p?): return a + "." + p
        case let (nil, p?): return p
        case let (a?, nil): return a
        default: return nil
        }
    }

    /// Taskwarrior tags hold no spaces: they become `_`.
    static func tag(_ t: String) -> String { t.replacingOccurrences(of: " ", with: "_") }

    /// `recur` for a rule with only FREQ and INTERVAL (or weekdays); nil for anything richer.
    static func recur(fromRule text: String) -> String? {
        var parts: [String: String] = [:]
        for item in text.split(separator: ";") {
            let kv = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2 else { return nil }
            parts[kv[0].uppercased()] = kv[1].uppercased()
        }
        let interval = Int(parts.removeValue(forKey: "INTERVAL") ?? "1") ?? 1
        parts.removeValue(forKey: "WKST")
        guard let freq = parts.removeValue(forKey: "FREQ"), interval >= 1 else { return nil }
        if freq == "WEEKLY", interval == 1, parts == ["BYDAY": "MO,TU,WE,TH,FR"] { return "weekdays" }
        guard parts.isEmpty else { return nil }
        let unit: (one: String, many: String)
        switch freq {
        case "DAILY": unit = ("daily", "days")
        case "WEEKLY": unit = ("weekly", "weeks")
        case "MONTHLY": unit = ("monthly", "months")
        case "YEARLY": unit = ("yearly", "years")
        default: return nil
        }
        return interval == 1 ? unit.one : "\(interval)\(unit.many)"
    }

    /// An RRULE for a Taskwarrior `recur` value, or nil when it has no equivalent.
    public static func rule(fromRecur text: String) -> String? {
        let r = text.lowercased().trimmingCharacters(in: .whitespaces)
        switch r {
        case "daily", "day": return "FREQ=DAILY"
        case "weekdays": return "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
        case "weekly", "week", "sennight": return "FREQ=WEEKLY"
        case "biweekly", "fortnight", "fortnightly": return "FREQ=WEEKLY;INTERVAL=2"
        case "monthly", "month": return "FREQ=MONTHLY"
        case "bimonthly": return "FREQ=MONTHLY;INTERVAL=2"
        case "quarterly", "quarter": return "FREQ=MONTHLY;INTERVAL=3"
        case "semiannual": return "FREQ=MONTHLY;INTERVAL=6"
        case "yearly", "annual", "year", "biannual", "biyearly":
            return r == "biannual" || r == "biyearly" ? "FREQ=YEARLY;INTERVAL=2" : "FREQ=YEARLY"
        default: break
        }
        let digits = r.prefix { $0.isNumber }
        let n = digits.isEmpty ? 1 : Int(digits) ?? 0
        let unit = r.dropFirst(digits.count)
        guard n >= 1 else { return nil }
        let freq: String
        switch unit {
        case "d", "day", "days", "ds": freq = "DAILY"
        case "w", "wk", "wks", "week", "weeks", "ws": freq = "WEEKLY"
        case "mo", "mos", "mth", "mths", "month", "months", "m": freq = "MONTHLY"
        case "y", "yr", "yrs", "year", "years": freq = "YEARLY"
        case "q", "qtr", "qtrs", "quarter", "quarters": return "FREQ=MONTHLY;INTERVAL=\(n * 3)"
        default: return nil
        }
        return n == 1 ? "FREQ=\(freq)" : "FREQ=\(freq);INTERVAL=\(n)"
    }

    // MARK: - Import

    /// Attributes Taskwarrior computes or uses internally: not kept.
    static let internalKeys: Set<String> = ["id", "uuid", "urgency", "mask", "imask", "parent", "until", "depends"]

    /// Reads `task export` output.
    ///
    /// - Throws: when the text is neither a JSON array nor JSON objects one per line.
    public static func parse(_ text: String, timeZone: TimeZone) throws -> ImportBatch {
        var items: [(String, JSONValue)] = []
        if let array = (try? JSONValue.parse(text))?.arrayValue {
            items = array.enumerated().map { ("record \($0.offset + 1)", $0.element) }
        } else {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed == "[" || trimmed == "]" { continue }
                let object = trimmed.hasSuffix(",") ? String(trimmed.dropLast()) : trimmed
                do {
                    items.append(("line \(n + 1)", try JSONValue.parse(object)))
                } catch {
                    throw ImportError.notTaskwarriorJSON(line: n + 1, reason: error.localizedDescription)
                }
            }
        }
        var batch = ImportBatch()
        // A recurring template's `entry` is when the series began: its instances (made when
        // Taskwarrior generated them) take it as their creation time.
        var templateEntries: [String: String] = [:]
        for (_, item) in items where item["status"]?.stringValue == "recurring" {
            if let uuid = item["uuid"]?.stringValue, let entry = item["entry"]?.stringValue { templateEntries[uuid] = entry }
        }
        for (location, item) in items {
            guard let pairs = item.objectValue else {
                batch.skipped.append(ImportProblem(location, "not a JSON object; skipped"))
                continue
            }
            guard let title = item["description"]?.stringValue,
                  !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                batch.skipped.append(ImportProblem(location, "no description; skipped"))
                continue
            }
            if item["status"]?.stringValue == "recurring" {
                batch.skipped.append(ImportProblem(location, "a recurring template (`\(title)`); its pending instance is imported instead"))
                continue
            }
            var task = TodoTask(title: title, created: Date(timeIntervalSince1970: 0), source: ImportFormat.taskwarrior.source)
            var problems: [String] = []
            var hasCreated = false
            var notes: [String] = []
            for (key, value) in pairs {
                func text() -> String? { value.stringValue }
                func instant() -> Date? { text().flatMap { ImportValues.compactDateTime($0) ?? DateTimeFormat.parse($0, timeZone: timeZone) } }
                func date() -> TaskDate? { instant().map { taskDate($0, timeZone: timeZone) } }
                switch key {
                case "description", "status", "start", "end": continue
                case "entry":
                    let series = item["parent"]?.stringValue.flatMap { templateEntries[$0] }
                    let stamp = series.flatMap { ImportValues.compactDateTime($0) } ?? instant()
                    if let t = stamp { task.created = t; hasCreated = true } else { problems.append("entry: not a date; left out") }
                case "modified": continue
                case "due", "wait", "scheduled":
                    guard let d = date() else { problems.append("\(key): not a date; left out"); continue }
                    task.set(key == "due" ? .due : key == "wait" ? .deferDate : .scheduled, FieldValue(d))
                case "priority":
                    switch text()?.uppercased() {
                    case "H": task.priority = .high
                    case "M": task.priority = .medium
                    case "L": task.priority = .low
                    default: problems.append("priority: `\(value.stringValue ?? value.compact())` is not H, M or L; left out")
                    }
                case "project":
                    guard let p = text(), !p.isEmpty else { continue }
                    if let dot = p.firstIndex(of: "."), dot != p.startIndex, p.index(after: dot) != p.endIndex {
                        task.area = String(p[..<dot])
                        task.project = String(p[p.index(after: dot)...])
                    } else {
                        task.project = p
                    }
                case "tags":
                    task.tags = (value.arrayValue ?? []).compactMap(\.stringValue)
                case "annotations":
                    for a in value.arrayValue ?? [] { if let d = a["description"]?.stringValue { notes.append(d) } }
                case "recur":
                    guard let r = text() else { continue }
                    if let rule = rule(fromRecur: r) { task.recurrence = rule } else {
                        problems.append("recur: `\(r)` has no todo.md equivalent; left out")
                    }
                default:
                    if !internalKeys.contains(key) { task.extra.append(ExtraField(key, value)) }
                }
            }
            let status = item["status"]?.stringValue ?? "pending"
            switch status {
            case "completed": task.status = .done
            case "deleted": task.status = .cancelled
            case "pending", "waiting":
                if task.tags.contains("someday") {
                    task.status = .someday
                    task.tags.removeAll { $0 == "someday" }
                } else if item["start"] != nil {
                    task.status = .inProgress
                }
            default:
                problems.append("status: `\(status)` is not a Taskwarrior status; imported as todo")
            }
            if task.status.isClosed {
                task.completed = item["end"]?.stringValue.flatMap { ImportValues.compactDateTime($0) } ?? task.created
            }
            if !notes.isEmpty { task.body = notes.joined(separator: "\n") }
            var record = ImportRecord(location: location, task: task)
            record.problems = problems
            record.hasCreated = hasCreated
            batch.records.append(record)
        }
        return batch
    }

    /// The date an instant stands for: UTC midnight is a date as exported (§22); any other
    /// time is read in the local time zone.
    /// A date for UTC or local midnight (a whole day, as exports write it); else the local date
    /// and time (§24).
    static func taskDate(_ instant: Date, timeZone: TimeZone) -> TaskDate {
        let local = TaskDate(instant: instant, in: timeZone)
        if Int(instant.timeIntervalSince1970) % 86_400 == 0 || local.time?.minutes == 0 {
            return TaskDate(localDate(instant, timeZone: timeZone))
        }
        return local
    }

    static func localDate(_ instant: Date, timeZone: TimeZone) -> LocalDate {
        let seconds = Int(instant.timeIntervalSince1970)
        if seconds % 86_400 == 0 { return LocalDate(dayNumber: seconds / 86_400) }
        return LocalDate(instant, in: timeZone)
    }
}
