import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// The agenda and "Find time" of §25 over a vault with a calendar file. The clock is Saturday
/// 2026-11-21 09:00 in Europe/Berlin unless a test says otherwise.
@Suite struct AgendaTests {
    static let meetings = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VEVENT\r
        UID:1\r
        DTSTART;TZID=Europe/Berlin:20261123T100000\r
        DTEND;TZID=Europe/Berlin:20261123T110000\r
        SUMMARY:Planning\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:2\r
        DTSTART;TZID=Europe/Berlin:20261123T130000\r
        DTEND;TZID=Europe/Berlin:20261123T140000\r
        SUMMARY:Lunch\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:3\r
        DTSTART;VALUE=DATE:20261123\r
        SUMMARY:Anniversary\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    static func vault(now: String = TemporaryVault.defaultNow, settings: String? = nil) throws -> TemporaryVault {
        let v = try TemporaryVault(now: now)
        try v.write("meetings.ics", meetings)
        try v.write(".todomd/config.json", settings ?? ##"{"calendars": [{"name": "Work", "path": "meetings.ics", "color": "#3478f6"}]}"##)
        return v
    }

    @Test func eachDayHoldsItsEventsAndTasksTimedFirst() throws {
        let v = try Self.vault()
        try v.task("report.md", title: "Report", "scheduled: \"2026-11-23\"")
        try v.task("call.md", title: "Call", "due: \"2026-11-23T15:00\"")
        try v.task("block.md", title: "Block", "scheduled: \"2026-11-23T08:00\"\ndue: \"2026-11-30\"")
        try v.task("late.md", title: "Late", "due: \"2026-11-19\"")
        try v.task("done.md", title: "Done", "status: done\ndue: \"2026-11-23\"")
        let agenda = try v.open().agenda(from: PhraseDays.date("2026-11-21"), days: 3)
        #expect(agenda.days.map(\.date.description) == ["2026-11-21", "2026-11-22", "2026-11-23"])
        #expect(agenda.days[0].tasks.map(\.title) == ["Late"], "overdue tasks are on today")
        #expect(agenda.days[2].events.map(\.title) == ["Anniversary", "Planning", "Lunch"])
        #expect(agenda.days[2].tasks.map(\.title) == ["Block", "Call", "Report"])
        #expect(agenda.problems.isEmpty)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(agenda.json.utf8)) as? [String: Any])
        let day = try #require((json["days"] as? [[String: Any]])?[2])
        let event = try #require((day["events"] as? [[String: Any]])?[1])
        #expect(event["start"] as? String == "2026-11-23T10:00")
        #expect(event["end"] as? String == "2026-11-23T11:00")
        #expect(event["all_day"] as? Bool == false)
        #expect(event["calendar"] as? String == "Work")
        #expect(((day["tasks"] as? [[String: Any]])?.first?["due"]) as? String == "2026-11-30")
    }

    /// The agenda reads only the tasks a range can show (`datedRows(from:to:)`): each range gets
    /// exactly its days' tasks, with the ones whose day has passed on today when it holds today,
    /// a `scheduled` before a `due` on either side of the range, and timed values by their date.
    @Test(arguments: [
        ("2026-11-14", 7, [:]),
        ("2026-11-16", 7, ["2026-11-21": ["Past scheduled", "Past due", "Scheduled long ago", "Early today"]]),
        ("2026-11-21", 1, ["2026-11-21": ["Past scheduled", "Past due", "Scheduled long ago", "Early today"]]),
        ("2026-11-22", 7, ["2026-11-23": ["Timed due"], "2026-11-25": ["Scheduled over due"]]),
        ("2026-11-25", 1, ["2026-11-25": ["Scheduled over due"]]),
        ("2026-12-01", 7, ["2026-12-05": ["December"]]),
    ] as [(String, Int, [String: [String]])])
    func eachRangeShowsExactlyItsTasks(from: String, days: Int, expected: [String: [String]]) throws {
        let v = try Self.vault()
        try v.task("a.md", title: "Past scheduled", "scheduled: \"2026-11-18\"")
        try v.task("b.md", title: "Past due", "due: \"2026-11-19\"")
        try v.task("c.md", title: "Scheduled over due", "scheduled: \"2026-11-25\"\ndue: \"2026-11-17\"")
        try v.task("d.md", title: "Scheduled long ago", "scheduled: \"2026-11-10\"\ndue: \"2026-11-30\"")
        try v.task("e.md", title: "Timed due", "due: \"2026-11-23T15:00\"")
        try v.task("f.md", title: "Early today", "scheduled: \"2026-11-21T08:00\"")
        try v.task("g.md", title: "December", "due: \"2026-12-05\"")
        try v.task("h.md", title: "Done", "status: done\ndue: \"2026-11-23\"")
        try v.task("i.md", title: "Someday", "status: someday\ndue: \"2026-11-23\"")
        try v.task("j.md", title: "Undated")
        let agenda = try v.open().agenda(from: PhraseDays.date(from), days: days)
        #expect(agenda.days.count == days)
        var shown: [String: [String]] = [:]
        for day in agenda.days where !day.tasks.isEmpty { shown[day.date.description] = day.tasks.map(\.title).sorted() }
        #expect(shown == expected.mapValues { $0.sorted() })
    }

    /// 09:00–18:00 minus Planning (10–11), Lunch (13–14) and a time-blocked task (15:00, 45 min);
    /// the all-day event fills nothing.
    @Test func freeTimeIsTheGapsOfTheWorkingDay() throws {
        let v = try Self.vault()
        try v.task("call.md", title: "Call", "scheduled: \"2026-11-23T15:00\"\nestimated_minutes: 45")
        let vault = try v.open()
        func slots(_ minutes: Int) throws -> [String] {
            try vault.freeTime(on: PhraseDays.date("2026-11-23"), minutes: minutes).slots.map { "\($0.start.time!)–\($0.end.time!)" }
        }
        #expect(try slots(30) == ["09:00–10:00", "11:00–13:00", "14:00–15:00", "15:45–18:00"])
        #expect(try slots(90) == ["11:00–13:00", "15:45–18:00"])
        #expect(try slots(180) == [])
    }

    /// Today's free time starts now (rounded up to five minutes), and the working day is a setting.
    @Test func todayStartsNowAndTheWorkdayIsASetting() throws {
        let v = try Self.vault(now: "2026-11-23T10:52:00",
                               settings: ##"{"calendars": [{"name": "W", "path": "meetings.ics"}], "workday_start": "08:00", "workday_end": "20:00"}"##)
        let free = try v.open().freeTime(on: PhraseDays.date("2026-11-23"), minutes: 30)
        #expect(free.slots.map { "\($0.start.time!)–\($0.end.time!)" } == ["11:00–13:00", "14:00–20:00"])
        #expect(free.json.compact() .contains("\"duration_minutes\":30"))
        // The agenda says the working day too: the web's time grid opens at its start.
        let agenda = try v.open().agenda(from: PhraseDays.date("2026-11-23"), days: 1)
        #expect(agenda.json.hasSuffix(#""workday":{"start":"08:00","end":"20:00"}}"#))
    }

    /// A calendar that cannot be read is named with its reason; the others still show.
    @Test func aBrokenCalendarIsAProblemNotAFailure() throws {
        let v = try Self.vault(settings: ##"{"calendars": [{"name": "Work", "path": "meetings.ics"}, {"name": "Gone", "path": "missing.ics"}, {"name": "Text", "path": "notes.txt"}]}"##)
        try v.write("notes.txt", "just text\n")
        let agenda = try v.open().agenda(from: PhraseDays.date("2026-11-23"), days: 1)
        #expect(agenda.days[0].events.count == 3)
        #expect(agenda.problems.map(\.calendar) == ["Gone", "Text"])
        #expect(agenda.problems[1].error.contains("not an iCalendar file"))
    }

    @Test func calendarsAreAddedAndRemovedKeepingTheOtherSettings() throws {
        let v = try Self.vault(settings: ##"{"notify_time": "08:30", "calendars": []}"##)
        let vault = try v.open()
        try vault.addCalendar(CalendarSource(name: "Work", path: "meetings.ics", color: "#3478f6"))
        try vault.addCalendar(CalendarSource(name: "Holidays", url: "webcal://example.com/h.ics"))
        #expect(try vault.settings().calendars.map(\.name) == ["Work", "Holidays"])
        #expect(try vault.settings().notifyTime.description == "08:30")
        #expect(throws: TodoError.self) { try vault.addCalendar(CalendarSource(name: "work", path: "x.ics")) }
        #expect(throws: TodoError.self) { try vault.addCalendar(CalendarSource(name: "Bad", url: "ftp://x/y.ics")) }
        #expect(throws: TodoError.self) { try vault.addCalendar(CalendarSource(name: "Both", url: "https://x/y.ics", path: "y.ics")) }
        #expect(throws: TodoError.self) { try vault.addCalendar(CalendarSource(name: "Colour", path: "y.ics", color: "blue")) }
        try vault.removeCalendar(named: "WORK")
        #expect(try vault.settings().calendars.map(\.name) == ["Holidays"])
        #expect(throws: TodoError.self) { try vault.removeCalendar(named: "Nope") }
        let text = try v.text(".todomd/config.json")
        #expect(text.contains("\"notify_time\": \"08:30\""))
    }

    /// A URL that cannot be fetched says why, is not asked again at once, and a later good copy
    /// is read. Fetching needs curl; the address is a closed local port.
    @Test func aURLThatFailsSaysWhy() throws {
        let v = try Self.vault(settings: ##"{"calendars": [{"name": "Remote", "url": "http://127.0.0.1:9/cal.ics"}]}"##)
        let vault = try v.open()
        guard ExternalProgram.find("curl", environment: ProcessInfo.processInfo.environment) != nil else { return }
        let first = try vault.calendars(refresh: .ifStale)
        #expect(first[0].error != nil)
        // The copy a later fetch would have made is read without fetching.
        let copy = CalendarSources.cachePath("http://127.0.0.1:9/cal.ics", cacheFolder: vault.cacheFolder)
        try Self.meetings.write(toFile: copy, atomically: true, encoding: .utf8)
        let second = try vault.calendars(refresh: .never)
        #expect(second[0].reader?.events.count == 3)
    }
}
