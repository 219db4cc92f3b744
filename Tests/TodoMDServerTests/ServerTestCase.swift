import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

/// A temporary vault behind the server's router, driven in-process by `RouterClient`.
final class ServerFixture: @unchecked Sendable {
    let temp: TemporaryVault
    let vault: Vault
    let service: VaultService
    let options: ServerOptions

    /// `actor`: who the server's writes are recorded as in `.todomd/audit.jsonl` (nil: no log).
    init(token: String? = nil, actor: String? = nil, setUp: (TemporaryVault) throws -> Void = { _ in }) throws {
        temp = try TemporaryVault()
        try setUp(temp)
        vault = try Vault(path: temp.root, clock: temp.clock, environment: temp.environment, actor: actor)
        service = VaultService(vault: vault, hub: EventHub())
        options = ServerOptions(token: token)
    }

    /// Runs `body` with a client talking to the router (no sockets).
    func test(_ body: @Sendable (RouterClient) async throws -> Void) async throws {
        try await body(RouterClient(router: TodoServer.router(service: service, options: options)))
    }
}

/// What the router answered: its status, headers and whole body.
struct TestResponse: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: ByteBuffer
}

/// Hands requests to a router's responder in-process, as the server would after reading them
/// from a socket (no sockets, no services), and collects each answer whole. It stands in for
/// Hummingbird's own test client, which brings an HTTP client (AsyncHTTPClient, HTTP/2, SOCKS)
/// that every build of the tests then compiled for nothing: these tests use none of it.
struct RouterClient: Sendable {
    private let responder: RouterResponder<BasicRequestContext>
    private let logger: Logger

    init(router: Router<BasicRequestContext>, logger: Logger = Logger(label: "todomd.test")) {
        responder = router.buildResponder()
        self.logger = logger
    }

    /// The answer to METHOD URI (a path and query) with `headers` and `body`. The request names
    /// `localhost` as its host, as a browser on this machine would; an error the router lets
    /// through is a 500, as the server answers it.
    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:],
                 body: ByteBuffer? = nil) async throws -> TestResponse {
        var fields = headers
        if let body { fields[.contentLength] = String(body.readableBytes) }
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: fields),
            body: RequestBody(buffer: body ?? ByteBuffer()))
        let context = BasicRequestContext(source: ApplicationRequestContextSource(
            channel: NIOAsyncTestingChannel(), logger: logger))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            response = Response(status: .internalServerError)
        }
        let collected = Collected()
        try await response.body.write(BodyCollector(into: collected))
        return TestResponse(status: response.status, headers: response.headers, body: collected.buffer)
    }

    /// Where a response's body is written.
    private final class Collected: @unchecked Sendable {
        var buffer = ByteBuffer()
    }

    private struct BodyCollector: ResponseBodyWriter {
        let into: Collected

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            into.buffer.writeBuffer(&buffer)
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}

/// A JSON request as the web app sends it.
func jsonHeaders(_ extra: [(HTTPField.Name, String)] = []) -> HTTPFields {
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    for (name, value) in extra { headers[name] = value }
    return headers
}

extension TestResponse {
    /// The body parsed as JSON.
    var json: JSONValue {
        (try? JSONValue.parse(String(buffer: body))) ?? .null
    }
    var text: String { String(buffer: body) }
}

extension RouterClient {
    @discardableResult
    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await execute(uri: uri, method: .get, headers: headers)
    }

    @discardableResult
    func send(_ method: HTTPRequest.Method, _ uri: String, _ body: String = "",
              headers: HTTPFields = jsonHeaders()) async throws -> TestResponse {
        try await execute(uri: uri, method: method, headers: headers, body: ByteBuffer(string: body))
    }
}

/// Collects the events a hub publishes.
final class EventRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [VaultEvent] = []
    private var task: Task<Void, Never>?

    init(_ hub: EventHub) {
        let stream = hub.subscribe()
        task = Task { [weak self] in
            for await event in stream where event != .ping { self?.append(event) }
        }
    }

    private func append(_ e: VaultEvent) { lock.lock(); events.append(e); lock.unlock() }

    var all: [VaultEvent] { lock.lock(); defer { lock.unlock() }; return events }

    /// Waits (up to a generous deadline; never a speed assertion) until `count` events arrived.
    /// The recorder's task runs on the shared pool, which has a thread per core: on 2 cores,
    /// two tests that block their threads for seconds (a vault of thousands of files built in a
    /// debug build) hold it back that long, so the deadline is far beyond any such wait.
    ///
    /// The wait is counted in this loop's turns, not on the wall clock: when other tests held the
    /// pool for longer than the deadline (102 s once, on a machine also running a browser suite),
    /// a wall-clock wait woke past its deadline before the recorder had had a turn, and saw
    /// nothing. The recorder gets its turns when this loop does.
    func wait(for count: Int, seconds: Double = 30) async -> [VaultEvent] {
        var turns = Int(seconds * 100)
        while all.count < count, turns > 0 {
            turns -= 1
            try? await Task.sleep(for: .milliseconds(10))
        }
        return all
    }
}
