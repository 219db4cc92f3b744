/// Dates typed by a user on the command line or in the API: `YYYY-MM-DD` or any §12 date phrase
/// (`today`, `tomorrow`, `friday`, `next week`, `in 3 days`, `march 1st`, …; see ``DatePhrase``).
public enum DateInput {
    /// The date `text` names relative to `today`, or nil when it is not a date.
    public static func parse(_ text: String, today: LocalDate) -> LocalDate? {
        DatePhrase.parse(text, today: today)
    }

    /// Like ``parse(_:today:)`` but throws a message naming the field.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` when `text` is not a date.
    public static func require(_ text: String, field: String, today: LocalDate) throws -> LocalDate {
        guard let date = parse(text, today: today) else {
            throw TodoError.invalidValue(
                field: field, value: text,
                reason: "not a date (use YYYY-MM-DD, today, tomorrow, friday, next week, in 3 days or march 1)")
        }
        return date
    }

    /// A date with an optional time of day (§24), as `due`, `scheduled` and `defer` take it:
    /// `YYYY-MM-DD`, `YYYY-MM-DD HH:MM` (or with `T`), a date phrase, a date phrase with a time
    /// (`tomorrow 3pm`, `fri at 9:30`, `3pm tomorrow`), or a time alone (`3pm`, `at noon`: today
    /// if that time is still ahead of `now`, else tomorrow). Nil when `text` is none of these.
    public static func parseTimed(_ text: String, now: TaskDate) -> TaskDate? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let exact = TaskDate(iso: trimmed.replacingOccurrences(of: " ", with: "T")) { return exact }
        let words = trimmed.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard !words.isEmpty else { return nil }
        let today = now.date
        if let date = DatePhrase.parse(trimmed, today: today) { return TaskDate(date) }
        // A date phrase, then a time.
        for length in stride(from: words.count - 1, through: 1, by: -1) {
            guard let time = TimePhrase.match(in: words, at: length), length + time.length == words.count else { continue }
            let head = words[..<length].joined(separator: " ")
            guard let date = DatePhrase.parse(head, today: today) ?? LocalDate(iso: head) else { continue }
            return TaskDate(date, time: time.time)
        }
        // A time, then nothing or a date phrase (with an optional `on`).
        guard let time = TimePhrase.match(in: words, at: 0) else { return nil }
        var rest = Array(words[time.length...])
        if rest.isEmpty {
            return TaskDate(nextDay(for: time.time, now: now), time: time.time)
        }
        if rest.first?.lowercased() == "on" { rest.removeFirst() }
        let tail = rest.joined(separator: " ")
        guard let date = DatePhrase.parse(tail, today: today) ?? LocalDate(iso: tail) else { return nil }
        return TaskDate(date, time: time.time)
    }

    /// Like ``parseTimed(_:now:)`` but throws a message naming the field.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` when `text` is not a date.
    public static func requireTimed(_ text: String, field: String, now: TaskDate) throws -> TaskDate {
        guard let value = parseTimed(text, now: now) else {
            throw TodoError.invalidValue(
                field: field, value: text,
                reason: "not a date (use YYYY-MM-DD, YYYY-MM-DD HH:MM, today, tomorrow 3pm, friday at 9:30, "
                    + "next week, in 3 days or march 1)")
        }
        return value
    }

    /// The day a time given alone falls on: today while that time is still ahead, else tomorrow.
    public static func nextDay(for time: TimeOfDay, now: TaskDate) -> LocalDate {
        guard let current = now.time, time <= current else { return now.date }
        return now.date.adding(days: 1)
    }
}
