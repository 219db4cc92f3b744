import Foundation
import Hummingbird
import TodoMDKit

/// An error answered as `{"error": {"code", "message"}}` with its HTTP status (§13, §22).
public struct APIError: Error, Sendable {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String

    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    static func badRequest(_ message: String) -> APIError { APIError(.badRequest, "bad_request", message) }
    static func notFound(_ message: String) -> APIError { APIError(.notFound, "not_found", message) }

    /// The API's answer to any error a handler throws.
    static func from(_ error: any Error) -> APIError {
        if let api = error as? APIError { return api }
        if let http = error as? HTTPError {
            let code = http.status == .notFound ? "not_found" : http.status == .methodNotAllowed ? "method_not_allowed" : "bad_request"
            return APIError(http.status, code, http.body ?? http.status.reasonPhrase)
        }
        guard let todo = error as? TodoError else {
            return APIError(.internalServerError, "internal", "Something went wrong: \(error)")
        }
        let message = todo.errorDescription ?? "\(todo)"
        switch todo {
        case .taskNotFound: return APIError(.notFound, "not_found", message)
        case .unknownView, .unknownPerspective: return APIError(.notFound, "not_found", message)
        case .ambiguousReference: return APIError(.badRequest, "ambiguous", message)
        case .conflict: return APIError(.conflict, "conflict", message)
        case .invalidValue: return APIError(.badRequest, "invalid_value", message)
        case .readOnlyPerspective: return APIError(.badRequest, "read_only", message)
        case .notEditable, .unparseable: return APIError(.unprocessableContent, "not_editable", message)
        case .ruleViolation: return APIError(.unprocessableContent, "rule_violation", message)
        case .unreadableSideFile: return APIError(.unprocessableContent, "not_editable", message)
        case .message: return APIError(.badRequest, "bad_request", message)
        case .invalidEnvironment, .io, .noVault: return APIError(.internalServerError, "internal", message)
        }
    }

    /// The error as a response.
    var response: Response {
        let body = JSONValue.object([("error", .object([("code", .string(code)), ("message", .string(message))]))])
        return HTTP.json(body.compact(), status: status)
    }
}

/// Small helpers for JSON responses and request bodies.
enum HTTP {
    /// Largest request body accepted (a task's body may be 100 KB; a perspective far less).
    static let maxBody = 1 << 20

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
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
        guard let object = value.objectValue else { throw APIError.badRequest("The body must be a JSON object.") }
        return object
    }

    /// The request's JSON body (`{}` when empty).
    static func body(_ request: Request) async throws -> JSONValue {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maxBody)
        } catch {
            throw APIError(.contentTooLarge, "too_large", "The body is larger than \(maxBody) bytes.")
        }
        let text = String(buffer: buffer)
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .object([]) }
        do {
            return try JSONValue.parse(text)
        } catch {
            throw APIError.badRequest("The body is not valid JSON: \(error.localizedDescription)")
        }
    }
}
