import Foundation
import MCP
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDMCP

// How MCP answers errors (§22): a tool result with `isError: true` whose text names the reason
// in the agent's terms, never a `todomd` command; ambiguous references list every candidate.

/// The text content of a tool result.
func text(of result: CallTool.Result) -> String {
    guard case let .text(text, _, _)? = result.content.first else { return "" }
    return text
}

/// `structuredContent.error` of a tool result.
func code(of result: CallTool.Result) -> String? {
    guard case let .object(fields)? = result.structuredContent, case let .string(code)? = fields["error"] else { return nil }
    return code
}

/// An error of each kind (the server's token kind has no MCP error).
struct KindSample: Sendable, CustomTestStringConvertible {
    let error: any TodoMDError
    var testDescription: String { "\(error.kind)" }
    init(_ error: any TodoMDError) { self.error = error }
}

@Suite("MCP error mapping")
struct ToolResultTests {
    static let samples: [KindSample] = [
        KindSample(TodoError.viewAndPerspective),
        KindSample(TodoError.taskNotFound("walk the dog")),
        KindSample(NoteError.ambiguousNote("ga", candidates: ["garage", "garden"])),
        KindSample(TodoError.invalidValue(field: "priority", value: "urgent", reason: "one of none, low, medium, high")),
        KindSample(TodoError.conflict(path: "a.md")),
        KindSample(TodoError.regionFull(.morning)),
        KindSample(TodoError.unreadableSideFile(path: ".order.json", reason: "expected a JSON object")),
        KindSample(TodoError.notAllowed(source: "agent", action: .complete, allowed: [.read])),
        KindSample(TodoError.io(path: "a.md", reason: "Permission denied")),
        KindSample(IndexError.missingTable("task")),
    ]

    @Test func theSamplesCoverEveryKindAnAgentCanMeet() {
        #expect(Set(Self.samples.map(\.error.kind)) == Set(ErrorKind.allCases).subtracting([.unauthenticated]))
    }

    @Test(arguments: samples)
    func everyKindIsAnErrorResultWithItsCode(_ sample: KindSample) throws {
        let v = try TemporaryVault()
        let result = ToolResult.failure(sample.error, vault: try v.open())
        #expect(result.isError == true)
        #expect(code(of: result) == sample.error.kind.code)
        let words = text(of: result)
        #expect(!words.contains("`todomd") && !words.contains("todomd "), "\(words)")
        #expect(!words.contains(" --"), "\(words)")
        if sample.error.kind != .unexpected { #expect(words.hasPrefix(sample.error.message.prefix(20))) }
    }

    @Test func aRefusalSaysNothingWasChanged() throws {
        let v = try TemporaryVault()
        let result = ToolResult.failure(TodoError.regionFull(.morning), vault: try v.open())
        #expect(text(of: result) == "Morning region full (1 Must-Do, 3 Complementary, 5 Misc). Nothing was changed.")
        let missing = ToolResult.failure(TodoError.taskNotFound("walk the dog"), vault: try v.open())
        #expect(text(of: missing)
                == "No task matches `walk the dog`. Find its id with search_tasks or get_tasks. Nothing was changed.")
    }

    @Test func anAmbiguousReferenceListsEveryCandidatesIdAndTitle() throws {
        let v = try TemporaryVault()
        try v.task("alice.md", title: "Call Alice")
        try v.task("bob.md", title: "Call Bob")
        let result = ToolResult.failure(TodoError.ambiguousReference("call", candidates: ["alice.md", "bob.md"]),
                                        vault: try v.open())
        #expect(result.isError == true)
        #expect(code(of: result) == "ambiguous")
        #expect(text(of: result).contains("- alice.md — Call Alice\n- bob.md — Call Bob"))
        guard case let .object(fields)? = result.structuredContent else {
            Issue.record("no structured content")
            return
        }
        #expect(fields["candidates"] == .array([["id": "alice.md", "title": "Call Alice"], ["id": "bob.md", "title": "Call Bob"]]))
    }

    /// An error todo.md does not know goes to standard error; the agent gets a generic text.
    @Test func anUnknownErrorIsNotShownToTheAgent() throws {
        struct Secret: Error, CustomStringConvertible {
            var description: String { "SQLite error 11 at /home/someone/.cache/todomd/index.sqlite" }
        }
        let v = try TemporaryVault()
        let result = ToolResult.failure(Secret(), vault: try v.open())
        #expect(result.isError == true)
        #expect(code(of: result) == "internal")
        #expect(!text(of: result).contains("SQLite"))
    }

    /// Hints in MCP's terms: its tools, or nothing.
    @Test(arguments: [
        ErrorHint.listTasks, .listNotes, .listTags, .listPerspectives, .listConflicts, .createVault(path: "/v"),
        .duplicatePerspective(id: "today"), .fixOrRemove(file: ".tags.json"), .replaceLink(path: ".trash"), .retry, .mapTitleColumn, .configureDatabase,
        .includeSubtasks(action: .complete), .includeSubtasks(action: .delete),
    ])
    func hintsNeverNameACommand(hint: ErrorHint) {
        let words = ToolResult.hintText(hint) ?? ""
        #expect(!words.contains("todomd"))
        #expect(!words.contains("--"))
    }

    // MARK: - The tools' own errors

    @Test(arguments: [
        ("no_such_tool", [String: Value](), "There is no tool `no_such_tool`."),
        ("update_task", ["task": "a.md"], "Nothing to change: give the fields to set"),
        ("get_tasks", ["view": "today", "perspective": "today"], "Ask for a view or a perspective, not both."),
        ("complete_task", ["task": "nothing-like-it"], "No task matches `nothing-like-it`."),
    ])
    func toolErrorsAreResultsThatSayWhy(tool: String, arguments: [String: Value], expected: String) async throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        let tools = VaultTools(vault: try v.open(), source: "test")
        let result = await tools.call(tool, arguments: arguments)
        #expect(result.isError == true)
        #expect(text(of: result).contains(expected), "\(text(of: result))")
    }
}
