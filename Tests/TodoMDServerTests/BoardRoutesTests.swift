import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

/// The board's API (§25): `GET /api/v1/board` and `POST /api/v1/tasks/{ref}/column`.
@Suite("Board API")
struct BoardRoutesTests {
    func fixture() throws -> ServerFixture {
        try ServerFixture { v in
            try v.task("spec.md", title: "Write spec", "project: \"Work\"", created: "2026-11-01T10:01:00Z")
            try v.task("water.md", title: "Water plants", "project: \"Work\"\ndue: \"2026-11-21\"\nrecurrence: \"FREQ=DAILY\"",
                       created: "2026-11-01T10:02:00Z")
        }
    }

    @Test func aCardMovedIntoDoneCompletesAndStaysOnTheBoard() async throws {
        let f = try fixture()
        try await f.test { client in
            let before = try await client.get("/api/v1/board?view=project:Work")
            #expect(before.status == .ok)
            #expect(before.json["key"]?.stringValue == "status")
            let counts = before.json["columns"]?.arrayValue?.map { $0["count"] }
            #expect(counts == [.number(2), .number(0), .number(0)])

            let moved = try await client.send(.post, "/api/v1/tasks/water/column", #"{"key": "status", "value": "done"}"#)
            #expect(moved.status == .ok)
            #expect(moved.json["status"]?.stringValue == "done")
            #expect(moved.json["undo"]?["next"]?.stringValue != nil)

            let after = try await client.get("/api/v1/board?view=project:Work&key=status")
            let done = after.json["columns"]?.arrayValue?.last
            #expect(done?["value"]?.stringValue == "done")
            #expect(done?["tasks"]?.arrayValue?.first?["title"]?.stringValue == "Water plants")

            let back = try await client.send(.post, "/api/v1/tasks/water.md/column", #"{"key": "status", "value": "in-progress"}"#)
            #expect(back.json["status"]?.stringValue == "in-progress")
            #expect(back.json["completed"] == nil || back.json["completed"] == .null)
        }
        #expect(try f.temp.text("water.md").contains("status: \"in-progress\""))
    }

    @Test func theNoneColumnIsNull() async throws {
        let f = try fixture()
        try await f.test { client in
            let r = try await client.send(.post, "/api/v1/tasks/spec/column", #"{"key": "project", "value": null}"#)
            #expect(r.status == .ok)
            #expect(r.json["project"] == nil || r.json["project"] == .null)
            let board = try await client.get("/api/v1/board?view=all&key=project")
            let none = board.json["columns"]?.arrayValue?.last
            #expect(none?["value"] == .null)
            #expect(none?["name"]?.stringValue == "No Project")
            #expect(none?["tasks"]?.arrayValue?.first?["title"]?.stringValue == "Write spec")
        }
    }

    @Test(arguments: [
        ("/api/v1/tasks/spec/column", #"{"key": "color", "value": "red"}"#),
        ("/api/v1/tasks/spec/column", #"{"key": "status"}"#),
        ("/api/v1/tasks/spec/column", #"{"value": "done"}"#),
        ("/api/v1/tasks/spec/column", #"{"key": "priority", "value": 3}"#),
        ("/api/v1/tasks/spec/column", #"{"key": "status", "value": "finished"}"#),
    ])
    func aBadMoveIs400AndChangesNothing(uri: String, body: String) async throws {
        let f = try fixture()
        let before = try f.temp.text("spec.md")
        try await f.test { client in
            let r = try await client.send(.post, uri, body)
            #expect(r.status == .badRequest)
        }
        #expect(try f.temp.text("spec.md") == before)
    }

    @Test func anUnknownKeyOnTheBoardIs400() async throws {
        let f = try fixture()
        try await f.test { client in
            let badKey = try await client.get("/api/v1/board?view=all&key=color")
            #expect(badKey.status == .badRequest)
            let unknown = try await client.get("/api/v1/board?perspective=nope")
            #expect(unknown.status == .notFound)
        }
    }
}
