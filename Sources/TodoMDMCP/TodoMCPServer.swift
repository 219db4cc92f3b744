import Foundation
import MCP
import TodoMDKit

/// `todomd mcp`: the vault's tools for AI agents over the Model Context Protocol (§17, §22),
/// on stdin/stdout.
///
/// stdout carries the protocol only: nothing else may be printed there while it runs.
public enum TodoMCPServer {
    /// Serves `vault` until the client closes stdin.
    ///
    /// - Parameters:
    ///   - source: the `source` of tasks created and the name permissions are checked for
    ///     (§22); nil uses the client's name from its `initialize` request.
    ///   - version: reported to the client as the server's version.
    public static func run(vault: Vault, source: String?, version: String = TodoMDVersion.string) async throws {
        let tools = VaultTools(vault: vault, source: source)
        let server = Server(
            name: "todomd", version: version, title: "todo.md",
            instructions: """
                Tasks of a todo.md vault (Markdown files). Refer to a task by its id (its file path) or \
                part of its title; an ambiguous title returns the candidates instead of guessing. \
                Dates take YYYY-MM-DD or phrases like "next friday".
                """,
            capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: ToolCatalog.tools) }
        await server.withMethodHandler(CallTool.self) { params in
            await tools.call(params.name, arguments: params.arguments)
        }
        try await server.start(transport: StdioTransport()) { client, _ in
            await tools.clientConnected(name: client.name)
        }
        await server.waitUntilCompleted()
    }
}
