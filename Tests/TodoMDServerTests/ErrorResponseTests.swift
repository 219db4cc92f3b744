import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

// How the server answers errors: one status per kind (§22), the web app's own words for hints,
// and never an internal error's text in a 500.

@Suite("HTTP error mapping")
struct ErrorResponseTests {
    static let statuses: [(ErrorKind, HTTPResponse.Status, String)] = [
        (.usage, .badRequest, "bad_request"),
        (.notFound, .notFound, "not_found"),
        (.ambiguous, .badRequest, "ambiguous"),
        (.invalid, .badRequest, "invalid_value"),
        (.conflict, .conflict, "conflict"),
        (.ruleViolation, .unprocessableContent, "rule_violation"),
        (.unusableFile, .unprocessableContent, "unusable_file"),
        (.forbidden, .forbidden, "forbidden"),
        (.unauthenticated, .unauthorized, "unauthorized"),
        (.unavailable, .serviceUnavailable, "unavailable"),
        (.unexpected, .internalServerError, "internal"),
    ]

    @Test func theTableCoversEveryKind() {
        #expect(Set(Self.statuses.map(\.0)) == Set(ErrorKind.allCases))
    }

    @Test(arguments: statuses)
    func everyKindHasItsStatusAndCode(kind: ErrorKind, status: HTTPResponse.Status, code: String) {
        #expect(ErrorResponse.status(for: kind) == status)
        #expect(kind.code == code)
    }

    /// Errors of every type answer with their kind's status; the server's own transport errors
    /// keep the precise status HTTP has for them.
    static let answers: [(any Error & Sendable, HTTPResponse.Status)] = [
        (TodoError.conflict(path: "a.md"), .conflict),
        (TodoError.regionFull(.morning), .unprocessableContent),
        (TodoError.taskNotFound("x"), .notFound),
        (TodoError.invalidValue(field: "due", value: "x", reason: "r"), .badRequest),
        (TodoError.unknownPerspective("p"), .notFound),
        (TodoError.notAllowed(source: "a", action: .read, allowed: []), .forbidden),
        (NoteError.unreadable(id: "n", reason: "r"), .unprocessableContent),
        (CategoryError.categoryNotFound("house"), .notFound),
        (APIError.tokenRequired, .unauthorized),
        (APIError.jsonRequired, .unsupportedMediaType),
        (APIError.bodyTooLarge(limit: 10), .contentTooLarge),
        (APIError.malformedJSON(reason: "x"), .badRequest),
        (HTTPError(.methodNotAllowed), .methodNotAllowed),
        (CocoaError(.fileReadUnknown), .internalServerError),
    ]

    @Test(arguments: answers)
    func errorsAnswerWithTheirStatus(error: any Error & Sendable, status: HTTPResponse.Status) {
        #expect(ErrorResponse(error).status == status)
    }

    /// The web app is never told to run a command: hints are in its own words, or absent.
    @Test(arguments: [
        ErrorHint.listTasks, .listNotes, .listTags, .listPerspectives, .listConflicts, .createVault(path: "/v"),
        .duplicatePerspective(id: "today"), .fixOrRemove(file: ".tags.json"), .replaceLink(path: ".trash"), .retry, .mapTitleColumn, .configureDatabase,
    ])
    func hintsNeverNameACommand(hint: ErrorHint) {
        let text = ErrorResponse.hintText(hint) ?? ""
        #expect(!text.contains("todomd"))
        #expect(!text.contains("--"))
    }

    @Test func anUnknownTaskAnswersWithoutTheCommandLine() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            let r = try await client.get("/api/v1/tasks/nowhere")
            #expect(r.status == .notFound)
            let error = r.json["error"]
            #expect(error?["code"]?.stringValue == "not_found")
            #expect(error?["message"]?.stringValue == "No task matches `nowhere`.")
            #expect(error?["hint"]?.stringValue == "Search, or open a list, to find the task.")
            #expect(!r.text.contains("todomd"))
        }
    }

    @Test func aBuiltInPerspectiveSuggestsDuplicatingIt() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            let r = try await client.send(.delete, "/api/v1/perspectives/today")
            #expect(r.status == .badRequest)
            #expect(r.json["error"]?["message"]?.stringValue == "`today` is a built-in perspective and cannot be changed.")
            #expect(r.json["error"]?["hint"]?.stringValue == "Duplicate `today` to make an editable copy.")
            #expect(!r.text.contains("todomd"))
        }
    }

    @Test func aBrokenSideFileIsNamedWithoutTheCommandLine() async throws {
        let f = try ServerFixture { v in
            try v.write(".tags.json", "{\"tags\": ")
            try v.task("a.md", title: "Fix roof", "tags: [house]")
        }
        try await f.test { client in
            let r = try await client.send(.patch, "/api/v1/categories/house", #"{"icon": "🏠"}"#)
            #expect(r.status == .unprocessableContent)
            #expect(r.json["error"]?["code"]?.stringValue == "unusable_file")
            #expect(r.json["error"]?["message"]?.stringValue?.hasPrefix(".tags.json could not be read (") == true)
            #expect(r.json["error"]?["hint"]?.stringValue == "Fix or remove .tags.json in the vault folder; it was left unchanged.")
        }
    }

    // MARK: - 500s

    /// An error whose text must not reach a client.
    struct Secret: Error, CustomStringConvertible {
        var description: String { "SQLite error 11 at /home/someone/.cache/todomd/index.sqlite" }
    }

    @Test(arguments: ["/secret", "/unexpected"])
    func internalErrorsAreLoggedNotAnswered(path: String) async throws {
        let log = LogRecorder()
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: SecurityMiddleware(token: nil, allowedHosts: nil))
        router.get("/secret") { _, _ -> String in throw Secret() }
        router.get("/unexpected") { _, _ -> String in throw IndexError.schemaChanged(stored: "SECRET-STAMP /home/someone") }
        let client = RouterClient(router: router, logger: Logger(label: "test") { _ in log })
        let r = try await client.get(path)
        #expect(r.status == .internalServerError)
        #expect(r.json["error"]?["code"]?.stringValue == "internal")
        #expect(r.json["error"]?["message"]?.stringValue == ErrorResponse.internalMessage)
        #expect(!r.text.contains("SQLite") && !r.text.contains("SECRET") && !r.text.contains("/home/"))
        // Still a security-checked answer.
        #expect(r.headers[.contentSecurityPolicy] != nil)
        let logged = log.lines.joined(separator: "\n")
        #expect(logged.contains("/home/someone"))
    }
}

/// A log handler that keeps every line it is given, message and metadata.
final class LogRecorder: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .trace

    var lines: [String] { lock.lock(); defer { lock.unlock() }; return recorded }

    func log(event: LogEvent) {
        let meta = (event.metadata ?? [:]).map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        lock.lock()
        recorded.append("\(event.level) \(event.message) \(meta)")
        lock.unlock()
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
}
