import Foundation

/// An RFC 5545 iCalendar document of dated tasks (§17, §22 "ICS"), for any calendar app.
///
/// One `VEVENT` per active task with a scheduled or due date — on the scheduled date if set, else
/// the due date. A date with a time (§24) is an event at that floating local time, as long as the
/// task's estimate (30 minutes without one), with its alarm at the start; a date alone is an
/// all-day event with its alarm at `notify_time` that day. A task with a `reminders` list (§24)
/// has one alarm per reminder instead, each a `TRIGGER` relative to the component's start (or,
/// for a to-do without one, its due). With
/// ``Component/todo`` each task is a `VTODO` (`DUE`, `DTSTART`) instead. The text has CRLF line
/// endings, lines folded at 75 octets without splitting a UTF-8 sequence, and escaped values.
public enum ICalendar {
    /// The kind of component each task becomes.
    public enum Component: Sendable { case event, todo }

    /// The product identifier written as `PRODID`.
    public static let productID = "-//todo.md//todomd//EN"

    /// The tasks a calendar shows: active, with a scheduled or due date.
    public static func includes(_ task: TodoTask) -> Bool {
        task.status.isActive && (task.scheduled != nil || task.due != nil)
    }

    /// The whole calendar for `tasks` (those not ``includes(_:)`` are skipped), in the order given.
    ///
    /// - Parameters:
    ///   - stamp: `DTSTAMP` of every component (the time of export).
    ///   - notifyTime: when the alarm fires on the task's day.
    ///   - timeZone: the vault's, for reminders given as an instant (TaskNotes' `absoluteTime` with `Z`).
    public static func document(_ tasks: [TodoTask], component: Component = .event, notifyTime: TimeOfDay = .nine,
                                timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, stamp: Date) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(productID)", "CALSCALE:GREGORIAN",
                     "METHOD:PUBLISH", "X-WR-CALNAME:todo.md"]
        let dtstamp = "DTSTAMP:" + dateTime(stamp)
        for task in tasks where includes(task) {
            switch component {
            case .event: lines += event(task, dtstamp: dtstamp, notifyTime: notifyTime, timeZone: timeZone)
            case .todo: lines += todo(task, dtstamp: dtstamp, notifyTime: notifyTime, timeZone: timeZone)
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined()
    }

    // MARK: - Components

    static func event(_ task: TodoTask, dtstamp: String, notifyTime: TimeOfDay, timeZone: TimeZone) -> [String] {
        guard let start = task.scheduledAt ?? task.dueAt else { return [] }
        var lines = ["BEGIN:VEVENT", "UID:" + text(task.filename + "@todomd"), dtstamp]
        if let time = start.time {
            let minutes = start.date.dayNumber * 1440 + time.minutes + (task.estimatedMinutes ?? 30)
            let end = TaskDate(LocalDate(dayNumber: minutes / 1440), time: TimeOfDay(minutesSinceMidnight: minutes % 1440))
            lines += ["DTSTART:" + floating(start), "DTEND:" + floating(end)]
        } else {
            lines += ["DTSTART;VALUE=DATE:" + date(start.date), "DTEND;VALUE=DATE:" + date(start.date.adding(days: 1))]
        }
        lines.append("SUMMARY:" + text(task.title))
        if let d = task.description, !d.isEmpty { lines.append("DESCRIPTION:" + text(d)) }
        if let p = priority(task.priority) { lines.append("PRIORITY:\(p)") }
        lines.append(start.time == nil ? "TRANSP:TRANSPARENT" : "TRANSP:OPAQUE")
        lines += alarms(task, from: start, trigger: "TRIGGER:", notifyTime: notifyTime, timeZone: timeZone)
            ?? alarm(task, trigger: "TRIGGER:" + (start.time == nil ? duration(notifyTime) : "PT0S"))
        lines.append("END:VEVENT")
        return lines
    }

    static func todo(_ task: TodoTask, dtstamp: String, notifyTime: TimeOfDay, timeZone: TimeZone) -> [String] {
        var lines = ["BEGIN:VTODO", "UID:" + text(task.filename + "@todomd"), dtstamp, "SUMMARY:" + text(task.title)]
        if let d = task.description, !d.isEmpty { lines.append("DESCRIPTION:" + text(d)) }
        // RFC 5545 wants DUE after DTSTART: a start after the deadline is left out.
        // RFC 5545 also wants both of one value type (both dates, or both date-times).
        let start = task.scheduledAt.flatMap { s -> TaskDate? in
            guard let due = task.dueAt else { return s }
            return (s.time == nil) == (due.time == nil) && s <= due ? s : nil
        }
        if let start { lines.append(value("DTSTART", start)) }
        if let due = task.dueAt { lines.append(value("DUE", due)) }
        lines.append("STATUS:" + (task.status == .inProgress ? "IN-PROCESS" : "NEEDS-ACTION"))
        if let p = priority(task.priority) { lines.append("PRIORITY:\(p)") }
        // The alarm is on the day the task is shown: the start if there is one, else the due date;
        // at its time when it has one, else at `notify_time`.
        let trigger = start != nil ? "TRIGGER:" : "TRIGGER;RELATED=END:"
        let timed = (start ?? task.dueAt)?.time != nil
        if let related = start ?? task.dueAt,
           let list = alarms(task, from: related, trigger: trigger, notifyTime: notifyTime, timeZone: timeZone) {
            lines += list
        } else {
            lines += alarm(task, trigger: trigger + (timed ? "PT0S" : duration(notifyTime)))
        }
        lines.append("END:VTODO")
        return lines
    }

    /// One alarm per item of the task's `reminders` (§24), each triggered the local time
    /// between `start` (its time, or the start of its day) and the reminder; nil when the
    /// task has no reminder that can fire.
    static func alarms(_ task: TodoTask, from start: TaskDate, trigger: String, notifyTime: TimeOfDay,
                       timeZone: TimeZone) -> [String]? {
        let startMinute = start.date.dayNumber * 1440 + (start.time?.minutes ?? 0)
        var seen: Set<Int> = []
        var lines: [String] = []
        for item in task.reminderItems {
            guard let instant = item.instant(for: task, notifyTime: notifyTime, timeZone: timeZone) else { continue }
            // Wall-clock minutes, so a floating start and its alarms agree across a DST change.
            let local = TaskDate(instant: instant, in: timeZone)
            let offset = local.date.dayNumber * 1440 + (local.time?.minutes ?? 0) - startMinute
            guard seen.insert(offset).inserted else { continue }
            lines += alarm(task, trigger: trigger + offsetDuration(offset))
        }
        return lines.isEmpty ? nil : lines
    }

    /// A signed RFC 5545 duration for whole minutes: `-PT15M`, `PT8H`, `-P1D`, `-P1DT2H30M`, `PT0S`.
    static func offsetDuration(_ minutes: Int) -> String {
        if minutes == 0 { return "PT0S" }
        let n = abs(minutes)
        let days = n / 1440, hours = n % 1440 / 60, mins = n % 60
        var out = (minutes < 0 ? "-" : "") + "P" + (days > 0 ? "\(days)D" : "")
        if hours > 0 || mins > 0 { out += "T" + (hours > 0 ? "\(hours)H" : "") + (mins > 0 ? "\(mins)M" : "") }
        return out
    }

    static func alarm(_ task: TodoTask, trigger: String) -> [String] {
        ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + text(task.title), trigger, "END:VALARM"]
    }

    /// RFC 5545 PRIORITY: 1 high, 5 medium, 9 low; none is left out.
    static func priority(_ p: Priority) -> Int? {
        switch p {
        case .high: return 1
        case .medium: return 5
        case .low: return 9
        case .none: return nil
        }
    }

    // MARK: - Values

    /// `YYYYMMDD`.
    static func date(_ d: LocalDate) -> String { d.description.replacingOccurrences(of: "-", with: "") }

    /// `YYYYMMDDTHHMM00`: a floating local date-time (RFC 5545 form 1), the time the task's
    /// file names wherever the calendar is read.
    static func floating(_ d: TaskDate) -> String {
        date(d.date) + "T" + (d.time.map { $0.description.replacingOccurrences(of: ":", with: "") } ?? "0000") + "00"
    }

    /// `NAME;VALUE=DATE:YYYYMMDD` for a date, `NAME:YYYYMMDDTHHMM00` for a date with a time.
    static func value(_ name: String, _ d: TaskDate) -> String {
        d.time == nil ? name + ";VALUE=DATE:" + date(d.date) : name + ":" + floating(d)
    }

    /// `YYYYMMDDTHHMMSSZ` in UTC.
    static func dateTime(_ instant: Date) -> String {
        let iso = DateTimeFormat.string(instant)  // YYYY-MM-DDTHH:MM:SSZ
        return iso.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
    }

    /// The offset from the start of the day to `time`: `PT9H`, `PT9H30M`, `PT0S`.
    public static func duration(_ time: TimeOfDay) -> String {
        if time.minutes == 0 { return "PT0S" }
        return "PT" + (time.hour > 0 ? "\(time.hour)H" : "") + (time.minute > 0 ? "\(time.minute)M" : "")
    }

    /// A TEXT value escaped (RFC 5545 §3.3.11): `\` `;` `,` and line breaks; other control
    /// characters, which the format cannot carry, are dropped.
    public static func text(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        var previousCR = false
        for scalar in value.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousCR { out += "\\n" }
            case "\t": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// One content line with CRLF, folded so no line exceeds 75 octets (continuations start with a
    /// space) and no UTF-8 sequence is split.
    public static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line + "\r\n" }
        var out = ""
        var current = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if current + size > 75 {
                out += "\r\n "
                current = 1
            }
            out.unicodeScalars.append(scalar)
            current += size
        }
        return out + "\r\n"
    }
}
