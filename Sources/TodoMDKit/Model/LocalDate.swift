import Foundation

/// A calendar date without a time or a time zone, as written in a task file (`YYYY-MM-DD`).
///
/// Dates compare chronologically, and arithmetic runs on a day number (days since 1970-01-01)
/// computed with the proleptic Gregorian calendar, so no `Calendar` is needed on hot paths.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, for example 2026.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int

    /// Creates a date if `year`, `month` and `day` name a day that exists (`2026-02-30` does not).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= LocalDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates the date `dayNumber` days after 1970-01-01 (negative numbers go before it).
    public init(dayNumber: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        let w = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday (index 3 from Monday)
        return (w < 0 ? w + 7 : w) + 1
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// The same day `months` months later, clamped to the end of a shorter month.
    public func adding(months: Int) -> LocalDate {
        let index = year * 12 + (month - 1) + months
        let y = LocalDate.floorDiv(index, 12)
        let m = index - y * 12 + 1
        let d = min(day, LocalDate.daysIn(month: m, year: y))
        // Outside years 1…9999 the result is still a consistent date (callers range-check it).
        return LocalDate(dayNumber: LocalDate(unchecked: y, m, d).dayNumber)
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(until other: LocalDate) -> Int { other.dayNumber - dayNumber }

    /// Whether `year` is a leap year in the Gregorian calendar.
    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let s = String(value)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    // MARK: - Parsing

    /// Parses exactly `YYYY-MM-DD`; returns nil for anything else, including impossible dates.
    public init?(iso text: some StringProtocol) {
        let u = Array(text.utf8)
        guard u.count == 10, u[4] == 0x2D, u[7] == 0x2D,
              let y = LocalDate.digits(u, 0, 4), let m = LocalDate.digits(u, 5, 2),
              let d = LocalDate.digits(u, 8, 2)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    static func digits(_ u: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= u.count else { return nil }
        var value = 0
        for i in start..<(start + count) {
            let c = u[i]
            guard c >= 0x30, c <= 0x39 else { return nil }
            value = value * 10 + Int(c - 0x30)
        }
        return value
    }

    // MARK: - Conversion to and from instants

    /// The local calendar date of `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let offset = timeZone.secondsFromGMT(for: instant)
        let seconds = Int(floor(instant.timeIntervalSince1970)) + offset
        self.init(dayNumber: LocalDate.floorDiv(seconds, 86_400))
    }

    /// The instant of local midnight at the start of this date in `timeZone`.
    public func startOfDay(in timeZone: TimeZone) -> Date {
        LocalDateTime.instant(dayNumber: dayNumber, secondOfDay: 0, in: timeZone)
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}

/// Conversions between instants and local wall-clock times.
enum LocalDateTime {
    /// The instant at which the wall clock in `timeZone` shows `secondOfDay` on the given day.
    ///
    /// Around a daylight-saving gap the first offset that fits is used, as most calendars do.
    static func instant(dayNumber: Int, secondOfDay: Int, in timeZone: TimeZone) -> Date {
        let wall = dayNumber * 86_400 + secondOfDay
        var guess = Date(timeIntervalSince1970: TimeInterval(wall - timeZone.secondsFromGMT(
            for: Date(timeIntervalSince1970: TimeInterval(wall)))))
        let offset = timeZone.secondsFromGMT(for: guess)
        guess = Date(timeIntervalSince1970: TimeInterval(wall - offset))
        return guess
    }
}
