import Foundation
import MCP
import TodoMDKit

/// Prompts an agent's user can pick: a daily plan and a weekly review, each written around the
/// vault's data as it is now (task ids included, so the agent can act with the tools).
extension VaultTools {
    nonisolated static let prompts: [Prompt] = [
        Prompt(name: "daily_plan", title: "Plan my day",
               description: "Today's and overdue tasks and the 1–3–5 board, with a request to plan the day.",
               arguments: [.init(name: "date", description: "The day: YYYY-MM-DD or a phrase (default today).",
                                 required: false)]),
        Prompt(name: "weekly_review", title: "Weekly review",
               description: "What was done in the last 7 days, the inbox, and projects with nothing to do next.",
               arguments: []),
    ]

    /// The messages of prompt `name`.
    ///
    /// - Throws: ``MCPError/invalidParams(_:)`` for an unknown prompt or a bad date.
    func prompt(_ name: String, arguments: [String: String]) throws -> GetPrompt.Result {
        try vault.refreshIndex()
        try vault.rolloverIfDayChanged()
        switch name {
        case "daily_plan":
            let today = vault.clock.today
            let day: LocalDate
            do {
                day = try arguments["date"].map { try DateInput.require($0, field: "date", today: today) } ?? today
            } catch {
                throw MCPError.invalidParams("date: \(arguments["date"] ?? "") is not a date")
            }
            let board = try vault.board(on: day)
            var text = "Help me plan \(day == today ? "today" : day.description) (\(day)) with my todo.md tasks.\n\n"
            text += Self.section("Overdue", try vault.overdue().tasks)
            text += Self.section("Today", try vault.list("today").tasks)
            text += "## The 1–3–5 board for \(day) (\(board.done) of \(board.total) done)\n"
            for region in board.regions {
                text += "- \(region.region.rawValue): " + (region.tasks.isEmpty ? "empty" : region.tasks.map(Self.line).joined(separator: "; ")) + "\n"
            }
            text += "\nSuggest one Must-Do, up to three Complementary and five Misc tasks per region, based on due dates, "
                + "priorities and estimates. Then ask me before calling plan_day with the choice."
            return GetPrompt.Result(description: "A plan for \(day)", messages: [.user(.text(text: text))])
        case "weekly_review":
            let today = vault.clock.today
            let weekAgo = today.adding(days: -6)
            let done = try vault.list("logbook").tasks.filter { row in
                row.completed.map { LocalDate($0, in: vault.clock.timeZone) >= weekAgo } ?? false
            }
            let available = Set(try vault.list("anytime").tasks.compactMap(\.project))
            let stalled = try vault.projects().filter { $0.count > 0 && !available.contains($0.name) }
            var text = "Let's do my weekly review of todo.md (\(weekAgo) to \(today)).\n\n"
            text += Self.section("Done in the last 7 days", done)
            text += Self.section("Inbox (no area or project yet)", try vault.list("inbox").tasks)
            text += "## Projects with nothing available to do next\n"
            text += stalled.isEmpty ? "- none\n" : stalled.map { "- \($0.name) (\($0.count) open)\n" }.joined()
            text += "\nSummarize the week, help me file the inbox (area, project, dates) and find a next step for "
                + "each stalled project. Ask before changing anything with the tools."
            return GetPrompt.Result(description: "Weekly review", messages: [.user(.text(text: text))])
        default:
            throw MCPError.invalidParams("no prompt `\(name)` (daily_plan, weekly_review)")
        }
    }

    /// `## Title (n)` and one line per task, or "none".
    nonisolated static func section(_ title: String, _ rows: [TaskRow]) -> String {
        "## \(title) (\(rows.count))\n" + (rows.isEmpty ? "- none\n" : rows.map { "- " + line($0) + "\n" }.joined()) + "\n"
    }

    /// "Title [id] · due 2026-11-24 · high · +Project · ~30m · blocked".
    nonisolated static func line(_ row: TaskRow) -> String {
        var parts = ["\(row.title) [\(row.id)]"]
        if let due = row.dueAt { parts.append("due \(due)") }
        if row.priority != .none { parts.append(row.priority.rawValue) }
        if let project = row.project { parts.append("+" + project) }
        if let minutes = row.estimatedMinutes { parts.append("~\(minutes)m") }
        if row.links.blocked { parts.append("blocked") }
        return parts.joined(separator: " · ")
    }
}
