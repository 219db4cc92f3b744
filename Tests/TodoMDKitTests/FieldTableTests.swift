import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// The field table (``TaskFieldSpec/table``) is the one list of task fields: every layer derived
/// from it must carry every field. Each test here runs once per field, so a field added to the
/// table is checked through the file codec, edits, TASK JSON, the index, client input and CSV
/// without a line of test code more.
@Suite struct FieldTableTests {
    /// A value of the field's kind that is not its default, so a layer that drops it shows.
    static func sample(_ spec: TaskFieldSpec) -> FieldValue {
        switch spec.kind {
        case .text: return .string("Sample: \"text\" — ü")
        case .rule: return .string("FREQ=WEEKLY;BYDAY=MO")
        case let .choice(values): return .string(values.last { .string($0) != spec.defaultValue } ?? values[0])
        case .date: return .date(LocalDate(year: 2026, month: 12, day: 24) ?? LocalDate(dayNumber: 0))
        case .timedDate:
            // With a time, so a layer that keeps only the date shows (§24).
            return .timed(LocalDate(year: 2026, month: 12, day: 24) ?? LocalDate(dayNumber: 0), TimeOfDay("15:30") ?? .nine)
        case .dateTime: return .dateTime(Date(timeIntervalSince1970: 1_795_000_000))
        case .flag: return .bool(true)
        case .count: return .int(7)
        case .minutes: return .int(90)
        case .list: return .list(["alpha", "b c"])
        case .references: return .list(["alpha.md", "[[b c]]"])
        case .reminders:
            // An offset, an absolute time and a TaskNotes object, so a layer that drops a form shows.
            return .list(["-PT15M", "2026-12-24T08:30",
                          "{id: \"rem_1\", type: \"relative\", relatedTo: \"scheduled\", offset: \"-P1D\"}"])
        case .timeEntries:
            // A finished entry with a note and a running one (§27).
            return .list(["{start: \"2026-12-24T08:00:00Z\", end: \"2026-12-24T08:25:00Z\", note: \"Draft \\\"one\\\"\"}",
                          "{start: \"2026-12-24T09:00:00Z\", end: null}"])
        }
    }

    /// A task with `spec` set to its sample and every required field present.
    static func task(_ spec: TaskFieldSpec) -> TodoTask {
        var task = TodoTask(id: "t.md", title: "T", created: Date(timeIntervalSince1970: 1_790_000_000), source: "test")
        task.modified = task.created
        spec.set(sample(spec), on: &task)
        return task
    }

    /// The getters read stored properties at their offsets and anything else through the key
    /// path; both must give what the key path gives.
    @Test func aFieldReaderReadsWhatTheKeyPathReads() {
        var t = TodoTask(title: "Read me — ü", created: Date(timeIntervalSince1970: 1_795_000_000))
        t.tags = ["a", "b"]
        t.due = LocalDate(year: 2026, month: 12, day: 24)
        t.dueTime = TimeOfDay("15:30")
        let title = FieldReader(\TodoTask.title)
        let tags = FieldReader(\TodoTask.tags)
        let due = FieldReader(\TodoTask.due)
        let dueAt = FieldReader(\TodoTask.dueAt)
        #expect(title.offset != nil && tags.offset != nil && due.offset != nil)
        #expect(dueAt.offset == nil, "a computed property has no offset")
        #expect(title(t) == t.title && tags(t) == t.tags && due(t) == t.due && dueAt(t) == t.dueAt)
        #expect(dueAt(t) != nil)
    }

    /// A file's keys are looked up by length and then compared: every field by its key, and
    /// nothing else (kebab-case is ``TaskField/init(key:)``'s, not the reader's).
    @Test func everyKeyAndOnlyAKeyNamesItsField() {
        for field in TaskField.allCases {
            #expect(TaskField.exactly(field.rawValue) == field)
            #expect(TaskField.exactly(field.rawValue.uppercased()) == nil)
            #expect(TaskField.exactly(field.rawValue + "x") == nil)
            #expect(TaskField.exactly(String(field.rawValue.dropLast())) == TaskField(rawValue: String(field.rawValue.dropLast())))
        }
        for key in ["", "recurrence-mode", "titles", "tïtle", String(repeating: "d", count: 300), "due\u{0}"] {
            #expect(TaskField.exactly(key) == TaskField(rawValue: key), "\(key)")
        }
    }

    @Test func theTableIsTheCanonicalOrderOfEveryField() {
        #expect(TaskFieldSpec.table.map(\.field) == TaskField.allCases)
        for field in TaskField.allCases { #expect(field.spec.field == field) }
    }

    @Test(arguments: TaskFieldSpec.table.map(\.field))
    func aValueSurvivesTheModel(_ field: TaskField) {
        let task = Self.task(field.spec)
        #expect(task.value(of: field) == Self.sample(field.spec))
        var cleared = task
        cleared.set(field, nil)
        #expect(cleared.value(of: field) != Self.sample(field.spec) || field.spec.repair != nil)
    }

    @Test(arguments: TaskFieldSpec.table.map(\.field))
    func aNewFileReadsBackWithTheValue(_ field: TaskField) throws {
        let task = Self.task(field.spec)
        let bytes = TaskFileCodec.encodeNew(task)
        let back = try #require(TaskFileCodec.decode(bytes, id: "t.md", fileModified: task.created,
                                                     timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current).task)
        #expect(back.value(of: field) == Self.sample(field.spec), "\(String(decoding: bytes, as: UTF8.self))")
        #expect(back.warnings.isEmpty)
    }

    @Test(arguments: TaskFieldSpec.table.map(\.field))
    func anEditWritesOnlyTheFieldAndReadsBack(_ field: TaskField) throws {
        let before = "---\ntitle: \"T\"\nstatus: \"todo\"\n# a comment\nmood: calm\ncreated: \"2026-11-01T10:00:00Z\"\nsource: \"test\"\n---\n\nBody.\n"
        var changes = TaskChanges()
        changes.set(field, Self.sample(field.spec))
        let out = try TaskFileCodec.apply(changes, to: Array(before.utf8), id: "t.md", fileModified: Date(),
                                          timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current)
        let text = String(decoding: out, as: UTF8.self)
        let back = try #require(TaskFileCodec.decode(out, id: "t.md", fileModified: Date(),
                                                     timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current).task)
        #expect(back.value(of: field) == Self.sample(field.spec), "\(text)")
        #expect(text.contains("# a comment\nmood: calm\n") && text.hasSuffix("---\n\nBody.\n"), "\(text)")
    }

    @Test(arguments: TaskFieldSpec.table.map(\.field))
    func taskJSONCarriesTheValueAndReadsItBack(_ field: TaskField) throws {
        let task = Self.task(field.spec)
        let json = try JSONValue.parse(TaskJSON.encode(task))
        let value = try #require(json[field.key])
        #expect(TaskJSON.value(value, kind: field.spec.kind) == Self.sample(field.spec))
        let keys = json.objectValue?.map(\.0) ?? []
        #expect(keys == ["id"] + TaskField.allCases.map(\.key)
            + ["body", "extra", "warnings", "parent_id", "children", "progress", "checklist", "blocked", "time_spent_minutes"])
    }

    @Test(arguments: TaskFieldSpec.table.map(\.field))
    func theIndexStoresTheValue(_ field: TaskField) throws {
        let v = try TemporaryVault()
        try v.write("t.md", bytes: TaskFileCodec.encodeNew(Self.task(field.spec)))
        let vault = try v.open()
        let row = try #require(try vault.index.rows(matching: nil, timeZone: vault.clock.timeZone).first)
        #expect(row.task.value(of: field) == Self.sample(field.spec))
        #expect(try JSONValue.parse(row.json)[field.key].flatMap { TaskJSON.value($0, kind: field.spec.kind) }
                == Self.sample(field.spec))
    }

    /// The row form of a listing (`fields=row`) carries the fields a row shows, as TASK does, and
    /// no other field.
    @Test(arguments: TaskFieldSpec.table.map(\.field))
    func theRowFormCarriesOnlyWhatARowShows(_ field: TaskField) throws {
        let v = try TemporaryVault()
        try v.write("t.md", bytes: TaskFileCodec.encodeNew(Self.task(field.spec)))
        let vault = try v.open()
        let row = try #require(try vault.index.rows(matching: nil, timeZone: vault.clock.timeZone).first)
        let json = try JSONValue.parse(row.rowJSON)
        if TaskJSON.rowFields.contains(field) {
            #expect(json[field.key].flatMap { TaskJSON.value($0, kind: field.spec.kind) } == Self.sample(field.spec))
        } else {
            #expect(json[field.key] == nil, "\(row.rowJSON)")
        }
    }

    @Test(arguments: TaskFieldSpec.table.filter { $0.role == .user || $0.role == .noteLink }.map(\.field))
    func clientsSetTheValueByItsKey(_ field: TaskField) throws {
        let sample = Self.sample(field.spec)
        let json: JSONValue = switch sample {
        case let .list(items): .array(items.map(JSONValue.string))
        case let .bool(b): .bool(b)
        case let .int(n): .number(Double(n))
        default: .string(sample.plainText)
        }
        let today = LocalDate(year: 2026, month: 11, day: 21) ?? LocalDate(dayNumber: 0)
        let (changes, _) = try TaskInput.changes(from: [(field.key, json)], now: TaskDate(today))
        #expect(changes.values[field] == .some(sample))
        let kebab = field.key.replacingOccurrences(of: "_", with: "-")
        #expect(try TaskInput.changes(from: [(kebab, json)], now: TaskDate(today)).changes.values[field] == .some(sample))
    }

    @Test(arguments: TaskFieldSpec.table.filter { $0.role == .system || $0.role == .planner }.map(\.field))
    func clientsCannotSetSystemOrPlannerFields(_ field: TaskField) {
        let today = LocalDate(year: 2026, month: 11, day: 21) ?? LocalDate(dayNumber: 0)
        #expect(throws: TodoError.self) {
            try TaskInput.changes(from: [(field.key, .string(Self.sample(field.spec).plainText))], now: TaskDate(today))
        }
    }

    @Test(arguments: TaskFieldSpec.table.map(\.field))
    func csvHasAColumnWithTheValue(_ field: TaskField) throws {
        let text = CSVInterop.export([Self.task(field.spec)])
        let rows = try CSV.parse(text)
        let column = try #require(rows.first?.fields.firstIndex(of: field.key))
        #expect(rows.dropFirst().first?.fields[column] == Self.sample(field.spec).plainText)
    }
}
