import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

/// §23 over HTTP: nesting with PATCH, the subtask guard and its two answers, checklist items,
/// the children's order.
@Suite("Structure API")
struct StructureAPITests {
    static func trip(_ t: TemporaryVault) throws {
        try t.task("trip.md", title: "Plan the trip", "due: 2026-11-21")
        try t.task("flights.md", title: "Book flights", "parent: trip.md", created: "2026-11-01T11:00:00Z")
        try t.task("visa.md", title: "Apply for visa", created: "2026-11-01T12:00:00Z", body: "- [ ] photo\n- [ ] form\n")
    }

    @Test func patchNestsAndUnnests() async throws {
        let f = try ServerFixture(setUp: Self.trip)
        try await f.test { client in
            let r = try await client.send(.patch, "/api/v1/tasks/visa.md", #"{"parent": "Plan the trip"}"#)
            #expect(r.status == .ok)
            #expect(r.json["parent"]?.stringValue == "trip.md")
            #expect(r.json["parent_id"]?.stringValue == "trip.md")
            let trip = try await client.get("/api/v1/tasks/trip.md")
            #expect(trip.json["children"] == .array([.string("flights.md"), .string("visa.md")]))
            #expect(trip.json["progress"] == .object([("done", .number(0)), ("total", .number(2))]))
            let cycle = try await client.send(.patch, "/api/v1/tasks/trip.md", #"{"parent": "visa.md"}"#)
            #expect(cycle.status == .badRequest)
            let out = try await client.send(.patch, "/api/v1/tasks/visa.md", #"{"parent": null}"#)
            #expect(out.json["parent_id"] == .null)
        }
    }

    @Test func completingAParentAsksAboutItsSubtasks() async throws {
        let f = try ServerFixture(setUp: Self.trip)
        try await f.test { client in
            let refused = try await client.send(.post, "/api/v1/tasks/trip.md/complete")
            #expect(refused.status == .badRequest)
            #expect(refused.json["error"]?["message"]?.stringValue?.contains("has 1 open subtask") == true)
            #expect(refused.json["error"]?["hint"]?.stringValue?.contains("with_subtasks") == true)
            #expect(try f.vault.task("trip.md").status == .todo)
            let done = try await client.send(.post, "/api/v1/tasks/trip.md/complete", #"{"with_subtasks": true}"#)
            #expect(done.status == .ok)
            #expect(done.json["progress"] == .object([("done", .number(1)), ("total", .number(1))]))
            #expect(try f.vault.task("flights.md").status == .done)
        }
    }

    @Test func deleteTakesKeepOrWithSubtasksInTheQuery() async throws {
        let f = try ServerFixture(setUp: Self.trip)
        try await f.test { client in
            let refused = try await client.send(.delete, "/api/v1/tasks/trip.md")
            #expect(refused.status == .badRequest)
            let kept = try await client.send(.delete, "/api/v1/tasks/trip.md?keep_subtasks=true")
            #expect(kept.status == .noContent)
            #expect(try f.vault.task("flights.md").parent == nil)
        }
    }

    @Test func checkTogglesOneItem() async throws {
        let f = try ServerFixture(setUp: Self.trip)
        try await f.test { client in
            let r = try await client.send(.post, "/api/v1/tasks/visa.md/check", #"{"item": 2, "checked": true}"#)
            #expect(r.status == .ok)
            #expect(r.json["checklist"] == .object([("done", .number(1)), ("total", .number(2))]))
            #expect(try f.temp.text("visa.md").hasSuffix("- [ ] photo\n- [x] form\n"))
            let bad = try await client.send(.post, "/api/v1/tasks/visa.md/check", #"{"item": 9}"#)
            #expect(bad.status == .badRequest)
        }
    }
}
