import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDCLI
@testable import TodoMDKit

/// `todomd agenda` and `todomd free` (§25). The clock is Saturday 2026-11-21 09:00, Berlin.
@Suite struct CalendarCLITests {
    static func vault() throws -> TemporaryVault {
        let v = try TemporaryVault()
        try v.write("work.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTART;TZID=Europe/Berlin:20261123T100000\r\n"
            + "DTEND;TZID=Europe/Berlin:20261123T113000\r\nSUMMARY:Planning\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        try v.write(".todomd/config.json", ##"{"calendars": [{"name": "Work", "path": "work.ics"}, {"name": "Gone", "path": "gone.ics"}]}"##)
        try v.task("call.md", title: "Call mom", "due: \"2026-11-23T15:00\"")
        try v.task("report.md", title: "Report", "scheduled: \"2026-11-23\"")
        return v
    }

    @Test func agendaShowsEventsAndTasksInTimeOrderAndNamesABrokenCalendar() async throws {
        let v = try Self.vault()
        let run = await v.run("agenda", "--from", "monday", "--days", "1")
        #expect(run.code == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Mon 23 Nov  in 2 days")
        #expect(lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces).prefix(14) }
            == ["10:00–11:30  P", "15:00        ○", "○ Report  repo"])
        #expect(run.stderr.contains("Gone: "))
        let json = await v.run("agenda", "--from", "2026-11-23", "--days", "2", "--json").json
        let days = try #require(json["days"] as? [[String: Any]])
        #expect(days.count == 2)
        #expect(((days[0]["events"] as? [[String: Any]])?.first?["end"]) as? String == "2026-11-23T11:30")
        #expect((days[0]["tasks"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Call mom", "Report"])
        #expect((json["calendars"] as? [[String: Any]])?.first?["name"] as? String == "Gone")
    }

    @Test func freeListsTheGapsAndRefusesABadDuration() async throws {
        let v = try Self.vault()
        let json = await v.run("free", "90m", "--date", "2026-11-23", "--json").json
        let slots = (json["slots"] as? [[String: Any]])?.compactMap { "\($0["start"] ?? "")–\($0["end"] ?? "")" }
        #expect(slots == ["2026-11-23T11:30–2026-11-23T15:00", "2026-11-23T15:30–2026-11-23T18:00"])
        #expect(json["duration_minutes"] as? Int == 90)
        let human = await v.run("free", "1h", "--date", "2026-11-23")
        #expect(human.stdout.contains("09:00–10:00  1h"), "\(human.stdout)")
        let bad = await v.run("free", "soon")
        #expect(bad.code == 2)
        #expect(bad.stderr.contains("duration"))
    }
}
