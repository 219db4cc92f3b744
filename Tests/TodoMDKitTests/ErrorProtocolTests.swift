import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport

// The one error protocol (`TodoMDError`): every domain error gives a kind, a front-end-neutral
// message and a structured hint; and each place that used to throw a free-text catch-all now
// throws an error that says what went wrong.

/// An error and the kind it must have.
struct KindCase: Sendable, CustomTestStringConvertible {
    let error: any TodoMDError
    let kind: ErrorKind
    var testDescription: String { String(describing: error) }
    init(_ error: any TodoMDError, _ kind: ErrorKind) {
        self.error = error
        self.kind = kind
    }
}

@Suite("Error protocol")
struct ErrorProtocolTests {
    static let day = LocalDate(year: 2026, month: 11, day: 21) ?? LocalDate(dayNumber: 0)

    /// One error of every case of every domain error type, with its kind.
    static let everyError: [KindCase] = [
        KindCase(TodoError.taskNotFound("milk"), .notFound),
        KindCase(TodoError.ambiguousReference("call", candidates: ["a.md", "b.md"]), .ambiguous),
        KindCase(TodoError.conflict(path: "a.md"), .conflict),
        KindCase(TodoError.invalidValue(field: "due", value: "someday", reason: "not a date"), .invalid),
        KindCase(TodoError.unparseable(path: "a.md", reason: "no frontmatter"), .unusableFile),
        KindCase(TodoError.notEditable(path: "a.md", reason: "a flow mapping"), .unusableFile),
        KindCase(TodoError.invalidEnvironment("TZ", "`Mars/Base` is not a known time zone"), .invalid),
        KindCase(TodoError.io(path: "a.md", reason: "Permission denied"), .unavailable),
        KindCase(TodoError.noVault("/home/u/Tasks"), .unavailable),
        KindCase(TodoError.unknownView("nowhere"), .notFound),
        KindCase(TodoError.unknownPerspective("nope"), .notFound),
        KindCase(TodoError.readOnlyPerspective("today"), .usage),
        KindCase(TodoError.viewAndPerspective, .usage),
        KindCase(TodoError.unreadableSideFile(path: ".order.json", reason: "expected a JSON object"), .unusableFile),
        KindCase(TodoError.notInView("a.md", view: "today"), .invalid),
        KindCase(TodoError.notPlanned("a.md"), .invalid),
        KindCase(TodoError.notInBucket("a.md", region: .morning, bucket: .misc, date: day), .invalid),
        KindCase(TodoError.regionFull(.afternoon), .ruleViolation),
        KindCase(TodoError.mustDoFirst(region: .morning, mustDo: "Call mum"), .ruleViolation),
        KindCase(TodoError.notAllowed(source: "agent", action: .complete, allowed: [.read]), .forbidden),
        KindCase(TodoError.conflictCopyNotFound("zebra"), .notFound),
        KindCase(TodoError.conflictCopyGone(copy: "a 2.md", original: "a.md"), .conflict),
        KindCase(TodoError.symlinkRefused(path: ".trash"), .unusableFile),
        KindCase(TodoError.notInTrash(".trash/a.md"), .notFound),
        KindCase(NoteError.noteNotFound("zebra"), .notFound),
        KindCase(NoteError.ambiguousNote("ga", candidates: ["garage", "garden"]), .ambiguous),
        KindCase(NoteError.badLine(note: "n", line: 9, reason: "the note has 2 lines"), .invalid),
        KindCase(NoteError.lineHasTask(note: "n", line: 2, task: "t.md"), .invalid),
        KindCase(NoteError.unreadable(id: "n", reason: "binary"), .unusableFile),
        KindCase(CategoryError.categoryNotFound("house"), .notFound),
        KindCase(CategoryError.invalidCategory(field: "color", value: "red", reason: "#rrggbb"), .invalid),
        KindCase(RecurrenceRuleError.missingFrequency, .invalid),
        KindCase(RecurrenceRuleError.conflict("COUNT and UNTIL cannot be used together"), .invalid),
        KindCase(ImportError.notJSON(reason: "unexpected character (at byte 0)"), .unusableFile),
        KindCase(ImportError.notAnExport, .unusableFile),
        KindCase(ImportError.notTaskwarriorJSON(line: 2, reason: "x"), .unusableFile),
        KindCase(ImportError.unclosedQuote(line: 3), .unusableFile),
        KindCase(ImportError.emptyFile, .unusableFile),
        KindCase(ImportError.noTitleColumn(header: ["Name"]), .unusableFile),
        KindCase(ImportError.notTodoistCSV(header: ["A"]), .unusableFile),
        KindCase(ImportError.wouldNotReadBack, .unusableFile),
        KindCase(ImportError.nothingImported(file: "tasks.csv"), .unusableFile),
        KindCase(ImportError.inFile("tasks.csv", .emptyFile), .unusableFile),
        KindCase(FieldMapError(reason: "`due` and `defer` would both use the key `date`"), .unusableFile),
        KindCase(IndexError.schemaChanged(stored: "v1"), .unexpected),
        KindCase(IndexError.missingTable("task"), .unexpected),
        KindCase(JSONValue.ParseError(offset: 4, reason: "unexpected end of text"), .invalid),
    ]

    @Test(arguments: everyError)
    func everyErrorHasItsKind(_ c: KindCase) {
        #expect(c.error.kind == c.kind)
    }

    /// The core names no front end: no command, no flag, no tool. Each front end adds its own
    /// words for the hint.
    @Test(arguments: everyError)
    func messagesAreFrontEndNeutral(_ c: KindCase) {
        let message = c.error.message
        #expect(!message.isEmpty)
        #expect(!message.contains("todomd "), "\(message)")
        #expect(!message.contains("`todomd"), "\(message)")
        #expect(!message.contains(" --"), "\(message)")
        for tool in ["search_tasks", "get_tasks", "list_perspectives"] { #expect(!message.contains(tool)) }
    }

    /// `localizedDescription` is the message, so errors nest in other messages unchanged.
    @Test(arguments: everyError)
    func theDescriptionIsTheMessage(_ c: KindCase) {
        #expect(c.error.errorDescription == c.error.message)
        #expect((c.error as any Error).localizedDescription == c.error.message)
    }

    /// Every kind is used by some error, and every kind has its own stable code.
    @Test func kindsAreAllUsedAndCodesAreDistinct() {
        #expect(Set(Self.everyError.map(\.kind)).isSuperset(of: ErrorKind.allCases.filter {
            $0 != .unauthenticated  // only the server's token check (APIError) is unauthenticated
        }))
        #expect(Set(ErrorKind.allCases.map(\.code)).count == ErrorKind.allCases.count)
    }

    static let hints: [(any TodoMDError, ErrorHint)] = [
        (TodoError.taskNotFound("milk"), .listTasks),
        (TodoError.noVault("/v"), .createVault(path: "/v")),
        (TodoError.readOnlyPerspective("today"), .duplicatePerspective(id: "today")),
        (TodoError.unreadableSideFile(path: ".tags.json", reason: "x"), .fixOrRemove(file: ".tags.json")),
        (TodoError.conflict(path: "a.md"), .retry),
        (TodoError.symlinkRefused(path: "Archive"), .replaceLink(path: "Archive")),
        (NoteError.noteNotFound("n"), .listNotes),
        (CategoryError.categoryNotFound("house"), .listTags),
        (ImportError.inFile("a.csv", .noTitleColumn(header: ["X"])), .mapTitleColumn),
    ]

    @Test(arguments: hints)
    func hintsAreStructured(error: any TodoMDError, hint: ErrorHint) {
        #expect(error.hint == hint)
    }

    @Test func messagesSayWhatWentWrong() {
        #expect(TodoError.taskNotFound("milk").message == "No task matches `milk`.")
        #expect(TodoError.regionFull(.afternoon).message == "Afternoon region full (1 Must-Do, 3 Complementary, 5 Misc)")
        #expect(TodoError.mustDoFirst(region: .morning, mustDo: "Task 1").message
                == "The Morning Must-Do comes first: complete \"Task 1\" before its Complementary tasks (planner_lock is on)")
        #expect(TodoError.notAllowed(source: "claude-agent", action: .complete, allowed: [.read, .create]).message
                == "`claude-agent` may not complete tasks in this vault (.todomd/config.json \"sources\" allows it: read, create).")
        #expect(TodoError.notInBucket("t2.md", region: .morning, bucket: .misc, date: Self.day).message
                == "t2.md is not in the Morning Misc bucket of 2026-11-21")
        #expect(ImportError.inFile("a.json", .notJSON(reason: "x")).message == "a.json: not valid JSON: x")
    }
}

// MARK: - The former free-text sites

/// A place in the core that used to throw `TodoError.message(…)`, and the error it throws now.
struct FormerMessageSite: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let run: @Sendable () throws -> Void
    let expected: any TodoMDError & Equatable

    init(_ name: String, expect expected: any TodoMDError & Equatable, _ run: @escaping @Sendable () throws -> Void) {
        testDescription = name
        self.expected = expected
        self.run = run
    }
}

@Suite("Former catch-all sites")
struct FormerMessageSiteTests {
    static let zone = TimeZone(identifier: "Europe/Berlin") ?? .current
    static let today = ErrorProtocolTests.day

    static let sites: [FormerMessageSite] = [
        FormerMessageSite("unknown conflict copy", expect: TodoError.conflictCopyNotFound("zebra")) {
            _ = try TemporaryVault().open().conflictCopy("zebra")
        },
        FormerMessageSite("conflict copy gone", expect: TodoError.conflictCopyGone(copy: "a 2.md", original: "a.md")) {
            let v = try TemporaryVault()
            try v.task("a.md", title: "A")
            try v.task("a 2.md", title: "A")
            let vault = try v.open()
            let copy = try vault.conflictCopy("a 2")
            try FileManager.default.removeItem(atPath: v.root + "/a 2.md")
            try vault.resolveConflict(copy, keep: .mine)
        },
        FormerMessageSite(".order.json not an object",
                          expect: TodoError.unreadableSideFile(path: ".order.json", reason: "expected a JSON object")) {
            let v = try TemporaryVault()
            try v.task("a.md", title: "A")
            try v.write(".order.json", "[1]")
            // Reads go on with the default order and a warning; a reorder refuses to write over it.
            try v.open().reorder("a.md", before: nil, inView: "inbox")
        },
        FormerMessageSite("reorder a task outside the view", expect: TodoError.notInView("a.md", view: "flagged")) {
            let v = try TemporaryVault()
            try v.task("a.md", title: "A")
            try v.open().reorder("a.md", before: nil, inView: "flagged")
        },
        FormerMessageSite("reorder an unplanned task", expect: TodoError.notPlanned("a.md")) {
            let v = try TemporaryVault()
            try v.task("a.md", title: "A")
            try v.open().reorderPlanned("a.md", before: nil)
        },
        FormerMessageSite("config.json not an object",
                          expect: TodoError.unreadableSideFile(path: ".todomd/config.json", reason: "expected a JSON object")) {
            let v = try TemporaryVault()
            try v.write(".todomd/config.json", "[]")
            _ = try v.open()
        },
        FormerMessageSite("a source without the permission",
                          expect: TodoError.notAllowed(source: "agent", action: .delete, allowed: [.read, .create])) {
            try VaultSettings(text: #"{"sources": {"agent": {"allow": ["create"]}}}"#).require(.delete, source: "agent")
        },
        FormerMessageSite(".perspectives.json not an object",
                          expect: TodoError.unreadableSideFile(path: ".perspectives.json", reason: "expected a JSON object at the top")) {
            _ = try PerspectiveFile(text: "[]")
        },
        FormerMessageSite(".perspectives.json with a bad list",
                          expect: TodoError.unreadableSideFile(path: ".perspectives.json",
                                                               reason: "`perspectives` must be an object or a list")) {
            _ = try PerspectiveFile(text: #"{"perspectives": 3}"#)
        },
        FormerMessageSite("json import of an object without tasks", expect: ImportError.notAnExport) {
            _ = try JSONInterop.parse(#"{"items": []}"#, timeZone: zone)
        },
        FormerMessageSite("csv with an open quote", expect: ImportError.unclosedQuote(line: 2)) {
            _ = try CSV.parse("title\n\"never closed\n")
        },
        FormerMessageSite("empty csv", expect: ImportError.emptyFile) {
            _ = try CSVInterop.parse("", overrides: [:], today: today, timeZone: zone)
        },
        FormerMessageSite("csv without titles", expect: ImportError.noTitleColumn(header: ["Colour", "Size"])) {
            _ = try CSVInterop.parse("Colour,Size\nred,2\n", overrides: [:], today: today, timeZone: zone)
        },
        FormerMessageSite("not a Todoist csv", expect: ImportError.notTodoistCSV(header: ["A", "B"])) {
            _ = try TodoistCSV.parse("A,B\n1,2\n", today: today, timeZone: zone)
        },
        FormerMessageSite("a field map that cannot be used",
                          expect: FieldMapError(reason: "`deadline` is not a task field (use the §3 keys: title, due, project, …)")) {
            let v = try TemporaryVault()
            try v.write(".todomd/config.json", #"{"field_map": {"deadline": "due"}}"#)
            _ = try v.open()
        },
    ]

    @Test(arguments: sites)
    func throwsItsSpecificError(_ site: FormerMessageSite) {
        #expect {
            try site.run()
        } throws: { error in
            Self.same(site.expected, error)
        }
    }

    static func same<E: TodoMDError & Equatable>(_ expected: E, _ error: any Error) -> Bool {
        (error as? E) == expected
    }

    @Test func aTaskwarriorLineThatIsNotJSONNamesTheLine() {
        #expect {
            _ = try Taskwarrior.parse("{\"description\": \"a\"}\n{nope}\n", timeZone: Self.zone)
        } throws: { error in
            guard case let .notTaskwarriorJSON(line, _)? = error as? ImportError else { return false }
            return line == 2
        }
    }

    @Test func aJSONImportThatIsNotJSONSaysSo() {
        #expect {
            _ = try JSONInterop.parse("nope", timeZone: Self.zone)
        } throws: { error in
            guard case .notJSON? = error as? ImportError else { return false }
            return true
        }
    }

    @Test func aBrokenRemindersFileIsAnUnreadableSideFile() throws {
        let v = try TemporaryVault()
        try v.write(".todomd/reminders.json", "{nope")
        let vault = try v.open()
        #expect {
            _ = try vault.reminderState()
        } throws: { error in
            guard case let .unreadableSideFile(path, _)? = error as? TodoError else { return false }
            return path == ".todomd/reminders.json"
        }
    }
}
