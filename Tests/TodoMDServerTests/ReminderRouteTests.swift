import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

/// §24 in the web app: a reminder's event carries the actions its toast offers, and
/// `POST /api/v1/tasks/{ref}/reminder` answers it through the same core call as the desktop.
@Suite struct ReminderRouteTests {
    static func fixture() throws -> ServerFixture {
        try ServerFixture { t in
            try t.task("call.md", title: "Call mom", "due: \"2026-11-21T09:00\"\nnag: true")
            try t.write(".todomd/config.json", #"{"nag_enabled": true, "sources": {"test": {"allow": ["create", "nag"]}}}"#)
        }
    }

    @Test func theReminderEventOffersTheActions() async throws {
        let f = try Self.fixture()
        let events = EventRecorder(f.service.hub)
        #expect(await f.service.deliverReminders(notifier: nil, environment: [:]).map(\.taskID) == ["call.md"])
        let seen = await events.wait(for: 1)
        #expect(seen == [.reminder("Due today at 09:00: Call mom", id: "call.md", nags: true)])
        let data = try #require(seen.first?.serverSentEvent)
        #expect(data.contains(#""actions":[{"action":"done","label":"Done"},{"action":"snooze","label":"Snooze 1 hr"},"#
                              + #"{"action":"tomorrow","label":"Snooze until tomorrow"},{"action":"stop","label":"Stop nagging"}]"#),
                "\(data)")
        #expect(!VaultEvent.reminder("x", id: "call.md").serverSentEvent.contains("stop"))
    }

    @Test(arguments: [
        ("snooze", "snoozed_until: \"2026-11-21T10:00\""), ("tomorrow", "snoozed_until: \"2026-11-22T09:00\""),
        ("stop", "nag: false"), ("done", "status: \"done\""),
    ])
    func theToastsAnswerIsApplied(_ action: String, _ line: String) async throws {
        let f = try Self.fixture()
        try await f.test { client in
            let r = try await client.send(.post, "/api/v1/tasks/call.md/reminder", #"{"action": "\#(action)"}"#)
            #expect(r.status == .ok)
            #expect(r.json["task"]?["id"]?.stringValue == "call.md")
        }
        #expect(try f.temp.text("call.md").contains(line + "\n"))
    }

    @Test func anUnknownActionIsRefused() async throws {
        let f = try Self.fixture()
        try await f.test { client in
            let r = try await client.send(.post, "/api/v1/tasks/call.md/reminder", #"{"action": "later"}"#)
            #expect(r.status == .badRequest)
        }
    }
}
