import Foundation
import HTTPTypes
import Hummingbird

/// What an MCP endpoint answers (§28 "MCP over Streamable HTTP"): a status, headers, and a body
/// that is either whole or a stream of Server-Sent Events.
public struct EndpointAnswer: Sendable {
    public enum Body: Sendable {
        case data(Data)
        case stream(AsyncThrowingStream<Data, Error>)
    }

    public let status: Int
    public let headers: [String: String]
    public let body: Body

    public init(status: Int, headers: [String: String], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// An endpoint that speaks MCP over HTTP: (method, headers, body) → answer. The command line
/// wires `todomd mcp`'s sessions in, so the web server does not depend on the MCP SDK.
public typealias MCPEndpoint = @Sendable (String, [String: String], Data?) async -> EndpointAnswer

/// `/mcp`: POST (JSON-RPC), GET (the session's event stream) and DELETE (end the session), behind
/// the same token, host and origin checks as every other route.
struct MCPRoute {
    let endpoint: MCPEndpoint

    func register(on router: Router<BasicRequestContext>) {
        router.post("mcp") { request, _ in try await answer(request) }
        router.get("mcp") { request, _ in try await answer(request) }
        router.delete("mcp") { request, _ in try await answer(request) }
    }

    func answer(_ request: Request) async throws -> Response {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        var body: Data?
        if request.method == .post {
            let buffer = try await request.body.collect(upTo: 4 << 20)
            body = Data(buffer.readableBytesView)
        }
        let answer = await endpoint(request.method.rawValue, headers, body)
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        let status = HTTPResponse.Status(code: answer.status)
        switch answer.body {
        case let .data(data):
            return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        case let .stream(stream):
            return Response(status: status, headers: fields, body: ResponseBody { writer in
                for try await chunk in stream { try await writer.write(ByteBuffer(bytes: chunk)) }
                try await writer.finish(nil)
            })
        }
    }
}
