import Foundation
import MCP
import TodoMDKit

/// Tool results: the JSON text as content and, parsed, as structured content.
enum ToolResult {
    /// A successful call returning the JSON object `json`.
    static func success(_ json: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: json, annotations: nil, _meta: nil)], structuredContent: parse(json), isError: false)
    }

    /// A refused or failed call (§22): the reason in words and, for an ambiguous reference,
    /// every candidate's id and title. Structured as `{"error", "message", "candidates"?}`.
    static func failure(_ error: TodoError, vault: Vault) -> CallTool.Result {
        switch error {
        case let .ambiguousReference(ref, ids):
            let candidates = ids.map { id in (id, (try? vault.read(id).0.title) ?? "") }
            let text = "`\(ref)` matches \(ids.count) tasks, so nothing was changed. Ask again with one of these ids:\n"
                + candidates.map { "- \($0.0) — \($0.1)" }.joined(separator: "\n")
            let structured: Value = [
                "error": "ambiguous", "message": .string(text),
                "candidates": .array(candidates.map { Value.object(["id": .string($0.0), "title": .string($0.1)]) }),
            ]
            return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: Optional.some(structured), isError: true)
        case let .taskNotFound(ref):
            return failure(message: "No task matches `\(ref)`, so nothing was changed. "
                           + "Find its id with search_tasks or get_tasks.", kind: "not_found")
        case .ruleViolation:
            return failure(message: (error.errorDescription ?? "\(error)") + ". Nothing was changed.", kind: "rule_violation")
        default:
            let kind: String
            switch error.kind {
            case .invalid: kind = "invalid"
            case .conflict: kind = "conflict"
            case .notFound: kind = "not_found"
            case .usage: kind = "usage"
            case .runtime: kind = "refused"
            }
            return failure(message: error.errorDescription ?? "\(error)", kind: kind)
        }
    }

    /// A failed call with `message`.
    static func failure(message: String, kind: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: message, annotations: nil, _meta: nil)],
                        structuredContent: Optional.some(["error": .string(kind), "message": .string(message)]), isError: true)
    }

    private static func parse(_ json: String) -> Value? {
        try? JSONDecoder().decode(Value.self, from: Data(json.utf8))
    }
}
