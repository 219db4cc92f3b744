import Foundation
import MCP
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDMCP

/// Views and tasks as MCP resources with change notices, and the two prompts built from the vault.
@Suite struct ResourcePromptTests {
    @Test func aSubscriptionHearsOfAChangeOnceAndAnUnknownURIIsAnError() async throws {
        let v = try TemporaryVault()
        try v.task("milk.md", title: "Buy milk", "due: \"2026-11-21\"")
        let tools = VaultTools(vault: try v.open(), source: "agent")
        #expect(try await tools.readResource("todomd://task/milk.md").contains(#""title":"Buy milk""#))
        try await tools.subscribe("todomd://view/today")
        try await tools.subscribe("todomd://view/someday")
        #expect(await tools.changedSubscriptions().isEmpty)
        try v.task("milk.md", title: "Buy oat milk", "due: \"2026-11-21\"")
        #expect(await tools.changedSubscriptions() == ["todomd://view/today"], "someday did not change")
        #expect(await tools.changedSubscriptions().isEmpty, "told once")
        await #expect(throws: MCPError.self) { try await tools.readResource("todomd://task/nothing.md") }
        await #expect(throws: MCPError.self) { try await tools.readResource("https://example.com") }
    }

    @Test func theDailyPlanNamesTodaysTasksAndTheBoard() async throws {
        let v = try TemporaryVault()
        try v.task("milk.md", title: "Buy milk", "due: \"2026-11-21\"\nestimated_minutes: 10")
        let tools = VaultTools(vault: try v.open(), source: "agent")
        let result = try await tools.prompt("daily_plan", arguments: [:])
        guard case let .text(text)? = result.messages.first?.content else {
            Issue.record("no text message")
            return
        }
        #expect(text.contains("## Today (1)\n- Buy milk [milk.md] · due 2026-11-21 · ~10m"))
        #expect(text.contains("The 1–3–5 board for 2026-11-21"))
        await #expect(throws: MCPError.self) { try await tools.prompt("nope", arguments: [:]) }
    }
}
