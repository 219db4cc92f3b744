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
        let server = await makeServer(tools: tools, version: version)
        // Requests written just before stdin closes are answered before the server stops.
        try await server.start(transport: AnsweringTransport(StdioTransport())) { client, _ in
            await tools.clientConnected(name: client.name)
        }
        let watcher = watchSubscriptions(tools: tools, server: server)
        await server.waitUntilCompleted()
        watcher.cancel()
    }

    /// A server with every tool, resource and prompt of `tools`, for any transport.
    static func makeServer(tools: VaultTools, version: String) async -> Server {
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
        return server
    }

    /// Checks subscribed resources twice a second and tells the client of each change once.
    static func watchSubscriptions(tools: VaultTools, server: Server) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 500_000_000)
                for uri in await tools.changedSubscriptions() {
                    try? await server.notify(ResourceUpdatedNotification.message(.init(uri: uri)))
                }
            }
        }
    }
}

/// MCP over Streamable HTTP (`todomd serve`'s `/mcp`): one MCP session per client, each with
/// its own server over the SDK's stateful transport (session id, SSE responses, `DELETE` ends it).
/// The web server checks the token and the origin before a request gets here.
public actor MCPHTTPSessions {
    private let vault: Vault
    private let version: String
    private var sessions: [String: (server: Server, transport: StatefulHTTPServerTransport, watcher: Task<Void, Never>)] = [:]

    public init(vault: Vault, version: String = TodoMDVersion.string) {
        self.vault = vault
        self.version = version
    }

    /// The answer to one HTTP request on `/mcp`, in plain types for the web server: the status,
    /// the headers, and the body whole or as a stream of Server-Sent Events.
    public func answer(method: String, headers: [String: String], body: Data?) async
        -> (status: Int, headers: [String: String], body: Data, stream: AsyncThrowingStream<Data, Error>?) {
        let response = await handle(method: method, headers: headers, body: body)
        if case let .stream(stream, _) = response { return (response.statusCode, response.headers, Data(), stream) }
        return (response.statusCode, response.headers, response.bodyData ?? Data(), nil)
    }

    /// The answer to one HTTP request on `/mcp`.
    func handle(method: String, headers: [String: String], body: Data?) async -> HTTPResponse {
        let request = HTTPRequest(method: method, headers: headers, body: body, path: "/mcp")
        if let id = request.header(HTTPHeaderName.sessionID) {
            guard let session = sessions[id] else {
                return .error(statusCode: 404, .invalidRequest("Unknown or ended MCP session"))
            }
            let response = await session.transport.handleRequest(request)
            if method == "DELETE" {
                session.watcher.cancel()
                await session.server.stop()
                sessions[id] = nil
            }
            return response
        }
        // No session yet: an `initialize` starts one (the transport refuses anything else).
        let transport = StatefulHTTPServerTransport(validationPipeline: StandardValidationPipeline(validators: [
            AcceptHeaderValidator(mode: .sseRequired), ContentTypeValidator(), ProtocolVersionValidator(), SessionValidator(),
        ]))
        let tools = VaultTools(vault: vault, source: nil)
        let server = await TodoMCPServer.makeServer(tools: tools, version: version)
        do {
            try await server.start(transport: transport) { client, _ in await tools.clientConnected(name: client.name) }
        } catch {
            return .error(statusCode: 500, .internalError("The MCP session could not start"))
        }
        let response = await transport.handleRequest(request)
        if let id = response.headers.first(where: { $0.key.lowercased() == HTTPHeaderName.sessionID.lowercased() })?.value {
            sessions[id] = (server, transport, TodoMCPServer.watchSubscriptions(tools: tools, server: server))
        } else {
            await server.stop()
        }
        return response
    }
}
