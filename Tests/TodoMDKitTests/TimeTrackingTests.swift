import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// §27 time tracking: the `time_entries` field (lenient read, canonical write, nothing lost),
/// timers (one per vault, kept in the file), reports.
@Suite struct TimeEntryCodecTests {
    /// One `time_entries` value as a file writes it, the items a task holds, how many warnings.
    struct ReadCase: Sendable, CustomTestStringConvertible {
        let yaml: String
        let held: [String]
        let warnings: Int
        init(_ yaml: String, _ held: [String], warnings: Int = 0) {
            self.yaml = yaml
            self.held = held
            self.warnings = warnings
        }
        var testDescription: String { yaml }
    }

    static let readCases: [ReadCase] = [
        ReadCase("time_entries:\n  - {start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T09:30:00Z\", note: \"Draft\"}",
                 ["{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T09:30:00Z\", note: \"Draft\"}"]),
        // An offset is converted to UTC; `end: null` (or no `end`) is a running timer.
        ReadCase("time_entries: [{start: 2026-11-21T09:00:00+01:00, end: null}]",
                 ["{start: \"2026-11-21T08:00:00Z\", end: null}"]),
        ReadCase("time_entries: [{start: \"2026-11-21T08:00:00Z\"}]", ["{start: \"2026-11-21T08:00:00Z\", end: null}"]),
        // No zone: the vault's (America/New_York in these tests).
        ReadCase("time_entries:\n  - {start: \"2026-11-21T08:00\", end: \"2026-11-21T08:45:30\"}",
                 ["{start: \"2026-11-21T13:00:00Z\", end: \"2026-11-21T13:45:30Z\"}"]),
        // TaskNotes' keys read as ours.
        ReadCase("time_entries:\n  - {startTime: \"2026-11-21T08:00:00.000Z\", endTime: \"2026-11-21T08:25:00.000Z\", description: \"Pomodoro\"}",
                 ["{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:25:00Z\", note: \"Pomodoro\"}"]),
        // Unknown keys are kept, after ours.
        ReadCase("time_entries:\n  - {id: 7, end: \"2026-11-21T09:00:00Z\", tags: [a, b], start: \"2026-11-21T08:00:00Z\"}",
                 ["{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T09:00:00Z\", id: 7, tags: [\"a\", \"b\"]}"]),
        // One mapping without a list is one entry.
        ReadCase("time_entries: {start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:10:00Z\"}",
                 ["{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:10:00Z\"}"]),
        ReadCase("time_entries: []", []),
        // The held forms, read without YAML, and a blank note (none).
        ReadCase("time_entries:\n  - {start: \"2026-11-21T08:00:00Z\", end: null, note: \"Pomodoro ✓\"}",
                 ["{start: \"2026-11-21T08:00:00Z\", end: null, note: \"Pomodoro ✓\"}"]),
        ReadCase("time_entries:\n  - {start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:01:00Z\", note: \"  \"}",
                 ["{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:01:00Z\"}"]),
        // Items that are not entries are kept as written, each with a warning.
        ReadCase("time_entries:\n  - {start: yesterday}", ["{start: \"yesterday\"}"], warnings: 1),
        ReadCase("time_entries:\n  - {start: \"2026-11-21T09:00:00Z\", end: \"2026-11-21T08:00:00Z\"}",
                 ["{start: \"2026-11-21T09:00:00Z\", end: \"2026-11-21T08:00:00Z\"}"], warnings: 1),
        ReadCase("time_entries:\n  - \"2h on Monday\"\n  - 45", ["\"2h on Monday\"", "45"], warnings: 2),
        ReadCase("time_entries: 2h", ["\"2h\""], warnings: 1),
        ReadCase("time_entries:\n  - {end: \"2026-11-21T08:00:00Z\"}\n  - {start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:30:00Z\"}",
                 ["{end: \"2026-11-21T08:00:00Z\"}", "{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:30:00Z\"}"], warnings: 1),
        ReadCase("time_entries:\n  - {start: [2026-11-21T08:00:00Z]}", ["{start: [\"2026-11-21T08:00:00Z\"]}"], warnings: 1),
        ReadCase("time_entries:\n  - {start: \"2026-11-21T08:00:00Z\", startTime: \"2026-11-21T09:00:00Z\"}",
                 ["{start: \"2026-11-21T08:00:00Z\", startTime: \"2026-11-21T09:00:00Z\"}"], warnings: 1),
    ]

    @Test(arguments: readCases)
    func readsLeniently(_ c: ReadCase) throws {
        let task = try CodecFixture.task(CodecFixture.file(c.yaml))
        #expect(task.timeEntries == c.held)
        let warnings = CodecFixture.warnings(task, naming: "time_entries")
        #expect(warnings.count == c.warnings, "\(task.warnings)")
        #expect(task.warnings.count == warnings.count, "\(task.warnings)")
        #expect(task.title == "Fix the bike")
    }

    /// Whatever an item held, writing the list back and reading it again gives the same items.
    @Test(arguments: readCases)
    func writesWhatItReads(_ c: ReadCase) throws {
        let task = try CodecFixture.task(CodecFixture.file(c.yaml))
        var again = task
        again.id = "again.md"
        let bytes = TaskFileCodec.encodeNew(again)
        guard case let .task(back) = TaskFileCodec.decode(bytes, id: "again.md", fileModified: CodecFixture.mtime,
                                                          timeZone: try CodecFixture.zone()) else {
            Issue.record("not a task: \(String(decoding: bytes, as: UTF8.self))")
            return
        }
        #expect(back.timeEntries == c.held)
    }

    /// An edit of another field leaves `time_entries` byte for byte; an edit of `time_entries`
    /// rewrites only its lines, keeps items that are not entries, and writes entries canonically.
    @Test func editsRewriteOnlyTheirLines() throws {
        let text = CodecFixture.file("""
            priority: high
            time_entries:
              - {start: 2026-11-21T09:00:00+01:00, end: 2026-11-21T10:00:00+01:00}   # first
              - "two hours on monday"
            # a comment
            unknown_key: 5
            """)
        let other = try CodecWriteFixture.edit(text, TaskChanges([.priority: .string("low")]))
        #expect(other.contains("  - {start: 2026-11-21T09:00:00+01:00, end: 2026-11-21T10:00:00+01:00}   # first\n"))
        let task = try CodecFixture.task(text)
        let added = TimeEntry(start: Date(timeIntervalSince1970: 1_795_251_600), note: "Call \"Bob\"")
        let edited = try CodecWriteFixture.edit(text, TaskChanges([.timeEntries: .list(task.timeEntries + [added.written])]))
        #expect(edited.contains("""
            time_entries:
              - {start: "2026-11-21T08:00:00Z", end: "2026-11-21T09:00:00Z"}
              - "two hours on monday"
              - {start: "2026-11-21T09:00:00Z", end: null, note: "Call \\"Bob\\""}
            # a comment
            unknown_key: 5

            """))
        #expect(edited.contains("priority: high\n"))
        let back = try CodecFixture.task(edited)
        #expect(back.timeEntryItems.count == 2)
        #expect(back.runningTimeEntry?.note == "Call \"Bob\"")
        #expect(CodecFixture.warnings(back, naming: "time_entries").count == 1)
    }

    /// Minutes tracked: closed entries whole, a running one up to now, items that are not
    /// entries nothing; whole minutes of the sum.
    @Test(arguments: [
        ([] as [String], "2026-11-21T10:00:00Z", 0),
        (["{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T09:30:00Z\"}"], "2026-11-21T10:00:00Z", 90),
        (["{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:00:40Z\"}",
          "{start: \"2026-11-21T09:00:00Z\", end: \"2026-11-21T09:00:30Z\"}"], "2026-11-21T10:00:00Z", 1),
        (["{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:30:00Z\"}",
          "{start: \"2026-11-21T09:00:00Z\", end: null}"], "2026-11-21T09:25:59Z", 55),
        (["{start: \"2026-11-21T09:00:00Z\", end: null}"], "2026-11-21T08:00:00Z", 0),
        (["\"3 hours\"", "{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:20:00Z\"}"], "2026-11-21T10:00:00Z", 20),
    ] as [([String], String, Int)])
    func timeSpent(_ items: [String], _ now: String, _ minutes: Int) throws {
        var task = TodoTask(title: "T", created: Date(timeIntervalSince1970: 0))
        task.timeEntries = items
        let instant = try #require(DateTimeFormat.parse(now, timeZone: TimeEntry.utc))
        #expect(task.timeSpentMinutes(at: instant) == minutes)
    }

    /// TASK shows entries as objects (`end` and `note` null when absent, unknown keys kept,
    /// items that are not entries as the YAML they hold) and reads them back the same.
    @Test func taskJSON() throws {
        var task = TodoTask(title: "T", created: Date(timeIntervalSince1970: 0))
        task.timeEntries = ["{start: \"2026-11-21T08:00:00Z\", end: null, id: 7}", "\"3 hours\""]
        let json = try JSONValue.parse(TaskJSON.encode(task))
        #expect(json["time_entries"]?.compact()
            == #"[{"start":"2026-11-21T08:00:00Z","end":null,"note":null,"id":7},"3 hours"]"#)
        // Not read from a vault: a running timer counts nothing yet.
        #expect(json["time_spent_minutes"] == .number(0))
        let back = TaskJSON.value(try #require(json["time_entries"]), kind: .timeEntries)
        #expect(back == .list(task.timeEntries))
    }

    /// A CSV cell's entries are read as a flow list; anchors and aliases are refused there too.
    @Test func csvCells() throws {
        var task = TodoTask(title: "T", created: Date(timeIntervalSince1970: 0))
        let day = try #require(LocalDate(iso: "2026-11-21"))
        let zone = try CodecFixture.zone()
        #expect(ImportValues.set(.timeEntries, #"{start: "2026-11-21T08:00:00Z", end: null, note: "a, b"},"x""#, on: &task,
                                 today: day, timeZone: zone) == nil)
        #expect(task.timeEntries == ["{start: \"2026-11-21T08:00:00Z\", end: null, note: \"a, b\"}", "\"x\""])
        #expect(ImportValues.set(.timeEntries, "&a {start: x}, *a", on: &task, today: day, timeZone: zone) != nil)
        #expect(task.timeEntries.count == 2)
    }

    /// Clients must give entries; anything else is refused with the reason.
    @Test(arguments: [
        (#"[{"start": "2026-11-21T08:00:00Z", "end": "2026-11-21T08:30:00Z", "note": "x"}]"#,
         ["{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:30:00Z\", note: \"x\"}"]),
        (#"[{"start": "2026-11-21T09:00:00+01:00"}]"#, ["{start: \"2026-11-21T08:00:00Z\", end: null}"]),
        (#"[{"start": "soon"}]"#, nil),
        (#"["2h"]"#, nil),
        // Flow text with an anchor and an alias is refused, as in a file (§18).
        (#"["{start: &a \"2026-11-21T08:00:00Z\", end: *a}"]"#, nil),
        (#"["{start: \"2026-11-21T08:00:00Z\", x: &a [[1, 2]], y: [*a, *a, *a]}"]"#, nil),
        (#"[{"start": "2026-11-21T09:00:00Z", "end": "2026-11-21T08:00:00Z"}]"#, nil),
    ] as [(String, [String]?)])
    func clientInput(_ json: String, _ held: [String]?) throws {
        let value = try JSONValue.parse(json)
        let result: FieldValue? = try? TaskInput.value(value, for: .timeEntries, now: TaskDate(LocalDate(dayNumber: 0)))
        #expect(result == held.map { FieldValue.list($0) })
    }
}

/// Timers on a vault (§27): one at a time, kept in the file, so a new process finds it.
@Suite struct TimerTests {
    static let zone = TimeZone(identifier: "Europe/Berlin") ?? .current

    /// The vault at `now` (local time in Berlin), as a process started then would open it.
    static func vault(_ tv: TemporaryVault, at now: String) throws -> Vault {
        let clock = TodoClock(now: try #require(DateTimeFormat.parse(now, timeZone: zone)), timeZone: zone)
        return try Vault(path: tv.root, clock: clock, environment: tv.environment)
    }

    @Test func startStopKeepsTheEntryInTheFile() throws {
        let tv = try TemporaryVault()
        try tv.task("write.md", title: "Write report", "project: \"Q4\"")
        let started = try Self.vault(tv, at: "2026-11-21T09:00:00").startTimer("write.md", note: "first draft")
        #expect(started.stopped.isEmpty)
        #expect(try tv.text("write.md").contains(
            "time_entries:\n  - {start: \"2026-11-21T08:00:00Z\", end: null, note: \"first draft\"}\n"))
        // A new process (after a crash, say) finds the timer in the file.
        let later = try Self.vault(tv, at: "2026-11-21T09:40:30")
        let running = try #require(try later.runningTimer())
        #expect(running.task.id == "write.md")
        #expect(running.elapsedMinutes(at: later.clock.now) == 40)
        #expect(try later.read("write.md").0.links.asOf == later.clock.now)
        let json = try JSONValue.parse(TaskJSON.encode(try later.read("write.md").0))
        #expect(json["time_spent_minutes"] == .number(40))
        let listed = try later.list("all").groups.flatMap(\.tasks)
        #expect(try JSONValue.parse(try #require(listed.first).json)["time_spent_minutes"] == .number(40))

        let stopped = try later.stopTimer()
        #expect(stopped.map(\.id) == ["write.md"])
        #expect(try tv.text("write.md").contains(
            "  - {start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:40:30Z\", note: \"first draft\"}\n"))
        #expect(try later.runningTimer() == nil)
        #expect(try later.stopTimer().isEmpty)
        #expect(try Self.vault(tv, at: "2026-11-22T12:00:00").task("write.md").timeSpentMinutes(at: .distantFuture) == 40)
    }

    /// Starting a timer stops the running one first, at the same instant; starting the running
    /// task again changes nothing.
    @Test func oneTimerPerVault() throws {
        let tv = try TemporaryVault()
        try tv.task("a.md", title: "A")
        try tv.task("b.md", title: "B")
        try Self.vault(tv, at: "2026-11-21T09:00:00").startTimer("a.md")
        let again = try Self.vault(tv, at: "2026-11-21T09:05:00").startTimer("a.md")
        #expect(again.stopped.isEmpty)
        #expect(again.running.entry.start == DateTimeFormat.parse("2026-11-21T08:00:00Z", timeZone: TimeEntry.utc))
        let vault = try Self.vault(tv, at: "2026-11-21T09:30:00")
        let switched = try vault.startTimer("b.md")
        #expect(switched.stopped.map(\.id) == ["a.md"])
        #expect(switched.running.task.id == "b.md")
        #expect(try tv.text("a.md").contains("  - {start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:30:00Z\"}\n"))
        #expect(try tv.text("b.md").contains("  - {start: \"2026-11-21T08:30:00Z\", end: null}\n"))
        #expect(try vault.runningTimer()?.task.id == "b.md")
    }

    /// Open entries written by hand in two files: the last started is the running timer, and
    /// starting or stopping closes them all.
    @Test func handWrittenOpenEntriesAreAllStopped() throws {
        let tv = try TemporaryVault()
        try tv.task("a.md", title: "A", "time_entries: [{start: \"2026-11-21T06:00:00Z\"}]")
        try tv.task("b.md", title: "B", "time_entries: [{start: \"2026-11-21T07:00:00Z\", end: null}]")
        try tv.task("c.md", title: "C", "time_entries: [\"end: null\"]")
        let vault = try Self.vault(tv, at: "2026-11-21T09:00:00")
        #expect(try vault.runningTimer()?.task.id == "b.md")
        #expect(try vault.stopTimer().map(\.id) == ["a.md", "b.md"])
        #expect(try vault.runningTimer() == nil)
        #expect(try vault.task("a.md").timeSpentMinutes(at: .distantFuture) == 120)
        #expect(try tv.text("c.md").contains("time_entries: [\"end: null\"]"))
    }

    /// Completing the task a timer runs on stops the timer, in the same write.
    @Test func completingStopsTheTimer() throws {
        let tv = try TemporaryVault()
        try tv.task("a.md", title: "A")
        try Self.vault(tv, at: "2026-11-21T09:00:00").startTimer("a.md")
        let vault = try Self.vault(tv, at: "2026-11-21T09:20:00")
        let done = try vault.complete("a.md").completed
        #expect(done.status == .done)
        #expect(done.timeEntries == ["{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:20:00Z\"}"])
        #expect(try vault.runningTimer() == nil)
    }

    @Test func reportFromTheVault() throws {
        let tv = try TemporaryVault()
        try tv.task("a.md", title: "A", "project: \"Q4\"\ntime_entries: [{start: \"2026-11-20T08:00:00Z\", end: \"2026-11-20T09:00:00Z\"}]")
        try tv.task("b.md", title: "B", "time_entries: [{start: \"2026-11-21T07:30:00Z\"}]")
        try tv.task("c.md", title: "C", "project: \"Old\"\ntime_entries: [{start: \"2026-11-01T08:00:00Z\", end: \"2026-11-01T09:00:00Z\"}]")
        let vault = try Self.vault(tv, at: "2026-11-21T09:00:00")
        let report = try vault.timeReport(by: .project)
        #expect(report.from.description == "2026-11-15" && report.to.description == "2026-11-21")
        #expect(report.rows == [TimeReport.Row(key: "Q4", minutes: 60), TimeReport.Row(key: "", minutes: 30)])
        #expect(report.totalMinutes == 90)
        #expect(report.json.compact() == #"{"from":"2026-11-15","to":"2026-11-21","by":"project","rows":[{"key":"Q4","minutes":60},{"key":"","minutes":30}],"total_minutes":90}"#)
        #expect(throws: TodoError.self) {
            try vault.timeReport(from: LocalDate(iso: "2026-11-22"), to: LocalDate(iso: "2026-11-21"))
        }
    }
}

/// Reports (§27): grouping, clipping to the range, running entries up to now, order.
@Suite struct TimeReportTests {
    static let zone = TimeZone(identifier: "Europe/Berlin") ?? .current

    static func task(_ project: String?, area: String? = nil, tags: [String] = [], _ entries: [(String, String?)]) -> TodoTask {
        var task = TodoTask(title: "T", created: Date(timeIntervalSince1970: 0))
        task.project = project
        task.area = area
        task.tags = tags
        task.timeEntries = entries.map { start, end in
            TimeEntry(start: DateTimeFormat.parse(start, timeZone: zone) ?? .distantPast,
                      end: end.flatMap { DateTimeFormat.parse($0, timeZone: zone) }).written
        }
        return task
    }

    /// Local (Berlin) times. Range 2026-11-20…2026-11-21, now 2026-11-21 09:00.
    static let tasks = [
        // 23:30 on the 19th to 00:30 on the 20th: half an hour is in the range.
        task("Q4", area: "Work", tags: ["deep", "write"], [("2026-11-19T23:30", "2026-11-20T00:30"), ("2026-11-20T10:00", "2026-11-20T11:00")]),
        // Crosses midnight into the 21st: 60 minutes on the 20th, 45 on the 21st.
        task("Home", area: "Personal", tags: ["deep"], [("2026-11-20T23:00", "2026-11-21T00:45")]),
        // Running since 08:15: 45 minutes at now.
        task(nil, [("2026-11-21T08:15", nil)]),
        // After the range: nothing.
        task("Q4", [("2026-11-22T08:00", "2026-11-22T09:00")]),
    ]

    @Test(arguments: [
        (TimeReport.Grouping.project, [("Home", 105), ("Q4", 90), ("", 45)], 240),
        (.area, [("Work", 90), ("Personal", 105), ("", 45)].sorted { $0.1 > $1.1 }, 240),
        (.tag, [("deep", 195), ("write", 90), ("", 45)], 240),
        (.day, [("2026-11-20", 150), ("2026-11-21", 90)], 240),
    ] as [(TimeReport.Grouping, [(String, Int)], Int)])
    func grouping(_ by: TimeReport.Grouping, _ rows: [(String, Int)], _ total: Int) throws {
        let now = try #require(DateTimeFormat.parse("2026-11-21T09:00", timeZone: Self.zone))
        let report = TimeReport(tasks: Self.tasks, from: try #require(LocalDate(iso: "2026-11-20")),
                                to: try #require(LocalDate(iso: "2026-11-21")), by: by, now: now, timeZone: Self.zone)
        #expect(report.rows == rows.map { TimeReport.Row(key: $0.0, minutes: $0.1) })
        #expect(report.totalMinutes == total)
    }

    /// Ties are broken by key; groups of less than a minute are left out; one day is one day.
    @Test func tiesAndTinyGroups() throws {
        let tasks = [
            Self.task("b", [("2026-11-21T08:00", "2026-11-21T08:10")]),
            Self.task("a", [("2026-11-21T07:00", "2026-11-21T07:10")]),
            Self.task("c", [("2026-11-21T06:00", "2026-11-21T06:00:30")]),
        ]
        let day = try #require(LocalDate(iso: "2026-11-21"))
        let report = TimeReport(tasks: tasks, from: day, to: day, by: .project, now: .distantFuture, timeZone: Self.zone)
        #expect(report.rows.map(\.key) == ["a", "b"])
        #expect(report.totalMinutes == 20)
    }
}

/// The held form read without YAML (``TimeEntry/init(_:timeZone:)``'s fast path) means what the
/// YAML reader says it means, for entries and for items that only look like them.
@Suite struct TimeEntryFastPathTests {
    @Test(arguments: [
        "{start: \"2026-11-21T08:00:00Z\", end: null}",
        "{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:25:00Z\"}",
        "{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:25:00Z\", note: \"Pomodoro\"}",
        "{start: \"2026-11-21T08:00:00Z\", end: null, note: \"a, b: c {d}\"}",
        "{start: \"2026-11-21T08:00:00Z\", end: null, note: \"\"}",
        "{start: \"2026-11-21T08:00:00Z\", end: null, note: \"say \\\"hi\\\"\"}",
        "{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T07:00:00Z\"}",
        "{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T25:00:00Z\"}",
        "{start: \"2026-11-21T08:00:00Z\", end: null, note: \"x\", id: 7}",
        "{start: \"2026-11-21T08:00:00Z\", end: null}x",
        "{start: \"2026-11-21T08:00:00Z\", end: nul}",
        "{start: \"2026-13-21T08:00:00Z\", end: null}",
    ])
    func agreesWithTheYAMLReader(_ item: String) throws {
        #expect(TimeEntry(item) == TimeEntry.readingYAML(item, timeZone: TimeEntry.utc))
    }
}
