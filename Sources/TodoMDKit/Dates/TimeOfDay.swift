import Foundation

/// A time of day such as the `notify_time` setting (`"09:00"`).
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    /// 09:00, the §17 default for `notify_time`.
    public static let nine = TimeOfDay(validHour: 9, minute: 0)
    /// 18:00, the §14 default for `planner_review_time`.
    public static let eighteen = TimeOfDay(validHour: 18, minute: 0)

    init(validHour: Int, minute: Int) {
        hour = validHour
        self.minute = minute
    }

    /// `HH:MM` (or `H:MM`), 00:00–23:59; nil otherwise.
    public init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m)
        else { return nil }
        hour = h
        minute = m
    }

    /// Minutes since midnight.
    public var minutes: Int { hour * 60 + minute }

    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutes < b.minutes }

    /// The instant this time falls on `date` in `timeZone` (the later one on a DST fold, the
    /// first valid one after a gap).
    public func on(_ date: LocalDate, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute)
        return calendar.date(from: parts)
            ?? date.startOfDay(in: timeZone).addingTimeInterval(TimeInterval(minutes * 60))
    }
}

extension VaultSettings {
    /// When reminders and calendar alarms fire on a task's day (`notify_time`, default 09:00).
    public var notifyTime: TimeOfDay {
        json["notify_time"]?.stringValue.flatMap(TimeOfDay.init) ?? .nine
    }
}
