import Foundation

/// A new value for one frontmatter field, as an edit writes it.
public enum FieldValue: Sendable, Equatable {
    case string(String)
    case date(LocalDate)
    /// A local date with a time of day (§24): `due`, `scheduled`, `defer` as `2026-11-24T15:00`.
    case timed(LocalDate, TimeOfDay)
    case dateTime(Date)
    case bool(Bool)
    case int(Int)
    case list([String])
    /// Written as `null` (used for `completed: null`).
    case null
}

extension FieldValue {
    /// The value as plain text, as a CSV cell or a text field holds it: dates `YYYY-MM-DD`,
    /// date-times ISO 8601 UTC with `Z`, lists joined with `,`, `null` empty.
    public var plainText: String {
        switch self {
        case let .string(s): return s
        case let .date(d): return d.description
        case let .timed(d, t): return TaskDate(d, time: t).description
        case let .dateTime(t): return DateTimeFormat.string(t)
        case let .bool(b): return b ? "true" : "false"
        case let .int(n): return String(n)
        case let .list(items): return items.joined(separator: ",")
        case .null: return ""
        }
    }
}

/// A set of field changes to apply to one task: a value sets the key, `nil` removes it.
public struct TaskChanges: Sendable, Equatable {
    /// Field → new value (`nil` removes the key from the file).
    public var values: [TaskField: FieldValue?]

    /// An empty change set.
    public init(_ values: [TaskField: FieldValue?] = [:]) { self.values = values }

    /// Sets `field` to `value`.
    public mutating func set(_ field: TaskField, _ value: FieldValue) { values[field] = .some(value) }

    /// Removes `field` from the file.
    public mutating func clear(_ field: TaskField) { values[field] = .some(nil) }

    /// Whether nothing would change.
    public var isEmpty: Bool { values.isEmpty }
}

extension FieldValue {
    /// A `due`/`scheduled`/`defer` value: `.date` without a time, `.timed` with one.
    public init(_ value: TaskDate) {
        self = value.time.map { .timed(value.date, $0) } ?? .date(value.date)
    }

    /// The value as a date with an optional time, for `.date` and `.timed`; nil otherwise.
    public var taskDate: TaskDate? {
        switch self {
        case let .date(d): return TaskDate(d)
        case let .timed(d, t): return TaskDate(d, time: t)
        default: return nil
        }
    }
}
