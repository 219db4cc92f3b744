/// Natural-language dates (§12): `tomorrow`, `friday`, `next week`, `in 3 days`, `march 1st`, …
///
/// Every phrase is read case-insensitively relative to an injected `today`; weeks run Monday to
/// Sunday. Anything that is not one of the phrases below is not a date (nil):
///
/// | phrase | date |
/// |---|---|
/// | `today`, `tonight` | today |
/// | `tomorrow`, `tmr`, `tmrw` | today + 1 |
/// | `yesterday` | today − 1 |
/// | `in N days/weeks/months/years` (`in 1 week`, `in a week`) | today + N (months clamp to month end) |
/// | `N days/weeks/months/years from now`, `a week from now` | the same |
/// | `monday` … `sunday`, `mon` … `sun` | the next such day strictly after today |
/// | `this friday` | that day of this week (today if today is Friday); next week's if past |
/// | `next friday` | that day of next week |
/// | `next week` | Monday of next week |
/// | `this weekend`, `weekend` | Saturday of this week (today on Saturday or Sunday) |
/// | `next weekend` | Saturday of next week |
/// | `next month` | the 1st of next month |
/// | `end of week`, `end of the week`, `eow` | Friday of this week (next week's on Saturday or Sunday) |
/// | `end of month`, `end of the month`, `eom` | the last day of this month |
/// | `march 1`, `mar 1`, `1 march`, `march 1st`, `1st of march` | that date this year, or next year if passed |
/// | `march 1 2027`, `march 1st, 2027`, `1 march 2027`, `2027-03-01` | that date |
///
/// A month name counts only with a day number. An impossible date (`feb 30`, `feb 29 2027`) is
/// not a date; `feb 29` is the next 29 February that exists (today included).
public enum DatePhrase {
    /// A phrase found at a position in a list of words.
    public struct Match: Sendable, Equatable {
        /// The date the phrase names.
        public let date: LocalDate
        /// How many words the phrase took.
        public let length: Int
        /// Whether the phrase names a weekday by a short form (`sat`, `next wed`), which quick entry
        /// accepts only after a keyword or at the end of the line (§21).
        public let usesShortWeekday: Bool

        /// Creates a match.
        public init(date: LocalDate, length: Int, usesShortWeekday: Bool) {
            self.date = date
            self.length = length
            self.usesShortWeekday = usesShortWeekday
        }
    }

    /// The longest phrase is four words (`3 weeks from now`, `1st of march 2027`).
    static let longestPhrase = 4

    /// The date `text` names relative to `today`, or nil when `text` is not exactly one date phrase.
    ///
    /// - Parameters:
    ///   - text: the phrase; surrounding and repeated whitespace is ignored.
    ///   - today: the user's current local date.
    public static func parse(_ text: String, today: LocalDate) -> LocalDate? {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard !words.isEmpty, words.count <= longestPhrase,
              let match = match(in: words, at: 0, today: today), match.length == words.count
        else { return nil }
        return match.date
    }

    /// The longest date phrase that starts at `words[start]`, or nil when none does.
    ///
    /// Words are compared case-insensitively, and a trailing `,` or `.` on a word is ignored, so
    /// `March 1st, 2027` and `friday.` are phrases.
    /// - Parameters:
    ///   - words: the line split at whitespace.
    ///   - start: the index of the first word of the phrase; any index is accepted.
    ///   - today: the user's current local date.
    ///   - allowShortWeekdays: when false, phrases that name a weekday by a short form are skipped
    ///     (a shorter phrase at the same position may still match).
    public static func match(in words: [String], at start: Int, today: LocalDate,
                             allowShortWeekdays: Bool = true) -> Match? {
        guard start >= 0, start < words.count else { return nil }
        let first = normalize(words[start])
        guard canStart(first) else { return nil }
        let available = min(longestPhrase, words.count - start)
        let normalized = [first] + words[(start + 1)..<(start + available)].map(normalize)
        for length in stride(from: available, through: 1, by: -1) {
            guard let (date, short) = interpret(Array(normalized[..<length]), today: today),
                  allowShortWeekdays || !short
            else { continue }
            return Match(date: date, length: length, usesShortWeekday: short)
        }
        return nil
    }

    // MARK: - Interpretation

    /// Lower-cased, with one trailing `,` or `.` dropped.
    static func normalize(_ word: String) -> String {
        var w = word.lowercased()
        if w.count > 1, let last = w.last, last == "," || last == "." { w.removeLast() }
        return w
    }

    /// Words that can begin a phrase besides numbers, weekdays and months.
    static let starters: Set<String> = [
        "today", "tonight", "tomorrow", "tmr", "tmrw", "yesterday", "weekend", "eow", "eom",
        "this", "next", "in", "end", "a", "an",
    ]

    /// Whether a normalized word can be the first of a phrase; most words of a line are not, and
    /// are passed over without trying every phrase length.
    static func canStart(_ word: String) -> Bool {
        guard let c = word.first else { return false }
        return (c.isASCII && c.isNumber) || starters.contains(word) || WeekdayName(word) != nil
            || monthNumber(word) != nil
    }

    /// The date a whole list of normalized words names, and whether it used a short weekday.
    static func interpret(_ w: [String], today: LocalDate) -> (LocalDate, Bool)? {
        let result: (LocalDate?, Bool)
        switch w.count {
        case 1: result = oneWord(w[0], today: today)
        case 2: result = twoWords(w[0], w[1], today: today)
        case 3: result = threeWords(w, today: today)
        case 4: result = fourWords(w, today: today)
        default: return nil
        }
        guard let date = result.0, (1...9999).contains(date.year) else { return nil }
        return (date, result.1)
    }

    private static func oneWord(_ w: String, today: LocalDate) -> (LocalDate?, Bool) {
        switch w {
        case "today", "tonight": return (today, false)
        case "tomorrow", "tmr", "tmrw": return (today.adding(days: 1), false)
        case "yesterday": return (today.adding(days: -1), false)
        case "weekend": return (thisWeekend(today), false)
        case "eow": return (endOfWeek(today), false)
        case "eom": return (endOfMonth(today), false)
        default: break
        }
        if let day = WeekdayName(w) { return (nextStrictly(day.number, after: today), day.isShort) }
        return (LocalDate(iso: w), false)
    }

    private static func twoWords(_ a: String, _ b: String, today: LocalDate) -> (LocalDate?, Bool) {
        switch (a, b) {
        case ("next", "week"): return (mondayOfNextWeek(today), false)
        case ("next", "month"):
            return (Unit.month.add(1, to: today).flatMap { LocalDate(year: $0.year, month: $0.month, day: 1) }, false)
        case ("this", "weekend"): return (thisWeekend(today), false)
        case ("next", "weekend"): return (mondayOfNextWeek(today).adding(days: 5), false)
        default: break
        }
        if let day = WeekdayName(b) {
            switch a {
            case "this":
                let inThisWeek = today.adding(days: day.number - today.weekday)
                return (inThisWeek < today ? inThisWeek.adding(days: 7) : inThisWeek, day.isShort)
            case "next":
                return (mondayOfNextWeek(today).adding(days: day.number - 1), day.isShort)
            default: return (nil, false)
            }
        }
        if let month = monthNumber(a), let day = dayNumber(b) { return (upcoming(month: month, day: day, today: today), false) }
        if let day = dayNumber(a), let month = monthNumber(b) { return (upcoming(month: month, day: day, today: today), false) }
        return (nil, false)
    }

    private static func threeWords(_ w: [String], today: LocalDate) -> (LocalDate?, Bool) {
        if w[0] == "in", let n = count(w[1]), let unit = Unit(w[2]) { return (unit.add(n, to: today), false) }
        if w[0] == "end", w[1] == "of" {
            switch w[2] {
            case "week": return (endOfWeek(today), false)
            case "month": return (endOfMonth(today), false)
            default: return (nil, false)
            }
        }
        if let month = monthNumber(w[0]), let day = dayNumber(w[1]), let year = yearNumber(w[2]) {
            return (LocalDate(year: year, month: month, day: day), false)
        }
        if let day = dayNumber(w[0]), let month = monthNumber(w[1]), let year = yearNumber(w[2]) {
            return (LocalDate(year: year, month: month, day: day), false)
        }
        if let day = dayNumber(w[0]), w[1] == "of", let month = monthNumber(w[2]) {
            return (upcoming(month: month, day: day, today: today), false)
        }
        return (nil, false)
    }

    private static func fourWords(_ w: [String], today: LocalDate) -> (LocalDate?, Bool) {
        if let n = count(w[0]), let unit = Unit(w[1]), w[2] == "from", w[3] == "now" {
            return (unit.add(n, to: today), false)
        }
        if w[0] == "end", w[1] == "of", w[2] == "the" {
            switch w[3] {
            case "week": return (endOfWeek(today), false)
            case "month": return (endOfMonth(today), false)
            default: return (nil, false)
            }
        }
        if let day = dayNumber(w[0]), w[1] == "of", let month = monthNumber(w[2]), let year = yearNumber(w[3]) {
            return (LocalDate(year: year, month: month, day: day), false)
        }
        return (nil, false)
    }

    // MARK: - Calendar arithmetic

    /// The first day with ISO weekday `weekday` strictly after `date`.
    static func nextStrictly(_ weekday: Int, after date: LocalDate) -> LocalDate {
        let delta = (weekday - date.weekday + 7) % 7
        return date.adding(days: delta == 0 ? 7 : delta)
    }

    static func mondayOfNextWeek(_ today: LocalDate) -> LocalDate {
        today.adding(days: 8 - today.weekday)
    }

    static func thisWeekend(_ today: LocalDate) -> LocalDate {
        today.weekday >= 6 ? today : today.adding(days: 6 - today.weekday)
    }

    static func endOfWeek(_ today: LocalDate) -> LocalDate {
        today.weekday <= 5 ? today.adding(days: 5 - today.weekday) : mondayOfNextWeek(today).adding(days: 4)
    }

    static func endOfMonth(_ today: LocalDate) -> LocalDate {
        LocalDate(year: today.year, month: today.month,
                  day: LocalDate.daysIn(month: today.month, year: today.year)) ?? today
    }

    /// `month`/`day` this year if not yet passed, else the next year in which it exists
    /// (29 February waits for a leap year); nil for a day no month of that name ever has.
    static func upcoming(month: Int, day: Int, today: LocalDate) -> LocalDate? {
        // 2000 is a leap year, so this is the most days the month can ever have.
        guard day <= LocalDate.daysIn(month: month, year: 2000) else { return nil }
        // Leap years are at most eight years apart (2096 → 2104).
        for year in today.year...min(today.year + 8, 9999) {
            if let date = LocalDate(year: year, month: month, day: day), date >= today { return date }
        }
        return nil
    }

    // MARK: - Words

    /// A unit of `in N …` and `N … from now`.
    enum Unit {
        case day, week, month, year

        init?(_ word: String) {
            switch word {
            case "day", "days": self = .day
            case "week", "weeks": self = .week
            case "month", "months": self = .month
            case "year", "years": self = .year
            default: return nil
            }
        }

        /// `n` units after `date`, or nil past the year 9999.
        func add(_ n: Int, to date: LocalDate) -> LocalDate? {
            switch self {
            case .day: return date.adding(days: n)
            case .week: return date.adding(days: 7 * n)
            case .month, .year:
                let months = self == .month ? n : 12 * n
                // `adding(months:)` falls back to the start date when the result has no valid year.
                guard (date.year * 12 + date.month - 1 + months) / 12 <= 9999 else { return nil }
                return date.adding(months: months)
            }
        }
    }

    /// A count for `in N days`: digits (at most five, so arithmetic cannot overflow), `a` or `an`.
    static func count(_ word: String) -> Int? {
        if word == "a" || word == "an" { return 1 }
        guard (1...5).contains(word.count), word.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(word)
    }

    /// A day of the month: `1`–`31`, optionally with `st`, `nd`, `rd` or `th`.
    static func dayNumber(_ word: String) -> Int? {
        var digits = Substring(word)
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(2)
            break
        }
        guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let n = Int(digits), (1...31).contains(n)
        else { return nil }
        return n
    }

    /// A four-digit year.
    static func yearNumber(_ word: String) -> Int? {
        guard word.count == 4, word.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(word), n >= 1
        else { return nil }
        return n
    }

    static let monthNames = ["january", "february", "march", "april", "may", "june", "july",
                             "august", "september", "october", "november", "december"]

    /// 1–12 for a month's name or its three-letter form (`sept` too).
    static func monthNumber(_ word: String) -> Int? {
        if let i = monthNames.firstIndex(of: word) { return i + 1 }
        if word == "sept" { return 9 }
        guard word.count == 3 else { return nil }
        return monthNames.firstIndex(where: { $0.hasPrefix(word) }).map { $0 + 1 }
    }
}

extension DatePhrase {
    /// A weekday named by its full name (`friday`) or a short form (`fri`, `tues`, `thurs`).
    struct WeekdayName: Equatable {
        /// ISO weekday, 1 = Monday … 7 = Sunday.
        let number: Int
        /// Whether the name was a short form.
        let isShort: Bool

        static let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        static let extraShortForms = ["tues": 2, "weds": 3, "thur": 4, "thurs": 4]

        /// Reads a full name, a plural (`mondays`, when `plural` is true) or a short form.
        init?(_ word: String, plural: Bool = false) {
            if let i = WeekdayName.names.firstIndex(of: word) {
                self.init(number: i + 1, isShort: false)
            } else if plural, word.hasSuffix("s"), let i = WeekdayName.names.firstIndex(of: String(word.dropLast())) {
                self.init(number: i + 1, isShort: false)
            } else if word.count == 3, let i = WeekdayName.names.firstIndex(where: { $0.hasPrefix(word) }) {
                self.init(number: i + 1, isShort: true)
            } else if let n = WeekdayName.extraShortForms[word] {
                self.init(number: n, isShort: true)
            } else {
                return nil
            }
        }

        init(number: Int, isShort: Bool) {
            self.number = number
            self.isShort = isShort
        }
    }
}
