/// `every …` phrases (§11, §12) and the RRULEs they stand for.
///
/// Rules come out canonical, without an `RRULE:` prefix: `FREQ` first, then `INTERVAL` (only when
/// greater than 1), `BYMONTH`, `BYMONTHDAY` and `BYDAY` (weekdays in Monday-first order).
///
/// | phrase | rule |
/// |---|---|
/// | `every day`, `every 2 days`, `every other day` | `FREQ=DAILY`, `FREQ=DAILY;INTERVAL=2` |
/// | `every weekday` / `every weekend` | `FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR` / `…BYDAY=SA,SU` |
/// | `every week`, `every 2 weeks`, `every other week`, `every fortnight` | `FREQ=WEEKLY`, `FREQ=WEEKLY;INTERVAL=2` |
/// | `every monday`, `every mon, wed`, `every monday and wednesday`, `every tuesdays` | `FREQ=WEEKLY;BYDAY=MO,WE` |
/// | `every other friday`, `every 2 weeks on mon, thu` | `FREQ=WEEKLY;INTERVAL=2;BYDAY=FR` |
/// | `every month`, `every 3 months`, `every quarter` | `FREQ=MONTHLY`, `FREQ=MONTHLY;INTERVAL=3` |
/// | `every month on the 15th`, `every 15th`, `every month on the 1st and 15th` | `FREQ=MONTHLY;BYMONTHDAY=15` |
/// | `every last day of the month`, `every month on the last day` | `FREQ=MONTHLY;BYMONTHDAY=-1` |
/// | `every last friday`, `every first monday of the month`, `every month on the 2nd tue` | `FREQ=MONTHLY;BYDAY=-1FR` |
/// | `every year`, `every 2 years` | `FREQ=YEARLY`, `FREQ=YEARLY;INTERVAL=2` |
/// | `every year on march 1`, `every march 1st`, `every 1 march`, `every 1st of march` | `FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1` |
///
/// Words are case-insensitive; weekday lists may use commas, `and` or `&`; a trailing
/// `of the month` (or `of every month`, `of each month`) may follow a monthly day.
public enum RecurrencePhrase {
    /// An `every …` phrase found at a position in a list of words.
    public struct Match: Sendable, Equatable {
        /// The canonical RRULE, without `RRULE:`.
        public let rule: String
        /// How many words the phrase took, `every` included.
        public let length: Int

        /// Creates a match.
        public init(rule: String, length: Int) {
            self.rule = rule
            self.length = length
        }
    }

    /// More words than any phrase can use (`every 2 months on the first monday of the month`).
    static let longestPhrase = 14

    /// The RRULE for `text` when the whole of it is one `every …` phrase, else nil.
    public static func parse(_ text: String) -> String? {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard !words.isEmpty, words.count <= longestPhrase,
              let match = match(in: words, at: 0), match.length == words.count
        else { return nil }
        return match.rule
    }

    /// The longest `every …` phrase that starts at `words[start]`, or nil when none does.
    ///
    /// A phrase ends at a word boundary: in `every mon,wed` both days belong to it.
    public static func match(in words: [String], at start: Int) -> Match? {
        guard start >= 0, start < words.count, words[start].lowercased() == "every" else { return nil }
        var pieces = ["every"]
        // ends[n]: how many pieces the first n words make. A phrase ends before the first word
        // that is not phrase vocabulary, so only lengths up to there are tried.
        var ends = [0, 1]
        for word in words[(start + 1)..<min(start + longestPhrase, words.count)] {
            let more = Self.pieces(of: word)
            guard more.allSatisfy(isVocabulary) else { break }
            pieces += more
            ends.append(pieces.count)
        }
        for length in stride(from: ends.count - 1, through: 2, by: -1) {
            if let rule = interpret(Array(pieces[..<ends[length]])) { return Match(rule: rule.text, length: length) }
        }
        return nil
    }

    /// A short English description of `rule` that ``parse(_:)`` reads back to the same rule, such as
    /// `every 2 weeks on Mon, Wed` or `every month on the 15th`; nil for rules no phrase produces.
    public static func describe(_ rule: String) -> String? {
        guard let parts = Rule(rrule: rule) else { return nil }
        return parts.phrase
    }

    // MARK: - Reading words

    /// A word split at commas, lower-cased, with a trailing `.` dropped.
    static func pieces(of word: String) -> [String] {
        word.lowercased().split(separator: ",").compactMap { piece in
            var p = String(piece)
            if p.count > 1, p.hasSuffix(".") { p.removeLast() }
            return p.isEmpty ? nil : p
        }
    }

    /// The rule a complete list of pieces (`every` first) stands for.
    static func interpret(_ pieces: [String]) -> Rule? {
        guard pieces.first == "every" else { return nil }
        var reader = Reader(pieces: Array(pieces.dropFirst()))
        guard let rule = reader.phrase(), reader.atEnd else { return nil }
        return rule
    }

    /// A cursor over the pieces after `every`.
    struct Reader {
        let pieces: [String]
        var position = 0

        var atEnd: Bool { position >= pieces.count }
        var peek: String? { position < pieces.count ? pieces[position] : nil }

        mutating func accept(_ words: String...) -> Bool {
            guard let word = peek, words.contains(word) else { return false }
            position += 1
            return true
        }

        /// Runs `body`, restoring the position when it returns nil.
        mutating func attempt<T>(_ body: (inout Reader) -> T?) -> T? {
            let saved = position
            if let value = body(&self) { return value }
            position = saved
            return nil
        }

        // MARK: Grammar

        mutating func phrase() -> Rule? {
            if let rule = attempt({ $0.withUnit() }), atEnd { return rule }
            position = 0
            if let rule = attempt({ $0.special() }), atEnd { return rule }
            return nil
        }

        /// `[N | other] unit [qualifier]`.
        mutating func withUnit() -> Rule? {
            var interval = 1
            if accept("other") {
                interval = 2
            } else if let word = peek, let n = RecurrencePhrase.count(word) {
                position += 1
                interval = n
            }
            guard let word = peek else { return nil }
            position += 1
            var rule: Rule
            switch word {
            case "day", "days": rule = Rule(freq: "DAILY")
            case "week", "weeks": rule = Rule(freq: "WEEKLY")
            case "fortnight", "fortnights": rule = Rule(freq: "WEEKLY", interval: 2)
            case "month", "months": rule = Rule(freq: "MONTHLY")
            case "quarter", "quarters": rule = Rule(freq: "MONTHLY", interval: 3)
            case "year", "years": rule = Rule(freq: "YEARLY")
            default:
                // `every other friday`, `every other weekday` are weekly rules every second week.
                guard interval == 2, pieces.first == "other" else { return nil }
                position -= 1
                guard var days = special(), days.freq == "WEEKLY", days.interval == 1 else { return nil }
                days.interval = 2
                return days
            }
            rule.interval *= interval
            guard rule.interval <= 9999 else { return nil }
            if atEnd { return rule }
            guard accept("on") else { return nil }
            switch rule.freq {
            case "WEEKLY":
                guard let days = weekdayList() else { return nil }
                rule.byDay = days.map(\.code)
            case "MONTHLY":
                _ = accept("the")
                if let days = attempt({ $0.monthDays() }) {
                    rule.byMonthDay = days
                } else if let day = ordinalWeekday() {
                    rule.byDay = [day]
                } else {
                    return nil
                }
                ofTheMonth()
            case "YEARLY":
                _ = accept("the")
                guard let (month, day) = monthAndDay() else { return nil }
                rule.byMonth = [month]
                rule.byMonthDay = [day]
            default:
                return nil
            }
            return rule
        }

        /// Forms without a unit: weekdays, `weekday`, `weekend`, ordinal weekdays, month days, dates.
        mutating func special() -> Rule? {
            if accept("weekday", "weekdays") { return Rule(freq: "WEEKLY", byDay: ["MO", "TU", "WE", "TH", "FR"]) }
            if accept("weekend", "weekends") { return Rule(freq: "WEEKLY", byDay: ["SA", "SU"]) }
            if let days = attempt({ $0.weekdayList() }) { return Rule(freq: "WEEKLY", byDay: days.map(\.code)) }
            if let (month, day) = attempt({ $0.monthAndDay() }) {
                return Rule(freq: "YEARLY", byMonth: [month], byMonthDay: [day])
            }
            if let day = attempt({ $0.ordinalWeekday() }) {
                ofTheMonth()
                return Rule(freq: "MONTHLY", byDay: [day])
            }
            // `every 15th`: a bare number would be the start of `every 15 days`, so a suffix is needed.
            if let days = attempt({ $0.monthDays(requireSuffix: true) }) {
                ofTheMonth()
                return Rule(freq: "MONTHLY", byMonthDay: days)
            }
            return nil
        }

        /// `mon, wed and fri`, `mondays`: a list of distinct weekdays in Monday-first order.
        mutating func weekdayList() -> [WeekdayCode]? {
            var days: Set<Int> = []
            while true {
                guard let word = peek, let day = DatePhrase.WeekdayName(word, plural: true) else { return nil }
                position += 1
                days.insert(day.number)
                let beforeAnd = position
                if accept("and", "&"), peek.flatMap({ DatePhrase.WeekdayName($0, plural: true) }) != nil { continue }
                position = beforeAnd
                if peek.flatMap({ DatePhrase.WeekdayName($0, plural: true) }) != nil { continue }
                break
            }
            return days.sorted().map(WeekdayCode.init(number:))
        }

        /// `15th`, `1st and 15th`, `last day`: days of the month (`-1` for the last).
        mutating func monthDays(requireSuffix: Bool = false) -> [Int]? {
            if accept("last") {
                guard accept("day") else { return nil }
                return [-1]
            }
            var days: [Int] = []
            while true {
                guard let word = peek, let day = DatePhrase.dayNumber(word),
                      !requireSuffix || word.contains(where: \.isLetter)
                else { return nil }
                position += 1
                if !days.contains(day) { days.append(day) }
                let beforeAnd = position
                if accept("and", "&"), let next = peek, DatePhrase.dayNumber(next) != nil { continue }
                position = beforeAnd
                if let next = peek, DatePhrase.dayNumber(next) != nil, !requireSuffix || next.contains(where: \.isLetter) {
                    continue
                }
                break
            }
            return days.sorted()
        }

        /// `last friday`, `first mon`, `2nd tuesday`: `-1FR`, `1MO`, `2TU`.
        mutating func ordinalWeekday() -> String? {
            guard let word = peek, let n = RecurrencePhrase.ordinals[word] else { return nil }
            position += 1
            guard let next = peek, let day = DatePhrase.WeekdayName(next) else { return nil }
            position += 1
            return "\(n)\(WeekdayCode(number: day.number).code)"
        }

        /// `march 1`, `1 march`, `march 1st`, `1st of march`: a month and a day it can have.
        mutating func monthAndDay() -> (Int, Int)? {
            guard let first = peek else { return nil }
            position += 1
            var result: (Int, Int)?
            if let month = DatePhrase.monthNumber(first), let word = peek, let day = DatePhrase.dayNumber(word) {
                position += 1
                result = (month, day)
            } else if let day = DatePhrase.dayNumber(first) {
                _ = accept("of")
                if let word = peek, let month = DatePhrase.monthNumber(word) {
                    position += 1
                    result = (month, day)
                }
            }
            // 2000 is a leap year: `feb 29` is a yearly date, `feb 30` is not.
            guard let (month, day) = result, day <= LocalDate.daysIn(month: month, year: 2000) else { return nil }
            return (month, day)
        }

        /// An optional `of the month`, `of every month` or `of each month`.
        mutating func ofTheMonth() {
            let saved = position
            if accept("of"), accept("the", "every", "each"), accept("month") { return }
            position = saved
        }
    }

    /// Words a phrase may use after `every`, besides numbers, weekdays and months.
    static let vocabulary: Set<String> = [
        "other", "day", "days", "week", "weeks", "fortnight", "fortnights", "month", "months",
        "quarter", "quarters", "year", "years", "weekday", "weekdays", "weekend", "weekends",
        "first", "second", "third", "fourth", "fifth", "last", "on", "the", "of", "and", "&",
        "every", "each",
    ]

    static func isVocabulary(_ piece: String) -> Bool {
        guard let c = piece.first else { return false }
        return (c.isASCII && c.isNumber) || vocabulary.contains(piece)
            || DatePhrase.WeekdayName(piece, plural: true) != nil || DatePhrase.monthNumber(piece) != nil
    }

    /// `first` … `fifth`, `1st` … `5th`, `last`.
    static let ordinals: [String: Int] = [
        "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3,
        "fourth": 4, "4th": 4, "fifth": 5, "5th": 5, "last": -1,
    ]

    /// An interval: 1–9999 in digits.
    static func count(_ word: String) -> Int? {
        guard (1...4).contains(word.count), word.allSatisfy({ $0.isASCII && $0.isNumber }),
              let n = Int(word), n >= 1
        else { return nil }
        return n
    }

    // MARK: - Rules

    /// A two-letter RRULE weekday.
    struct WeekdayCode: Equatable {
        static let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        static let shortNames = LocalDate.shortWeekdayNames
        let number: Int
        var code: String { WeekdayCode.codes[number - 1] }
    }

    /// The parts of a rule this file reads and writes.
    struct Rule: Equatable {
        var freq: String
        var interval = 1
        var byMonth: [Int] = []
        var byMonthDay: [Int] = []
        var byDay: [String] = []

        /// The canonical text.
        var text: String {
            var parts = ["FREQ=\(freq)"]
            if interval > 1 { parts.append("INTERVAL=\(interval)") }
            if !byMonth.isEmpty { parts.append("BYMONTH=" + byMonth.map(String.init).joined(separator: ",")) }
            if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
            if !byDay.isEmpty { parts.append("BYDAY=" + byDay.joined(separator: ",")) }
            return parts.joined(separator: ";")
        }

        init(freq: String, interval: Int = 1, byMonth: [Int] = [], byMonthDay: [Int] = [], byDay: [String] = []) {
            self.freq = freq
            self.interval = interval
            self.byMonth = byMonth
            self.byMonthDay = byMonthDay
            self.byDay = byDay
        }

        /// Reads an RRULE (an `RRULE:` prefix allowed) made only of the parts above.
        init?(rrule: String) {
            var text = Substring(rrule.trimmingCharacters(in: .whitespaces))
            if text.uppercased().hasPrefix("RRULE:") { text = text.dropFirst(6) }
            var freq: String?
            self.init(freq: "")
            for part in text.split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1).map { $0.uppercased() }
                guard pair.count == 2 else { return nil }
                let value = pair[1]
                let numbers = value.split(separator: ",").map { Int($0) }
                switch pair[0] {
                case "FREQ": freq = value
                case "INTERVAL":
                    guard let n = Int(value), n >= 1 else { return nil }
                    interval = n
                case "BYMONTH":
                    guard numbers.allSatisfy({ $0 != nil }) else { return nil }
                    byMonth = numbers.compactMap { $0 }
                case "BYMONTHDAY":
                    guard numbers.allSatisfy({ $0 != nil }) else { return nil }
                    byMonthDay = numbers.compactMap { $0 }
                case "BYDAY": byDay = value.split(separator: ",").map(String.init)
                default: return nil
                }
            }
            guard let freq else { return nil }
            self.freq = freq
        }

        /// The phrase for this rule, or nil when no phrase says it.
        var phrase: String? {
            let unit: String
            switch freq {
            case "DAILY": unit = "day"
            case "WEEKLY": unit = "week"
            case "MONTHLY": unit = "month"
            case "YEARLY": unit = "year"
            default: return nil
            }
            let every = interval == 1 ? "every \(unit)" : "every \(interval) \(unit)s"
            switch (freq, byMonth.isEmpty, byMonthDay.isEmpty, byDay.isEmpty) {
            case (_, true, true, true):
                return every
            case ("WEEKLY", true, true, false):
                let numbers = byDay.compactMap { WeekdayCode.codes.firstIndex(of: $0) }
                guard numbers.count == byDay.count else { return nil }
                let names = numbers.map { WeekdayCode.shortNames[$0] }.joined(separator: ", ")
                if interval == 1 {
                    if byDay == ["MO", "TU", "WE", "TH", "FR"] { return "every weekday" }
                    if byDay == ["SA", "SU"] { return "every weekend" }
                    return "every \(names)"
                }
                return "\(every) on \(names)"
            case ("MONTHLY", true, false, true):
                guard byMonthDay.allSatisfy({ (1...31).contains($0) }) || byMonthDay == [-1] else { return nil }
                let days = byMonthDay == [-1] ? "last day" : byMonthDay.map(RecurrencePhrase.ordinal).joined(separator: " and ")
                return "\(every) on the \(days)"
            case ("MONTHLY", true, true, false):
                guard byDay.count == 1, let day = byDay.first, day.count >= 3 else { return nil }
                let code = String(day.suffix(2))
                guard let index = WeekdayCode.codes.firstIndex(of: code), let n = Int(day.dropLast(2)),
                      let word = RecurrencePhrase.ordinals.first(where: { $0.value == n && $0.key.first?.isLetter == true })?.key
                else { return nil }
                let name = WeekdayCode.shortNames[index]
                return interval == 1 ? "every \(word) \(name)" : "\(every) on the \(word) \(name)"
            case ("YEARLY", false, false, true):
                guard byMonth.count == 1, byMonthDay.count == 1, let month = byMonth.first, let day = byMonthDay.first,
                      (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: 2000)
                else { return nil }
                return "\(every) on \(day) \(LocalDate.shortMonthNames[month - 1])"
            default:
                return nil
            }
        }
    }

    /// `1st`, `2nd`, `3rd`, `11th`, `22nd`.
    static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }
}
