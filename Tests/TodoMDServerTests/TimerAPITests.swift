import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

/// §27 over HTTP: the timer routes, a Pomodoro's recorded entry, the report.
@Suite struct TimerAPITests {
    static func fixture(config: String? = nil) throws -> ServerFixture {
        try ServerFixture { t in
            try t.task("report.md", title: "Write report", "project: \"Q4\"")
            try t.task("mail.md", title: "Answer mail")
            if let config { try t.write(".todomd/config.json", config) }
        }
    }

    @Test func startShowStop() async throws {
        let f = try Self.fixture()
        try await f.test { client in
            let none = try await client.get("/api/v1/timer")
            #expect(none.text == #"{"timer":null,"pomodoro":{"work":25,"break":5},"now":"2026-11-21T08:00:00Z"}"#)

            let started = try await client.send(.post, "/api/v1/tasks/report.md/timer/start", #"{"note": "draft"}"#)
            #expect(started.status == .ok)
            #expect(started.json["timer"]?["task"]?["id"]?.stringValue == "report.md")
            #expect(started.json["timer"]?["start"]?.stringValue == "2026-11-21T08:00:00Z")
            #expect(started.json["timer"]?["note"]?.stringValue == "draft")
            #expect(started.json["stopped"] == .array([]))

            let running = try await client.get("/api/v1/timer")
            #expect(running.json["timer"]?["task"]?["id"]?.stringValue == "report.md")
            #expect(running.json["timer"]?["elapsed_minutes"] == .number(0))

            // Another task's timer stops this one.
            let other = try await client.send(.post, "/api/v1/tasks/mail/timer/start")
            #expect(other.json["stopped"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["report.md"])

            let stopped = try await client.send(.post, "/api/v1/timer/stop")
            #expect(stopped.json["stopped"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["mail.md"])
            #expect(try await client.send(.post, "/api/v1/timer/stop").text == #"{"stopped":[]}"#)
            #expect(try await client.send(.post, "/api/v1/tasks/nothing/timer/start").status == .notFound)
            #expect(try await client.send(.post, "/api/v1/tasks/report.md/timer/start", #"{"note": 5}"#).status == .badRequest)
        }
        #expect(try f.temp.text("report.md").contains(
            "  - {start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:00:00Z\", note: \"draft\"}\n"))
    }

    /// A Pomodoro's work period is recorded as a finished entry; the settings set its length.
    @Test func pomodoroEntryAndSettings() async throws {
        let f = try Self.fixture(config: #"{"pomodoro_work": 50, "pomodoro_break": 10}"#)
        try await f.test { client in
            #expect(try await client.get("/api/v1/timer").json["pomodoro"]?.compact() == #"{"work":50,"break":10}"#)
            let entry = #"{"start": "2026-11-21T07:00:00Z", "end": "2026-11-21T07:50:00Z", "note": "Pomodoro"}"#
            let r = try await client.send(.post, "/api/v1/tasks/report.md/time-entries", entry)
            #expect(r.status == .created)
            #expect(r.json["time_spent_minutes"] == .number(50))
            let bad = try await client.send(.post, "/api/v1/tasks/report.md/time-entries",
                                            #"{"start": "2026-11-21T07:00:00Z", "end": "2026-11-21T06:00:00Z"}"#)
            #expect(bad.status == .badRequest)
            let open = try await client.send(.post, "/api/v1/tasks/report.md/time-entries", #"{"start": "2026-11-21T07:00:00Z"}"#)
            #expect(open.status == .badRequest)

            let report = try await client.get("/api/v1/time?by=day")
            #expect(report.text == #"{"from":"2026-11-15","to":"2026-11-21","by":"day","rows":[{"key":"2026-11-21","minutes":50}],"total_minutes":50}"#)
            let byProject = try await client.get("/api/v1/time?from=2026-11-21&to=2026-11-21")
            #expect(byProject.json["rows"]?.compact() == #"[{"key":"Q4","minutes":50}]"#)
            #expect(try await client.get("/api/v1/time?by=week").status == .badRequest)
            #expect(try await client.get("/api/v1/time?from=2026-11-22&to=2026-11-21").status == .badRequest)
        }
        #expect(try f.temp.text("report.md").contains(
            "time_entries:\n  - {start: \"2026-11-21T07:00:00Z\", end: \"2026-11-21T07:50:00Z\", note: \"Pomodoro\"}\n"))
    }
}
