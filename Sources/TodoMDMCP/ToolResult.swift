import Foundation
import MCP
import TodoMDKit

/// Tool results: the JSON text as content and, parsed, as structured content.
enum ToolResult {
    /// A successful call returning the JSON object `json`.
    static func success(_ json: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: json, annotations: nil, _meta: nil)], structuredContent: parse(json), isError: false)
    }

    /// The one place a thrown error becomes a tool result (§22): `isError: true`, the reason in
    /// words with the hint in MCP's terms (its tools, never a `todomd` command), and for an
    /// ambiguous task reference every candidate's id and title. Structured as
    /// `{"error": CODE, "message", "candidates"?}` with the ``ErrorKind/code`` of the HTTP API.
    ///
    /// An error todo.md does not know (or an ``ErrorKind/unexpected`` one) is described on
    /// standard error, not to the agent: its text may be anything.
    static func failure(_ error: any Error, vault: Vault) -> CallTool.Result {
        guard let error = error as? any TodoMDError, error.kind != .unexpected else {
            FileHandle.standardError.write(Data("todomd mcp: \(String(reflecting: error))\n".utf8))
            return failure(message: "todo.md could not do that because of an internal error; "
                           + "its standard error has the details.", code: ErrorKind.unexpected.code)
        }
        if case let .ambiguousReference(ref, ids)? = error as? TodoError {
            let candidates = ids.map { id in (id, (try? vault.read(id).0.title) ?? "") }
            let text = "`\(ref)` matches \(ids.count) tasks, so nothing was changed. Ask again with one of these ids:\n"
                + candidates.map { "- \($0.0) — \($0.1)" }.joined(separator: "\n")
            let structured: Value = [
                "error": .string(error.kind.code), "message": .string(text),
                "candidates": .array(candidates.map { Value.object(["id": .string($0.0), "title": .string($0.1)]) }),
            ]
            return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)],
                                   structuredContent: Optional.some(structured), isError: true)
        }
        return failure(message: text(for: error), code: error.kind.code)
    }

    /// The text an agent reads for `error`: the message, the hint in MCP's words, and — when
    /// the call was refused before anything was written — that nothing was changed.
    static func text(for error: any TodoMDError) -> String {
        var parts = [sentence(error.message)]
        if let hint = error.hint.flatMap(hintText) { parts.append(hint) }
        switch error.kind {
        case .unavailable, .unexpected: break
        default: parts.append("Nothing was changed.")
        }
        return parts.joined(separator: " ")
    }

    /// A hint as an agent can follow it with this server's tools; nil when there is nothing
    /// it can do (the hint names something only a person at the vault can do).
    static func hintText(_ hint: ErrorHint) -> String? {
        switch hint {
        case .listTasks: return "Find its id with search_tasks or get_tasks."
        case .listPerspectives: return "list_perspectives shows them."
        case let .fixOrRemove(file): return "\(file) was left unchanged; ask the user to fix or remove it."
        case let .replaceLink(path):
            return "Ask the user to replace the link \(path) in the vault with a real folder or file, or remove it."
        case .retry: return "Read the task again and retry."
        case let .includeSubtasks(action):
            return "Ask the user first; then call again with with_subtasks: true to \(action.rawValue) them too."
        case .listNotes, .listTags, .listConflicts, .createVault, .duplicatePerspective, .mapTitleColumn,
             .configureDatabase:
            return nil
        }
    }

    /// A failed call with `message`.
    static func failure(message: String, code: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: message, annotations: nil, _meta: nil)],
                        structuredContent: Optional.some(["error": .string(code), "message": .string(message)]), isError: true)
    }

    /// `text` ending as a sentence, so another can follow it.
    private static func sentence(_ text: String) -> String {
        guard let last = text.last, !".!?".contains(last) else { return text }
        return text + "."
    }

    private static func parse(_ json: String) -> Value? {
        try? JSONDecoder().decode(Value.self, from: Data(json.utf8))
    }
}
