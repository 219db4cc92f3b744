import Foundation

extension RecurrenceRule {
    /// Parses an RFC 5545 RRULE value such as `FREQ=MONTHLY;BYDAY=-1FR;COUNT=5`.
    ///
    /// An `RRULE:` prefix is accepted, names and values are case-insensitive, parts may come in any
    /// order, and spaces around parts and empty parts (a trailing `;`) are ignored. `UNTIL` may be a
    /// date (`20270301`), a date-time (`20270301T120000` or `20270301T120000Z`, whose date is used)
    /// or `2027-03-01`.
    ///
    /// - Throws: ``RecurrenceRuleError`` naming the first part that is unknown, unsupported,
    ///   repeated, unreadable, out of range, or in conflict with another.
    public init(parsing text: some StringProtocol) throws {
        var body = String(text).trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        if body.hasPrefix("RRULE:") { body.removeFirst("RRULE:".count) }
        let pieces = body.split(separator: ";")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard !pieces.isEmpty else { throw RecurrenceRuleError.empty }

        var seen = Set<String>()
        var frequency: Frequency?
        var interval = 1
        var count: Int?
        var until: LocalDate?
        var byDay: [OrdinalWeekday] = []
        var byMonthDay: [Int] = []
        var byMonth: [Int] = []
        var bySetPosition: [Int] = []
        var weekStart = Weekday.monday

        for piece in pieces {
            guard let equals = piece.firstIndex(of: "=") else {
                throw RecurrenceRuleError.malformedPart(piece)
            }
            let name = piece[..<equals].trimmingCharacters(in: .whitespaces)
            let value = piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw RecurrenceRuleError.malformedPart(piece) }
            guard RecurrenceRule.supportedParts.contains(name) else {
                if RecurrenceRule.unsupportedParts.contains(name) {
                    throw RecurrenceRuleError.unsupportedPart(name)
                }
                throw RecurrenceRuleError.unknownPart(name)
            }
            guard seen.insert(name).inserted else { throw RecurrenceRuleError.duplicatePart(name) }
            guard !value.isEmpty else { throw RecurrenceRuleError.emptyValue(name) }

            switch name {
            case "FREQ":
                frequency = try RecurrenceRule.frequency(value)
            case "INTERVAL":
                interval = try RecurrenceRule.integer(
                    value, part: name, signed: false, range: 1...RecurrenceRule.maximumInterval,
                    rangeText: "1…\(RecurrenceRule.maximumInterval)")
            case "COUNT":
                count = try RecurrenceRule.integer(
                    value, part: name, signed: false, range: 1...Int.max, rangeText: "1 or more")
            case "UNTIL":
                until = try RecurrenceRule.untilDate(value)
            case "BYDAY":
                byDay = try RecurrenceRule.list(value, part: name).map(RecurrenceRule.ordinalWeekday)
            case "BYMONTHDAY":
                byMonthDay = try RecurrenceRule.list(value, part: name).map {
                    try RecurrenceRule.integer(
                        $0, part: name, signed: true, range: -31...31, rangeText: "1…31 or -31…-1")
                }
            case "BYMONTH":
                byMonth = try RecurrenceRule.list(value, part: name).map {
                    try RecurrenceRule.integer($0, part: name, signed: false, range: 1...12, rangeText: "1…12")
                }
            case "BYSETPOS":
                bySetPosition = try RecurrenceRule.list(value, part: name).map {
                    try RecurrenceRule.integer(
                        $0, part: name, signed: true, range: -366...366, rangeText: "1…366 or -366…-1")
                }
            default:  // "WKST", the only supported part left
                guard let day = Weekday(code: value) else {
                    throw RecurrenceRuleError.invalidValue(
                        part: name, value: value, reason: "is not a weekday (MO, TU, WE, TH, FR, SA or SU)")
                }
                weekStart = day
            }
        }
        guard let frequency else { throw RecurrenceRuleError.missingFrequency }
        try self.init(
            frequency: frequency, interval: interval, count: count, until: until, byDay: byDay,
            byMonthDay: byMonthDay, byMonth: byMonth, bySetPosition: bySetPosition, weekStart: weekStart)
    }

    // MARK: - Part names

    /// The parts this type reads.
    static let supportedParts: Set<String> = [
        "FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "WKST",
    ]

    /// RFC 5545 (and RFC 7529) parts that exist but that a dates-only task rule does not follow.
    static let unsupportedParts: Set<String> = [
        "BYSECOND", "BYMINUTE", "BYHOUR", "BYYEARDAY", "BYWEEKNO", "RSCALE", "SKIP",
    ]

    // MARK: - Values

    static func frequency(_ value: String) throws -> Frequency {
        if let frequency = Frequency(rawValue: value) { return frequency }
        if ["HOURLY", "MINUTELY", "SECONDLY"].contains(value) {
            throw RecurrenceRuleError.unsupportedFrequency(value)
        }
        throw RecurrenceRuleError.invalidValue(
            part: "FREQ", value: value, reason: "is not a frequency (DAILY, WEEKLY, MONTHLY or YEARLY)")
    }

    /// The comma-separated items of `value`; an empty item is an error.
    static func list(_ value: String, part: String) throws -> [String] {
        let items = value.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !items.contains(where: \.isEmpty) else {
            throw RecurrenceRuleError.invalidValue(part: part, value: value, reason: "has an empty item")
        }
        return items
    }

    /// A decimal integer, with an optional sign when `signed`, that lies in `range` and is not 0
    /// unless `range` starts at 0.
    static func integer(
        _ text: String, part: String, signed: Bool, range: ClosedRange<Int>, rangeText: String
    ) throws -> Int {
        var digits = Substring(text)
        var negative = false
        if signed, let first = digits.first, first == "+" || first == "-" {
            negative = first == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw RecurrenceRuleError.invalidValue(
                part: part, value: text, reason: signed ? "is not a whole number" : "is not a positive whole number")
        }
        // Too many digits to fit an Int is simply out of range.
        guard let magnitude = Int(digits) else {
            throw RecurrenceRuleError.invalidValue(part: part, value: text, reason: "is out of range (\(rangeText))")
        }
        let number = negative ? -magnitude : magnitude
        guard range.contains(number), number != 0 || range.lowerBound == 0 else {
            throw RecurrenceRuleError.invalidValue(part: part, value: text, reason: "is out of range (\(rangeText))")
        }
        return number
    }

    /// `MO`, `2MO`, `+2MO` or `-1FR`; the ordinal's range is checked by the initializer, which knows
    /// the frequency.
    static func ordinalWeekday(_ text: String) throws -> OrdinalWeekday {
        guard text.count >= 2, let weekday = Weekday(code: text.suffix(2)) else {
            throw RecurrenceRuleError.invalidValue(
                part: "BYDAY", value: text, reason: "is not a weekday (MO, TU, WE, TH, FR, SA or SU, "
                    + "optionally after an ordinal such as 2MO or -1FR)")
        }
        let prefix = text.dropLast(2)
        guard !prefix.isEmpty else { return OrdinalWeekday(weekday) }
        var digits = prefix
        var negative = false
        if let first = digits.first, first == "+" || first == "-" {
            negative = first == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let magnitude = Int(digits)
        else {
            throw RecurrenceRuleError.invalidValue(
                part: "BYDAY", value: text, reason: "has an ordinal that is not a whole number (such as 2MO or -1FR)")
        }
        return OrdinalWeekday(weekday, ordinal: negative ? -magnitude : magnitude)
    }

    /// `YYYYMMDD`, `YYYYMMDDTHHMMSS`, `YYYYMMDDTHHMMSSZ` or `YYYY-MM-DD`, as a date.
    static func untilDate(_ text: String) throws -> LocalDate {
        let invalid = RecurrenceRuleError.invalidValue(
            part: "UNTIL", value: text, reason: "is not a date (YYYYMMDD, YYYYMMDDTHHMMSS[Z] or YYYY-MM-DD)")
        if text.count == 10 {
            guard let date = LocalDate(iso: text) else { throw invalid }
            return date
        }
        let u = Array(text.utf8)
        guard u.count == 8 || ((u.count == 15 || (u.count == 16 && u[15] == UInt8(ascii: "Z")))
                               && u[8] == UInt8(ascii: "T")),
              let year = LocalDate.digits(u, 0, 4), let month = LocalDate.digits(u, 4, 2),
              let day = LocalDate.digits(u, 6, 2),
              let date = LocalDate(year: year, month: month, day: day)
        else { throw invalid }
        if u.count > 8 {
            guard let hour = LocalDate.digits(u, 9, 2), let minute = LocalDate.digits(u, 11, 2),
                  let second = LocalDate.digits(u, 13, 2),
                  hour <= 23, minute <= 59, second <= 60
            else { throw invalid }
        }
        return date
    }
}
