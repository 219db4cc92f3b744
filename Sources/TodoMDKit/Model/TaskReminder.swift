import Foundation

/// One item of a task's `reminders` list (§24): an offset before the task's `due` (`-PT15M`,
/// `-P1D`), or an absolute local date-time (`2026-11-24T14:45`) — or TaskNotes' object form
/// `{id, type: "relative", relatedTo: "due"|"scheduled", offset}` / `{id, type: "absolute",
/// absoluteTime}`, which is read as the same reminder and kept as written.
///
/// A task holds its items as text (``TodoTask/reminders``): the canonical string forms, or an
/// object in its YAML flow form (as ``TaskReference`` holds TaskNotes' dependency objects).
public struct TaskReminder: Sendable, Hashable {
    /// The date a relative reminder counts from.
    public enum Anchor: String, Sendable, CaseIterable {
        case due, scheduled
    }

    /// When the reminder fires.
    public enum When: Sendable, Hashable {
        /// `minutes` from the anchor's time (negative: before it).
        case relative(minutes: Int, anchor: Anchor)
        /// At a local date and time.
        case absolute(LocalDate, TimeOfDay)
        /// At an instant (an object's `absoluteTime` written with `Z` or an offset).
        case instant(Date)
    }

    /// The item as the task holds it.
    public let written: String
    /// When it fires.
    public let when: When

    /// Reads one held item (a canonical string or an object's flow form); nil when it is neither.
    public init?(_ item: String) {
        if TaskReference.isObjectForm(item) {
            guard let pairs = TaskReference.pairs(item), let when = TaskReminder.when(objectPairs: pairs) else { return nil }
            self.written = item
            self.when = when
        } else {
            guard let canonical = TaskReminder.canonical(item), let when = TaskReminder.when(canonical: canonical) else {
                return nil
            }
            self.written = canonical
            self.when = when
        }
    }

    /// The held form of a string a user or a file wrote: `-15m` → `-PT15M`, `-1d` → `-P1D`,
    /// `2026-11-24 15:00` → `2026-11-24T15:00`; nil when it is not a reminder.
    ///
    /// An offset is an ISO 8601 duration (`[-+]P[nW][nD][T[nH][nM][nS]]`, seconds dropped) or
    /// the short form `-15m`, `-1h`, `-1d`, `-1w` (parts may combine: `-1h30m`); a date-time is
    /// read as a local time (seconds dropped; a `Z` or an offset is not accepted: the vault's
    /// time zone is meant).
    public static func canonical(_ text: String) -> String? {
        let s = text.trimmingCharacters(in: .whitespaces)
        if let minutes = offsetMinutes(s) { return iso(minutes: minutes) }
        guard let date = absolute(s) else { return nil }
        return "\(date.0)T\(date.1)"
    }

    /// `-PT15M`, `-PT1H30M`, `-P1D`, `-P1DT2H`, `PT0M` for a number of minutes.
    public static func iso(minutes: Int) -> String {
        let sign = minutes < 0 ? "-" : ""
        var rest = abs(minutes)
        let days = rest / 1440
        rest %= 1440
        var out = sign + "P"
        if days > 0 { out += "\(days)D" }
        if rest > 0 || days == 0 {
            out += "T"
            if rest / 60 > 0 { out += "\(rest / 60)H" }
            if rest % 60 > 0 || rest == 0 { out += "\(rest % 60)M" }
        }
        return out
    }

    // MARK: - When it fires

    /// The instant this reminder fires for `task` in `timeZone`: an offset counts from its
    /// anchor's time, or from `notifyTime` on a date-only anchor; nil when the anchor is absent.
    public func instant(for task: TodoTask, notifyTime: TimeOfDay, timeZone: TimeZone) -> Date? {
        switch when {
        case let .absolute(date, time):
            return time.on(date, in: timeZone)
        case let .instant(instant):
            return instant
        case let .relative(minutes, anchor):
            guard let value = anchor == .due ? task.dueAt : task.scheduledAt else { return nil }
            return (value.time ?? notifyTime).on(value.date, in: timeZone).addingTimeInterval(TimeInterval(minutes * 60))
        }
    }

    /// A short description for a person: `15 min before due`, `1 day before scheduled`, `at 2026-11-24 14:45`.
    public var summary: String {
        switch when {
        case let .absolute(date, time):
            return "at \(date) \(time)"
        case let .instant(instant):
            return "at \(DateTimeFormat.string(instant))"
        case let .relative(minutes, anchor):
            if minutes == 0 { return "at \(anchor.rawValue)" }
            let n = abs(minutes)
            let amount: String
            if n % 1440 == 0 {
                amount = "\(n / 1440) day" + (n == 1440 ? "" : "s")
            } else if n % 60 == 0 {
                amount = "\(n / 60) hr"
            } else {
                amount = "\(n) min"
            }
            return "\(amount) \(minutes < 0 ? "before" : "after") \(anchor.rawValue)"
        }
    }

    // MARK: - Reading

    private static func when(canonical s: String) -> When? {
        if let minutes = offsetMinutes(s) { return .relative(minutes: minutes, anchor: .due) }
        return absolute(s).map { .absolute($0.0, $0.1) }
    }

    /// TaskNotes' object: `type` relative (an `offset` from `relatedTo`, `due` by default) or
    /// absolute (`absoluteTime`: a local date-time, or an instant with `Z` or an offset).
    private static func when(objectPairs pairs: [(String, String)]) -> When? {
        func value(_ key: String) -> String? { pairs.first { $0.0 == key }?.1 }
        switch value("type")?.lowercased() {
        case "absolute":
            guard let time = value("absoluteTime") else { return nil }
            if let local = absolute(time) { return .absolute(local.0, local.1) }
            guard time.utf8.count > 16, let utc = TimeZone(identifier: "UTC"),
                  let instant = DateTimeFormat.parse(time, timeZone: utc) else { return nil }
            return .instant(instant)
        case "relative", nil:
            guard let offset = value("offset"), let minutes = offsetMinutes(offset) else { return nil }
            let anchor = value("relatedTo").flatMap { Anchor(rawValue: $0.lowercased()) }
            if value("relatedTo") != nil, anchor == nil { return nil }
            return .relative(minutes: minutes, anchor: anchor ?? .due)
        default:
            return nil
        }
    }

    /// `2026-11-24T15:00`, `2026-11-24 15:00`, `2026-11-24T15:00:00`; nil for anything else.
    static func absolute(_ s: String) -> (LocalDate, TimeOfDay)? {
        let u = Array(s.utf8)
        guard u.count == 16 || (u.count == 19 && u[16] == UInt8(ascii: ":")),
              u[10] == UInt8(ascii: "T") || u[10] == UInt8(ascii: " "),
              let date = LocalDate(iso: String(decoding: u[0..<10], as: UTF8.self)),
              let time = TimeOfDay(String(decoding: u[11..<16], as: UTF8.self)),
              u.count == 16 || u[17...18].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return nil }
        return (date, time)
    }

    /// Minutes of an ISO 8601 duration or a short form (negative before); nil otherwise.
    static func offsetMinutes(_ text: String) -> Int? {
        var s = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
        var sign = 1
        if s.first == "-" {
            sign = -1
            s = s.dropFirst()
        } else if s.first == "+" {
            s = s.dropFirst()
        }
        if s.first == "P" { return iso(s.dropFirst()).map { $0 * sign } }
        // The short form needs its sign: `15m` alone is not clearly before or after.
        guard text.trimmingCharacters(in: .whitespaces).first.map({ $0 == "-" || $0 == "+" }) == true else { return nil }
        return parts(s, units: ["W": 10_080, "D": 1440, "H": 60, "M": 1]).map { $0 * sign }
    }

    /// `nWnDTnHnMnS` after the `P`.
    private static func iso(_ s: Substring) -> Int? {
        let halves = s.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard let datePart = halves.first, !(halves.count == 2 && halves[1].isEmpty),
              let days = datePart.isEmpty ? 0 : parts(datePart, units: ["W": 10_080, "D": 1440]) else { return nil }
        var total = days
        if halves.count == 2 {
            guard let time = parts(halves[1], units: ["H": 60, "M": 1, "S": 0]) else { return nil }
            total += time
        } else if datePart.isEmpty {
            return nil
        }
        return total
    }

    /// Numbers each followed by a unit letter, each unit once, in the order given; whole minutes.
    private static func parts(_ s: Substring, units: KeyValuePairs<Character, Int>) -> Int? {
        guard !s.isEmpty else { return nil }
        var total = 0
        var number = ""
        var nextUnit = units.startIndex
        for c in s {
            if c.isASCII, c.isNumber {
                number.append(c)
                guard number.count <= 6 else { return nil }
                continue
            }
            guard let value = Int(number),
                  let i = units[nextUnit...].firstIndex(where: { $0.key == c })
            else { return nil }
            total += value * units[i].value
            nextUnit = units.index(after: i)
            number = ""
        }
        return number.isEmpty ? total : nil
    }
}

extension TodoTask {
    /// The task's `reminders` items read as reminders; items that are not reminders are skipped.
    public var reminderItems: [TaskReminder] { reminders.compactMap(TaskReminder.init) }
}
