import Foundation
import Hummingbird
import Logging
import TodoMDKit

/// The one place the server turns an error into an answer: `{"error": {"code", "message",
/// "hint"?}}` with the status of its ``ErrorKind`` (§13, §22).
///
/// - todo.md's errors (``TodoMDError``) answer with their kind's status and code, their
///   message, and their hint in the web app's words.
/// - Hummingbird's own errors (no such route, wrong method) keep their status.
/// - Anything else, and every ``ErrorKind/unexpected`` error, is a 500 whose body says only
///   that something went wrong: the error itself goes to the server's log, never to the client.
struct ErrorResponse: HTTPResponseError {
    let status: HTTPResponse.Status
    let code: String
    let message: String
    let hint: String?

    /// What the client is told instead of an internal error's text.
    static let internalMessage = "Something went wrong on the server; its log has the details."

    /// The answer to `error`, logging on `logger` what the client is not told.
    init(_ error: any Error, logger: Logger? = nil) {
        if let answer = error as? ErrorResponse {
            self = answer
            return
        }
        if let error = error as? any TodoMDError, error.kind != .unexpected {
            status = (error as? APIError)?.exactStatus ?? Self.status(for: error.kind)
            code = error.kind.code
            message = error.message
            hint = error.hint.flatMap(Self.hintText)
            if error.kind == .unavailable {
                logger?.error("\(error.message)", metadata: ["code": "\(code)"])
            }
            return
        }
        if let http = error as? any HTTPResponseError, http.status.code < 500 {
            status = http.status
            switch http.status {
            case .notFound: code = ErrorKind.notFound.code
            case .methodNotAllowed: code = "method_not_allowed"
            default: code = ErrorKind.usage.code
            }
            message = (http as? HTTPError)?.body ?? http.status.reasonPhrase
            hint = nil
            return
        }
        logger?.error("Internal error answered with 500", metadata: ["error": "\(String(reflecting: error))"])
        status = .internalServerError
        code = ErrorKind.unexpected.code
        message = Self.internalMessage
        hint = nil
    }

    /// The HTTP status of each kind of error (§22: 400 a malformed request or bad value, 401 no
    /// token, 404 unknown task, view or perspective, 409 changed underneath, 422 a rule).
    static func status(for kind: ErrorKind) -> HTTPResponse.Status {
        switch kind {
        case .usage, .ambiguous, .invalid: return .badRequest
        case .unauthenticated: return .unauthorized
        case .forbidden: return .forbidden
        case .notFound: return .notFound
        case .conflict: return .conflict
        case .ruleViolation, .unusableFile: return .unprocessableContent
        case .unavailable: return .serviceUnavailable
        case .unexpected: return .internalServerError
        }
    }

    /// A hint in the web app's words; nil when only a person at the vault's folder or its
    /// command line could act on it.
    static func hintText(_ hint: ErrorHint) -> String? {
        switch hint {
        case .listTasks: return "Search, or open a list, to find the task."
        case .listNotes: return "Open Notes to see them."
        case .listTags, .listPerspectives: return "The sidebar lists them."
        case let .duplicatePerspective(id): return "Duplicate `\(id)` to make an editable copy."
        case let .fixOrRemove(file): return "Fix or remove \(file) in the vault folder; it was left unchanged."
        case let .replaceLink(path):
            return "Nothing was changed. Replace the link \(path) in the vault folder with a real folder or file, "
                + "or remove it."
        case .retry: return "Reload to see what is there now, then try again."
        case let .includeSubtasks(action):
            return action == .delete
                ? "Send with_subtasks: true to delete them too, or keep_subtasks: true to keep them as tasks."
                : "Send with_subtasks: true to \(action.rawValue) them too."
        case .listConflicts, .createVault, .mapTitleColumn, .configureDatabase: return nil
        }
    }

    /// The answer as a response.
    var response: Response {
        var fields: [(String, JSONValue)] = [("code", .string(code)), ("message", .string(message))]
        if let hint { fields.append(("hint", .string(hint))) }
        return HTTP.json(JSONValue.object([("error", .object(fields))]).compact(), status: status)
    }

    func response(from request: Request, context: some RequestContext) throws -> Response { response }
}
