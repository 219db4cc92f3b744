import Foundation
import Hummingbird
import TodoMDKit

/// The server's own request errors: requests it refuses before (or instead of) asking the
/// core. Answered like every other error by ``ErrorResponse``.
public enum APIError: TodoMDError, Equatable {
    /// The `Host` header names another server (DNS rebinding); the names it answers to.
    case hostNotAllowed([String])
    /// A token is required and none was sent.
    case tokenRequired
    /// The token sent is not this server's.
    case wrongToken
    /// A write without `Content-Type: application/json`.
    case jsonRequired
    /// A write a browser sent from another site (`Sec-Fetch-Site`).
    case crossSite
    /// A write from another origin (the `Origin` header).
    case foreignOrigin(String)
    /// The body is larger than the server reads (the limit in bytes).
    case bodyTooLarge(limit: Int)
    /// The body is not JSON (the parser's reason).
    case malformedJSON(reason: String)
    /// The body must be a JSON object (what it holds: "the perspective").
    case expectedObject(String)
    /// The body lacks a value the request needs (its key, an example of a body that works).
    case missingField(String, example: String)
    /// A value in the body has the wrong type (its key, what it must be).
    case wrongType(field: String, expected: String)
    /// A path parameter is missing or not percent-encoded (what it names: "task reference").
    case missingReference(String)
    /// No static file has this path.
    case noSuchFile(String)

    public var kind: ErrorKind {
        switch self {
        case .hostNotAllowed, .jsonRequired, .crossSite, .foreignOrigin: return .forbidden
        case .tokenRequired, .wrongToken: return .unauthenticated
        case .bodyTooLarge, .malformedJSON, .expectedObject, .missingField, .missingReference: return .usage
        case .wrongType: return .invalid
        case .noSuchFile: return .notFound
        }
    }

    public var message: String {
        switch self {
        case let .hostNotAllowed(hosts):
            return "This server answers only as \(hosts.joined(separator: ", "))."
        case .tokenRequired:
            return "This server needs its token: open the address it printed when it started, "
                + "or send Authorization: Bearer TOKEN."
        case .wrongToken:
            return "That token is not this server's: open the address it printed when it started."
        case .jsonRequired:
            return "Requests that change the vault must send Content-Type: application/json."
        case .crossSite:
            return "Cross-site requests may not change the vault."
        case let .foreignOrigin(origin):
            return "Requests from \(origin) may not change the vault."
        case let .bodyTooLarge(limit):
            return "The body is larger than \(limit) bytes."
        case let .malformedJSON(reason):
            return "The body is not valid JSON: \(reason)"
        case let .expectedObject(what):
            return "Send \(what) as a JSON object."
        case let .missingField(field, example):
            return "`\(field)` is missing: send \(example)."
        case let .wrongType(field, expected):
            return "`\(field)` must be \(expected)."
        case let .missingReference(what):
            return "The \(what) is missing or not URL-encoded."
        case let .noSuchFile(name):
            return "There is no file /\(name) here."
        }
    }

    /// The HTTP status where the protocol has a more precise one than the kind's.
    var exactStatus: HTTPResponse.Status? {
        switch self {
        case .jsonRequired: return .unsupportedMediaType
        case .bodyTooLarge: return .contentTooLarge
        default: return nil
        }
    }
}

/// Small helpers for JSON responses and request bodies.
enum HTTP {
    /// Largest request body accepted (a task's body may be 100 KB; a perspective far less).
    static let maxBody = 1 << 20

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        json(ByteBuffer(string: text), status: status)
    }

    /// A listing as JSON, written straight into the answer's buffer: a listing of thousands of
    /// tasks is megabytes, which a `String` first would copy twice more.
    static func json(_ listing: Listing, fields: TaskJSON.Fields) -> Response {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(listing.groups.reduce(256) { $0 + $1.tasks.count * (fields == .row ? 400 : 1100) })
        listing.writeJSON(fields, bytes: { buffer.writeBytes($0) })
        return json(buffer)
    }

    /// JSON text already in a buffer.
    static func json(_ buffer: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: buffer))
    }

    static func noContent() -> Response { Response(status: .noContent) }

    /// The query parameters, decoded as browsers encode forms: `+` is a space, `%XX` a byte.
    /// The last value wins when a name repeats.
    static func query(_ request: Request) -> [String: String] {
        var out: [String: String] = [:]
        for pair in (request.uri.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String {
                let spaced = s.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            guard let name = parts.first else { continue }
            out[decode(name)] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return out
    }

    /// The request's JSON object body.
    static func object(_ request: Request) async throws -> [(String, JSONValue)] {
        let value = try await body(request)
        guard let object = value.objectValue else { throw APIError.expectedObject("the body") }
        return object
    }

    /// The request's JSON body (`{}` when empty).
    static func body(_ request: Request) async throws -> JSONValue {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maxBody)
        } catch {
            throw APIError.bodyTooLarge(limit: maxBody)
        }
        let text = String(buffer: buffer)
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .object([]) }
        do {
            return try JSONValue.parse(text)
        } catch {
            throw APIError.malformedJSON(reason: error.localizedDescription)
        }
    }
}
