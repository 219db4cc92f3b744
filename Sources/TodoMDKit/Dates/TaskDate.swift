import Foundation

/// The value of `due`, `scheduled` or `defer` (§24): a local calendar date with an optional
/// time of day in the vault's time zone, written `2026-11-24` or `2026-11-24T15:00`.
///
/// Ordered by date; within a day timed values come first, by time, then the date-only one
/// ("timed first", §24).
public struct TaskDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var date: LocalDate
    /// The local time of day, or nil for the whole day.
    public var time: TimeOfDay?

    public init(_ date: LocalDate, time: TimeOfDay? = nil) {
        self.date = date
        self.time = time
    }

    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, as files and TASK JSON write it.
    public var description: String {
        guard let time else { return date.description }
        return "\(date)T\(time)"
    }

    /// Reads exactly `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` (TASK JSON, synced records); nil otherwise.
    public init?(iso text: some StringProtocol) {
        let s = String(text)
        if let d = LocalDate(iso: s) {
            self.init(d)
            return
        }
        let u = Array(s.utf8)
        guard u.count == 16, u[10] == UInt8(ascii: "T"), let d = LocalDate(iso: s.prefix(10)),
              let t = TimeOfDay(String(s.suffix(5))), s.suffix(5).utf8.count == 5
        else { return nil }
        self.init(d, time: t)
    }

    /// Reads the canonical forms (`2026-11-24`, `2026-11-24T15:00`) and the lenient ones: seconds
    /// (`T15:00:00`), a space instead of `T`, and a `Z` or `±HH:MM` offset, converted to the
    /// local time in `timeZone`. Nil for anything else.
    public init?(reading text: String, timeZone: TimeZone) {
        let s = text.trimmedSpaces
        if let d = LocalDate(iso: s) {
            self.init(d)
            return
        }
        guard s.utf8.count >= 16, let instant = DateTimeFormat.parse(s, timeZone: timeZone) else { return nil }
        self.init(instant: instant, in: timeZone)
    }

    /// The local date and time (to the minute) of `instant` in `timeZone`.
    public init(instant: Date, in timeZone: TimeZone) {
        let seconds = Int(floor(instant.timeIntervalSince1970)) + timeZone.secondsFromGMT(for: instant)
        let day = LocalDate.floorDiv(seconds, 86_400)
        let minute = (seconds - day * 86_400) / 60
        self.init(LocalDate(dayNumber: day), time: TimeOfDay(minutesSinceMidnight: minute))
    }

    /// The instant this value names in `timeZone`: its time on its date, or the start of the day.
    public func instant(in timeZone: TimeZone) -> Date {
        time.map { $0.on(date, in: timeZone) } ?? date.startOfDay(in: timeZone)
    }

    /// `Fri 27 Nov 15:00`: the date as ``LocalDate/shortDescription(today:)`` shows it, then the
    /// time when there is one.
    public func shortDescription(today: LocalDate) -> String {
        date.shortDescription(today: today) + (time.map { " \($0)" } ?? "")
    }

    /// This value moved by whole days, keeping its time.
    public func adding(days: Int) -> TaskDate { TaskDate(date.adding(days: days), time: time) }

    public static func < (a: TaskDate, b: TaskDate) -> Bool {
        if a.date != b.date { return a.date < b.date }
        return (a.time?.minutes ?? 24 * 60) < (b.time?.minutes ?? 24 * 60)
    }

    /// Whether a deadline of this value has passed at `now` (§24): a date-only one once its day
    /// is over, a timed one as soon as its time has passed.
    public func hasPassed(at now: TaskDate) -> Bool {
        if date != now.date { return date < now.date }
        guard let time, let nowTime = now.time else { return false }
        return time <= nowTime
    }
}

extension TimeOfDay {
    /// The time `minutes` after midnight (taken modulo a day).
    public init(minutesSinceMidnight minutes: Int) {
        let m = ((minutes % 1440) + 1440) % 1440
        self.init(validHour: m / 60, minute: m % 60)
    }
}

extension TodoClock {
    /// The local date and time of day now, to the minute.
    public var localNow: TaskDate { TaskDate(instant: now, in: timeZone) }
}
