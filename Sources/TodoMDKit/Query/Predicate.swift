import Foundation

/// A validated, typed form of a rule tree (§10): what remains after disabled and neutral nodes
/// are dropped (§21). It has two back ends — SQL over the index (``Predicate/sql(timeZone:)``),
/// and an in-memory evaluator (``Predicate/matches(_:timeZone:)``) used as a test oracle.
public indirect enum Predicate: Sendable, Equatable {
    case all([Predicate])
    case any([Predicate])
    case none([Predicate])
    case test(FieldTest)
}

/// One typed test on one field.
public enum FieldTest: Sendable, Equatable {
    /// `area`, `project`, `source`: exact text, may be absent.
    case text(TextField, ValueTest)
    /// `status`, `priority`, `region`, `bucket`: compared case-insensitively (values lower-cased).
    case enumeration(EnumField, ValueTest)
    case flagged(Bool)
    /// true = no area and no project.
    case inbox(Bool)
    case tags(TagTest)
    /// The field's (local) date lies in [from, to] (either bound open); `orNone` also matches absent.
    case dateRange(DateField, from: LocalDate?, to: LocalDate?, orNone: Bool)
    case dateIsNil(DateField, Bool)
    case estimate(NumberTest)
    case recurrenceIsNil(Bool)
    /// Case- and diacritic-insensitive substring; the needle is already folded.
    case contains(SearchField, String)
    /// Always true or false (`in []`, `not_in []`).
    case constant(Bool)
    /// Structure (§23): whether the task waits for another.
    case blocked(Bool)
    /// The resolved parent: absent, present, or one task (its id, or its filename anywhere).
    case parent(ValueTest)
    case hasChildren(Bool)
    /// The body's checklist has unchecked items.
    case checklistOpen(Bool)
}

/// Exact text fields.
public enum TextField: String, Sendable { case area, project, source }
/// Enumerated fields.
public enum EnumField: String, Sendable { case status, priority, region, bucket }
/// Date and date-time fields; date-times compare by their local date.
public enum DateField: String, Sendable {
    case due, scheduled
    case deferDate = "defer"
    case created, completed, modified

    var isInstant: Bool { self == .created || self == .completed || self == .modified }
}
/// Fields searched with `string_contains`.
public enum SearchField: String, Sendable { case title, description, body, source }

/// equals / not_equals / in / not_in / is_nil / is_not_nil.
public enum ValueTest: Sendable, Equatable {
    case equals(String)
    case notEquals(String)
    case isIn([String])
    case notIn([String])
    case isNil
    case isNotNil
}

/// Tag tests.
public enum TagTest: Sendable, Equatable {
    case contains(String)
    case containsAny([String])
    case containsAll([String])
    case isEmpty
    case isNotEmpty
}

/// Number tests on `estimated_minutes`.
public enum NumberTest: Sendable, Equatable {
    case lessThan(Double)
    case greaterThan(Double)
    case equals(Double)
    case isNil
    case isNotNil
}
