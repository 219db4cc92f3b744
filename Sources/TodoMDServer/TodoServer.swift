import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import TodoMDKit
import TodoMDWeb

/// How `todomd serve` listens.
public struct ServerOptions: Sendable {
    public var host: String
    public var port: Int
    /// Required on every request when set; generated for non-loopback hosts when not given.
    public var token: String?
    /// Serve the web app's files from this folder instead of the binary (UI development).
    public var webRoot: String?
    /// How the vault is watched for changes made by other programs.
    public var watchMode: FileWatcher.Mode
    /// Deliver reminders (§17) while serving; nil does not.
    public var reminders: LiveUpdates.Reminding?
    /// MCP over Streamable HTTP at `/mcp`; nil serves no `/mcp`.
    public var mcp: MCPEndpoint?

    public init(host: String = "127.0.0.1", port: Int = 8750, token: String? = nil, webRoot: String? = nil,
                watchMode: FileWatcher.Mode = .automatic) {
        self.host = host
        self.port = port
        self.token = token
        self.webRoot = webRoot
        self.watchMode = watchMode
    }

    /// Whether `host` only accepts connections from this machine.
    public var isLoopback: Bool {
        ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()) || host.hasPrefix("127.")
    }

    /// A new random token: 32 hex digits (128 bits).
    public static func generateToken() -> String {
        var rng = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &rng)) }.joined()
    }

    /// The URL to open: with `?token=` when a token is needed.
    public func url(port actualPort: Int) -> String {
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(shownHost):\(actualPort)/" + (token.map { "?token=\($0)" } ?? "")
    }
}

/// The web server: the JSON API, the event stream and the web app, over one vault.
public enum TodoServer {
    /// The router with every route and the security middleware (tests drive it in-process).
    public static func router(service: VaultService, options: ServerOptions) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        var hosts: Set<String>? = nil
        if options.isLoopback {
            hosts = ["127.0.0.1", "localhost", "::1", SecurityMiddleware<BasicRequestContext>.hostName(options.host)]
        }
        router.add(middleware: SecurityMiddleware(token: options.token, allowedHosts: hosts))
        let api = router.group("api/v1")
        AppRoutes(service: service, webRoot: options.webRoot).register(on: router, api: api)
        TaskRoutes(service: service).register(on: api)
        CatalogRoutes(service: service).register(on: api)
        PerspectiveRoutes(service: service).register(on: api)
        PlanRoutes(service: service).register(on: api)
        BoardRoutes(service: service).register(on: api)
        InsightsRoutes(service: service).register(on: api)
        NoteRoutes(service: service).register(on: api)
        CategoryRoutes(service: service).register(on: api)
        CalendarRoutes(service: service).register(on: router)
        CalendarRoutes(service: service).register(api: api)
        TimerRoutes(service: service).register(on: api)
        if let mcp = options.mcp { MCPRoute(endpoint: mcp).register(on: router) }
        return router
    }

    /// The HTTP application (live updates run beside it: see ``run(vault:options:onRunning:)``).
    ///
    /// - Parameter onRunning: called with the port once the server listens (useful with port 0).
    public static func application(service: VaultService, options: ServerOptions,
                                   onRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol {
        var logger = Logger(label: "todomd")
        logger.logLevel = .warning
        return Application(
            router: router(service: service, options: options),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "todomd"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? options.port) },
            logger: logger
        )
    }

    /// Runs until SIGINT/SIGTERM, then stops gracefully.
    public static func run(vault: Vault, options: ServerOptions,
                           onRunning: @escaping @Sendable (Int) async -> Void) async throws {
        let service = VaultService(vault: vault, hub: EventHub())
        let app = application(service: service, options: options, onRunning: onRunning)
        var logger = Logger(label: "todomd")
        logger.logLevel = .warning
        // The web app's files as served are made once, now, not on the first page's time.
        if options.webRoot == nil, let failure = WebAssets.joinFailure {
            logger.warning("the web app's start modules are served one by one, not joined: \(failure)")
        }
        // Services stop in reverse order: live updates first, which ends the open event streams,
        // so the HTTP server's graceful shutdown does not wait on them forever.
        let group = ServiceGroup(configuration: .init(
            services: [app, LiveUpdates(service: service, mode: options.watchMode, reminders: options.reminders)],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}
