import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

/// §25 over HTTP: the agenda, free time, external calendars added and removed, one task as an
/// `.ics` ("Add to calendar").
@Suite("Calendar API")
struct CalendarAPITests {
    static let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTART;TZID=Europe/Berlin:20261123T100000\r\n"
        + "DTEND;TZID=Europe/Berlin:20261123T110000\r\nSUMMARY:Planning\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"

    static func setUp(_ t: TemporaryVault) throws {
        try t.write("work.ics", ics)
        try t.write(".todomd/config.json", ##"{"calendars": [{"name": "Work", "path": "work.ics", "color": "#3478f6"}]}"##)
        try t.task("call.md", title: "Call mom", "scheduled: \"2026-11-23T15:00\"\nestimated_minutes: 45")
        try t.task("undated.md", title: "Someday maybe")
    }

    @Test func theAgendaHasEventsAndTasksByDay() async throws {
        let f = try ServerFixture(setUp: Self.setUp)
        try await f.test { client in
            let r = try await client.get("/api/v1/calendar?from=2026-11-23&to=2026-11-24")
            #expect(r.status == .ok)
            let days = r.json["days"]?.arrayValue ?? []
            #expect(days.map { $0["date"]?.stringValue } == ["2026-11-23", "2026-11-24"])
            #expect(days.first?["events"]?.arrayValue?.first?["title"]?.stringValue == "Planning")
            #expect(days.first?["events"]?.arrayValue?.first?["start"]?.stringValue == "2026-11-23T10:00")
            #expect(days.first?["events"]?.arrayValue?.first?["color"]?.stringValue == "#3478f6")
            #expect(days.first?["tasks"]?.arrayValue?.first?["title"]?.stringValue == "Call mom")
            #expect(r.json["calendars"] == .array([]))
            let bad = try await client.get("/api/v1/calendar?from=2026-11-24&to=2026-11-23")
            #expect(bad.status == .badRequest)
            let free = try await client.get("/api/v1/free?date=2026-11-23&duration=1h")
            #expect(free.json["slots"]?.arrayValue?.map { $0["start"]?.stringValue ?? "" } == ["2026-11-23T09:00", "2026-11-23T11:00", "2026-11-23T15:45"])
        }
    }

    @Test func calendarsAreAddedAndRemoved() async throws {
        let f = try ServerFixture(setUp: Self.setUp)
        try await f.test { client in
            try f.vault.folder.root.appending("/home.ics").write(Self.ics.replacingOccurrences(of: "Planning", with: "Dinner"))
            let added = try await client.send(.post, "/api/v1/calendars", ##"{"name": "Home", "path": "home.ics", "color": "#ff9500"}"##)
            #expect(added.status == .created)
            #expect(added.json["calendars"]?.arrayValue?.map { $0["name"]?.stringValue } == ["Work", "Home"])
            #expect(added.json["calendars"]?.arrayValue?.last?["events"] == .number(1))
            let twice = try await client.send(.post, "/api/v1/calendars", ##"{"name": "home", "path": "x.ics"}"##)
            #expect(twice.status == .badRequest)
            let removed = try await client.send(.delete, "/api/v1/calendars/Work", "")
            #expect(removed.status == .noContent)
            let list = try await client.get("/api/v1/calendars")
            #expect(list.json["calendars"]?.arrayValue?.map { $0["name"]?.stringValue } == ["Home"])
        }
    }

    @Test func aTaskIsOneEventForACalendar() async throws {
        let f = try ServerFixture(setUp: Self.setUp)
        try await f.test { client in
            let r = try await client.get("/api/v1/tasks/call.md.ics")
            #expect(r.status == .ok)
            #expect(r.headers[.contentType]?.hasPrefix("text/calendar") == true)
            #expect(r.text.contains("DTSTART:20261123T150000\r\n"))
            #expect(r.text.contains("DTEND:20261123T154500\r\n"))
            #expect(r.text.contains("BEGIN:VALARM"))
            let undated = try await client.get("/api/v1/tasks/undated.md.ics")
            #expect(undated.status == .badRequest)
        }
    }
}

extension String {
    fileprivate func write(_ text: String) throws { try text.write(toFile: self, atomically: true, encoding: .utf8) }
}
