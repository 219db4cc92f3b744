/// Dates typed by a user on the command line or in the API: `YYYY-MM-DD`, `today`,
/// `tomorrow`, `yesterday`. (Natural-language phrases build on this, §12.)
public enum DateInput {
    /// The date `text` names relative to `today`, or nil when it is not a date.
    public static func parse(_ text: String, today: LocalDate) -> LocalDate? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch t {
        case "today", "tonight": return today
        case "tomorrow", "tmr", "tmrw": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: return LocalDate(iso: t)
        }
    }

    /// Like ``parse(_:today:)`` but throws a message naming the field.
    public static func require(_ text: String, field: String, today: LocalDate) throws -> LocalDate {
        guard let date = parse(text, today: today) else {
            throw TodoError.invalidValue(field: field, value: text,
                                         reason: "not a date (use YYYY-MM-DD, today, tomorrow or yesterday)")
        }
        return date
    }
}
