import Foundation

/// "Now" and the local time zone, injected everywhere a date matters.
///
/// The real clock is read in exactly one place, ``TodoClock/system(environment:)``, where
/// `TODOMD_NOW` (an ISO 8601 date-time) and `TZ` override it. Tests build a fixed clock.
public struct TodoClock: Sendable {
    /// The instant a frozen clock always says; nil for the real, running clock.
    private let frozen: Date?
    /// The user's time zone; "today" is the local date of ``now`` in it.
    public let timeZone: TimeZone

    /// The current instant: the frozen one, or the real time as of this call (so a server or
    /// `todomd watch` that runs past midnight sees the new day).
    public var now: Date { frozen ?? Date() }

    /// Creates a clock frozen at `now` in `timeZone`.
    public init(now: Date, timeZone: TimeZone) {
        frozen = now
        self.timeZone = timeZone
    }

    /// The real, running clock in `timeZone`.
    public static func running(in timeZone: TimeZone) -> TodoClock {
        TodoClock(frozen: nil, timeZone: timeZone)
    }

    private init(frozen: Date?, timeZone: TimeZone) {
        self.frozen = frozen
        self.timeZone = timeZone
    }

    /// Whether the clock is frozen (by `TODOMD_NOW` or a test).
    public var isFrozen: Bool { frozen != nil }

    /// Today's local calendar date.
    public var today: LocalDate { LocalDate(now, in: timeZone) }

    /// The clock a program should use: the real time unless `TODOMD_NOW` is set, in `TZ` if set.
    ///
    /// - Throws: ``TodoError/invalidEnvironment(_:_:)`` when `TODOMD_NOW` or `TZ` cannot be read.
    public static func system(environment: [String: String]) throws -> TodoClock {
        var zone = TimeZone.current
        if let tz = environment["TZ"], !tz.isEmpty {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            guard let parsed = TimeZone(identifier: name) ?? TimeZone(abbreviation: name) else {
                throw TodoError.invalidEnvironment("TZ", "`\(tz)` is not a known time zone")
            }
            zone = parsed
        }
        if let fixed = environment["TODOMD_NOW"], !fixed.isEmpty {
            guard let instant = DateTimeFormat.parse(fixed, timeZone: zone) else {
                throw TodoError.invalidEnvironment(
                    "TODOMD_NOW", "`\(fixed)` is not an ISO 8601 date-time such as 2026-11-21T09:00:00")
            }
            return TodoClock(now: instant, timeZone: zone)
        }
        return .running(in: zone)
    }
}

/// The real wall clock, for comparing with file modification times only — never for "today"
/// (which comes from ``TodoClock``, so `TODOMD_NOW` holds).
public enum WallClock {
    /// Nanoseconds since 1970 from the system clock.
    public static func nanoseconds() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1_000_000_000)
    }
}
