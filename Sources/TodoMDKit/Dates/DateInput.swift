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
}
