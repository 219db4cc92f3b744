import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The pure format codecs of docs/interop.md: each test names the table row it proves.
enum InteropFixture {
    static let zone = TimeZone(identifier: "Europe/Berlin") ?? .current
    static let today = LocalDate(year: 2026, month: 11, day: 21) ?? LocalDate(dayNumber: 0)

    /// The text of `Fixtures/interop/NAME`.
    static func text(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/interop/" + name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func instant(_ iso: String) -> Date { DateTimeFormat.parse(iso, timeZone: zone) ?? Date(timeIntervalSince1970: 0) }
    static func date(_ iso: String) -> LocalDate? { LocalDate(iso: iso) }

    /// A task with every field a format could carry set.
    static func full(id: String = "Work/20261101-1000-write-report.md") -> TodoTask {
        var t = TodoTask(id: id, title: "Write the report", created: instant("2026-11-01T10:00:00Z"), source: "user")
        t.status = .inProgress
        t.due = date("2026-11-24")
        t.deferDate = date("2026-11-20")
        t.scheduled = date("2026-11-23")
        t.priority = .high
        t.flagged = true
        t.area = "Work"
        t.project = "Quarterly Report"
        t.tags = ["writing", "q4"]
        t.recurrence = "FREQ=WEEKLY;INTERVAL=2"
        t.recurrenceMode = .afterCompletion
        t.estimatedMinutes = 90
        t.description = "Numbers, then prose"
        t.modified = instant("2026-11-02T09:00:00Z")
        t.body = "Outline first.\nThen the tables.\n"
        return t
    }
}

// docs/interop.md row "csv" (export header, RFC 4180 quoting)
@Suite struct InteropCSVTests {
    @Test func csvExportHasTheCanonicalHeaderAndQuotesPerRFC4180() throws {
        var t = InteropFixture.full()
        t.title = "Buy \"oat\" milk, 2 l"
        let text = CSVInterop.export([t])
        #expect(text.hasPrefix("title,status,due,defer,scheduled,priority,flagged,area,project,tags,recurrence,recurrence_mode,"
                               + "estimated_minutes,parent,blocked_by,sequential,reminders,nag,nag_interval,snoozed_until,time_entries,description,created,modified,completed,source,region,bucket,plan_date,"
                               + "carry_count,backlog_since,note,note_line,notes\r\n"))
        #expect(text.contains("\"Buy \"\"oat\"\" milk, 2 l\",in-progress,2026-11-24,2026-11-20,2026-11-23,high,true,Work,"
                              + "Quarterly Report,\"writing,q4\",FREQ=WEEKLY;INTERVAL=2,after_completion,90,"))
        #expect(text.hasSuffix(",\"Outline first.\nThen the tables.\n\"\r\n"))
        let rows = try CSV.parse(text)
        #expect(rows.count == 2)
        #expect(rows[1].fields[0] == "Buy \"oat\" milk, 2 l")
        #expect(rows[1].fields.last == "Outline first.\nThen the tables.\n")
    }

    // docs/interop.md row "csv" (round trip of every §3 field and the body)
    @Test func csvRoundTripKeepsEveryFieldAndTheBody() throws {
        var t = InteropFixture.full()
        t.status = .done
        t.completed = InteropFixture.instant("2026-11-21T08:00:00Z")
        t.region = .morning
        t.bucket = .must
        t.planDate = InteropFixture.date("2026-11-21")
        t.carryCount = 2
        t.backlogSince = InteropFixture.date("2026-11-19")
        t.note = "Notes/report.md"
        t.noteLine = 3
        // Time entries (§27) travel as their flow mappings joined with `,`.
        t.timeEntries = ["{start: \"2026-11-20T08:00:00Z\", end: \"2026-11-20T08:30:00Z\", note: \"a, b\"}",
                         "{start: \"2026-11-21T07:00:00Z\", end: null}"]
        let batch = try CSVInterop.parse(CSVInterop.export([t]), overrides: [:], today: InteropFixture.today,
                                         timeZone: InteropFixture.zone)
        #expect(batch.skipped.isEmpty)
        let back = try #require(batch.records.first)
        #expect(back.problems.isEmpty)
        #expect(back.hasCreated)
        var expected = t
        expected.id = ""
        expected.source = "import-csv"
        #expect(back.task == expected)
    }

    // docs/interop.md row "csv" (import: guessed columns, unknown columns kept, map overrides)
    @Test func csvImportGuessesColumnsKeepsUnknownOnesAndTakesAMap() throws {
        let text = "Task Name,Due Date,Labels,Notes,Effort,Mood\r\nCall Ana,2026-11-24,\"phone, family\",Ask about Sunday,30,happy\r\n"
            + ",2026-11-25,,,,\r\nFix bike,someday,,,,\r\n"
        let batch = try CSVInterop.parse(text, overrides: [:], today: InteropFixture.today, timeZone: InteropFixture.zone)
        #expect(batch.records.count == 2)
        #expect(batch.skipped == [ImportProblem("line 3", "no title; skipped")])
        let call = batch.records[0].task
        #expect(call.title == "Call Ana")
        #expect(call.due == InteropFixture.date("2026-11-24"))
        #expect(call.tags == ["phone", "family"])
        #expect(call.body == "Ask about Sunday")
        #expect(call.extra.map(\.key) == ["Effort", "Mood"])
        #expect(batch.records[1].problems == ["Due Date: `someday` is not a date; left out"])
        let mapped = try CSVInterop.parse(text, overrides: try CSVInterop.parseMap("effort=estimated_minutes,Mood=ignore"),
                                          today: InteropFixture.today, timeZone: InteropFixture.zone)
        #expect(mapped.records[0].task.estimatedMinutes == 30)
        #expect(mapped.records[0].task.extra.isEmpty)
        #expect(throws: TodoError.self) { try CSVInterop.columns(["a"], overrides: ["b": .body]) }
        #expect(throws: TodoError.self) { try CSVInterop.parseMap("Mood=feelings") }
        #expect(throws: ImportError.unclosedQuote(line: 2)) { try CSV.parse("a,b\r\n\"open,x\r\n") }
    }
}

// docs/interop.md row "taskwarrior"
@Suite struct InteropTaskwarriorTests {
    @Test func taskwarriorExportFollowsTheMapping() throws {
        var someday = InteropFixture.full(id: "later.md")
        someday.status = .someday
        someday.area = nil
        var cancelled = InteropFixture.full(id: "gone.md")
        cancelled.status = .cancelled
        cancelled.completed = InteropFixture.instant("2026-11-10T08:30:00Z")
        cancelled.project = nil
        let json = try JSONValue.parse(Taskwarrior.export([InteropFixture.full(), someday, cancelled], timeZone: InteropFixture.zone))
        let items = try #require(json.arrayValue)
        let a = items[0]
        #expect(a["description"] == .string("Write the report"))
        #expect(a["status"] == .string("pending"))
        #expect(a["start"] == .string("20261102T090000Z"))
        #expect(a["due"] == .string("20261124T000000Z"))
        #expect(a["wait"] == .string("20261120T000000Z"))
        #expect(a["scheduled"] == .string("20261123T000000Z"))
        #expect(a["priority"] == .string("H"))
        #expect(a["project"] == .string("Work.Quarterly Report"))
        #expect(a["tags"] == .array([.string("writing"), .string("q4")]))
        #expect(a["recur"] == .string("2weeks"))
        #expect(a["entry"] == .string("20261101T100000Z"))
        #expect(a["annotations"]?.arrayValue?.compactMap { $0["description"]?.stringValue }
                == ["Numbers, then prose", "Outline first.\nThen the tables.\n"])
        #expect(a["uuid"]?.stringValue?.count == 36)
        #expect(items[1]["status"] == .string("pending"))
        #expect(items[1]["tags"] == .array([.string("writing"), .string("q4"), .string("someday")]))
        #expect(items[1]["project"] == .string("Quarterly Report"))
        #expect(items[2]["status"] == .string("deleted"))
        #expect(items[2]["end"] == .string("20261110T083000Z"))
        #expect(items[2]["project"] == .string("Work"))
        #expect(Taskwarrior.uuid(for: "a.md") == Taskwarrior.uuid(for: "a.md"))
        #expect(Taskwarrior.uuid(for: "a.md") != Taskwarrior.uuid(for: "b.md"))
    }

    @Test func taskwarriorImportOfTaskExport() throws {
        let batch = try Taskwarrior.parse(try InteropFixture.text("taskwarrior-export.json"), timeZone: InteropFixture.zone)
        let tasks = batch.records.map(\.task)
        #expect(tasks.map(\.title) == ["Write the report", "Renew passport", "Old chore", "Abandoned", "Learn piano",
                                       "Fix the bike", "Water plants", "Odd recur"])
        let report = tasks[0]
        #expect(report.area == "Work" && report.project == "Reports")
        #expect(report.priority == .high && report.due == InteropFixture.date("2026-11-24"))
        #expect(report.tags == ["writing", "q4"] && report.body == "Outline first\nThen numbers")
        #expect(report.created == InteropFixture.instant("2026-11-01T10:00:00Z"))
        #expect(report.source == "import-taskwarrior")
        #expect(report.extra.isEmpty)
        #expect(tasks[1].status == .todo && tasks[1].project == "Admin" && tasks[1].area == nil)
        #expect(tasks[1].deferDate == InteropFixture.date("2026-12-01") && tasks[1].scheduled == InteropFixture.date("2026-12-05"))
        #expect(tasks[2].status == .done && tasks[2].completed == InteropFixture.instant("2026-11-10T08:30:00Z"))
        #expect(tasks[3].status == .cancelled)
        #expect(tasks[4].status == .someday && tasks[4].tags.isEmpty)
        #expect(tasks[5].status == .inProgress && tasks[5].extra.map(\.key) == ["energy"])
        #expect(tasks[6].recurrence == "FREQ=WEEKLY")
        // The instance was generated later; the series began with its template.
        #expect(tasks[6].created == InteropFixture.instant("2026-11-05T08:00:00Z"))
        #expect(batch.records[7].problems == ["recur: `fortnightish` has no todo.md equivalent; left out"])
        #expect(batch.skipped.count == 1 && batch.skipped[0].location == "record 7")
    }

    @Test func taskwarriorRoundTripKeepsTheMappedFields() throws {
        let t = InteropFixture.full()
        let back = try #require(try Taskwarrior.parse(Taskwarrior.export([t], timeZone: InteropFixture.zone),
                                                      timeZone: InteropFixture.zone).records.first?.task)
        #expect(back.title == t.title && back.status == t.status && back.due == t.due && back.deferDate == t.deferDate)
        #expect(back.scheduled == t.scheduled && back.priority == t.priority && back.area == t.area && back.project == t.project)
        #expect(back.tags == t.tags && back.recurrence == t.recurrence && back.created == t.created)
        // Degrades as documented: description joins the body; flag, estimate and repeat mode are lost.
        #expect(back.body == "Numbers, then prose\nOutline first.\nThen the tables.\n")
        #expect(back.description == nil && !back.flagged && back.estimatedMinutes == nil && back.recurrenceMode == .fixed)
    }
}

// docs/interop.md row "todotxt"
@Suite struct InteropTodoTxtTests {
    @Test func todoTxtExportFollowsTheMapping() {
        var t = InteropFixture.full()
        t.recurrence = "FREQ=WEEKLY"
        #expect(TodoTxt.line(t, timeZone: InteropFixture.zone) == "(A) 2026-11-01 Write the report +Quarterly_Report @Work "
                + "due:2026-11-24 t:2026-11-20 sched:2026-11-23 #writing #q4 status:in-progress flagged:yes est:1h30m rrule:FREQ=WEEKLY")
        var done = TodoTask(title: "Pay rent", created: InteropFixture.instant("2026-11-01T10:00:00Z"))
        done.status = .done
        done.priority = .medium
        done.completed = InteropFixture.instant("2026-11-10T08:00:00Z")
        #expect(TodoTxt.line(done, timeZone: InteropFixture.zone) == "x 2026-11-10 2026-11-01 Pay rent pri:B")
    }

    @Test func todoTxtImportReadsTheFixture() throws {
        let batch = TodoTxt.parse(try InteropFixture.text("todo.txt"), today: InteropFixture.today, timeZone: InteropFixture.zone)
        let t = batch.records.map(\.task)
        #expect(t.map(\.title) == ["Call Mom", "Pay rent", "Read book", "Meeting at 10:30 with the team http://example.com/x",
                                   "Draft plan"])
        #expect(t[0].priority == .high && t[0].project == "Family" && t[0].area == "Phone" && t[0].tags == ["weekly"])
        #expect(t[0].due == InteropFixture.date("2026-11-24") && batch.records[0].hasCreated)
        #expect(t[1].status == .done && t[1].priority == .medium && t[1].project == "Home Finance")
        #expect(t[1].completed == LocalDate(year: 2026, month: 11, day: 10)?.startOfDay(in: InteropFixture.zone))
        #expect(t[2].deferDate == InteropFixture.date("2026-11-25") && t[2].scheduled == InteropFixture.date("2026-11-26"))
        #expect(t[2].estimatedMinutes == 90 && t[2].recurrence == "FREQ=WEEKLY;INTERVAL=2")
        #expect(t[2].extra.map(\.key) == ["id"])
        #expect(batch.records[4].problems == ["due: `nonsense` is not a date; left out"])
        #expect(batch.records[4].location == "line 6")
        #expect(!batch.records[3].hasCreated)
    }

    @Test func todoTxtRoundTripKeepsTheLineFields() throws {
        var t = InteropFixture.full()
        t.created = LocalDate(year: 2026, month: 11, day: 1)?.startOfDay(in: InteropFixture.zone) ?? t.created
        let back = try #require(TodoTxt.parse(TodoTxt.export([t], timeZone: InteropFixture.zone), today: InteropFixture.today,
                                              timeZone: InteropFixture.zone).records.first?.task)
        #expect(back.title == t.title && back.status == t.status && back.priority == t.priority && back.flagged)
        #expect(back.due == t.due && back.deferDate == t.deferDate && back.scheduled == t.scheduled)
        #expect(back.area == t.area && back.project == t.project && back.tags == t.tags)
        #expect(back.estimatedMinutes == t.estimatedMinutes && back.recurrence == t.recurrence && back.created == t.created)
        // Degrades as documented: no description, no body, no repeat mode on a line.
        #expect(back.description == nil && back.body.isEmpty && back.recurrenceMode == .fixed)
    }
}

// docs/interop.md row "taskpaper"
@Suite struct InteropTaskPaperTests {
    @Test func omniFocusTaskPaperImport() throws {
        let batch = TaskPaper.parse(try InteropFixture.text("omnifocus.taskpaper"), today: InteropFixture.today,
                                    timeZone: InteropFixture.zone)
        let t = batch.records.map(\.task)
        #expect(t.map(\.title) == ["Call the bank about the card", "Buy groceries", "Plan menu", "Old list",
                                   "Review PR mail@example.com", "Dropped idea", "Bad date"])
        #expect(t[0].project == "Inbox" && t[0].area == nil && t[0].flagged && t[0].tags == ["Phone"])
        #expect(t[0].due == InteropFixture.date("2026-11-24") && t[0].dueTime == TimeOfDay("17:00"))
        #expect(t[1].area == "Personal" && t[1].project == "Meal Prep" && t[1].tags == ["errands", "food"])
        #expect(t[1].deferDate == InteropFixture.date("2026-11-20") && t[1].estimatedMinutes == 45)
        #expect(t[1].body == "Pick up chicken, rice, broccoli.\nCheck the coupons first.\n")
        #expect(t[2].recurrence == "FREQ=WEEKLY;BYDAY=SA" && t[2].recurrenceMode == .fixed)
        #expect(t[3].status == .done && t[3].completed == InteropFixture.instant("2026-11-10T08:30:00"))
        #expect(t[4].priority == .high && t[4].estimatedMinutes == 90 && t[4].tags == ["Office"])
        #expect(t[4].area == "Work" && t[4].project == "Auth Service" && t[4].extra.map(\.key) == ["custom"])
        #expect(t[5].status == .cancelled)
        #expect(batch.skipped == [ImportProblem("line 14", "a task without a title; skipped")])
        #expect(batch.records[6].problems == ["@due: `someday` is not a date; left out"])
        #expect(batch.records[6].location == "line 15")
    }

    @Test func taskPaperExportIsAnOmniFocusStyleOutline() {
        var milk = TodoTask(id: "m.md", title: "Buy milk", created: InteropFixture.instant("2026-11-01T10:00:00Z"))
        milk.project = "Errands"
        milk.due = InteropFixture.date("2026-11-23")
        var call = TodoTask(id: "c.md", title: "Call dentist", created: milk.created)
        // A time of day is written as OmniFocus writes it (§24).
        call.scheduled = InteropFixture.date("2026-11-24")
        call.scheduledTime = TimeOfDay("09:30")
        call.area = "Personal"
        call.project = "Admin"
        call.tags = ["health"]
        call.body = "Ask about\nthe bill\n"
        #expect(TaskPaper.export([milk, call]) == """
            Errands:
            \t- Buy milk @due(2026-11-23)
            Personal: @folder
            \tAdmin:
            \t\t- Call dentist @tags(health) @scheduled(2026-11-24 09:30)
            \t\t\tAsk about
            \t\t\tthe bill

            """)
    }

    @Test func taskPaperRoundTripKeepsTheOutlineFields() throws {
        var areaOnly = TodoTask(id: "a.md", title: "Tidy desk", created: InteropFixture.instant("2026-11-01T10:00:00Z"))
        areaOnly.area = "Home"
        var done = TodoTask(id: "d.md", title: "Filed taxes", created: InteropFixture.instant("2026-11-01T10:00:00Z"))
        done.status = .done
        done.completed = InteropFixture.instant("2026-11-05T10:00:00Z")
        var full = InteropFixture.full()
        full.dueTime = TimeOfDay("17:00")
        full.deferTime = TimeOfDay("08:15")
        let tasks = [full, areaOnly, done]
        let back = TaskPaper.parse(TaskPaper.export(tasks), today: InteropFixture.today, timeZone: InteropFixture.zone)
        #expect(back.skipped.isEmpty)
        let t = back.records.map(\.task)
        #expect(t.map(\.title) == ["Filed taxes", "Write the report", "Tidy desk"])
        let r = t[1]
        #expect(r.status == full.status && r.dueAt == full.dueAt && r.deferAt == full.deferAt && r.scheduledAt == full.scheduledAt)
        #expect(r.dueTime == TimeOfDay("17:00") && r.deferTime == TimeOfDay("08:15") && r.scheduledTime == nil)
        #expect(r.flagged && r.priority == .high && r.tags == full.tags && r.estimatedMinutes == 90)
        #expect(r.recurrence == full.recurrence && r.recurrenceMode == .afterCompletion)
        #expect(r.area == "Work" && r.project == "Quarterly Report")
        #expect(t[2].area == "Home" && t[2].project == nil)
        #expect(t[0].status == .done && t[0].completed == done.completed)
        // Degrades as documented: the description opens the note, which comes back as the body.
        #expect(r.body == "Numbers, then prose\n\nOutline first.\nThen the tables.\n" && r.description == nil)
    }
}

// docs/interop.md row "todoist-csv"
@Suite struct InteropTodoistTests {
    @Test func todoistImportReadsSectionsLabelsAndNotes() throws {
        let batch = try TodoistCSV.parse(try InteropFixture.text("todoist.csv"), today: InteropFixture.today,
                                         timeZone: InteropFixture.zone)
        let t = batch.records.map(\.task)
        #expect(t.map(\.title) == ["Water the plants", "Buy milk, oat", "Post the letter", "Pay the bill"])
        #expect(t[0].recurrence == "FREQ=WEEKLY" && t[0].due == InteropFixture.date("2026-11-23") && t[0].tags == ["home"])
        #expect(t[0].project == nil)
        #expect(t[1].project == "Errands" && t[1].tags == ["shopping", "quick"] && t[1].priority == .high)
        #expect(t[1].description == "From the shop on the corner" && t[1].body == "Remember the bags")
        #expect(t[1].estimatedMinutes == 15 && t[1].due == InteropFixture.date("2026-11-24"))
        #expect(t[2].due == InteropFixture.date("2026-11-22") && t[2].priority == .medium)
        #expect(batch.records[3].problems == ["PRIORITY: `9` is not 1–4; left out"])
        #expect(batch.skipped == [ImportProblem("line 7", "a task without content; skipped")])
    }

    @Test func todoistRoundTripKeepsWhatTheTemplateHolds() throws {
        let t = InteropFixture.full()
        let text = TodoistCSV.export([t], timeZone: InteropFixture.zone)
        #expect(text.hasPrefix("TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT\r\n"))
        #expect(text.contains("section,Quarterly Report,"))
        let back = try #require(try TodoistCSV.parse(text, today: InteropFixture.today, timeZone: InteropFixture.zone)
            .records.first?.task)
        #expect(back.title == t.title && back.tags == t.tags && back.priority == t.priority && back.due == t.due)
        #expect(back.project == t.project && back.recurrence == t.recurrence && back.estimatedMinutes == 90)
        // Degrades as documented: description and body share DESCRIPTION (back as the body);
        // area, defer, scheduled, flag and status are lost.
        #expect(back.body == "Numbers, then prose\n\nOutline first.\nThen the tables.\n")
        #expect(back.area == nil && back.deferDate == nil && back.scheduled == nil && !back.flagged && back.status == .todo)
    }

    /// A time of day goes where Todoist reads it (§24): `2026-11-24 15:00`, and for a repeat
    /// `every week at 15:00 starting 2026-11-24`.
    @Test func todoistKeepsTheTimeOfDay() throws {
        var repeating = InteropFixture.full()
        repeating.recurrence = "FREQ=WEEKLY"
        repeating.dueTime = TimeOfDay("15:00")
        var once = TodoTask(id: "o.md", title: "Call the bank", created: repeating.created)
        once.due = InteropFixture.date("2026-11-25")
        once.dueTime = TimeOfDay("09:05")
        let text = TodoistCSV.export([repeating, once], timeZone: InteropFixture.zone)
        #expect(text.contains(",every week at 15:00 starting 2026-11-24,en,"))
        #expect(text.contains(",2026-11-25 09:05,en,"))
        let back = try TodoistCSV.parse(text, today: InteropFixture.today, timeZone: InteropFixture.zone).records.map(\.task)
        #expect(back.map(\.dueAt) == [once.dueAt, repeating.dueAt])
        #expect(back.map(\.recurrence) == [nil, "FREQ=WEEKLY"])
        // Todoist's own words: `every day at 8pm`, `tomorrow at 5pm`.
        let typed = """
            TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT
            task,Take the pills,,4,1,,,every day at 8pm,en,Europe/Berlin,,
            task,Ring Ana,,4,1,,,tomorrow at 5pm,en,Europe/Berlin,,

            """
        let read = try TodoistCSV.parse(typed, today: InteropFixture.today, timeZone: InteropFixture.zone).records
        #expect(read.map(\.problems) == [[], []])
        #expect(read.map { $0.task.recurrence } == ["FREQ=DAILY", nil])
        #expect(read.map { $0.task.dueAt?.description } == ["2026-11-21T20:00", "2026-11-22T17:00"])
    }
}

// docs/interop.md row "opml"
@Suite struct InteropOPMLTests {
    @Test func opmlExportIsAnOutlineOfAreasProjectsAndTasks() throws {
        var t = InteropFixture.full()
        t.title = "Ship <v2> & \"tell\" everyone"
        let text = OPML.export([t, TodoTask(id: "x.md", title: "Loose", created: t.created)])
        let document = try XMLDocument(xmlString: text, options: [])
        let outlines = try document.nodes(forXPath: "/opml/body//outline").compactMap { $0 as? XMLElement }
        #expect(outlines.map { $0.attribute(forName: "text")?.stringValue ?? "" }
                == ["Loose", "Work", "Quarterly Report", "Ship <v2> & \"tell\" everyone"])
        let task = outlines[3]
        #expect(task.attribute(forName: "_note")?.stringValue == t.body)
        #expect(task.attribute(forName: "_due")?.stringValue == "2026-11-24")
        // With a time of day, as TASK JSON writes it (§24).
        t.scheduledTime = TimeOfDay("07:45")
        #expect(OPML.export([t]).contains("_scheduled=\"2026-11-23T07:45\""))
        #expect(task.attribute(forName: "_tags")?.stringValue == "writing,q4")
    }
}
