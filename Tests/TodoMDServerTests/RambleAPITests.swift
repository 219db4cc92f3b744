import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

/// §26 over HTTP: proposals write nothing; the reviewed ones are created together.
@Suite("Ramble API")
struct RambleAPITests {
    static let seed = "I need to pick up dry cleaning before Friday, oh and I should call the dentist sometime next week "
        + "but it's not urgent, and also I need to start working on Q3 deck on Monday, that's for work."

    @Test func proposeReviewCommit() async throws {
        let f = try ServerFixture(setUp: { _ in })
        try await f.test { client in
            let body = JSONValue.object([("text", .string(Self.seed))]).compact()
            let proposed = try await client.send(.post, "/api/v1/ramble", body)
            #expect(proposed.status == .ok)
            let tasks = proposed.json["tasks"]?.arrayValue ?? []
            #expect(tasks.map { $0["title"]?.stringValue } == ["Pick up dry cleaning", "Call the dentist", "Start working on Q3 deck"])
            #expect(tasks[1]["priority"]?.stringValue == "low")
            #expect(tasks[2]["area"]?.stringValue == "Work")
            #expect(try f.vault.list("all").tasks.isEmpty)
            // The review drops the second and renames the first.
            var first = tasks[0]
            first.set("title", .string("Pick up the dry cleaning"))
            let commit = JSONValue.object([("tasks", .array([first, tasks[2]]))]).compact()
            let created = try await client.send(.post, "/api/v1/ramble/commit", commit)
            #expect(created.status == .created)
            #expect(created.json["tasks"]?.arrayValue?.map { $0["source"]?.stringValue } == ["voice-ramble", "voice-ramble"])
            #expect(try f.vault.list("all").tasks.map(\.title).sorted() == ["Pick up the dry cleaning", "Start working on Q3 deck"])
            let bad = try await client.send(.post, "/api/v1/ramble/commit", #"{"tasks": [{"title": "X", "due": "whenever-ish"}]}"#)
            #expect(bad.status == .badRequest)
        }
    }
}

/// §26's templates over HTTP: the list says which need a title; one is used with or without it.
@Suite("Templates API")
struct TemplatesAPITests {
    @Test func listAndUse() async throws {
        let f = try ServerFixture(setUp: { v in
            try v.write(".templates/review.md", "---\ntitle: \"Weekly review {{today}}\"\n---\n")
            try v.write(".templates/visit.md", "---\ntitle: \"Visit {{title}}\"\n---\n")
        })
        try await f.test { client in
            let listed = try await client.send(.get, "/api/v1/templates")
            let templates = listed.json["templates"]?.arrayValue ?? []
            #expect(templates.map { $0["name"]?.stringValue } == ["review", "visit"])
            #expect(templates.map { $0["needs_title"] } == [.bool(false), .bool(true)])
            let plain = try await client.send(.post, "/api/v1/templates/review", "{}")
            #expect(plain.status == .created)
            #expect(plain.json["tasks"]?.arrayValue?.first?["title"]?.stringValue == "Weekly review 2026-11-21")
            let refused = try await client.send(.post, "/api/v1/templates/visit", #"{"text": null}"#)
            #expect(refused.status == .badRequest)
            let made = try await client.send(.post, "/api/v1/templates/visit", #"{"text": "C:\\temp \"x\""}"#)
            #expect(made.status == .created)
            #expect(made.json["tasks"]?.arrayValue?.first?["title"]?.stringValue == #"Visit C:\temp "x""#)
            #expect(try f.vault.list("all").tasks.count == 2)
            // A task saved as a template, under a name no other template has.
            let id = made.json["tasks"]?.arrayValue?.first?["id"]?.stringValue ?? ""
            let saved = try await client.send(.post, "/api/v1/templates", JSONValue.object([("task", .string(id))]).compact())
            #expect(saved.status == .created)
            #expect(saved.json["name"]?.stringValue == "visit-c-temp-x")
            #expect(saved.json["project"] == .bool(false))
            let taken = try await client.send(.post, "/api/v1/templates", JSONValue.object([("task", .string(id)), ("name", .string("Visit"))]).compact())
            #expect(taken.status == .badRequest)
            let none = try await client.send(.post, "/api/v1/templates", "{}")
            #expect(none.status == .badRequest)
            let names = try await client.send(.get, "/api/v1/templates").json["templates"]?.arrayValue?.map { $0["name"]?.stringValue }
            #expect(names == ["review", "visit", "visit-c-temp-x"])
            let deleted = try await client.send(.delete, "/api/v1/templates/visit-c-temp-x")
            #expect(deleted.status == .ok)
            #expect(deleted.json["trashed_to"]?.stringValue == ".trash/Templates/visit-c-temp-x.md")
            #expect(try await client.send(.delete, "/api/v1/templates/visit-c-temp-x").status == .badRequest)
        }
    }
}

/// §23's Duplicate over HTTP.
@Suite("Duplicate API")
struct DuplicateAPITests {
    @Test func aTaskAndItsSubtaskAreCopied() async throws {
        let f = try ServerFixture(setUp: { v in
            try v.task("trip.md", title: "Plan the trip", "due: \"2026-12-05\"")
            try v.task("pack.md", title: "Pack", "parent: trip")
        })
        try await f.test { client in
            let made = try await client.send(.post, "/api/v1/tasks/trip.md/duplicate", "")
            #expect(made.status == .created)
            let tasks = made.json["tasks"]?.arrayValue ?? []
            #expect(tasks.map { $0["title"]?.stringValue } == ["Plan the trip", "Pack"])
            #expect(tasks.last?["parent_id"] == tasks.first?["id"])
            #expect(try await client.send(.post, "/api/v1/tasks/nothing/duplicate", "").status == .notFound)
            #expect(try f.vault.list("all").tasks.count == 4)
        }
    }
}
