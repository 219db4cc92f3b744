import Foundation
import Yams

/// Field values as other tools write them in text formats (CSV cells, TaskPaper and todo.txt
/// tags), turned into §3 values leniently: `p1`/`H`/`A` priorities, `yes`/`x` booleans, ISO dates
/// or §12 phrases, `1h30m` estimates, RRULEs or `every …` phrases.
public enum ImportValues {
    /// Sets `field` from `text` on `task`; returns a problem text when the value cannot be used
    /// (the field is then left as it was). Empty text sets nothing.
    public static func set(_ field: TaskField, _ text: String, on task: inout TodoTask, today: LocalDate,
                           timeZone: TimeZone) -> String? {
        let raw = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if raw.isEmpty { return nil }
        let lower = raw.lowercased()
        let spec = field.spec
        switch spec.kind {
        case let .text(limit):
            if let limit, raw.count > limit { return "the \(spec.key) is longer than \(limit) characters" }
            spec.set(.string(raw), on: &task)
        case let .choice(values):
            guard let value = choice(lower, of: field, in: values) else { return "`\(raw)` is not a \(spec.key.replacingOccurrences(of: "_", with: " "))" }
            spec.set(.string(value), on: &task)
        case .flag:
            guard let b = bool(lower) else { return "`\(raw)` is not true or false" }
            spec.set(.bool(b), on: &task)
        case .date:
            guard let d = date(raw, today: today, timeZone: timeZone) else { return "`\(raw)` is not a date" }
            spec.set(.date(d), on: &task)
        case .timedDate:
            guard let d = taskDate(raw, today: today, timeZone: timeZone) else { return "`\(raw)` is not a date" }
            spec.set(FieldValue(d), on: &task)
        case .dateTime:
            guard let t = DateTimeFormat.parse(raw, timeZone: timeZone) else { return "`\(raw)` is not a date-time" }
            spec.set(.dateTime(t), on: &task)
        case .list:
            let current: [String] = if case let .list(items)? = spec.value(of: task) { items } else { [] }
            spec.set(.list(TaskInput.tags(current + [raw])), on: &task)
        case .references:
            let current: [String] = if case let .list(items)? = spec.value(of: task) { items } else { [] }
            let added = raw.contains("[[") ? [raw] : raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            spec.set(.list(current + added.filter { !$0.isEmpty && !current.contains($0) }), on: &task)
        case .reminders:
            // Several reminders in one cell are comma-separated (`-PT15M,-P1D`).
            let current: [String] = if case let .list(items)? = spec.value(of: task) { items } else { [] }
            var added: [String] = []
            for part in raw.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
                guard let item = TaskReminder.canonical(part) else { return "`\(part)` is not a reminder (-PT15M, -1h, YYYY-MM-DDTHH:MM)" }
                if !current.contains(item), !added.contains(item) { added.append(item) }
            }
            spec.set(.list(current + added), on: &task)
        case .timeEntries:
            // A cell holds the entries' flow mappings joined with `,`, as a CSV export writes them.
            guard let node = TimeEntry.compose("[" + raw + "]"), case let .sequence(items) = node else {
                return "`\(raw)` is not a list of time entries {start, end, note}"
            }
            let current: [String] = if case let .list(held)? = spec.value(of: task) { held } else { [] }
            spec.set(.list(current + items.map { TimeEntry.held($0, timeZone: timeZone) }), on: &task)
        case .minutes:
            guard let m = minutes(lower) else { return "`\(raw)` is not a duration (45, 45m, 1h30m)" }
            spec.set(.int(m), on: &task)
        case .count:
            guard let n = Int(raw), n >= 0 else { return "`\(raw)` is not a whole number ≥ 0" }
            spec.set(.int(n), on: &task)
        case .rule:
            do {
                spec.set(.string(try RecurrenceInput.rule(from: raw)), on: &task)
            } catch {
                return "`\(raw)` is not a repeat rule"
            }
        }
        return nil
    }

    /// A choice as other tools write it: the value itself (`-` and spaces read as `_` where the
    /// values use `_`), or a word of theirs for a status or a priority.
    static func choice(_ lower: String, of field: TaskField, in values: [String]) -> String? {
        if values.contains(lower) { return lower }
        let underscored = lower.replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: " ", with: "_")
        if values.contains(underscored) { return underscored }
        switch field {
        case .status: return status(lower)?.rawValue
        case .priority: return priority(lower)?.rawValue
        default: return nil
        }
    }

    /// Status words of several tools.
    public static func status(_ lower: String) -> TaskStatus? {
        switch lower {
        case "todo", "to do", "to-do", "open", "pending", "waiting", "needs-action", "active", "next", "false", "no", "0":
            return .todo
        case "in-progress", "in progress", "in_progress", "started", "doing", "in-process":
            return .inProgress
        case "done", "completed", "complete", "x", "true", "yes", "1", "finished", "checked":
            return .done
        case "cancelled", "canceled", "dropped", "deleted", "cancel":
            return .cancelled
        case "someday", "on hold", "on-hold", "maybe", "later":
            return .someday
        default:
            return nil
        }
    }

    /// Priority words of several tools: `high`, `H`, `A`, `1`, `p1`, `!!!`…
    public static func priority(_ lower: String) -> Priority? {
        switch lower {
        case "high", "h", "a", "1", "p1", "!!!", "urgent", "highest": return .high
        case "medium", "m", "b", "2", "p2", "!!", "normal", "med": return .medium
        case "low", "l", "c", "3", "p3", "!", "lowest": return .low
        case "none", "", "0", "4", "p4", "no": return Priority.none
        default: return nil
        }
    }

    /// `true`/`yes`/`1`/`x`/`flagged` or their opposites.
    public static func bool(_ lower: String) -> Bool? {
        switch lower {
        case "true", "yes", "y", "1", "x", "on", "flagged", "starred": return true
        case "false", "no", "n", "0", "off", "": return false
        default: return nil
        }
    }

    /// A date: `YYYY-MM-DD`, a date-time (its local date), `YYYYMMDD[THHMMSSZ]`, or a §12 phrase.
    public static func date(_ raw: String, today: LocalDate, timeZone: TimeZone) -> LocalDate? {
        if let d = LocalDate(iso: raw) { return d }
        if raw.count > 10, let t = DateTimeFormat.parse(raw, timeZone: timeZone) { return LocalDate(t, in: timeZone) }
        if let t = compactDateTime(raw) { return LocalDate(t, in: timeZone) }
        return DateInput.parse(raw, today: today)
    }

    /// A date with an optional time (§24): a local date-time (`2026-11-24T15:00`, or an instant
    /// converted to local time) keeps its time unless it is local midnight, which other tools
    /// write for a whole day (Taskwarrior's `due`); otherwise as ``date(_:today:timeZone:)``, or a
    /// date phrase with a time (``DateInput/parseTimed(_:now:)``).
    public static func taskDate(_ raw: String, today: LocalDate, timeZone: TimeZone) -> TaskDate? {
        let instant: TaskDate? = if raw.count > 10 { TaskDate(reading: raw, timeZone: timeZone) } else { nil }
        let value = instant ?? compactDateTime(raw).map { TaskDate(instant: $0, in: timeZone) }
        if let value {
            return value.time?.minutes == 0 ? TaskDate(value.date) : value
        }
        // A date phrase, or one with a time as people and other tools write it (`tomorrow at
        // 5pm`, `Nov 29 8:00 PM`: Todoist's DATE); a time alone is today's.
        return date(raw, today: today, timeZone: timeZone).map { TaskDate($0) } ?? DateInput.parseTimed(raw, now: TaskDate(today))
    }

    /// `YYYYMMDDTHHMMSSZ` (Taskwarrior, iCalendar) or `YYYYMMDD` as an instant (UTC).
    public static func compactDateTime(_ raw: String) -> Date? {
        let u = Array(raw.utf8)
        guard u.count == 8 || (u.count == 16 && u[8] == UInt8(ascii: "T") && u[15] == UInt8(ascii: "Z")) else {
            return nil
        }
        func digits(_ range: Range<Int>) -> Int? {
            guard u[range].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int(String(decoding: u[range], as: UTF8.self))
        }
        guard let y = digits(0..<4), let mo = digits(4..<6), let d = digits(6..<8),
              let date = LocalDate(year: y, month: mo, day: d) else { return nil }
        var seconds = date.dayNumber * 86_400
        if u.count == 16 {
            guard let h = digits(9..<11), let mi = digits(11..<13), let s = digits(13..<15), h < 24, mi < 60, s < 61
            else { return nil }
            seconds += h * 3600 + mi * 60 + min(s, 59)
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Minutes from `45`, `45m`, `1h`, `1h30m`, `1.5h`, `PT1H30M`, `2 hours`.
    public static func minutes(_ lower: String) -> Int? {
        var text = lower.replacingOccurrences(of: " ", with: "")
        if text.hasPrefix("pt") { text = String(text.dropFirst(2)) }
        if let n = Int(text), n >= 0 { return n }
        var total = 0.0
        var number = ""
        var sawUnit = false
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c.isNumber || c == "." {
                number.append(c)
                i = text.index(after: i)
                continue
            }
            var unit = ""
            while i < text.endIndex, text[i].isLetter { unit.append(text[i]); i = text.index(after: i) }
            guard let value = Double(number), value >= 0 else { return nil }
            switch unit {
            case "h", "hr", "hrs", "hour", "hours": total += value * 60
            case "m", "min", "mins", "minute", "minutes": total += value
            case "d", "day", "days": total += value * 60 * 24
            case "s", "sec", "secs", "second", "seconds": total += value / 60
            default: return nil
            }
            sawUnit = true
            number = ""
        }
        guard sawUnit, number.isEmpty, total < 1e9 else { return nil }
        return Int(total.rounded())
    }

    /// A duration for export: `45m`, `1h`, `1h30m`.
    public static func duration(_ minutes: Int) -> String {
        if minutes < 60 { return "\(minutes)m" }
        let h = minutes / 60, m = minutes % 60
        return m == 0 ? "\(h)h" : "\(h)h\(m)m"
    }
}
