import Foundation

/// One occurrence of an external calendar's event on the vault's clock (§25): an all-day event
/// from a date to a date (exclusive), or a timed one between two local date-times.
public struct CalendarEntry: Sendable, Equatable {
    public var title: String
    /// The calendar's name, as in `.todomd/config.json`.
    public var calendar: String
    /// The calendar's colour (`#rrggbb`), when it has one.
    public var color: String?
    public var allDay: Bool
    /// Local date (all-day) or date and time.
    public var start: TaskDate
    /// Local date (all-day, exclusive) or date and time (exclusive).
    public var end: TaskDate
    /// False for `TRANSP:TRANSPARENT` events and all-day events: they do not fill time.
    public var busy: Bool

    /// The days this entry is on: every day it overlaps.
    public var days: [LocalDate] {
        if allDay { return stride(from: start.date.dayNumber, to: max(end.date.dayNumber, start.date.dayNumber + 1), by: 1).map(LocalDate.init(dayNumber:)) }
        // A timed event ending at midnight is not on the next day.
        let last = end.time?.minutes == 0 && end.date > start.date ? end.date.adding(days: -1) : end.date
        return stride(from: start.date.dayNumber, through: max(last.dayNumber, start.date.dayNumber), by: 1).map(LocalDate.init(dayNumber:))
    }

    /// `{"title", "start", "end", "all_day", "calendar", "color"}` (§25).
    public var json: JSONValue {
        .object([("title", .string(title)), ("start", .string(start.description)), ("end", .string(end.description)),
                 ("all_day", .bool(allDay)), ("calendar", .string(calendar)), ("color", color.map(JSONValue.string) ?? .null)])
    }
}

extension ICalendarReader {
    /// The occurrences of the file's events that overlap `from`…`to` (local dates, inclusive) in
    /// `timeZone`, in order of start: series expanded, exceptions left out, overrides in place
    /// of the occurrences they replace, cancelled ones removed.
    public func entries(from: LocalDate, to: LocalDate, timeZone: TimeZone, calendar: String, color: String?) -> [CalendarEntry] {
        let windowStart = from.startOfDay(in: timeZone), windowEnd = to.adding(days: 1).startOfDay(in: timeZone)
        var replaced: [String: Set<Moment>] = [:]
        for event in events where event.recurrenceID != nil { replaced[event.uid, default: []].insert(event.recurrenceID ?? event.start) }
        var out: [CalendarEntry] = []

        func add(_ event: Event, start: Moment) {
            guard let entry = entry(event, start: start, timeZone: timeZone, calendar: calendar, color: color) else { return }
            let (s, e) = (entry.allDay ? entry.start.date.startOfDay(in: timeZone) : entry.start.instant(in: timeZone),
                          entry.allDay ? entry.end.date.startOfDay(in: timeZone) : entry.end.instant(in: timeZone))
            // Overlaps the window; a zero-length event counts at its start.
            if s < windowEnd, e > windowStart || (e == s && s >= windowStart) { out.append(entry) }
        }

        for event in events where !event.cancelled {
            if event.recurrenceID != nil {
                add(event, start: event.start)
                continue
            }
            guard let rule = event.rule else {
                add(event, start: event.start)
                continue
            }
            let skip = Set(event.exceptions).union(replaced[event.uid] ?? [])
            let lastDay = to.adding(days: 2)
            switch event.start {
            case let .day(first):
                for day in Self.dates(rule, start: first) {
                    if day > lastDay { break }
                    if !skip.contains(.day(day)) { add(event, start: .day(day)) }
                }
            case let .instant(instant):
                let wall = TaskDate(instant: instant, in: event.zone)
                let second = (wall.time?.minutes ?? 0) * 60 + Int(instant.timeIntervalSince1970.truncatingRemainder(dividingBy: 60))
                for day in Self.dates(rule, start: wall.date) {
                    if day > lastDay { break }
                    let start = Moment.instant(LocalDateTime.instant(dayNumber: day.dayNumber, secondOfDay: second, in: event.zone))
                    if !skip.contains(start) { add(event, start: start) }
                }
            }
        }
        // By day; on a day all-day events first, then by time.
        return out.sorted {
            ($0.start.date, $0.allDay ? 0 : 1, $0.start, $0.title) < ($1.start.date, $1.allDay ? 0 : 1, $1.start, $1.title)
        }
    }

    /// The dates of a series: as ``RecurrenceRule/occurrences(start:)``, except that `DTSTART` is
    /// always the first occurrence (RFC 5545 §3.8.5.3), even when the rule would not give it.
    static func dates(_ rule: RecurrenceRule, start: LocalDate) -> AnySequence<LocalDate> {
        // A series that ends before it starts has no occurrence (as python-dateutil reads it).
        if let until = rule.until, until < start { return AnySequence([]) }
        var probe = rule.occurrences(start: start)
        if probe.next() == start { return AnySequence(rule.occurrences(start: start)) }
        // DTSTART first, then the rule's own dates (COUNT counts those, as python-dateutil's
        // rruleset does; RFC 5545 leaves a start out of step with its rule undefined).
        let rest: RecurrenceRule.Occurrences? = rule.occurrences(start: start)
        var gaveStart = false
        return AnySequence(sequence(state: rest) { state -> LocalDate? in
            if !gaveStart {
                gaveStart = true
                return start
            }
            return state?.next()
        })
    }

    /// One occurrence of `event` starting at `start`, on the vault's clock.
    func entry(_ event: Event, start: Moment, timeZone: TimeZone, calendar: String, color: String?) -> CalendarEntry? {
        switch start {
        case let .day(day):
            var days = 1
            if case let .day(endDay)? = event.end, case let .day(firstDay) = event.start {
                days = max(1, firstDay.days(until: endDay))
            } else if let seconds = event.duration {
                days = max(1, seconds / 86_400)
            }
            return CalendarEntry(title: event.title, calendar: calendar, color: color, allDay: true, start: TaskDate(day),
                                 end: TaskDate(day.adding(days: days)), busy: false)
        case let .instant(instant):
            var seconds = 0
            if case let .instant(end)? = event.end, case let .instant(first) = event.start {
                seconds = max(0, Int(end.timeIntervalSince(first)))
            } else if let duration = event.duration {
                seconds = max(0, duration)
            }
            return CalendarEntry(title: event.title, calendar: calendar, color: color, allDay: false,
                                 start: TaskDate(instant: instant, in: timeZone),
                                 end: TaskDate(instant: instant.addingTimeInterval(TimeInterval(seconds)), in: timeZone),
                                 busy: !event.transparent)
        }
    }
}
