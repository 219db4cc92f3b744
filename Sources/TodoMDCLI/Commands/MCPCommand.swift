import ArgumentParser
import TodoMDKit

/// `todomd mcp`: the Model Context Protocol server for AI agents, over stdio (§17).
struct MCPCommand: AsyncVaultCommand {
    static let configuration = CommandConfiguration(commandName: "mcp",
        abstract: "Serve the vault to AI agents over the Model Context Protocol (stdio).",
        discussion: """
            Tools: add_task, complete_task, get_tasks, get_overdue_tasks, update_task, search_tasks, \
            list_perspectives, plan_day. Tasks an agent creates get its name as `source` (the client's \
            name, or --source). .todomd/config.json can restrict a source: \
            {"sources": {"claude-agent": {"allow": ["create"]}}}. Messages go to stderr; stdout is the protocol.
            """)
    @Option(help: "The source name for the agent's tasks and permissions (default: the client's name).")
    var source: String?
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        // The MCP server lives in the helper program (HelperCommands): run there.
        if let mcp = context.helpers.mcp {
            try await mcp(source, context)
        } else {
            try context.runInHelper(HelperCommands.servingProgram)
        }
    }
}
