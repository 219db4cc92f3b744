import Foundation

/// Reads the events of an iCalendar (`.ics`, RFC 5545) file: the external calendars of §25.
///
/// Only `VEVENT`s are read. Handled: line unfolding, parameters (quoted too), `DTSTART`/`DTEND`/
/// `DURATION` as dates (all-day), UTC times, floating local times and times with a `TZID` (an IANA
/// name; an unknown zone is read as the vault's, with a warning), `RRULE` (the parts §11 supports),
/// `EXDATE`, `RECURRENCE-ID` overrides (a cancelled one removes its occurrence), `STATUS:CANCELLED`
/// and `TRANSP`. What it cannot read is a warning, never a failure of the whole calendar.
public struct ICalendarReader: Sendable {
    /// One `VEVENT` as written: a single event, a series, or an override of one occurrence.
    public struct Event: Sendable, Equatable {
        public var uid: String
        public var title: String
        public var start: Moment
        /// The zone the start's wall-clock time is in (`TZID`, UTC for `Z`, else the vault's):
        /// a series repeats at that wall-clock time across daylight-saving changes.
        public var zone: TimeZone
        /// The end (exclusive); nil when the file gave neither `DTEND` nor `DURATION`.
        public var end: Moment?
        public var duration: Int?
        public var rule: RecurrenceRule?
        /// `EXDATE`s: the starts of occurrences left out.
        public var exceptions: [Moment]
        /// For an override: the start of the occurrence it replaces.
        public var recurrenceID: Moment?
        public var cancelled: Bool
        /// `TRANSP:TRANSPARENT`: shown, but not busy.
        public var transparent: Bool
    }

    /// A `DATE` or `DATE-TIME` value: a whole day, or an instant.
    public enum Moment: Sendable, Hashable {
        case day(LocalDate)
        case instant(Date)
    }

    /// The events, in file order.
    public private(set) var events: [Event] = []
    /// What could not be read, each with its line.
    public private(set) var warnings: [String] = []

    /// Reads `text`. `timeZone` is the vault's: floating times and unknown zones are read in it.
    public init(text: String, timeZone: TimeZone) {
        var current: [(name: String, params: [String: String], value: String, line: Int)]?
        var depth = 0
        for (number, line) in Self.unfold(text) {
            guard let (name, params, value) = Self.split(line) else {
                if !line.trimmingCharacters(in: .whitespaces).isEmpty { warnings.append("line \(number): not a content line") }
                continue
            }
            switch name {
            case "BEGIN":
                if value.uppercased() == "VEVENT", current == nil {
                    current = []
                    depth = 0
                } else if current != nil {
                    depth += 1
                }
            case "END":
                if value.uppercased() == "VEVENT", depth == 0, let props = current {
                    if let event = event(props, timeZone: timeZone) { events.append(event) }
                    current = nil
                } else if current != nil {
                    depth -= 1
                }
            default:
                // Properties of a VALARM inside the event are not the event's.
                if depth == 0 { current?.append((name, params, value, number)) }
            }
        }
        if current != nil { warnings.append("the file ends inside a VEVENT") }
    }

    private mutating func event(_ props: [(name: String, params: [String: String], value: String, line: Int)],
                                timeZone: TimeZone) -> Event? {
        func first(_ name: String) -> (params: [String: String], value: String, line: Int)? {
            props.first { $0.name == name }.map { ($0.params, $0.value, $0.line) }
        }
        guard let dtstart = first("DTSTART") else {
            warnings.append("an event without DTSTART (line \(props.first?.line ?? 0)) is left out")
            return nil
        }
        guard let start = moment(dtstart.value, dtstart.params, timeZone: timeZone, line: dtstart.line) else { return nil }
        var event = Event(uid: first("UID")?.value ?? "", title: Self.text(first("SUMMARY")?.value ?? ""), start: start,
                          zone: zone(of: dtstart.value, dtstart.params, timeZone: timeZone), end: nil, duration: nil, rule: nil, exceptions: [], recurrenceID: nil,
                          cancelled: first("STATUS")?.value.uppercased() == "CANCELLED",
                          transparent: first("TRANSP")?.value.uppercased() == "TRANSPARENT")
        if let dtend = first("DTEND") {
            event.end = moment(dtend.value, dtend.params, timeZone: timeZone, line: dtend.line)
        } else if let duration = first("DURATION") {
            event.duration = Self.seconds(duration.value)
            if event.duration == nil { warnings.append("line \(duration.line): DURATION `\(duration.value)` is not a duration") }
        }
        if let rrule = first("RRULE") {
            do {
                event.rule = try Self.untilOnTheEventsClock(try RecurrenceRule(parsing: rrule.value), text: rrule.value,
                                                            event: event)
            } catch {
                warnings.append("line \(rrule.line): the repeat rule `\(rrule.value)` is not supported (\(error)); only its first occurrence is shown")
            }
        }
        for exdate in props where exdate.name == "EXDATE" {
            for item in exdate.value.split(separator: ",") {
                if let m = moment(String(item), exdate.params, timeZone: timeZone, line: exdate.line) { event.exceptions.append(m) }
            }
        }
        if let rid = first("RECURRENCE-ID") {
            event.recurrenceID = moment(rid.value, rid.params, timeZone: timeZone, line: rid.line)
        }
        return event
    }

    /// A rule whose `UNTIL` is a date-time: the last date is the one whose occurrence (at the
    /// event's wall-clock time in its zone) is not after that instant. The rule engine counts
    /// `UNTIL` in dates, so an `UNTIL` late in the evening UTC may be the next day in Tokyo.
    static func untilOnTheEventsClock(_ rule: RecurrenceRule, text: String, event: Event) throws -> RecurrenceRule {
        guard case let .instant(start) = event.start,
              let part = text.split(separator: ";").first(where: { $0.uppercased().hasPrefix("UNTIL=") }) else { return rule }
        let value = String(part.dropFirst(6)).trimmingCharacters(in: .whitespaces)
        let u = Array(value.utf8)
        guard u.count >= 15, u[8] == UInt8(ascii: "T"), let day = LocalDate(iso: value.prefix(4) + "-" + value.dropFirst(4).prefix(2) + "-" + value.dropFirst(6).prefix(2)),
              let h = Int(value.dropFirst(9).prefix(2)), let m = Int(value.dropFirst(11).prefix(2)), let sec = Int(value.dropFirst(13).prefix(2))
        else { return rule }
        let zone = value.hasSuffix("Z") ? (TimeZone(identifier: "UTC") ?? event.zone) : event.zone
        let until = LocalDateTime.instant(dayNumber: day.dayNumber, secondOfDay: h * 3600 + m * 60 + sec, in: zone)
        let wall = TaskDate(instant: until, in: event.zone)
        let eventTime = TaskDate(instant: start, in: event.zone).time?.minutes ?? 0
        let untilSeconds = (wall.time?.minutes ?? 0) * 60 + Int(until.timeIntervalSince1970.truncatingRemainder(dividingBy: 60))
        let last = eventTime * 60 <= untilSeconds ? wall.date : wall.date.adding(days: -1)
        return try RecurrenceRule(frequency: rule.frequency, interval: rule.interval, count: rule.count, until: last,
                                  byDay: rule.byDay, byMonthDay: rule.byMonthDay, byMonth: rule.byMonth,
                                  bySetPosition: rule.bySetPosition, weekStart: rule.weekStart)
    }

    /// The zone of a date-time's wall clock.
    private func zone(of value: String, _ params: [String: String], timeZone: TimeZone) -> TimeZone {
        if value.hasSuffix("Z") { return TimeZone(identifier: "UTC") ?? timeZone }
        if let tzid = params["TZID"], let named = TimeZone(identifier: tzid.hasPrefix("/") ? String(tzid.dropFirst()) : tzid) {
            return named
        }
        return timeZone
    }

    /// A `DATE` (`VALUE=DATE` or eight digits) or a `DATE-TIME` (`Z`, `TZID=…`, or floating).
    private mutating func moment(_ value: String, _ params: [String: String], timeZone: TimeZone, line: Int) -> Moment? {
        let v = value.trimmingCharacters(in: .whitespaces)
        let u = Array(v.utf8)
        func digits(_ r: Range<Int>) -> Int? {
            guard r.upperBound <= u.count, u[r].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int(String(decoding: u[r], as: UTF8.self))
        }
        guard u.count >= 8, let y = digits(0..<4), let mo = digits(4..<6), let d = digits(6..<8),
              let date = LocalDate(year: y, month: mo, day: d)
        else {
            warnings.append("line \(line): `\(value)` is not a date or a date-time")
            return nil
        }
        if u.count == 8 || params["VALUE"]?.uppercased() == "DATE" { return .day(date) }
        guard u.count >= 15, u[8] == UInt8(ascii: "T"), let h = digits(9..<11), let mi = digits(11..<13),
              let s = digits(13..<15), h < 24, mi < 60, s < 61
        else {
            warnings.append("line \(line): `\(value)` is not a date-time")
            return nil
        }
        let secondOfDay = h * 3600 + mi * 60 + min(s, 59)
        if u.count == 16, u[15] == UInt8(ascii: "Z") {
            return .instant(Date(timeIntervalSince1970: TimeInterval(date.dayNumber * 86_400 + secondOfDay)))
        }
        var zone = timeZone
        if let tzid = params["TZID"] {
            if let named = TimeZone(identifier: tzid.hasPrefix("/") ? String(tzid.dropFirst()) : tzid) {
                zone = named
            } else {
                warnings.append("line \(line): the time zone `\(tzid)` is unknown; read in \(timeZone.identifier)")
            }
        }
        return .instant(LocalDateTime.instant(dayNumber: date.dayNumber, secondOfDay: secondOfDay, in: zone))
    }

    // MARK: - Lines

    /// The logical lines with their first physical line's number: a line starting with a space or
    /// a tab continues the one before (RFC 5545 §3.1). CRLF and bare LF both end lines.
    static func unfold(_ text: String) -> [(Int, String)] {
        var out: [(Int, String)] = []
        for (i, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let first = line.first, first == " " || first == "\t", !out.isEmpty {
                out[out.count - 1].1 += line.dropFirst()
            } else if !line.isEmpty {
                out.append((i + 1, String(line)))
            }
        }
        return out
    }

    /// `NAME;P=V;Q="a:b":VALUE` → (upper-cased name, parameters, value); nil without a colon.
    static func split(_ line: String) -> (String, [String: String], String)? {
        var name = ""
        var params: [String: String] = [:]
        var key = "", value = "", inQuotes = false, readingValue = false
        var index = line.startIndex
        var stage = 0  // 0 name, 1 parameter name, 2 parameter value
        while index < line.endIndex {
            let ch = line[index]
            if stage == 2, ch == "\"" {
                inQuotes.toggle()
            } else if !inQuotes, ch == ":" {
                if stage == 2 { params[key.uppercased()] = value }
                readingValue = true
                break
            } else if !inQuotes, ch == ";" {
                if stage == 2 { params[key.uppercased()] = value }
                key = ""
                value = ""
                stage = 1
            } else if stage == 1, ch == "=" {
                stage = 2
            } else {
                switch stage {
                case 0: name.append(ch)
                case 1: key.append(ch)
                default: value.append(ch)
                }
            }
            index = line.index(after: index)
        }
        guard readingValue, !name.isEmpty else { return nil }
        return (name.uppercased(), params, String(line[line.index(after: index)...]))
    }

    /// A TEXT value unescaped: `\n`, `\,`, `\;`, `\\`.
    static func text(_ value: String) -> String {
        var out = ""
        var escaped = false
        for ch in value {
            if escaped {
                out.append(ch == "n" || ch == "N" ? "\n" : ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// An RFC 5545 duration (`PT1H30M`, `P1D`, `P2W`, `-PT15M`) in seconds; nil when it is not one.
    public static func seconds(_ text: String) -> Int? {
        var s = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
        var sign = 1
        if s.hasPrefix("-") { sign = -1; s = s.dropFirst() } else if s.hasPrefix("+") { s = s.dropFirst() }
        guard s.hasPrefix("P") else { return nil }
        s = s.dropFirst()
        var total = 0, number = "", inTime = false, sawUnit = false
        for ch in s {
            if ch.isASCII, ch.isNumber {
                number.append(ch)
                continue
            }
            if ch == "T" {
                guard number.isEmpty, !inTime else { return nil }
                inTime = true
                continue
            }
            guard let n = Int(number) else { return nil }
            switch (ch, inTime) {
            case ("W", false): total += n * 604_800
            case ("D", false): total += n * 86_400
            case ("H", true): total += n * 3600
            case ("M", true): total += n * 60
            case ("S", true): total += n
            default: return nil
            }
            number = ""
            sawUnit = true
        }
        guard number.isEmpty, sawUnit else { return nil }
        return sign * total
    }
}
