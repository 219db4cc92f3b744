/// A repeat rule for a task: the date-only subset of an RFC 5545 `RRULE` (§11).
///
/// Supported parts: `FREQ` (`DAILY`, `WEEKLY`, `MONTHLY`, `YEARLY`), `INTERVAL`, `COUNT`, `UNTIL`,
/// `BYDAY` (with ordinals such as `2MO` and `-1FR` under `MONTHLY` and `YEARLY`), `BYMONTHDAY`
/// (negatives count from the end of the month), `BYMONTH`, `BYSETPOS` and `WKST`. Parts that only
/// make sense with times (`BYHOUR`, …) or that tasks do not need (`BYWEEKNO`, `BYYEARDAY`) are
/// rejected, never silently dropped.
///
/// A rule is always valid: both ``init(parsing:)`` and the memberwise initializer check every part
/// and throw ``RecurrenceRuleError`` otherwise. Lists are kept sorted and free of duplicates, so two
/// rules that mean the same thing compare equal and ``serialized`` is canonical:
/// `try RecurrenceRule(parsing: rule.serialized) == rule`.
///
/// Occurrences follow RFC 5545 as python-dateutil's `rrule` computes them with `dtstart` at
/// midnight; see ``occurrences(start:)``.
public struct RecurrenceRule: Sendable, Hashable {
    /// How often the rule's period comes round (`FREQ`).
    public enum Frequency: String, Sendable, Hashable, CaseIterable {
        /// Every day (`FREQ=DAILY`).
        case daily = "DAILY"
        /// Every week (`FREQ=WEEKLY`).
        case weekly = "WEEKLY"
        /// Every month (`FREQ=MONTHLY`).
        case monthly = "MONTHLY"
        /// Every year (`FREQ=YEARLY`).
        case yearly = "YEARLY"
    }

    /// A day of the week; the raw value is the ISO number used by ``LocalDate/weekday``.
    public enum Weekday: Int, Sendable, Hashable, CaseIterable, Comparable {
        /// `MO`.
        case monday = 1
        /// `TU`.
        case tuesday
        /// `WE`.
        case wednesday
        /// `TH`.
        case thursday
        /// `FR`.
        case friday
        /// `SA`.
        case saturday
        /// `SU`.
        case sunday

        /// The two-letter RRULE code, `MO` … `SU`.
        public var code: String {
            ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue - 1]
        }

        /// The English name, `Monday` … `Sunday`.
        public var name: String {
            ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue - 1]
        }

        /// The weekday with the two-letter RRULE code `code` (upper case), or nil.
        public init?(code: some StringProtocol) {
            guard let found = Weekday.allCases.first(where: { $0.code == code }) else { return nil }
            self = found
        }

        /// Orders Monday first.
        public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One `BYDAY` entry: every such weekday (`MO`), or the nth one in the month or year
    /// (`2MO` is the second Monday, `-1FR` the last Friday).
    public struct OrdinalWeekday: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The day of the week.
        public let weekday: Weekday
        /// 1 for the first, 2 for the second, -1 for the last …; nil for every such weekday.
        ///
        /// Within a month under `FREQ=MONTHLY`, or under `FREQ=YEARLY` with `BYMONTH`; within the
        /// year under `FREQ=YEARLY` without `BYMONTH`.
        public let ordinal: Int?

        /// Creates an entry; ``RecurrenceRule`` checks the ordinal's range.
        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }

        /// The RRULE form: `MO`, `2MO`, `-1FR`.
        public var description: String {
            (ordinal.map(String.init) ?? "") + weekday.code
        }

        /// Orders by weekday, then every-weekday before first, second, …, then last, second to last, ….
        public static func < (lhs: OrdinalWeekday, rhs: OrdinalWeekday) -> Bool {
            if lhs.weekday != rhs.weekday { return lhs.weekday < rhs.weekday }
            return RecurrenceRule.positionOrder(lhs.ordinal ?? 0) < RecurrenceRule.positionOrder(rhs.ordinal ?? 0)
        }
    }

    // MARK: - Parts

    /// `FREQ`.
    public let frequency: Frequency
    /// `INTERVAL`: every how many periods (1…``maximumInterval``); 1 when absent.
    public let interval: Int
    /// `COUNT`: how many occurrences in all, or nil. Never set together with ``until``.
    public let count: Int?
    /// `UNTIL`: the last date an occurrence may fall on (inclusive), or nil.
    public let until: LocalDate?
    /// `BYDAY`, sorted Monday first; empty when absent.
    public let byDay: [OrdinalWeekday]
    /// `BYMONTHDAY`: 1…31 from the start of the month, -1…-31 from its end; sorted 1, 2, …, -1, -2, ….
    public let byMonthDay: [Int]
    /// `BYMONTH`: 1…12, sorted.
    public let byMonth: [Int]
    /// `BYSETPOS`: which of each period's dates to keep, 1…366 or -366…-1; sorted 1, 2, …, -1, -2, ….
    public let bySetPosition: [Int]
    /// `WKST`: the day weeks start on, which matters for `FREQ=WEEKLY` with an interval above 1.
    public let weekStart: Weekday

    /// The largest `INTERVAL` accepted.
    public static let maximumInterval = 9999

    /// Creates a rule from its parts, checking them as ``init(parsing:)`` does.
    ///
    /// Lists may come in any order and with duplicates; they are stored sorted and deduplicated.
    /// - Throws: ``RecurrenceRuleError`` when a value is out of range or parts conflict.
    public init(
        frequency: Frequency,
        interval: Int = 1,
        count: Int? = nil,
        until: LocalDate? = nil,
        byDay: [OrdinalWeekday] = [],
        byMonthDay: [Int] = [],
        byMonth: [Int] = [],
        bySetPosition: [Int] = [],
        weekStart: Weekday = .monday
    ) throws {
        guard (1...RecurrenceRule.maximumInterval).contains(interval) else {
            throw RecurrenceRuleError.invalidValue(
                part: "INTERVAL", value: String(interval),
                reason: "is out of range (1…\(RecurrenceRule.maximumInterval))")
        }
        if let count, count < 1 {
            throw RecurrenceRuleError.invalidValue(
                part: "COUNT", value: String(count), reason: "is out of range (1 or more)")
        }
        if count != nil, until != nil {
            throw RecurrenceRuleError.conflict("COUNT and UNTIL cannot be used together")
        }
        for month in byMonth where !(1...12).contains(month) {
            throw RecurrenceRuleError.invalidValue(
                part: "BYMONTH", value: String(month), reason: "is out of range (1…12)")
        }
        for day in byMonthDay where day == 0 || !(-31...31).contains(day) {
            throw RecurrenceRuleError.invalidValue(
                part: "BYMONTHDAY", value: String(day), reason: "is out of range (1…31 or -31…-1)")
        }
        for position in bySetPosition where position == 0 || !(-366...366).contains(position) {
            throw RecurrenceRuleError.invalidValue(
                part: "BYSETPOS", value: String(position), reason: "is out of range (1…366 or -366…-1)")
        }
        if frequency == .weekly, !byMonthDay.isEmpty {
            throw RecurrenceRuleError.conflict("BYMONTHDAY cannot be used with FREQ=WEEKLY (RFC 5545)")
        }
        if !bySetPosition.isEmpty, byDay.isEmpty, byMonthDay.isEmpty, byMonth.isEmpty {
            throw RecurrenceRuleError.conflict("BYSETPOS needs BYDAY, BYMONTHDAY or BYMONTH to choose from")
        }
        for entry in byDay {
            guard let ordinal = entry.ordinal else { continue }
            guard frequency == .monthly || frequency == .yearly else {
                throw RecurrenceRuleError.invalidValue(
                    part: "BYDAY", value: entry.description,
                    reason: "has an ordinal, which only FREQ=MONTHLY or FREQ=YEARLY allow")
            }
            // Ordinals count within a month unless a yearly rule has no BYMONTH (RFC 5545 §3.3.10).
            if frequency == .yearly, byMonth.isEmpty {
                guard ordinal != 0, (-53...53).contains(ordinal) else {
                    throw RecurrenceRuleError.invalidValue(
                        part: "BYDAY", value: entry.description,
                        reason: "is out of range (a year has 1…53 or -53…-1 of each weekday)")
                }
            } else {
                guard ordinal != 0, (-5...5).contains(ordinal) else {
                    throw RecurrenceRuleError.invalidValue(
                        part: "BYDAY", value: entry.description,
                        reason: "is out of range (a month has 1…5 or -5…-1 of each weekday)")
                }
            }
        }
        self.frequency = frequency
        self.interval = interval
        self.count = count
        self.until = until
        self.byDay = Array(Set(byDay)).sorted()
        self.byMonthDay = RecurrenceRule.sortedPositions(byMonthDay)
        self.byMonth = Array(Set(byMonth)).sorted()
        self.bySetPosition = RecurrenceRule.sortedPositions(bySetPosition)
        self.weekStart = weekStart
    }

    /// The same rule with `COUNT` replaced (nil removes it), as a repeating task counts down (§11).
    ///
    /// - Throws: ``RecurrenceRuleError`` when `count` is below 1 or the rule has `UNTIL`.
    public func replacingCount(_ count: Int?) throws -> RecurrenceRule {
        try RecurrenceRule(
            frequency: frequency, interval: interval, count: count, until: until, byDay: byDay,
            byMonthDay: byMonthDay, byMonth: byMonth, bySetPosition: bySetPosition, weekStart: weekStart)
    }

    // MARK: - Ordering of signed positions

    /// Sort key putting 1, 2, 3, … before -1, -2, -3, … (first, second, …, last, second to last, …).
    static func positionOrder(_ value: Int) -> Int {
        value >= 0 ? value : 1_000 - value
    }

    /// `values` deduplicated and ordered 1, 2, …, -1, -2, ….
    static func sortedPositions(_ values: [Int]) -> [Int] {
        Array(Set(values)).sorted { positionOrder($0) < positionOrder($1) }
    }
}
