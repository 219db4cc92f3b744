import Foundation
import MCP
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDMCP

/// §23 for agents: `add_task` and `update_task` take `parent` and `blocked_by`; `complete_task`
/// refuses a parent with open subtasks unless `with_subtasks` is true; results carry the keys.
@Suite struct StructureToolTests {
    @Test func anAgentBreaksATripIntoSubtasks() async throws {
        let v = try TemporaryVault()
        try v.task("trip.md", title: "Plan the trip")
        let tools = VaultTools(vault: try v.open(), source: "agent")
        let flights = await tools.call("add_task", arguments: ["title": "Book flights", "parent": "Plan the trip"])
        #expect(flights.isError != true, "\(text(of: flights))")
        let flightsJSON = try JSONValue.parse(text(of: flights))
        #expect(flightsJSON["parent_id"] == .string("trip.md"))
        let flightsID = try #require(flightsJSON["id"]?.stringValue)
        let pack = await tools.call("add_task", arguments: ["title": "Pack bags", "parent": "trip.md",
                                                            "blocked_by": .array([.string(flightsID)])])
        #expect(try JSONValue.parse(text(of: pack))["blocked"] == .bool(true))

        let refused = await tools.call("complete_task", arguments: ["task": "trip.md"])
        #expect(refused.isError == true)
        #expect(text(of: refused).contains("has 2 open subtasks"))
        #expect(text(of: refused).contains("with_subtasks"))
        let done = await tools.call("complete_task", arguments: ["task": "trip.md", "with_subtasks": true])
        #expect(done.isError != true)
        #expect(try JSONValue.parse(text(of: done))["progress"] == .object([("done", .number(2)), ("total", .number(2))]))

        let moved = await tools.call("update_task", arguments: ["task": .string(flightsID), "parent": .null])
        #expect(try JSONValue.parse(text(of: moved))["parent_id"] == .null)
    }

    @Test func theSchemasOfferTheNewFields() {
        let add = ToolCatalog.tools.first { $0.name == "add_task" }
        let schema = add.map { "\($0.inputSchema)" } ?? ""
        #expect(schema.contains("parent") && schema.contains("blocked_by") && schema.contains("sequential"))
    }

    @Test func deleteTaskNeedsTheDeletePermission() async throws {
        let v = try TemporaryVault()
        try v.write(".todomd/config.json", #"{"sources": {"agent": {"allow": ["read", "create", "update"]}}}"#)
        try v.task("a.md", title: "Keep me")
        let tools = VaultTools(vault: try v.open(), source: "agent")
        let refused = await tools.call("delete_task", arguments: ["task": "a.md"])
        #expect(refused.isError == true)
        #expect(code(of: refused) == "forbidden")
        #expect(v.exists("a.md"))
        let allowed = VaultTools(vault: try v.open(), source: "someone-else")
        let done = await allowed.call("delete_task", arguments: ["task": "a.md"])
        #expect(done.isError != true)
        #expect(!v.exists("a.md") && v.exists(".trash/a.md"))
    }

    @Test func anAgentUndoesADeleteWithWhatItAnswered() async throws {
        let v = try TemporaryVault()
        try v.task("Trips/trip.md", title: "Plan the trip")
        try v.task("flights.md", title: "Book flights", "parent: \"Trips/trip.md\"")
        let before = try v.bytes("Trips/trip.md")
        let tools = VaultTools(vault: try v.open(), source: "agent")
        let deleted = await tools.call("delete_task", arguments: ["task": "Plan the trip", "with_subtasks": true])
        #expect(deleted.isError != true, "\(text(of: deleted))")
        let answer = try JSONValue.parse(text(of: deleted))
        #expect(answer.compact() == #"{"id":"Trips/trip.md","trashed_to":".trash/trip.md","deleted":[{"id":"flights.md","trashed_to":".trash/flights.md"},{"id":"Trips/trip.md","trashed_to":".trash/trip.md"}]}"#)

        // The `deleted` list as an agent sends it back.
        let list = Value.array(try #require(answer["deleted"]?.arrayValue).map { item in
            .object(["id": .string(item["id"]?.stringValue ?? ""), "trashed_to": .string(item["trashed_to"]?.stringValue ?? "")])
        })
        let restored = await tools.call("restore_tasks", arguments: ["deleted": list])
        #expect(restored.isError != true, "\(text(of: restored))")
        #expect(try JSONValue.parse(text(of: restored))["tasks"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
                == ["flights.md", "Trips/trip.md"])
        #expect(try v.bytes("Trips/trip.md") == before)
        let again = await tools.call("restore_tasks", arguments: ["deleted": list])
        #expect(again.isError == true, "no longer in the trash")
        let empty = await tools.call("restore_tasks", arguments: ["deleted": .array([])])
        #expect(empty.isError == true)
        #expect(text(of: empty).contains("deleted"))
    }

    @Test func anAgentListsTheTrashAndPutsATaskBackFromIt() async throws {
        let v = try TemporaryVault()
        try v.task("Trips/trip.md", title: "Plan the trip")
        let vault = try Vault(path: v.root, clock: v.clock, environment: v.environment, actor: "mcp:agent")
        let tools = VaultTools(vault: vault, source: "agent")
        #expect(await tools.call("delete_task", arguments: ["task": "Plan the trip"]).isError != true)
        let listed = await tools.call("get_trash", arguments: [:])
        #expect(listed.isError != true, "\(text(of: listed))")
        #expect(text(of: listed) == #"{"trash":[{"trashed_to":".trash/trip.md","kind":"task","id":"Trips/trip.md","title":"Plan the trip","status":"todo","readable":true,"deleted":"2026-11-21T08:00:00Z"}]}"#)
        // An item of the listing as it is, its title and status included.
        let item = try #require(try JSONValue.parse(text(of: listed))["trash"]?.arrayValue?.first)
        let back = await tools.call("restore_tasks", arguments: ["deleted": .array([.object([
            "trashed_to": .string(item["trashed_to"]?.stringValue ?? ""), "id": .null, "title": "Plan the trip",
        ])])])
        #expect(back.isError != true, "\(text(of: back))")
        #expect(v.exists("Trips/trip.md"), "back where it was: the trash knows")
        #expect(text(of: await tools.call("get_trash", arguments: [:])) == #"{"trash":[]}"#)
    }

    @Test func anAgentUndoesANotesDelete() async throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let note = try vault.addNote(title: "Ideas", body: "One.\n")
        let before = try v.bytes("Notes/ideas.md")
        let tools = VaultTools(vault: vault, source: "agent")
        let deleted = await tools.call("delete_note", arguments: ["note": "Ideas"])
        #expect(text(of: deleted) == #"{"trashed_to":".trash/Notes/ideas.md","deleted":[{"id":"ideas","trashed_to":".trash/Notes/ideas.md"}]}"#)
        let list = Value.array([.object(["id": .string(note.id), "trashed_to": ".trash/Notes/ideas.md"])])
        let back = await tools.call("restore_notes", arguments: ["deleted": list])
        #expect(text(of: back) == #"{"notes":[{"id":"ideas","title":"Ideas"}]}"#)
        #expect(try v.bytes("Notes/ideas.md") == before)
        #expect(await tools.call("restore_notes", arguments: ["deleted": list]).isError == true, "no longer in the trash")
        #expect(await tools.call("restore_notes", arguments: ["deleted": .array([.object(["id": "x"])])]).isError == true)
    }

    @Test func restoreTasksNeedsTheDeletePermission() async throws {
        let v = try TemporaryVault()
        try v.write(".todomd/config.json", #"{"sources": {"agent": {"allow": ["read", "create", "update"]}}}"#)
        try v.task("a.md", title: "A")
        _ = try v.open().trash("a.md")
        let tools = VaultTools(vault: try v.open(), source: "agent")
        let refused = await tools.call("restore_tasks", arguments: ["deleted": .array([.object(["id": "a.md", "trashed_to": ".trash/a.md"])])])
        #expect(refused.isError == true)
        #expect(code(of: refused) == "forbidden")
        #expect(v.exists(".trash/a.md") && !v.exists("a.md"))
    }
}
