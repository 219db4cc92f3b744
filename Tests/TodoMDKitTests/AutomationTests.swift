import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

private let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current

private func day(_ text: String) -> LocalDate? { LocalDate(iso: text) }

/// An instant given as local time in Berlin.
private func at(_ text: String) -> Date {
    DateTimeFormat.parse(text, timeZone: berlin) ?? Date(timeIntervalSince1970: 0)
}

// MARK: - URL actions

@Suite struct AutomationURLActionTests {
    @Test func addTakesEveryFieldAndPlusAsSpace() throws {
        let action = try URLAction.parse("todomd://add?title=Buy+milk&due=2025-03-01&tags=errands&tags=food%2Cshop&flagged=yes")
        guard case let .add(text, fields) = action else {
            Issue.record("expected add, got \(action)")
            return
        }
        #expect(text == nil)
        #expect(fields == [
            URLAction.Field("title", .string("Buy milk")), URLAction.Field("due", .string("2025-03-01")),
            URLAction.Field("flagged", .string("yes")),
            URLAction.Field("tags", .array([.string("errands"), .string("food"), .string("shop")])),
        ])
    }

    @Test func addWithAreaProjectAndQuickEntryText() throws {
        #expect(try URLAction.parse("todomd://add?title=Review+PR&area=Work&project=Auth+Service")
                == .add(text: nil, fields: [URLAction.Field("title", .string("Review PR")),
                                            URLAction.Field("area", .string("Work")),
                                            URLAction.Field("project", .string("Auth Service"))]))
        #expect(try URLAction.parse("TODOMD://add?text=Call+dentist+friday+%23health")
                == .add(text: "Call dentist friday #health", fields: []))
    }

    @Test(arguments: [
        ("todomd://show/today", URLAction.showView("today")),
        ("todomd://show/Upcoming", .showView("upcoming")),
        ("todomd://show/area:Work", .showView("area:Work")),
        ("todomd://show/task/20250301-0900-buy-milk", .showTask("20250301-0900-buy-milk")),
        ("todomd://show/task/Work/20250301-0900-buy%20milk.md", .showTask("Work/20250301-0900-buy milk.md")),
        ("todomd://show/perspective/work-available", .showPerspective("work-available")),
    ])
    func showForms(_ link: String, _ expected: URLAction) throws {
        #expect(try URLAction.parse(link) == expected)
    }

    @Test(arguments: [
        ("https://example.com/add?title=x", "starts with todomd://"),
        ("todomd:add?title=x", "todomd://"),
        ("todomd://", "say what to do"),
        ("todomd://delete?title=x", "`delete` is not an action"),
        ("todomd://add", "needs a title"),
        ("todomd://add?due=tomorrow", "needs a title"),
        ("todomd://add?title=x&colour=red", "`colour` is not a task field"),
        ("todomd://add?title=x&source=bot", "source: shortcut"),
        ("todomd://add?title=x&created=2025-01-01", "set by todo.md"),
        ("todomd://add?title=a&title=b", "given twice"),
        ("todomd://show", "show what?"),
        ("todomd://show/tomorrow", "`tomorrow` is not a view"),
        ("todomd://show/task", "name the task"),
        ("todomd://add?title=%ZZ", "%-escape"),
    ])
    func badLinksSayWhy(_ link: String, _ reason: String) {
        do {
            _ = try URLAction.parse(link)
            Issue.record("\(link) was accepted")
        } catch let error as TodoError {
            #expect(error.kind == .invalid)
            #expect(error.localizedDescription.contains(reason), "\(error.localizedDescription)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

// MARK: - Conflict copies

@Suite struct AutomationConflictCopyTests {
    @Test(arguments: [
        ("Buy milk 2.md", "Buy milk.md", ConflictCopy.Pattern.numbered),
        ("20250301-0900-buy-milk 3.md", "20250301-0900-buy-milk.md", .numbered),
        ("plan (conflict 2025-03-01 0930).md", "plan.md", .conflict),
        ("plan (conflict from laptop).md", "plan.md", .conflict),
        ("plan (Anna's conflicted copy 2025-03-01).md", "plan.md", .conflict),
        ("plan.sync-conflict-20250101-120000-ABCDEFG.md", "plan.md", .syncthing),
        ("a.b.sync-conflict-20250101-120000-7XQ2ZPM.md", "a.b.md", .syncthing),
    ])
    func namesOfCopies(_ copy: String, _ original: String, _ pattern: ConflictCopy.Pattern) {
        let found = ConflictCopy.originalName(of: copy)
        #expect(found?.name == original)
        #expect(found?.pattern == pattern)
    }

    @Test(arguments: ["plan.md", "plan 1.md", "plan 2.txt", " 2.md", "plan (draft).md", "plan.sync-conflict-2025-x.md",
                      "version 12345.md"])
    func ordinaryNames(_ name: String) {
        #expect(ConflictCopy.originalName(of: name) == nil)
    }

    @Test func aCopyNeedsItsOriginalInTheSameFolder() {
        let found = ConflictCopy.find(in: ["Plan 2.md", "Work/a.md", "Work/a 2.md", "b 2.md", "Other/a 3.md"])
        #expect(found == [ConflictCopy(copy: "Work/a 2.md", original: "Work/a.md", pattern: .numbered)])
    }

    /// The name is what follows the last `/`: a folder's spaces, dots or non-ASCII letters make
    /// no copy of an ordinary name, and a copy deep in such folders is found.
    @Test func theNameIsCutAtTheLastSlash() {
        let ids = ["Ärger 2/Straße.md", "Ärger 2/Straße 2.md", "a.b.c/x.md", "My Work/plan.md", "My Work/plan.md.bak",
                   "Über/Tief/café (conflict 2025-03-01 0930).md", "Über/Tief/café.md", "Über/café.md", "x.md"]
        #expect(ConflictCopy.find(in: ids) == [
            ConflictCopy(copy: "Ärger 2/Straße 2.md", original: "Ärger 2/Straße.md", pattern: .numbered),
            ConflictCopy(copy: "Über/Tief/café (conflict 2025-03-01 0930).md", original: "Über/Tief/café.md", pattern: .conflict),
        ])
        // Nothing that can be a copy: no copies, whatever the folders are called.
        #expect(ConflictCopy.find(in: ["My Work/plan.md", "v1.2/notes.md", "a b/c d/e.md", "Ärger/x.md"]).isEmpty)
    }

    static func vaultWithCopies() throws -> TemporaryVault {
        let v = try TemporaryVault()
        try v.task("20250301-0900-buy-milk.md", title: "Buy milk", "due: \"2025-03-01\"", body: "Semi-skimmed.\n")
        try v.task("20250301-0900-buy-milk 2.md", title: "Buy milk", "due: \"2025-03-02\"\ncolour: \"blue\"",
                   body: "Oat milk.\n")
        try v.task("Work/report.md", title: "Write report", "priority: \"high\"")
        try v.task("Work/report (conflict 2025-03-01 0930).md", title: "Write report", "priority: \"low\"")
        try v.task("call.md", title: "Call Bob")
        try v.task("call.sync-conflict-20250101-120000-ABCDEFG.md", title: "Call Bob", "flagged: true")
        return v
    }

    @Test func everyPatternIsFoundWithItsDifferences() throws {
        let v = try Self.vaultWithCopies()
        let vault = try v.open()
        let reports = try vault.conflicts()
        #expect(reports.map(\.copy.copy) == ["20250301-0900-buy-milk 2.md", "Work/report (conflict 2025-03-01 0930).md",
                                             "call.sync-conflict-20250101-120000-ABCDEFG.md"])
        #expect(reports.map(\.copy.pattern) == [.numbered, .conflict, .syncthing])
        let milk = reports[0].differences
        #expect(milk.map(\.field) == ["due", "colour", "body"])
        #expect(milk[0].mine == .string("2025-03-01") && milk[0].theirs == .string("2025-03-02"))
        #expect(milk[1].mine == nil && milk[1].theirs == .string("blue"))
        #expect(milk[2].mine == .string("Semi-skimmed.\n") && milk[2].theirs == .string("Oat milk.\n"))
        #expect(reports[1].differences == [FieldDifference(field: "priority", mine: .string("high"), theirs: .string("low"))])
        #expect(reports[2].differences == [FieldDifference(field: "flagged", mine: .bool(false), theirs: .bool(true))])
    }

    @Test func keepMineTrashesTheCopy() throws {
        let v = try Self.vaultWithCopies()
        let vault = try v.open()
        let before = try v.text("20250301-0900-buy-milk.md")
        let outcome = try vault.resolveConflict(try vault.conflictCopy("20250301-0900-buy-milk 2"), keep: .mine)
        #expect(outcome.trashedTo == ".trash/20250301-0900-buy-milk 2.md")
        #expect(try v.text("20250301-0900-buy-milk.md") == before)
        #expect(!v.exists("20250301-0900-buy-milk 2.md"))
        #expect(v.exists(".trash/20250301-0900-buy-milk 2.md"))
        #expect(try vault.index.count(matching: nil, timeZone: .gmt) == 5)
    }

    @Test func keepTheirsReplacesTheOriginal() throws {
        let v = try Self.vaultWithCopies()
        let vault = try v.open()
        let copyText = try v.text("Work/report (conflict 2025-03-01 0930).md")
        let copy = try vault.conflictCopy("Work/report.md")
        #expect(copy.copy == "Work/report (conflict 2025-03-01 0930).md")
        try vault.resolveConflict(copy, keep: .theirs)
        #expect(try v.text("Work/report.md") == copyText)
        #expect(v.exists(".trash/report (conflict 2025-03-01 0930).md"))
        #expect(try vault.task("Work/report.md").priority == .low)
        #expect(vault.conflictCopies().count == 2)
    }

    @Test func aResolvedCopyCannotBeResolvedAgain() throws {
        let v = try Self.vaultWithCopies()
        let vault = try v.open()
        let copy = try vault.conflictCopy("call.sync")
        try vault.resolveConflict(copy, keep: .theirs)
        #expect(throws: TodoError.self) { try vault.resolveConflict(copy, keep: .theirs) }
        #expect(try vault.task("call.md").flagged)
    }

    @Test func keepBothRenamesTheCopyToATaskName() throws {
        let v = try Self.vaultWithCopies()
        let vault = try v.open()
        let outcome = try vault.resolveConflict(try vault.conflictCopy("call"), keep: .both)
        // A §4 name from the copy's title and creation time.
        #expect(outcome.kept == ["call.md", "20261101-1000-call-bob.md"])
        #expect(v.exists("20261101-1000-call-bob.md"))
        #expect(!v.exists("call.sync-conflict-20250101-120000-ABCDEFG.md"))
        #expect(try vault.task("20261101-1000-call-bob.md").flagged)
        #expect(vault.conflictCopies().count == 2)
    }

    @Test func anAmbiguousReferenceListsTheCopies() throws {
        let v = try Self.vaultWithCopies()
        try v.task("call 2.md", title: "Call Bob")
        let vault = try v.open()
        #expect(throws: TodoError.ambiguousReference("call", candidates: [
            "call 2.md", "call.sync-conflict-20250101-120000-ABCDEFG.md"])) {
            try vault.conflictCopy("call")
        }
    }
}

// MARK: - Reminders

@Suite struct AutomationReminderTests {
    let milk = dated(id: "milk.md", title: "Buy milk", due: day("2026-11-21"))
    let bob = dated(id: "bob.md", title: "Call Bob", deferDate: day("2026-11-21"))
    let done = dated(id: "done.md", title: "Old", status: .done, due: day("2026-11-21"))
    let someday = dated(id: "some.md", title: "Later", status: .someday, due: day("2026-11-21"))
    let future = dated(id: "f.md", title: "Future", due: day("2026-11-22"))
    let ancient = dated(id: "a.md", title: "Ancient", due: day("2026-10-01"))

    func due(_ now: String, state: Reminders.State = .init(), notify: TimeOfDay = .nine) -> [Reminders.Reminder] {
        Reminders.due([milk, bob, done, someday, future, ancient], now: at(now), timeZone: berlin,
                      notifyTime: notify, state: state)
    }

    @Test func nothingBeforeNotifyTime() {
        #expect(due("2026-11-21T08:59:59").isEmpty)
    }

    @Test func dueAndDeferAtNotifyTimeForActiveTasksOnly() {
        let found = due("2026-11-21T09:00:00")
        #expect(found == [
            Reminders.Reminder(taskID: "milk.md", title: "Buy milk", date: LocalDate(year: 2026, month: 11, day: 21) ?? .init(dayNumber: 0), kind: .due),
            Reminders.Reminder(taskID: "bob.md", title: "Call Bob", date: LocalDate(year: 2026, month: 11, day: 21) ?? .init(dayNumber: 0), kind: .deferDate),
        ])
        #expect(found.map { $0.message(today: found[0].date) } == ["Due today: Buy milk", "Available today: Call Bob"])
    }

    @Test func aSettingMovesTheTime() {
        #expect(due("2026-11-21T09:00:00", notify: TimeOfDay("17:30") ?? .nine).isEmpty)
        #expect(due("2026-11-21T17:30:00", notify: TimeOfDay("17:30") ?? .nine).count == 2)
    }

    @Test func neverTwice() {
        var state = Reminders.State()
        state.record(due("2026-11-21T09:00:00"))
        #expect(due("2026-11-21T12:00:00", state: state).isEmpty)
        // The next day the future task's reminder comes; earlier ones do not come back.
        #expect(due("2026-11-22T09:05:00", state: state).map(\.taskID) == ["f.md"])
    }

    @Test func stateRoundTripsAndForgetsOldDates() throws {
        var state = Reminders.State()
        state.record(due("2026-11-21T09:00:00"))
        state.delivered.insert(.init(taskID: "x.md", date: LocalDate(year: 2026, month: 9, day: 1) ?? .init(dayNumber: 0), kind: .due))
        #expect(try Reminders.State(text: state.text) == state)
        state.prune(today: LocalDate(year: 2026, month: 11, day: 21) ?? .init(dayNumber: 0))
        #expect(state.delivered.count == 2)
    }

    @Test(arguments: [("09:00", true), ("9:05", true), ("23:59", true), ("24:00", false), ("9", false), ("09:0", false), ("nine", false)])
    func notifyTimes(_ text: String, _ valid: Bool) {
        #expect((TimeOfDay(text) != nil) == valid)
    }

    @Test func theVaultDeliversOnceAndKeepsStateAtomically() throws {
        let v = try TemporaryVault(now: "2026-11-21T09:00:00")
        try v.task("milk.md", title: "Buy milk", "due: \"2026-11-21\"")
        try v.write("done.md", "---\ntitle: \"Done one\"\nstatus: \"done\"\ndue: \"2026-11-21\"\ncreated: \"2026-11-01T10:00:00Z\"\nsource: \"test\"\n---\n")
        let vault = try v.open()
        var seen: [String] = []
        try vault.deliverReminders { seen.append($0.taskID) }
        try vault.deliverReminders { seen.append($0.taskID) }
        #expect(seen == ["milk.md"])
        #expect(try v.text(".todomd/reminders.json").contains("\"task\": \"milk.md\""))
    }
}

// MARK: - iCalendar

@Suite struct AutomationICalendarTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a;b,c\\d", "a\\;b\\,c\\\\d"),
        ("line one\nline two\r\nthree\rfour", "line one\\nline two\\nthree\\nfour"),
        ("bell\u{07}tab\tend", "belltab\tend"),
    ])
    func escaping(_ raw: String, _ escaped: String) {
        #expect(ICalendar.text(raw) == escaped)
    }

    @Test(arguments: [String(repeating: "a", count: 200), String(repeating: "é", count: 100),
                      "SUMMARY:" + String(repeating: "日本🎉", count: 40), String(repeating: "x", count: 75)])
    func foldingKeepsLinesShortAndUTF8Whole(_ line: String) throws {
        let folded = ICalendar.fold(line)
        #expect(folded.hasSuffix("\r\n"))
        // "\r\n" is one Character in Swift: dropping the last one drops the line ending.
        let unterminated = String(folded.dropLast())
        let physical = unterminated.components(separatedBy: "\r\n")
        for part in physical {
            #expect(part.utf8.count <= 75)
        }
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        // Unfolding (remove CRLF + one space) gives the line back.
        #expect(unterminated.replacingOccurrences(of: "\r\n ", with: "") == line)
        #expect((physical.count == 1) == (line.utf8.count <= 75))
    }

    @Test(arguments: [("09:00", "PT9H"), ("09:30", "PT9H30M"), ("00:00", "PT0S"), ("00:15", "PT15M")])
    func alarmTriggers(_ time: String, _ trigger: String) {
        #expect(ICalendar.duration(TimeOfDay(time) ?? .nine) == trigger)
    }

    let tasks = [
        dated(id: "Work/20261120-0900-report.md", title: "Report; draft, v2", due: day("2026-11-25"),
                  scheduled: day("2026-11-23"), priority: .high, description: "For Anna\nand Bob"),
        dated(id: "milk.md", title: "Buy milk", due: day("2026-11-21")),
        dated(id: "undated.md", title: "No date", deferDate: day("2026-11-21")),
        dated(id: "done.md", title: "Done", status: .done, due: day("2026-11-21")),
    ]

    @Test func eventsForDatedActiveTasks() {
        let text = ICalendar.document(tasks, notifyTime: .nine, stamp: at("2026-11-21T09:00:00"))
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todo.md//todomd//EN\r\nCALSCALE:GREGORIAN\r\n"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 3)
        let report = """
            BEGIN:VEVENT\r
            UID:20261120-0900-report.md@todomd\r
            DTSTAMP:20261121T080000Z\r
            DTSTART;VALUE=DATE:20261123\r
            DTEND;VALUE=DATE:20261124\r
            SUMMARY:Report\\; draft\\, v2\r
            DESCRIPTION:For Anna\\nand Bob\r
            PRIORITY:1\r
            TRANSP:TRANSPARENT\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            DESCRIPTION:Report\\; draft\\, v2\r
            TRIGGER:PT9H\r
            END:VALARM\r
            END:VEVENT\r

            """
        #expect(text.contains(report))
        #expect(text.contains("UID:milk.md@todomd\r\n"))
        #expect(text.contains("DTSTART;VALUE=DATE:20261121\r\nDTEND;VALUE=DATE:20261122\r\n"))
        #expect(!text.contains("No date") && !text.contains("SUMMARY:Done"))
    }

    @Test func todosCarryDueAndStart() {
        let text = ICalendar.document(tasks, component: .todo, notifyTime: TimeOfDay("08:15") ?? .nine,
                                      stamp: at("2026-11-21T09:00:00"))
        #expect(!text.contains("VEVENT"))
        #expect(text.components(separatedBy: "BEGIN:VTODO").count == 3)
        #expect(text.contains("DTSTART;VALUE=DATE:20261123\r\nDUE;VALUE=DATE:20261125\r\nSTATUS:NEEDS-ACTION\r\n"))
        #expect(text.contains("DUE;VALUE=DATE:20261121\r\n"))
        #expect(text.contains("TRIGGER;RELATED=END:PT8H15M\r\n"))
        #expect(text.contains("TRIGGER:PT8H15M\r\n"))
    }

    @Test func theVaultFeedUsesNotifyTimeAndTheClock() throws {
        let v = try TemporaryVault()
        try v.task("milk.md", title: "Buy milk", "due: \"2026-11-24\"")
        try v.write(".todomd/config.json", "{\"notify_time\": \"07:45\"}")
        let text = try v.open().calendar()
        #expect(text.contains("TRIGGER:PT7H45M\r\n"))
        #expect(text.contains("DTSTAMP:20261121T080000Z\r\n"))
    }
}

/// A task with only the fields reminders and calendars look at.
func dated(id: String, title: String, status: TaskStatus = .todo, due: LocalDate? = nil, deferDate: LocalDate? = nil,
           scheduled: LocalDate? = nil, priority: Priority = .none, description: String? = nil) -> TodoTask {
    var task = TodoTask(id: id, title: title, status: status, created: Date(timeIntervalSince1970: 0))
    task.due = due
    task.deferDate = deferDate
    task.scheduled = scheduled
    task.priority = priority
    task.description = description
    return task
}
