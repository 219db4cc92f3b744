/// Times of day as quick entry meets them after a date phrase (§24): `7pm`, `7:30pm`, `7 pm`,
/// `19:00`, `noon`, `midnight`, each possibly after `at`; after `at` a bare hour too (`at 9`,
/// read as 09:00).
///
/// Until tasks carry times (§24), quick entry only recognises them, so that `on march 1 at 7pm`
/// leaves no stray words in the title; the task keeps the date and says the time was not kept.
public enum TimePhrase {
    /// A time found at a position in a list of words.
    public struct Match: Sendable, Equatable {
        /// The time the phrase names.
        public let time: TimeOfDay
        /// How many words the phrase took (`at 7 pm` is three).
        public let length: Int
    }

    /// The time phrase that starts at `words[start]`, or nil when none does. Words are compared
    /// case-insensitively; a trailing `,` or `.` is ignored.
    public static func match(in words: [String], at start: Int) -> Match? {
        guard start >= 0, start < words.count else { return nil }
        var i = start
        let afterAt = normalize(words[i]) == "at"
        if afterAt { i += 1 }
        guard i < words.count else { return nil }
        let word = normalize(words[i])
        if word == "noon" { return TimeOfDay("12:00").map { Match(time: $0, length: i - start + 1) } }
        if word == "midnight" { return TimeOfDay("00:00").map { Match(time: $0, length: i - start + 1) } }

        // The clock part, and a meridiem written on it (`7pm`) or as the next word (`7 pm`).
        var clock = Substring(word)
        var meridiem: String?
        for suffix in ["am", "pm"] where clock.hasSuffix(suffix) {
            meridiem = suffix
            clock = clock.dropLast(2)
        }
        var length = i - start + 1
        if meridiem == nil, i + 1 < words.count, ["am", "pm"].contains(normalize(words[i + 1])) {
            meridiem = normalize(words[i + 1])
            length += 1
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
              parts[0].count <= 2, let hour = Int(parts[0]) else { return nil }
        var minute = 0
        if parts.count == 2 {
            guard parts[1].count == 2, let m = Int(parts[1]), (0..<60).contains(m) else { return nil }
            minute = m
        }
        let hour24: Int
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour24 = hour % 12 + (meridiem == "pm" ? 12 : 0)
        } else {
            // `19:00` is a time anywhere; a bare number only after `at` (`tomorrow 3` is not).
            guard (0..<24).contains(hour), parts.count == 2 || afterAt else { return nil }
            hour24 = hour
        }
        return TimeOfDay(String(hour24) + ":" + (minute < 10 ? "0" : "") + String(minute))
            .map { Match(time: $0, length: length) }
    }

    /// Lowercased, a trailing `,` or `.` dropped, and the dots of `p.m.` removed.
    static func normalize(_ word: String) -> String {
        var w = word.lowercased()
        while let last = w.last, last == "," || last == "." { w.removeLast() }
        return w.replacingOccurrences(of: "a.m", with: "am").replacingOccurrences(of: "p.m", with: "pm")
    }
}
