import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

@Suite("Notes and categories API")
struct NoteRoutesTests {
    @Test func createEditPinAndDeleteNotes() async throws {
        let f = try ServerFixture()
        let events = EventRecorder(f.service.hub)
        try await f.test { client in
            let created = try await client.send(.post, "/api/v1/notes", #"{"title": "Shopping list", "body": "- milk\n"}"#)
            #expect(created.status == .created)
            #expect(created.json["id"]?.stringValue == "shopping-list")
            let hash = created.json["hash"]?.stringValue ?? ""
            #expect(!hash.isEmpty)

            // Autosave: the body with the hash the editor last saw.
            let saved = try await client.send(.patch, "/api/v1/notes/shopping-list",
                                              #"{"body": "- milk\n- eggs\n", "hash": "\#(hash)"}"#)
            #expect(saved.status == .ok)
            #expect(saved.json["body"]?.stringValue == "- milk\n- eggs\n")
            // The old hash again: the file changed since, so 409 and nothing written.
            let stale = try await client.send(.patch, "/api/v1/notes/shopping-list", #"{"body": "x", "hash": "\#(hash)"}"#)
            #expect(stale.status == .conflict)
            #expect(stale.json["error"]?["code"]?.stringValue == "conflict")

            _ = try await client.send(.post, "/api/v1/notes", #"{"title": "Ideas"}"#)
            let pinned = try await client.send(.post, "/api/v1/notes/shopping/pin")
            #expect(pinned.json["pinned"]?.boolValue == true)
            let list = try await client.get("/api/v1/notes")
            #expect(list.json["notes"]?.arrayValue?.map { $0["id"]?.stringValue } == ["shopping-list", "ideas"])

            let missing = try await client.get("/api/v1/notes/zebra")
            #expect(missing.status == .notFound)
            let bad = try await client.send(.patch, "/api/v1/notes/ideas", #"{"pinned": "yes"}"#)
            #expect(bad.status == .badRequest)
            let empty = try await client.send(.post, "/api/v1/notes", #"{"title": ""}"#)
            #expect(empty.status == .badRequest)

            let bulk = try await client.send(.post, "/api/v1/notes/delete", #"{"ids": ["ideas", "shopping-list"]}"#)
            #expect(bulk.status == .ok)
            #expect(bulk.json["deleted"]?.arrayValue?.count == 2)
            #expect(f.temp.exists(".trash/Notes/ideas.md"))
            #expect(try await client.get("/api/v1/notes").json["notes"]?.arrayValue?.isEmpty == true)
            // Undone with what the delete answered.
            let back = try await client.send(.post, "/api/v1/notes/restore", #"{"deleted": \#(bulk.json["deleted"]?.compact() ?? "[]")}"#)
            #expect(back.status == .ok)
            #expect(back.json["notes"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["ideas", "shopping-list"])
            #expect(f.temp.exists("Notes/ideas.md") && !f.temp.exists(".trash/Notes/ideas.md"))
            let again = try await client.send(.post, "/api/v1/notes/restore", #"{"deleted": \#(bulk.json["deleted"]?.compact() ?? "[]")}"#)
            #expect(again.status == .notFound)
            #expect(try await client.send(.post, "/api/v1/notes/restore", "{}").status == .badRequest)
            #expect(try await client.send(.post, "/api/v1/notes/restore", #"{"deleted": [{"id": 3}]}"#).status == .badRequest)
        }
        let seen = await events.wait(for: 5)
        #expect(seen.contains(.sideFile("Notes/shopping-list.md")))
    }

    @Test func aTaskFromALineIsLinkedAndReported() async throws {
        let f = try ServerFixture()
        let events = EventRecorder(f.service.hub)
        try await f.test { client in
            _ = try await client.send(.post, "/api/v1/notes", #"{"title": "Weekend", "body": "- Fix the gate\n- Mow\n"}"#)
            let made = try await client.send(.post, "/api/v1/notes/weekend/tasks", #"{"lines": [1, 2]}"#)
            #expect(made.status == .created)
            let tasks = made.json["tasks"]?.arrayValue ?? []
            #expect(tasks.map { $0["title"]?.stringValue } == ["Fix the gate", "Mow"])
            #expect(tasks.first?["note"]?.stringValue == "weekend")
            #expect(tasks.first?["note_line"]?.numberValue == 1)
            #expect(made.json["note"]?["tasks"]?.arrayValue?.count == 2)
            let again = try await client.send(.post, "/api/v1/notes/weekend/tasks", #"{"line": 1}"#)
            #expect(again.status == .badRequest)
            #expect(again.json["error"]?["message"]?.stringValue?.contains("already has a task") == true)
        }
        let seen = await events.wait(for: 3)
        #expect(seen.contains(.task(kind: .created, id: "20261121-0800-fix-the-gate.md")))
    }

    @Test func notesChangedByAnotherProgramAreReportedOnce() async throws {
        let f = try ServerFixture()
        let events = EventRecorder(f.service.hub)
        await f.service.syncFromDisk()  // the first look takes a snapshot
        try f.temp.write("Notes/from-obsidian.md", "# Hello\n")
        let reported = await f.service.syncFromDisk()
        #expect(reported == [.sideFile("Notes/from-obsidian.md")])
        #expect(await f.service.syncFromDisk().isEmpty)
        // The server's own write is reported by the request, not again by the watcher.
        try await f.test { client in
            _ = try await client.send(.post, "/api/v1/notes/from-obsidian/pin")
        }
        #expect(await f.service.syncFromDisk().isEmpty)
        let seen = await events.wait(for: 2)
        #expect(seen.filter { $0 == .sideFile("Notes/from-obsidian.md") }.count == 2)
    }

    @Test func categoriesListEditReorderAndRefuseBadValues() async throws {
        let f = try ServerFixture { t in
            try t.task("a.md", title: "Fix roof", "tags: [house, diy]")
            try t.write(".tags.json", ##"{"version": 1, "order": ["house", "tech"], "tags": {"house": {"name": "House", "icon": "🏠", "color": "#e07a5f"}, "tech": {"name": "Tech"}}}"##)
        }
        try await f.test { client in
            let list = try await client.get("/api/v1/categories")
            #expect(list.json["categories"]?.arrayValue?.map { $0["tag"]?.stringValue } == ["house", "tech"])
            #expect(list.json["tags"]?.arrayValue?.map { $0["count"]?.numberValue } == [1, 0, 1])
            let edited = try await client.send(.patch, "/api/v1/categories/tech", ##"{"icon": "💻", "color": "#4361EE"}"##)
            #expect(edited.json["color"]?.stringValue == "#4361ee")
            let clash = try await client.send(.patch, "/api/v1/categories/tech", #"{"name": "house"}"#)
            #expect(clash.status == .badRequest)
            let badColour = try await client.send(.patch, "/api/v1/categories/tech", #"{"color": "blue"}"#)
            #expect(badColour.status == .badRequest)
            let added = try await client.send(.post, "/api/v1/categories", #"{"tag": "garden", "icon": "🌱"}"#)
            #expect(added.status == .created)
            let moved = try await client.send(.post, "/api/v1/categories/garden/move", #"{"before": "house"}"#)
            #expect(moved.json["categories"]?.arrayValue?.map { $0["tag"]?.stringValue } == ["garden", "house", "tech"])
            #expect(try await client.send(.delete, "/api/v1/categories/garden").status == .noContent)
            #expect(try await client.send(.patch, "/api/v1/categories/nope", #"{"icon": "x"}"#).status == .notFound)
        }
    }

    @Test func aMalformedTagsFileIsReportedNotReplaced() async throws {
        let f = try ServerFixture { t in try t.write(".tags.json", "{oops") }
        try await f.test { client in
            let list = try await client.get("/api/v1/categories")
            #expect(list.status == .ok)
            #expect(list.json["warning"]?.stringValue?.contains(".tags.json could not be read") == true)
            let edit = try await client.send(.post, "/api/v1/categories", #"{"tag": "house"}"#)
            #expect(edit.status == .unprocessableContent)
        }
        #expect(try f.temp.text(".tags.json") == "{oops")
    }
}
