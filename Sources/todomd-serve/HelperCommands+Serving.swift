import Foundation
import TodoMDCLI
import TodoMDKit
import TodoMDMCP
import TodoMDServer

extension HelperCommands {
    /// `serve` and `mcp` run in this process: the web app with its JSON API (and MCP over HTTP),
    /// and the MCP server over stdio.
    static let serving = HelperCommands(serve: serve, mcp: mcp)

    /// `todomd serve`: creates a vault with sample tasks when there is none, then serves it
    /// until Ctrl-C (§13).
    static func serve(_ settings: ServeSettings, _ context: CommandContext) async throws {
        if !FileManager.default.fileExists(atPath: context.vaultPath) {
            try Vault.create(at: context.vaultPath)
            let vault = try context.openVault()
            let n = try SampleTasks.add(to: vault)
            try vault.writeDefaultCategories()
            context.line("No vault at \(context.vaultPath): created one with \(n) sample tasks.")
        }
        var options = ServerOptions(host: settings.host, port: settings.port, token: settings.token,
                                    webRoot: context.environment["TODOMD_WEB_ROOT"].flatMap { $0.isEmpty ? nil : $0 },
                                    watchMode: settings.poll ? .polling(interval: .milliseconds(500)) : .automatic)
        if !options.isLoopback, options.token == nil { options.token = ServerOptions.generateToken() }
        if settings.remind {
            options.reminders = LiveUpdates.Reminding(
                notifier: ExternalProgram.find("notify-send", environment: context.environment),
                environment: context.environment)
        }
        let vault = try context.openVault(actor: "web")
        // MCP for agents on other machines, behind the same token and origin rules (§28).
        let sessions = MCPHTTPSessions(vault: vault)
        options.mcp = { method, headers, body in
            let answer = await sessions.answer(method: method, headers: headers, body: body)
            return EndpointAnswer(status: answer.status, headers: answer.headers,
                                  body: answer.stream.map { .stream($0) } ?? .data(answer.body))
        }
        let shown = options
        try await TodoServer.run(vault: vault, options: options) { actualPort in
            context.line("todo.md is serving \(vault.folder.root) at \(shown.url(port: actualPort))")
            context.line("Press Ctrl-C to stop.")
        }
        context.line("Stopped.")
    }

    /// `todomd mcp`: the Model Context Protocol server over stdio (§17).
    static func mcp(_ source: String?, _ context: CommandContext) async throws {
        // The audit log names the agent when --source does; otherwise all agents are `mcp`.
        let vault = try context.openVault(actor: source.map { "mcp:\($0)" } ?? "mcp")
        try await TodoMCPServer.run(vault: vault, source: source)
    }
}
