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
            capabilities: .init(prompts: .init(listChanged: false), resources: .init(subscribe: true, listChanged: false),
                                tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: ToolCatalog.tools) }
        await server.withMethodHandler(CallTool.self) { params in
            await tools.call(params.name, arguments: params.arguments)
        }
        await server.withMethodHandler(ListResources.self) { _ in .init(resources: VaultTools.viewResources) }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in .init(templates: [VaultTools.taskTemplate]) }
        await server.withMethodHandler(ReadResource.self) { params in
            .init(contents: [.text(try await tools.readResource(params.uri), uri: params.uri, mimeType: "application/json")])
        }
        await server.withMethodHandler(ResourceSubscribe.self) { params in
            try await tools.subscribe(params.uri)
            return Empty()
        }
        await server.withMethodHandler(ResourceUnsubscribe.self) { params in
            await tools.unsubscribe(params.uri)
            return Empty()
        }
        await server.withMethodHandler(ListPrompts.self) { _ in .init(prompts: VaultTools.prompts) }
        await server.withMethodHandler(GetPrompt.self) { params in
            try await tools.prompt(params.name, arguments: params.arguments ?? [:])
        }
        try await server.start(transport: StdioTransport()) { client, _ in
            await tools.clientConnected(name: client.name)
        }
        // Subscribed resources are checked twice a second; a change is told once.
        let watcher = Task {
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 500_000_000)
                for uri in await tools.changedSubscriptions() {
                    try? await server.notify(ResourceUpdatedNotification.message(.init(uri: uri)))
                }
            }
        }
        await server.waitUntilCompleted()
        watcher.cancel()
    }
}
