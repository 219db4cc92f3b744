import Foundation
import Hummingbird
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

@Suite("Calendar feed")
struct CalendarFeedTests {
    @Test func servesDatedActiveTasksAsAllDayEventsWithAlarms() async throws {
        let f = try ServerFixture { t in
            try t.task("due.md", title: "Pay rent", "due: 2026-11-30")
            try t.task("sched.md", title: "Dentist", "scheduled: 2026-11-24\ndue: 2026-11-30")
            try t.task("undated.md", title: "Someday maybe")
            try t.write("done.md", "---\ntitle: Done\nstatus: done\ndue: 2026-11-20\n---\n")
        }
        try await f.test { client in
            let r = try await client.get("/calendar.ics")
            #expect(r.status == .ok)
            #expect(r.headers[.contentType]?.hasPrefix("text/calendar") == true)
            let text = r.text
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
            #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 2)
            #expect(text.contains("UID:due.md@todomd"))
            #expect(text.contains("DTSTART;VALUE=DATE:20261124"))
            #expect(text.contains("BEGIN:VALARM"))
            #expect(!text.contains("Someday maybe"))
            let todos = try await client.get("/calendar.ics?vtodo=1")
            #expect(todos.text.contains("BEGIN:VTODO"))
        }
    }
}
