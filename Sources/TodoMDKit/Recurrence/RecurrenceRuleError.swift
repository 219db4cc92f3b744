import Foundation

/// Why a `recurrence` value is not a rule todo.md can follow, in words that point at the part.
///
/// An invalid rule only warns (§11): the task still loads, it just does not repeat.
public enum RecurrenceRuleError: TodoMDError, Equatable {
    /// The text holds no parts at all.
    case empty
    /// A piece between semicolons is not `NAME=VALUE` (the piece).
    case malformedPart(String)
    /// A name that RFC 5545 does not define for RRULE (the name).
    case unknownPart(String)
    /// An RFC 5545 part that dates-only tasks do not support (the name).
    case unsupportedPart(String)
    /// A part given twice (the name).
    case duplicatePart(String)
    /// A part with nothing after `=` (the name).
    case emptyValue(String)
    /// No `FREQ` part.
    case missingFrequency
    /// `FREQ` names something other than `DAILY`, `WEEKLY`, `MONTHLY` or `YEARLY` (the value).
    case unsupportedFrequency(String)
    /// A value that cannot be read or is out of range: the part, the offending value, and why.
    case invalidValue(part: String, value: String, reason: String)
    /// Parts that cannot be used together.
    case conflict(String)

    /// A rule is a value: one that cannot be followed is an invalid value.
    public var kind: ErrorKind { .invalid }

    /// The message, naming the part and value at fault: "BYMONTHDAY=32 is out of range (1…31 or -31…-1)".
    public var message: String {
        switch self {
        case .empty:
            return "The recurrence rule is empty; it needs at least FREQ (for example FREQ=WEEKLY)"
        case let .malformedPart(piece):
            return "`\(piece)` is not a NAME=VALUE part of a recurrence rule"
        case let .unknownPart(name):
            return "\(name) is not an RRULE part"
        case let .unsupportedPart(name):
            return "\(name) is not supported: tasks repeat on dates, using FREQ, INTERVAL, COUNT, UNTIL, "
                + "BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS and WKST"
        case let .duplicatePart(name):
            return "\(name) appears more than once"
        case let .emptyValue(name):
            return "\(name) has no value"
        case .missingFrequency:
            return "FREQ is missing; use FREQ=DAILY, WEEKLY, MONTHLY or YEARLY"
        case let .unsupportedFrequency(value):
            return "FREQ=\(value) is not supported; use DAILY, WEEKLY, MONTHLY or YEARLY"
        case let .invalidValue(part, value, reason):
            return "\(part)=\(value) \(reason)"
        case let .conflict(text):
            return text
        }
    }
}
