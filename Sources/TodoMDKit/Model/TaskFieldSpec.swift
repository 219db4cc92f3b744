import Foundation

/// The type of a frontmatter field's value. Every layer interprets a kind the same way for every
/// field of that kind — the codec how to read it leniently and write it canonically, the index
/// which column type holds it, TASK JSON how to show it, ``TaskInput`` how a client's value is
/// checked — so a new field of an existing kind needs only its row in ``TaskFieldSpec/table``.
public enum FieldKind: Sendable, Equatable {
    /// Free text. A file whose value is longer than `limit` characters is not a task (§18).
    case text(limit: Int?)
    /// An RFC 5545 RRULE (§11); clients may also give an `every …` phrase.
    case rule
    /// One of a fixed set of lower-case values, matched case-insensitively (§3).
    case choice([String])
    /// A calendar date, `YYYY-MM-DD`; a date-time's local date is accepted (§3).
    case date
    /// A calendar date with an optional local time of day, `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`
    /// (§24); a date-time with `Z` or an offset is read as its local date and time.
    case timedDate
    /// An instant, written in UTC with `Z` (§3).
    case dateTime
    /// `true` or `false` (`yes`/`no` accepted when read).
    case flag
    /// A whole number ≥ 0.
    case count
    /// A length of time in whole minutes ≥ 0; clients and imports may write `1h30m`.
    case minutes
    /// A list of text items; one comma-separated string is accepted (§3).
    case list
    /// A list of task references (§23): ids, filenames or wikilinks; an item may also be a
    /// TaskNotes dependency object, held in its flow form (``TaskReference``).
    case references
    /// A list of reminders (§24): offsets before `due` (`-PT15M`), local date-times, or TaskNotes'
    /// reminder objects held in their flow form (``TaskReminder``).
    case reminders
    /// Tracked time (§27): `{start, end, note}` objects held in their YAML flow form
    /// (``TimeEntry``); an item that is not an entry is held as written, with a warning.
    case timeEntries

    /// Whether values of this kind are lists (absent is the empty list).
    public var isList: Bool { self == .list || self == .references || self == .reminders || self == .timeEntries }

    /// Whether list items may be objects held in their YAML flow form (``TaskReference``,
    /// ``TaskReminder``, ``TimeEntry``), written back as the mappings they were read from.
    public var holdsObjects: Bool { self == .references || self == .reminders || self == .timeEntries }
}

/// Who sets a field, which decides where clients may change it.
public enum FieldRole: Sendable, Equatable {
    /// Anything a user or an agent may set directly.
    case user
    /// The day planner's keys (§14): set through the planner's own calls, which check its limits.
    case planner
    /// A link to a note (§15), set when a task is made from a note's line.
    case noteLink
    /// Kept by todo.md itself (`created`, `modified`, `completed`): never set by clients.
    case system
}

/// What a new file writes for a field (§3: "absent optional fields omitted except `flagged:
/// false`, `completed: null`").
public enum NewFileRule: Sendable, Equatable {
    /// Written when the task has a value (an empty list counts as none).
    case whenSet
    /// Written unless the value is the field's default (`priority: none` is left out).
    case unlessDefault
    /// Always written; `null` when the task has no value.
    case always
}

/// How reading repairs a required field that is missing (§3), each repair a warning.
public enum FieldRepair: Sendable, Equatable {
    /// The title from the filename (§21).
    case titleFromFilename
    /// A fixed value, named in the warning as `shown`.
    case value(FieldValue, shown: String)
    /// The file's modification time.
    case fileModificationTime
}

/// One frontmatter field of ``TaskField``: its kind, who sets it, how new files write it, how a
/// missing value is repaired, and how to get and set it on a ``TodoTask``.
///
/// The table of all fields (``table``) is the one place the field list is written out: the codec,
/// TASK JSON, ``TaskInput``, the index's columns, interop and the MCP schemas are derived from it.
public struct TaskFieldSpec: Sendable {
    /// The field (its key is ``TaskField/key``).
    public let field: TaskField
    /// The value's type.
    public let kind: FieldKind
    /// Who sets it.
    public let role: FieldRole
    /// What a new file writes.
    public let newFile: NewFileRule
    /// The repair when a required field is missing; nil for optional fields.
    public let repair: FieldRepair?
    /// The value a task has when the key is absent (nil: absent). A default counts as a value
    /// when filtering and is shown in TASK JSON (§21).
    public let defaultValue: FieldValue?
    /// One line for help texts and tool schemas.
    public let summary: String
    private let getter: @Sendable (TodoTask) -> FieldValue?
    private let setter: @Sendable (inout TodoTask, FieldValue?) -> Void

    /// The field's value on `task`; nil when absent. Defaults are values (`priority` none).
    public func value(of task: TodoTask) -> FieldValue? { getter(task) }

    /// Sets the field on `task`; nil (or `.null`) makes it absent, or its default.
    public func set(_ value: FieldValue?, on task: inout TodoTask) {
        setter(&task, value == .null ? nil : value)
    }

    /// The field's key as written in files.
    public var key: String { field.key }

    /// The allowed values of a ``FieldKind/choice(_:)`` field; empty for other kinds.
    public var choices: [String] {
        if case let .choice(values) = kind { return values }
        return []
    }

    /// The largest number of characters a text field may hold (§18), when it has a limit.
    public var characterLimit: Int? {
        if case let .text(limit) = kind { return limit }
        return nil
    }

    /// What a new file writes for this field of `task`: nil leaves the key out.
    public func newFileValue(of task: TodoTask) -> FieldValue? {
        let value = getter(task)
        switch newFile {
        case .always:
            return value ?? .null
        case .whenSet:
            if case let .list(items)? = value, items.isEmpty { return nil }
            return value
        case .unlessDefault:
            return value == defaultValue ? nil : value
        }
    }
}

// MARK: - The table

extension TaskFieldSpec {
    /// Every field, in the canonical order of §3 (the order of ``TaskField/allCases``).
    public static let table: [TaskFieldSpec] = TaskField.allCases.map(make)

    /// Every field's getter, in ``table``'s order: what reads all of a task's values (each
    /// stored task, each TASK JSON) iterates, instead of copying each spec — its strings,
    /// choices and closures, retained and released — for each field of each task.
    static let getters: [@Sendable (TodoTask) -> FieldValue?] = table.map(\.getter)

    /// The specs with a repair (§3), the only ones a read goes back to after the file's keys.
    static let repairable: [TaskFieldSpec] = table.filter { $0.repair != nil }

    /// The row of `field`. The switch is exhaustive: a new ``TaskField`` case does not compile
    /// until it has its row here.
    private static func make(_ field: TaskField) -> TaskFieldSpec {
        switch field {
        case .title:
            return .init(field, .text(limit: TaskLimits.titleCharacters), required: .titleFromFilename,
                         newFile: .always, "The task's title (at most 500 characters).", \.title)
        case .status:
            return .choice(field, TaskStatus.self, \.status, default: .todo,
                           required: .value(.string("todo"), shown: "todo"), newFile: .always,
                           "todo, in-progress, done, cancelled or someday.")
        case .due:
            return .timedDate(field, \.due, \.dueTime,
                              "Hard deadline: YYYY-MM-DD, YYYY-MM-DD HH:MM or a phrase (\"friday\", \"tomorrow 3pm\").")
        case .deferDate:
            return .timedDate(field, \.deferDate, \.deferTime, "Hidden until this date (and time): YYYY-MM-DD [HH:MM] or a phrase.")
        case .scheduled:
            return .timedDate(field, \.scheduled, \.scheduledTime, "The day (and time) to work on it: YYYY-MM-DD [HH:MM] or a phrase.")
        case .priority:
            return .choice(field, Priority.self, \.priority, default: .none, "none, low, medium or high.")
        case .flagged:
            return .init(field, .flag, default: .bool(false), newFile: .always,
                         "Flagged tasks show in the Flagged view.", \.flagged)
        case .area:
            return .text(field, \.area, "Area of responsibility, e.g. Work.")
        case .project:
            return .text(field, \.project, "Project name.")
        case .tags:
            return .init(field, .list, newFile: .whenSet,
                         "Tags (a list, or one comma-separated string); replaces the task's tags.", \.tags)
        case .recurrence:
            return .init(field, .rule, newFile: .whenSet,
                         "Repeat rule: an RRULE (FREQ=WEEKLY;BYDAY=SA) or a phrase (\"every saturday\").", \.recurrence)
        case .recurrenceMode:
            return .choice(field, RecurrenceMode.self, \.recurrenceMode, default: .fixed,
                           "fixed, after_completion or defer_another.")
        case .estimatedMinutes:
            return .count(field, \.estimatedMinutes, kind: .minutes, "Estimated minutes of work (45, or 1h30m).")
        case .parent:
            return .text(field, \.parent, "The parent task (§23): its id, filename or [[wikilink]].")
        case .blockedBy:
            return .init(field, .references, newFile: .whenSet,
                         "Tasks this one waits for (ids, filenames or [[wikilinks]]); replaces the list.", \.blockedBy)
        case .sequential:
            return .init(field, .flag, default: .bool(false), newFile: .unlessDefault,
                         "Only the first open subtask is available.", \.sequential)
        case .reminders:
            return .init(field, .reminders, newFile: .whenSet,
                         "Reminders (§24): offsets before due (-PT15M, -1h, -1d) or local date-times (YYYY-MM-DDTHH:MM); replaces the list.",
                         \.reminders)
        case .nag:
            return .init(field, .flag, default: .bool(false), newFile: .unlessDefault,
                         "Remind again every nag_interval minutes until done, snoozed or stopped.", \.nag)
        case .nagInterval:
            return .count(field, \.nagInterval, kind: .minutes, "Minutes between nagging reminders (default 5).")
        case .snoozedUntil:
            return .timedDate(field, \.snoozedUntil, "No reminders until this local date and time: YYYY-MM-DD HH:MM or a phrase.")
        case .timeEntries:
            return .init(field, .timeEntries, newFile: .whenSet,
                         "Tracked time (§27): a list of {start, end, note} (ISO 8601 UTC, end null while running); replaces the list.",
                         \.timeEntries)
        case .description:
            return .init(field, .text(limit: TaskLimits.descriptionCharacters), newFile: .whenSet,
                         "One-line subtitle (at most 2,000 characters).", \.description)
        case .created:
            return .init(field, .dateTime, role: .system, required: .fileModificationTime, newFile: .always,
                         "When the task was created (UTC).", \.created)
        case .modified:
            return .init(field, .dateTime, role: .system, newFile: .always, "When the file was last written (UTC).",
                         \.modified)
        case .completed:
            return .init(field, .dateTime, role: .system, newFile: .always, "When the task was completed (UTC).",
                         \.completed)
        case .source:
            return .init(field, .text(limit: nil), required: .value(.string("unknown"), shown: "unknown"),
                         newFile: .always, "Who created the task: user, shortcut, or a tool's name.", \.source)
        case .region:
            return .choice(field, PlanRegion.self, \.region, role: .planner, "The day planner's region.")
        case .bucket:
            return .choice(field, PlanBucket.self, \.bucket, role: .planner, "The day planner's bucket.")
        case .planDate:
            return .date(field, \.planDate, role: .planner, "The day the task is planned for.")
        case .carryCount:
            return .count(field, \.carryCount, role: .planner, "How many times the plan rolled over.")
        case .backlogSince:
            return .date(field, \.backlogSince, role: .planner, "The day the task went to the backlog.")
        case .note:
            return .text(field, \.note, role: .noteLink, "The note the task was made from.")
        case .noteLine:
            return .count(field, \.noteLine, role: .noteLink, "The line of the note (1-based).")
        }
    }
}

// MARK: - Rows by kind

extension TaskFieldSpec {
    private init(_ field: TaskField, _ kind: FieldKind, role: FieldRole, newFile: NewFileRule,
                 repair: FieldRepair?, default defaultValue: FieldValue?, summary: String,
                 get: @escaping @Sendable (TodoTask) -> FieldValue?,
                 set: @escaping @Sendable (inout TodoTask, FieldValue?) -> Void) {
        self.field = field
        self.kind = kind
        self.role = role
        self.newFile = newFile
        self.repair = repair
        self.defaultValue = defaultValue
        self.summary = summary
        getter = get
        setter = set
    }

    /// A required text field (`title`, `source`): an absent value leaves the task's text as it is.
    private init(_ field: TaskField, _ kind: FieldKind, required: FieldRepair, newFile: NewFileRule,
                 _ summary: String, _ path: WritableKeyPath<TodoTask, String> & Sendable) {
        let fallback: String? = if case let .value(.string(s), _) = required { s } else { nil }
        self.init(field, kind, role: .user, newFile: newFile, repair: required, default: nil, summary: summary,
                  get: { [read = FieldReader(path)] in .string(read($0)) },
                  set: { task, value in
                      if case let .string(s)? = value { task[keyPath: path] = s } else if let fallback {
                          task[keyPath: path] = fallback
                      }
                  })
    }

    /// An optional text field.
    private init(_ field: TaskField, _ kind: FieldKind, role: FieldRole = .user, newFile: NewFileRule,
                 _ summary: String, _ path: WritableKeyPath<TodoTask, String?> & Sendable) {
        self.init(field, kind, role: role, newFile: newFile, repair: nil, default: nil, summary: summary,
                  get: { [read = FieldReader(path)] in read($0).map(FieldValue.string) },
                  set: { task, value in
                      if case let .string(s)? = value { task[keyPath: path] = s } else { task[keyPath: path] = nil }
                  })
    }

    private static func text(_ field: TaskField, _ path: WritableKeyPath<TodoTask, String?> & Sendable,
                             role: FieldRole = .user, _ summary: String) -> TaskFieldSpec {
        TaskFieldSpec(field, .text(limit: nil), role: role, newFile: .whenSet, summary, path)
    }

    /// A flag with a default.
    private init(_ field: TaskField, _ kind: FieldKind, default defaultValue: FieldValue, newFile: NewFileRule,
                 _ summary: String, _ path: WritableKeyPath<TodoTask, Bool> & Sendable) {
        let fallback: Bool = if case let .bool(b) = defaultValue { b } else { false }
        self.init(field, kind, role: .user, newFile: newFile, repair: nil, default: defaultValue, summary: summary,
                  get: { [read = FieldReader(path)] in .bool(read($0)) },
                  set: { task, value in
                      if case let .bool(b)? = value { task[keyPath: path] = b } else { task[keyPath: path] = fallback }
                  })
    }

    /// A list field; absent is the empty list.
    private init(_ field: TaskField, _ kind: FieldKind, newFile: NewFileRule, _ summary: String,
                 _ path: WritableKeyPath<TodoTask, [String]> & Sendable) {
        self.init(field, kind, role: .user, newFile: newFile, repair: nil, default: nil, summary: summary,
                  get: { [read = FieldReader(path)] in .list(read($0)) },
                  set: { task, value in
                      if case let .list(items)? = value { task[keyPath: path] = items } else { task[keyPath: path] = [] }
                  })
    }

    /// An optional date-time field.
    private init(_ field: TaskField, _ kind: FieldKind, role: FieldRole, newFile: NewFileRule, _ summary: String,
                 _ path: WritableKeyPath<TodoTask, Date?> & Sendable) {
        self.init(field, kind, role: role, newFile: newFile, repair: nil, default: nil, summary: summary,
                  get: { [read = FieldReader(path)] in read($0).map(FieldValue.dateTime) },
                  set: { task, value in
                      if case let .dateTime(d)? = value { task[keyPath: path] = d } else { task[keyPath: path] = nil }
                  })
    }

    /// A required date-time field (`created`): an absent value leaves the task's as it is.
    private init(_ field: TaskField, _ kind: FieldKind, role: FieldRole, required: FieldRepair, newFile: NewFileRule,
                 _ summary: String, _ path: WritableKeyPath<TodoTask, Date> & Sendable) {
        self.init(field, kind, role: role, newFile: newFile, repair: required, default: nil, summary: summary,
                  get: { [read = FieldReader(path)] in .dateTime(read($0)) },
                  set: { task, value in if case let .dateTime(d)? = value { task[keyPath: path] = d } })
    }

    private static func date(_ field: TaskField, _ path: WritableKeyPath<TodoTask, LocalDate?> & Sendable,
                             role: FieldRole = .user, _ summary: String) -> TaskFieldSpec {
        TaskFieldSpec(field, .date, role: role, newFile: .whenSet, repair: nil, default: nil, summary: summary,
                      get: { [read = FieldReader(path)] in read($0).map(FieldValue.date) },
                      set: { task, value in
                          if case let .date(d)? = value { task[keyPath: path] = d } else { task[keyPath: path] = nil }
                      })
    }

    /// A date with an optional time (§24), held on the task as a date and a time of day.
    private static func timedDate(_ field: TaskField, _ datePath: WritableKeyPath<TodoTask, LocalDate?> & Sendable,
                                  _ timePath: WritableKeyPath<TodoTask, TimeOfDay?> & Sendable,
                                  _ summary: String) -> TaskFieldSpec {
        TaskFieldSpec(field, .timedDate, role: .user, newFile: .whenSet, repair: nil, default: nil, summary: summary,
                      get: { [date = FieldReader(datePath), time = FieldReader(timePath)] task in
                          date(task).map { FieldValue(TaskDate($0, time: time(task))) }
                      },
                      set: { task, value in
                          let v = value?.taskDate
                          task[keyPath: datePath] = v?.date
                          task[keyPath: timePath] = v?.time
                      })
    }

    /// A date with an optional time held as one ``TaskDate`` (`snoozed_until`).
    private static func timedDate(_ field: TaskField, _ path: WritableKeyPath<TodoTask, TaskDate?> & Sendable,
                                  _ summary: String) -> TaskFieldSpec {
        TaskFieldSpec(field, .timedDate, role: .user, newFile: .whenSet, repair: nil, default: nil, summary: summary,
                      get: { [read = FieldReader(path)] in read($0).map(FieldValue.init) },
                      set: { task, value in task[keyPath: path] = value?.taskDate })
    }

    private static func count(_ field: TaskField, _ path: WritableKeyPath<TodoTask, Int?> & Sendable,
                              kind: FieldKind = .count, role: FieldRole = .user, _ summary: String) -> TaskFieldSpec {
        TaskFieldSpec(field, kind, role: role, newFile: .whenSet, repair: nil, default: nil, summary: summary,
                      get: { [read = FieldReader(path)] in read($0).map(FieldValue.int) },
                      set: { task, value in
                          if case let .int(n)? = value { task[keyPath: path] = n } else { task[keyPath: path] = nil }
                      })
    }

    /// A choice with a default (`status`, `priority`, `recurrence_mode`).
    private static func choice<E: RawRepresentable & CaseIterable & Sendable>(
        _ field: TaskField, _: E.Type, _ path: WritableKeyPath<TodoTask, E> & Sendable, default fallback: E,
        required: FieldRepair? = nil, newFile: NewFileRule = .unlessDefault, _ summary: String
    ) -> TaskFieldSpec where E.RawValue == String {
        TaskFieldSpec(field, .choice(E.allCases.map(\.rawValue)), role: .user, newFile: newFile, repair: required,
                      default: .string(fallback.rawValue), summary: summary,
                      get: { [read = FieldReader(path)] in .string(read($0).rawValue) },
                      set: { task, value in
                          if case let .string(s)? = value, let e = E(rawValue: s) {
                              task[keyPath: path] = e
                          } else {
                              task[keyPath: path] = fallback
                          }
                      })
    }

    /// An optional choice (`region`, `bucket`).
    private static func choice<E: RawRepresentable & CaseIterable & Sendable>(
        _ field: TaskField, _: E.Type, _ path: WritableKeyPath<TodoTask, E?> & Sendable, role: FieldRole,
        _ summary: String
    ) -> TaskFieldSpec where E.RawValue == String {
        TaskFieldSpec(field, .choice(E.allCases.map(\.rawValue)), role: role, newFile: .whenSet, repair: nil,
                      default: nil, summary: summary,
                      get: { [read = FieldReader(path)] in read($0).map { .string($0.rawValue) } },
                      set: { task, value in
                          if case let .string(s)? = value { task[keyPath: path] = E(rawValue: s) } else {
                              task[keyPath: path] = nil
                          }
                      })
    }
}

/// Reads one property of a task for a getter of ``TaskFieldSpec/table``. A key path applied
/// to a value boxes a copy of the whole task first (every one of its strings and lists
/// retained, then released), for each field of each task; a stored property is read at its
/// offset instead.
struct FieldReader<Value>: Sendable {
    let path: KeyPath<TodoTask, Value> & Sendable
    /// Where the property lies in a ``TodoTask``; nil for a computed one.
    let offset: Int?

    init(_ path: KeyPath<TodoTask, Value> & Sendable) {
        self.path = path
        offset = MemoryLayout<TodoTask>.offset(of: path)
    }

    @inline(__always)
    func callAsFunction(_ task: TodoTask) -> Value {
        guard let offset else { return task[keyPath: path] }
        return withUnsafePointer(to: task) { UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self) }
    }
}

// MARK: - Lookups

extension TaskField {
    /// This field's row of ``TaskFieldSpec/table``.
    public var spec: TaskFieldSpec { TaskFieldSpec.table[canonicalIndex] }
}
