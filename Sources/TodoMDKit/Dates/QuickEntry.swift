/// Quick entry (§12): one line such as
/// `Call dentist friday #health +Admin @Personal !high ~15m every month` read as a new task.
///
/// | token | meaning |
/// |---|---|
/// | `#tag` | a tag (letters, digits, `-`, `_`, `/`) |
/// | `+Project`, `+"Meal Prep"` | project, matched to an existing one ignoring case, spaces and `-` |
/// | `@Area`, `@"Deep Work"` | area, matched likewise |
/// | `!high` `!medium` `!low` `!1` `!2` `!3` | priority (`!1` is high, `!3` low) |
/// | `!flag` | flagged |
/// | `~15m` `~1h` `~1h30m` | estimated minutes |
/// | `due PHRASE`, `by PHRASE`, or a bare PHRASE | due (see ``DatePhrase``) |
/// | `scheduled PHRASE`, `plan PHRASE` | scheduled |
/// | `defer PHRASE`, `start PHRASE` | defer |
/// | `every …` | recurrence (see ``RecurrencePhrase``) |
/// | `remind me 30m before`, `remind 1 hour before` | a reminder that long before `due` (§24) |
///
/// Rules (§21):
/// - Keywords and phrases are case-insensitive. A keyword is taken only when a date phrase follows
///   it; otherwise it stays in the title (`Plan the party`).
/// - A short weekday (`sat`, `sun`, `wed`, also in `next wed`) counts only right after a keyword or
///   at the end of the line (with its time of day: `Dentist fri 9am`), ignoring the tokens above
///   and reminders (`Sun cream` stays a title).
/// - Each date field takes its first phrase: keyword phrases are read first, then, if there is still
///   no due date, the first bare phrase. Later phrases for a field already set stay in the title;
///   so does a second `every …`.
/// - Single-valued tokens (`+`, `@`, `!`, `~`) given twice: the last one wins.
/// - Without any date phrase, an `every …` phrase also sets `due` to its first occurrence on or
///   after today — with a time alone, the first whose time is still ahead (`every weekday at 9am`
///   on a Friday afternoon is Monday 9:00).
/// - `on` right before a date phrase belongs to it (`Dinner on march 1`, `due on fri`); like a
///   keyword, it lets a short weekday count (`Meet on sat with Bob`).
/// - A time of day right after a date phrase (`at 7pm`, `3:30pm`, `19:00`, `at noon`; see
///   ``TimePhrase``), or right before a bare one (`noon wed`), is that field's time (§24): `tomorrow 3pm`, `scheduled fri at 9:30`. A keyword
///   followed by a time alone (`scheduled 9am`), or a time alone anywhere when no due date was
///   given (`Call mom 3pm`), names today if that time is still ahead of `now`, else tomorrow; a
///   time alone is `due` unless a keyword says otherwise.
/// - The title is what remains, with spaces collapsed.
public enum QuickEntry {
    /// Reads one quick-entry line.
    ///
    /// - Parameters:
    ///   - line: the text the user typed.
    ///   - today: the user's current local date; every phrase is relative to it.
    ///   - now: the current local time of day, deciding whether a time alone is today or tomorrow
    ///     (nil: today).
    ///   - knownProjects: existing project names; a `+Project` matching one ignoring case, spaces
    ///     and `-` takes its spelling (`+mealprep` → `Meal Prep`). The first match in the list wins.
    ///   - knownAreas: existing area names, matched likewise.
    ///   - firstOccurrence: the first date on or after the given day on which the given RRULE
    ///     occurs; used only for `every …` without a date phrase.
    public static func parse(_ line: String, today: LocalDate, now: TimeOfDay? = nil, knownProjects: [String] = [],
                             knownAreas: [String] = [],
                             firstOccurrence: (String, LocalDate) -> LocalDate?) -> QuickEntryResult {
        var result = QuickEntryResult(title: "")
        var remaining = Line(tokens: tokens(of: line))

        // Tokens with a sigil.
        for (i, token) in remaining.tokens.enumerated() {
            if read(token, into: &result, knownProjects: knownProjects, knownAreas: knownAreas) {
                remaining.take(i..<(i + 1))
            }
        }

        // Reminders (`remind me 30m before`), each once.
        var r = 0
        while r < remaining.tokens.count {
            guard let (length, minutes) = reminderPhrase(in: remaining.words, at: r) else {
                r += 1
                continue
            }
            let item = TaskReminder.iso(minutes: -minutes)
            if !result.reminders.contains(item) { result.reminders.append(item) }
            remaining.take(r..<(r + length))
            r += length
        }

        // Keyword phrases (`due fri`, `due on fri`) and `every …`, left to right.
        var i = 0
        while i < remaining.tokens.count {
            let word = remaining.words[i].lowercased()
            if let field = DateField(keyword: word), field.isUnset(in: result),
               let (start, match) = phrase(afterKeywordAt: i, in: remaining.words, today: today) {
                field.set(match.date, in: &result)
                let end = takeTime(after: start + match.length, for: field, in: &remaining, result: &result)
                remaining.take(i..<end)
                i = end
            } else if let field = DateField(keyword: word), field.isUnset(in: result),
                      let time = TimePhrase.match(in: remaining.words, at: i + 1) {
                // `scheduled 9am`: a keyword with a time alone.
                let moment = TaskDate(today, time: now)
                field.set(DateInput.nextDay(for: time.time, now: moment), time: time.time, in: &result)
                remaining.take(i..<(i + 1 + time.length))
                i += 1 + time.length
            } else if word == "every", result.recurrence == nil,
                      let match = RecurrencePhrase.match(in: remaining.words, at: i) {
                result.recurrence = match.rule
                remaining.take(i..<(i + match.length))
                i += match.length
            } else {
                i += 1
            }
        }

        // The first bare phrase (with an `on` before it).
        if result.due == nil {
            for i in remaining.tokens.indices where !remaining.words[i].isEmpty {
                guard var match = DatePhrase.match(in: remaining.words, at: i, today: today) else { continue }
                let start = isOn(remaining.words, i - 1) ? i - 1 : i
                // A time right after a short weekday is part of its phrase (`Dentist fri 9am`).
                let phraseEnd = i + match.length + (TimePhrase.match(in: remaining.words, at: i + match.length)?.length ?? 0)
                if match.usesShortWeekday, start == i, remaining.hasWord(after: phraseEnd - 1) {
                    guard let plain = DatePhrase.match(in: remaining.words, at: i, today: today, allowShortWeekdays: false)
                    else { continue }
                    match = plain
                }
                result.due = match.date
                let end = takeTime(after: i + match.length, for: .due, in: &remaining, result: &result)
                // Or a time right before the phrase (`noon wed`, `3pm tomorrow`).
                var first = start
                if result.dueTime == nil, let (at, time) = timeEnding(at: start, in: remaining.words) {
                    result.dueTime = time
                    first = at
                }
                remaining.take(first..<end)
                break
            }
        }

        // A time alone (`Call mom 3pm`): due at the next such time.
        if result.due == nil {
            for i in remaining.tokens.indices where !remaining.words[i].isEmpty {
                guard let time = TimePhrase.match(in: remaining.words, at: i) else { continue }
                let next = DateInput.nextDay(for: time.time, now: TaskDate(today, time: now))
                if let rule = result.recurrence, result.scheduled == nil, result.deferDate == nil {
                    // `every weekday at 9am`: the rule's first day whose 9:00 is still ahead.
                    result.due = firstOccurrence(rule, next) ?? next
                } else {
                    result.due = next
                }
                result.dueTime = time.time
                remaining.take(i..<(i + time.length))
                break
            }
        }

        if let rule = result.recurrence, result.due == nil, result.scheduled == nil, result.deferDate == nil {
            result.due = firstOccurrence(rule, today)
        }
        result.title = remaining.words.filter { !$0.isEmpty }.joined(separator: " ")
        return result
    }

    /// `remind [me] DURATION before [due]` at `i`: its length in words and the minutes before.
    /// DURATION is one word (`30m`, `1h30m`, `2d`, `1w`) or a number (or `a`, `an`) and a unit
    /// (`min`, `minutes`, `hour`, `hrs`, `day`, `week`…).
    static func reminderPhrase(in words: [String], at i: Int) -> (Int, Int)? {
        func word(_ k: Int) -> String { words.indices.contains(k) ? words[k].lowercased() : "" }
        guard word(i) == "remind" else { return nil }
        var k = i + 1
        if word(k) == "me" { k += 1 }
        var minutes: Int?
        if let short = TaskReminder.offsetMinutes("-" + word(k)), short < 0, word(k).first?.isNumber == true {
            minutes = -short
            k += 1
        } else if let n = ["a": 1, "an": 1][word(k)] ?? Int(word(k)), n > 0, n <= 10_000 {
            let units: [String: Int] = [
                "min": 1, "mins": 1, "minute": 1, "minutes": 1, "h": 60, "hr": 60, "hrs": 60, "hour": 60, "hours": 60,
                "d": 1440, "day": 1440, "days": 1440, "w": 10_080, "week": 10_080, "weeks": 10_080,
            ]
            if let unit = units[word(k + 1)] {
                minutes = n * unit
                k += 2
            }
        }
        guard let minutes, word(k) == "before" else { return nil }
        k += 1
        if word(k) == "due" || word(k) == "it" { k += 1 }
        return (k - i, minutes)
    }

    /// The date phrase right after the keyword at `i`, or after an `on` there (`due on fri`),
    /// with the index where it starts.
    static func phrase(afterKeywordAt i: Int, in words: [String], today: LocalDate) -> (Int, DatePhrase.Match)? {
        if let match = DatePhrase.match(in: words, at: i + 1, today: today) { return (i + 1, match) }
        if isOn(words, i + 1), let match = DatePhrase.match(in: words, at: i + 2, today: today) { return (i + 2, match) }
        return nil
    }

    /// Whether `words[i]` is the word `on` (a title word, not one already taken).
    static func isOn(_ words: [String], _ i: Int) -> Bool {
        words.indices.contains(i) && words[i].lowercased() == "on"
    }

    /// Where a date phrase ending before `end` stops once a time of day right after it is taken
    /// too, as the time of `field` (§24).
    static func takeTime(after end: Int, for field: DateField, in line: inout Line, result: inout QuickEntryResult) -> Int {
        guard let time = TimePhrase.match(in: line.words, at: end) else { return end }
        field.setTime(time.time, in: &result)
        return end + time.length
    }

    /// A time phrase that ends right before `end` (`3pm` in `3pm tomorrow`), with where it starts.
    static func timeEnding(at end: Int, in words: [String]) -> (Int, TimeOfDay)? {
        // The longest first: `at 7pm` rather than `7pm`.
        for start in max(0, end - 3)..<end where !words[start].isEmpty {
            if let match = TimePhrase.match(in: words, at: start), start + match.length == end { return (start, match.time) }
        }
        return nil
    }

    /// The tokens of a line and which of them are still title words.
    struct Line {
        let tokens: [String]
        /// The tokens, with those already taken blanked so no phrase runs across them.
        private(set) var words: [String]
        /// The index of the last title word, or −1 when none is left.
        private var lastWord: Int

        init(tokens: [String]) {
            self.tokens = tokens
            self.words = tokens
            self.lastWord = tokens.count - 1
        }

        mutating func take(_ range: Range<Int>) {
            for i in range { words[i] = "" }
            while lastWord >= 0, words[lastWord].isEmpty { lastWord -= 1 }
        }

        /// Whether a title word comes after index `i`.
        func hasWord(after i: Int) -> Bool { lastWord > i }
    }

    // MARK: - Tokens

    /// The words of `line`, with a quoted `+"…"` or `@"…"` name kept as one token.
    static func tokens(of line: String) -> [String] {
        let words = line.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        // closing[i]: the first index ≥ i of a word ending in `"`, so each quote is found in one pass.
        var closing = [Int?](repeating: nil, count: words.count + 1)
        for i in stride(from: words.count - 1, through: 0, by: -1) {
            closing[i] = words[i].hasSuffix("\"") ? i : closing[i + 1]
        }
        var tokens: [String] = []
        var i = 0
        while i < words.count {
            let word = words[i]
            if opensQuote(word), let close = closing[i + 1] {
                tokens.append(words[i...close].joined(separator: " "))
                i = close + 1
            } else {
                tokens.append(word)
                i += 1
            }
        }
        return tokens
    }

    /// `+"Meal` or `@"Deep`: a quoted name that continues in later words.
    private static func opensQuote(_ word: String) -> Bool {
        guard word.hasPrefix("+\"") || word.hasPrefix("@\"") else { return false }
        return word.count == 2 || !word.hasSuffix("\"")
    }

    /// Applies a sigil token (`#`, `+`, `@`, `!`, `~`) to `result`; false when `token` is a word.
    private static func read(_ token: String, into result: inout QuickEntryResult,
                             knownProjects: [String], knownAreas: [String]) -> Bool {
        guard let sigil = token.first else { return false }
        let rest = String(token.dropFirst())
        switch sigil {
        case "#":
            guard isTag(rest) else { return false }
            if !result.tags.contains(rest) { result.tags.append(rest) }
        case "+":
            guard let name = name(rest) else { return false }
            result.project = existing(name, in: knownProjects)
        case "@":
            guard let name = name(rest) else { return false }
            result.area = existing(name, in: knownAreas)
        case "!":
            switch rest.lowercased() {
            case "high", "1": result.priority = .high
            case "medium", "med", "2": result.priority = .medium
            case "low", "3": result.priority = .low
            case "flag", "flagged": result.flagged = true
            default: return false
            }
        case "~":
            guard let minutes = minutes(rest) else { return false }
            result.estimatedMinutes = minutes
        default:
            return false
        }
        return true
    }

    /// Letters, digits, `-`, `_` and `/`, at least one.
    static func isTag(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "/" }
    }

    /// The name in `Admin` or `"Meal Prep"`; it needs a letter so `+1` and `@` stay words.
    static func name(_ text: String) -> String? {
        var inner = Substring(text)
        if inner.hasPrefix("\"") {
            guard inner.count >= 2, inner.hasSuffix("\"") else { return nil }
            inner = inner.dropFirst().dropLast()
        }
        let name = inner.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard name.contains(where: \.isLetter), !name.contains("\"") else { return nil }
        return name
    }

    /// The first of `known` equal to `name` ignoring case, spaces and `-`; else `name` itself.
    static func existing(_ name: String, in known: [String]) -> String {
        func key(_ s: String) -> String { s.lowercased().filter { $0 != "-" && !$0.isWhitespace } }
        let wanted = key(name)
        return known.first(where: { key($0) == wanted }) ?? name
    }

    /// `15m`, `1h`, `1h30m`, `90m` in minutes.
    static func minutes(_ text: String) -> Int? {
        var hours = 0, minutes = 0, digits = "", sawUnit = false, sawMinutes = false
        for ch in text.lowercased() {
            if ch.isASCII, ch.isNumber {
                guard digits.count < 5 else { return nil }
                digits.append(ch)
            } else if ch == "h", !digits.isEmpty, !sawUnit, let n = Int(digits) {
                hours = n
                sawUnit = true
                digits = ""
            } else if ch == "m", !digits.isEmpty, !sawMinutes, let n = Int(digits) {
                minutes = n
                sawUnit = true
                sawMinutes = true
                digits = ""
            } else {
                return nil
            }
        }
        guard digits.isEmpty, sawUnit else { return nil }
        return hours * 60 + minutes
    }

    /// `15m`, `1h`, `1h30m`: the estimate as typed in quick entry.
    static func estimateText(_ minutes: Int) -> String {
        switch (minutes / 60, minutes % 60) {
        case (0, let m): return "\(m)m"
        case (let h, 0): return "\(h)h"
        case let (h, m): return "\(h)h\(m)m"
        }
    }

    // MARK: - Keywords

    /// The date a keyword sets.
    enum DateField {
        case due, scheduled, deferDate

        init?(keyword: String) {
            switch keyword {
            case "due", "by": self = .due
            case "scheduled", "plan": self = .scheduled
            case "defer", "start": self = .deferDate
            default: return nil
            }
        }

        func isUnset(in result: QuickEntryResult) -> Bool {
            switch self {
            case .due: return result.due == nil
            case .scheduled: return result.scheduled == nil
            case .deferDate: return result.deferDate == nil
            }
        }

        func set(_ date: LocalDate, time: TimeOfDay? = nil, in result: inout QuickEntryResult) {
            switch self {
            case .due: result.dueAt = TaskDate(date, time: time)
            case .scheduled: result.scheduledAt = TaskDate(date, time: time)
            case .deferDate: result.deferAt = TaskDate(date, time: time)
            }
        }

        func setTime(_ time: TimeOfDay, in result: inout QuickEntryResult) {
            switch self {
            case .due: result.dueTime = time
            case .scheduled: result.scheduledTime = time
            case .deferDate: result.deferTime = time
            }
        }
    }
}
