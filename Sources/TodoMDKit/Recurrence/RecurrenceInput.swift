import Foundation

/// Recurrence as a user types it: an RRULE or an `every …` phrase (§11, §12).
public enum RecurrenceInput {
    /// The canonical RRULE for `text` (`every 2 weeks`, `FREQ=WEEKLY;INTERVAL=2`, `RRULE:…`).
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming what is wrong.
    public static func rule(from text: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased().hasPrefix("every") {
            guard let rule = RecurrencePhrase.parse(trimmed) else {
                throw TodoError.invalidValue(field: "recurrence", value: text,
                                             reason: "not a phrase todo.md knows (try \"every 2 weeks\" or an RRULE)")
            }
            return rule
        }
        do {
            return try RecurrenceRule(parsing: trimmed).serialized
        } catch {
            throw TodoError.invalidValue(field: "recurrence", value: text, reason: error.localizedDescription)
        }
    }

    /// The first date on or after `today` that `rule` gives: the due date of a new repeating
    /// task that has no date of its own (§21).
    public static func firstOccurrence(_ rule: String, onOrAfter today: LocalDate) -> LocalDate? {
        (try? RecurrenceRule(parsing: rule))?.occurrences(start: today).first { _ in true }
    }
}
