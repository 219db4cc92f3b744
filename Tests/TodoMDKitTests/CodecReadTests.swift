import Foundation
import Testing
@testable import TodoMDKit

// MARK: - Fixtures

/// Decoding with a fixed time zone and file modification time, shared by the codec tests.
enum CodecFixture {
    /// A zone west of UTC, so a UTC date-time late in the evening falls on the previous local day.
    static let zoneName = "America/New_York"
    /// The file modification time used for `created` repairs: 2026-11-20T10:00:00Z.
    static let mtime = Date(timeIntervalSince1970: 1_795_168_800)
    /// A stamped filename, so the title repair has a stamp to drop.
    static let id = "Work/20250226-1430-fix-the-Bike.md"

    static func zone() throws -> TimeZone { try #require(TimeZone(identifier: zoneName)) }

    /// Decodes `text`; records an issue and throws when it is not a task.
    static func task(_ text: String, id: String = CodecFixture.id) throws -> TodoTask {
        try task(bytes: Array(text.utf8), id: id)
    }

    static func task(bytes: [UInt8], id: String = CodecFixture.id) throws -> TodoTask {
        switch TaskFileCodec.decode(bytes, id: id, fileModified: mtime, timeZone: try zone()) {
        case let .task(task): return task
        case let .unparseable(reason):
            Issue.record("unexpectedly unparseable: \(reason)")
            throw TodoError.unparseable(path: id, reason: reason)
        }
    }

    /// The reason a file is not a task, or nil when it is one.
    static func reason(_ bytes: [UInt8], id: String = CodecFixture.id) throws -> String? {
        if case let .unparseable(reason) = TaskFileCodec.decode(bytes, id: id, fileModified: mtime, timeZone: try zone()) {
            return reason
        }
        return nil
    }

    /// A complete, warning-free file with `lines` inserted before `created`; a required key
    /// that `lines` sets is not written twice.
    static func file(_ lines: String) -> String {
        let given = Set(lines.split(separator: "\n").map { String($0.prefix { $0 != ":" }) })
        func line(_ key: String, _ value: String) -> String { given.contains(key) ? "" : "\(key): \(value)\n" }
        var text = "---\n" + line("title", "\"Fix the bike\"") + line("status", "\"todo\"")
        if !lines.isEmpty { text += lines + "\n" }
        return text + line("created", "\"2025-02-26T14:30:00Z\"") + line("source", "\"user\"") + "---\n"
    }

    /// A field's value as text, the way the file would write it (nil when absent).
    static func value(_ field: TaskField, of t: TodoTask) -> String? {
        switch field {
        case .title: return t.title
        case .status: return t.status.rawValue
        case .due: return t.due?.description
        case .deferDate: return t.deferDate?.description
        case .scheduled: return t.scheduled?.description
        case .priority: return t.priority.rawValue
        case .flagged: return String(t.flagged)
        case .area: return t.area
        case .project: return t.project
        case .tags: return t.tags.joined(separator: "|")
        case .recurrence: return t.recurrence
        case .recurrenceMode: return t.recurrenceMode.rawValue
        case .estimatedMinutes: return t.estimatedMinutes.map(String.init)
        case .parent: return t.parent
        case .blockedBy: return t.blockedBy.joined(separator: "|")
        case .sequential: return String(t.sequential)
        case .reminders: return t.reminders.joined(separator: "|")
        case .nag: return String(t.nag)
        case .nagInterval: return t.nagInterval.map(String.init)
        case .snoozedUntil: return t.snoozedUntil?.description
        case .timeEntries: return t.timeEntries.joined(separator: "|")
        case .description: return t.description
        case .created: return DateTimeFormat.string(t.created)
        case .modified: return t.modified.map(DateTimeFormat.string)
        case .completed: return t.completed.map(DateTimeFormat.string)
        case .source: return t.source
        case .region: return t.region?.rawValue
        case .bucket: return t.bucket?.rawValue
        case .planDate: return t.planDate?.description
        case .carryCount: return t.carryCount.map(String.init)
        case .backlogSince: return t.backlogSince?.description
        case .note: return t.note
        case .noteLine: return t.noteLine.map(String.init)
        }
    }

    /// The warnings that name `key` (each warning starts with `key:`).
    static func warnings(_ t: TodoTask, naming key: String) -> [String] {
        t.warnings.filter { $0.hasPrefix(key + ":") }
    }
}

/// One frontmatter line and the value a field must read as.
struct CodecFieldCase: Sendable, CustomTestStringConvertible {
    let line: String
    let field: TaskField
    let expected: String?
    init(_ line: String, _ field: TaskField, _ expected: String?) {
        self.line = line
        self.field = field
        self.expected = expected
    }
    var testDescription: String { line.replacingOccurrences(of: "\n", with: "⏎") }
}

// MARK: - Lenient values

@Suite struct CodecReadTests {
    /// §3: enums case-insensitive; dates accept date-times (local date) and unquoted YAML dates;
    /// bools true/false/yes/no; tags as a list or a comma-separated string, trimmed; numbers.
    @Test(arguments: [
        // Enums, matched case-insensitively.
        CodecFieldCase("status: In-Progress", .status, "in-progress"),
        CodecFieldCase("status: DONE", .status, "done"),
        CodecFieldCase("status: \"Someday\"", .status, "someday"),
        CodecFieldCase("status: 'cancelled'", .status, "cancelled"),
        CodecFieldCase("priority: HIGH", .priority, "high"),
        CodecFieldCase("priority: Low", .priority, "low"),
        CodecFieldCase("priority: none", .priority, "none"),
        CodecFieldCase("recurrence_mode: After_Completion", .recurrenceMode, "after_completion"),
        CodecFieldCase("region: Morning", .region, "morning"),
        CodecFieldCase("bucket: NONE", .bucket, "none"),
        // Dates: quoted, unquoted YAML dates, and date-times reduced to their local date.
        CodecFieldCase("due: \"2025-03-01\"", .due, "2025-03-01"),
        CodecFieldCase("due: 2025-03-01", .due, "2025-03-01"),
        CodecFieldCase("due: 2025-03-01T02:00:00Z", .due, "2025-02-28"),
        CodecFieldCase("due: \"2025-03-01T12:00:00+09:00\"", .due, "2025-02-28"),
        CodecFieldCase("due: 2025-03-01T23:30:00", .due, "2025-03-01"),
        CodecFieldCase("due: 2025-03-01 10:00:00", .due, "2025-03-01"),
        CodecFieldCase("due: 2025-03-01T05:00:00.500Z", .due, "2025-03-01"),
        CodecFieldCase("defer: 2025-02-28", .deferDate, "2025-02-28"),
        CodecFieldCase("scheduled: 2025-07-01T03:59:59Z", .scheduled, "2025-06-30"),
        CodecFieldCase("plan_date: 2026-11-21", .planDate, "2026-11-21"),
        CodecFieldCase("backlog_since: \"2026-11-01T00:00:00Z\"", .backlogSince, "2026-10-31"),
        // Date-times: UTC written with Z; offsets and local times converted.
        CodecFieldCase("completed: 2025-02-26T09:30:00-05:00", .completed, "2025-02-26T14:30:00Z"),
        CodecFieldCase("completed: \"2025-02-26T09:30:00\"", .completed, "2025-02-26T14:30:00Z"),
        CodecFieldCase("modified: 2025-07-01T12:00:00+02:00", .modified, "2025-07-01T10:00:00Z"),
        // Bools.
        CodecFieldCase("flagged: true", .flagged, "true"),
        CodecFieldCase("flagged: false", .flagged, "false"),
        CodecFieldCase("flagged: yes", .flagged, "true"),
        CodecFieldCase("flagged: no", .flagged, "false"),
        CodecFieldCase("flagged: Yes", .flagged, "true"),
        CodecFieldCase("flagged: TRUE", .flagged, "true"),
        // Tags.
        CodecFieldCase("tags:\n  - errands\n  - food", .tags, "errands|food"),
        CodecFieldCase("tags: [errands, food]", .tags, "errands|food"),
        CodecFieldCase("tags: errands", .tags, "errands"),
        CodecFieldCase("tags: work, home ,  errands", .tags, "work|home|errands"),
        CodecFieldCase("tags: \" work ,home,, \"", .tags, "work|home"),
        CodecFieldCase("tags: []", .tags, ""),
        // Text and numbers.
        CodecFieldCase("area: Personal", .area, "Personal"),
        CodecFieldCase("project: 'Meal Prep'", .project, "Meal Prep"),
        CodecFieldCase("description: |\n  Two\n  lines", .description, "Two\nlines\n"),
        CodecFieldCase("estimated_minutes: 45", .estimatedMinutes, "45"),
        CodecFieldCase("estimated_minutes: 0", .estimatedMinutes, "0"),
        CodecFieldCase("carry_count: 3", .carryCount, "3"),
        CodecFieldCase("note: \"Notes/Trip.md\"\nnote_line: 12", .noteLine, "12"),
        CodecFieldCase("recurrence: \"FREQ=WEEKLY;BYDAY=SA\"", .recurrence, "FREQ=WEEKLY;BYDAY=SA"),
        // Reminders (§24): ISO 8601 offsets as written, short forms in ISO form, local date-times
        // to the minute, TaskNotes' objects kept as written.
        CodecFieldCase("reminders: -PT15M", .reminders, "-PT15M"),
        CodecFieldCase("reminders: [-15m, -1h, -1d, -1h30m, -pt90m]", .reminders, "-PT15M|-PT1H|-P1D|-PT1H30M|-PT1H30M"),
        CodecFieldCase("reminders:\n  - \"-P1DT2H\"\n  - -P1W\n  - PT0M", .reminders, "-P1DT2H|-P7D|PT0M"),
        CodecFieldCase("reminders: [2026-11-24 15:00, \"2026-11-24T08:05:00\"]", .reminders,
                       "2026-11-24T15:00|2026-11-24T08:05"),
        CodecFieldCase("reminders:\n  - {id: rem_1, type: relative, relatedTo: due, offset: -PT15M}", .reminders,
                       "{id: \"rem_1\", type: \"relative\", relatedTo: \"due\", offset: \"-PT15M\"}"),
        CodecFieldCase("reminders:\n  - id: rem_2\n    type: absolute\n    absoluteTime: \"2026-11-24T14:45:00Z\"", .reminders,
                       "{id: \"rem_2\", type: \"absolute\", absoluteTime: \"2026-11-24T14:45:00Z\"}"),
        CodecFieldCase("nag: yes", .nag, "true"),
        CodecFieldCase("nag_interval: 10", .nagInterval, "10"),
        CodecFieldCase("snoozed_until: 2026-11-24T15:00:00", .snoozedUntil, "2026-11-24T15:00"),
        CodecFieldCase("snoozed_until: \"2026-11-24\"", .snoozedUntil, "2026-11-24"),
    ])
    func lenientValue(_ c: CodecFieldCase) throws {
        let task = try CodecFixture.task(CodecFixture.file(c.line))
        #expect(CodecFixture.value(c.field, of: task) == c.expected)
        #expect(task.warnings.isEmpty, "\(task.warnings)")
        #expect(task.title == "Fix the bike")
    }

    /// §3: an empty string or `null` means absent — no value, no warning for optional fields.
    @Test(arguments: [
        CodecFieldCase("due: \"\"", .due, nil),
        CodecFieldCase("due: null", .due, nil),
        CodecFieldCase("due: ~", .due, nil),
        CodecFieldCase("due:", .due, nil),
        CodecFieldCase("completed: null", .completed, nil),
        CodecFieldCase("area: ''", .area, nil),
        CodecFieldCase("tags:", .tags, ""),
        CodecFieldCase("tags: \"\"", .tags, ""),
        CodecFieldCase("priority: null", .priority, "none"),
        CodecFieldCase("flagged:", .flagged, "false"),
        CodecFieldCase("recurrence_mode: ~", .recurrenceMode, "fixed"),
        CodecFieldCase("estimated_minutes: NULL", .estimatedMinutes, nil),
    ])
    func emptyMeansAbsent(_ c: CodecFieldCase) throws {
        let task = try CodecFixture.task(CodecFixture.file(c.line))
        #expect(CodecFixture.value(c.field, of: task) == c.expected)
        #expect(task.warnings.isEmpty, "\(task.warnings)")
    }

    /// `null` written in quotes is the text "null", not absent.
    @Test func quotedNullIsText() throws {
        let task = try CodecFixture.task(CodecFixture.file("area: \"null\""))
        #expect(task.area == "null")
    }

    // MARK: - Repairs of required fields

    /// §3: a missing or empty required field is repaired, with one warning naming its key.
    @Test(arguments: [
        // (frontmatter without the field, field, repaired value)
        ("status: \"todo\"\ncreated: \"2025-02-26T14:30:00Z\"\nsource: \"user\"", "title", "fix the Bike"),
        ("title: \"\"\nstatus: \"todo\"\ncreated: \"2025-02-26T14:30:00Z\"\nsource: \"user\"", "title", "fix the Bike"),
        ("title: \"T\"\ncreated: \"2025-02-26T14:30:00Z\"\nsource: \"user\"", "status", "todo"),
        ("title: \"T\"\nstatus: null\ncreated: \"2025-02-26T14:30:00Z\"\nsource: \"user\"", "status", "todo"),
        ("title: \"T\"\nstatus: \"done\"\nsource: \"user\"", "created", "2026-11-20T10:00:00Z"),
        ("title: \"T\"\nstatus: \"done\"\ncreated: ~\nsource: \"user\"", "created", "2026-11-20T10:00:00Z"),
        ("title: \"T\"\nstatus: \"todo\"\ncreated: \"2025-02-26T14:30:00Z\"", "source", "unknown"),
        ("title: \"T\"\nstatus: \"todo\"\ncreated: \"2025-02-26T14:30:00Z\"\nsource: ''", "source", "unknown"),
    ])
    func missingRequiredField(_ lines: String, _ key: String, _ repaired: String) throws {
        let task = try CodecFixture.task("---\n\(lines)\n---\n")
        let field = try #require(TaskField(rawValue: key))
        #expect(CodecFixture.value(field, of: task) == repaired)
        #expect(CodecFixture.warnings(task, naming: key).count == 1)
        #expect(task.warnings.count == 1, "\(task.warnings)")
    }

    /// §21: the title from a filename drops `.md` and a leading `YYYYMMDD-HHmm-` stamp, turns
    /// dashes into spaces and keeps the case.
    @Test(arguments: [
        ("20250226-1430-buy-milk.md", "buy milk"),
        ("Work/Errands/20250226-1430-Call-Bob-ASAP.md", "Call Bob ASAP"),
        ("Plain-Name.md", "Plain Name"),
        ("2025-plans.md", "2025 plans"),
        ("20250226-buy-milk.md", "20250226 buy milk"),
        ("2025022a-1430-x.md", "2025022a 1430 x"),
        ("Café-au-lait.md", "Café au lait"),
        ("notes.v2.md", "notes.v2"),
    ])
    func titleFromFilename(_ id: String, _ title: String) throws {
        let task = try CodecFixture.task("---\nstatus: todo\ncreated: 2025-02-26T14:30:00Z\nsource: x\n---\n", id: id)
        #expect(task.title == title)
        #expect(task.warnings.count == 1)
        #expect(CodecFixture.warnings(task, naming: "title").count == 1)
    }

    /// §21: `---`/`---` alone is a task with every required field repaired.
    @Test(arguments: ["---\n---\n", "---\n---", "---\r\n---\r\n", "---\n\n---\n", "---\n# only a comment\n---\n",
                      "---\n~\n---\n"])
    func emptyFrontmatterIsATask(_ text: String) throws {
        let task = try CodecFixture.task(text, id: "20261121-0800-empty-task.md")
        #expect(task.title == "empty task")
        #expect(task.status == .todo)
        #expect(task.created == CodecFixture.mtime)
        #expect(task.source == "unknown")
        #expect(task.body == "")
        #expect(task.warnings.map { String($0.prefix { $0 != ":" }) } == ["title", "status", "created", "source"])
    }

    // MARK: - Wrong types

    /// §3, §21: a value of the wrong type is ignored with a warning naming its key; the default
    /// or repair applies and the rest of the task is kept.
    @Test(arguments: [
        CodecFieldCase("title: [a, list]", .title, "fix the Bike"),
        CodecFieldCase("title:\n  nested: map", .title, "fix the Bike"),
        CodecFieldCase("status: open", .status, "todo"),
        CodecFieldCase("status: [todo]", .status, "todo"),
        CodecFieldCase("priority: urgent", .priority, "none"),
        CodecFieldCase("priority: 1", .priority, "none"),
        CodecFieldCase("due: someday", .due, nil),
        CodecFieldCase("due: 2025-02-30", .due, nil),
        CodecFieldCase("due: [2025-03-01]", .due, nil),
        CodecFieldCase("defer: tomorrow", .deferDate, nil),
        CodecFieldCase("flagged: maybe", .flagged, "false"),
        CodecFieldCase("flagged: [true]", .flagged, "false"),
        CodecFieldCase("area: [Home, Work]", .area, nil),
        CodecFieldCase("project:\n  - x", .project, nil),
        CodecFieldCase("tags: {a: 1}", .tags, ""),
        CodecFieldCase("tags:\n  - ok\n  - [nested]", .tags, ""),
        CodecFieldCase("estimated_minutes: -5", .estimatedMinutes, nil),
        CodecFieldCase("estimated_minutes: 1.5", .estimatedMinutes, nil),
        CodecFieldCase("estimated_minutes: lots", .estimatedMinutes, nil),
        CodecFieldCase("recurrence_mode: sometimes", .recurrenceMode, "fixed"),
        CodecFieldCase("region: night", .region, nil),
        CodecFieldCase("created: yesterday", .created, "2026-11-20T10:00:00Z"),
        CodecFieldCase("completed: soon", .completed, nil),
        CodecFieldCase("source: [a, b]", .source, "unknown"),
        CodecFieldCase("description: [x]", .description, nil),
    ])
    func wrongTypeIsIgnoredWithAWarning(_ c: CodecFieldCase) throws {
        // The wrong value comes first, so a later key with the same name cannot hide it; the
        // keys around it must survive.
        var lines = ["---", c.line, "area2: kept"]
        for (key, value) in [("title", "\"Fix the bike\""), ("status", "\"todo\""), ("area", "\"Home\""),
                             ("created", "\"2025-02-26T14:30:00Z\""), ("source", "\"user\"")]
        where !c.line.hasPrefix(key + ":") {
            lines.append("\(key): \(value)")
        }
        lines.append("---")
        let task = try CodecFixture.task(lines.joined(separator: "\n") + "\n\nBody.\n")
        #expect(CodecFixture.value(c.field, of: task) == c.expected)
        let warnings = CodecFixture.warnings(task, naming: c.field.key)
        #expect(warnings.count == 1, "\(task.warnings)")
        #expect(task.warnings.count == 1, "\(task.warnings)")
        // The rest is kept.
        #expect(task.body == "Body.\n")
        #expect(task.extra.first?.key == "area2")
        if c.field != .title { #expect(task.title == "Fix the bike") }
        if c.field != .area { #expect(task.area == "Home") }
        if c.field != .source { #expect(task.source == "user") }
    }

    /// The warning for a wrong value quotes it, so `doctor` tells the user what to fix.
    @Test func wrongTypeWarningQuotesTheValue() throws {
        let task = try CodecFixture.task(CodecFixture.file("due: someday\npriority: urgent"))
        #expect(task.warnings.count == 2)
        #expect(task.warnings.contains { $0.hasPrefix("due:") && $0.contains("someday") })
        #expect(task.warnings.contains { $0.hasPrefix("priority:") && $0.contains("urgent") })
    }

    // MARK: - Unknown keys

    /// §3, §21: unknown keys are kept in file order under `extra`, typed as YAML would; known
    /// keys are case-sensitive, so `Title` is an unknown key.
    @Test func unknownKeysAreKept() throws {
        let text = """
            ---
            title: "Fix the bike"
            Title: "Other"
            obsidian-uid: 7f3a
            count: 3
            ratio: 1.5
            archived: yes
            empty:
            quoted: "42"
            list: [a, 1, true]
            nested:
              deep: {x: null}
            status: "todo"
            created: "2025-02-26T14:30:00Z"
            source: "obsidian"
            ---

            """
        let task = try CodecFixture.task(text)
        #expect(task.warnings.isEmpty)
        #expect(task.title == "Fix the bike")
        #expect(task.extra.map(\.key) == ["Title", "obsidian-uid", "count", "ratio", "archived", "empty", "quoted",
                                          "list", "nested"])
        #expect(task.extra.map(\.value) == [
            .string("Other"), .string("7f3a"), .number(3), .number(1.5), .bool(true), .null, .string("42"),
            .array([.string("a"), .number(1), .bool(true)]),
            .object([("deep", .object([("x", .null)]))]),
        ])
    }

    // MARK: - Whole files

    /// §21: the file another tool's shell script writes reads with no warnings.
    @Test func shellScriptFileReadsWithoutWarnings() throws {
        // What the §21 script writes for TITLE="Call the plumber" at 2026-11-21 08:15 UTC.
        let text = "---\ntitle: \"Call the plumber\"\nstatus: \"todo\"\ncreated: \"2026-11-21T08:15:42Z\"\n"
            + "source: \"cli-script\"\n---\n"
        let task = try CodecFixture.task(text, id: "20261121-0815-call-the-plumber.md")
        #expect(task.warnings == [])
        #expect(task.title == "Call the plumber")
        #expect(task.status == .todo)
        #expect(task.created == Date(timeIntervalSince1970: 1_795_248_942))
        #expect(task.source == "cli-script")
        #expect(task.body == "")
        #expect(task.priority == .none)
        #expect(task.flagged == false)
        #expect(task.tags == [])
    }

    /// The §3 example reads every field.
    @Test func specExampleReadsEveryField() throws {
        let task = try CodecFixture.task(CodecWriteFixture.specExample)
        #expect(task.warnings == [])
        #expect(task == CodecWriteFixture.specExampleTask(id: CodecFixture.id))
    }

    // MARK: - Body

    /// §21: the body is the exact text after the closing `---` line break, less one empty line
    /// (LF or CRLF) if one follows; the final newline and CRLFs are kept.
    @Test(arguments: [
        ("---\n", ""),
        ("---", ""),
        ("---\n\n", ""),
        ("---\n\n\n", "\n"),
        ("---\nBody", "Body"),
        ("---\nBody\n", "Body\n"),
        ("---\n\nBody\n", "Body\n"),
        ("---\n\n\nBody\n\n", "\nBody\n\n"),
        ("---\n  \nBody", "  \nBody"),
        ("---\r\n\r\nBody\r\nMore\r\n", "Body\r\nMore\r\n"),
        ("---\r\nBody\r\n", "Body\r\n"),
        ("---\r\n\r\n\r\nBody", "\r\nBody"),
        ("---\n\r\nBody", "Body"),
        ("---\n\n---\nnot frontmatter\n---\n", "---\nnot frontmatter\n---\n"),
        ("---\n\n# Heading\n\n- [ ] item\n", "# Heading\n\n- [ ] item\n"),
    ])
    func body(_ closingAndAfter: String, _ expected: String) throws {
        let task = try CodecFixture.task("---\ntitle: \"T\"\n" + closingAndAfter)
        #expect(task.body == expected)
        #expect(Array(task.body.utf8) == Array(expected.utf8))
    }

    /// CRLF files read the same as LF files.
    @Test func crlfFileReadsLikeLF() throws {
        let lf = CodecWriteFixture.specExample
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        var fromCRLF = try CodecFixture.task(crlf)
        #expect(fromCRLF.body == "Pick up chicken, rice, broccoli, and sweet potatoes.\r\n")
        #expect(fromCRLF.warnings.isEmpty)
        fromCRLF.body = "Pick up chicken, rice, broccoli, and sweet potatoes.\n"
        #expect(fromCRLF == (try CodecFixture.task(lf)))
    }

    /// A UTF-8 byte-order mark before the opening fence is allowed.
    @Test func byteOrderMarkIsAllowed() throws {
        let task = try CodecFixture.task(bytes: [0xEF, 0xBB, 0xBF] + Array(CodecFixture.file("").utf8))
        #expect(task.title == "Fix the bike")
        #expect(task.warnings.isEmpty)
    }
}
