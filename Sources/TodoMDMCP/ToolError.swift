import Foundation
import TodoMDKit

/// Errors of the MCP front end itself: a call that names no tool or asks for nothing.
enum ToolError: TodoMDError, Equatable {
    /// The call names a tool this server does not have (the name, the tools it has).
    case unknownTool(String, tools: [String])
    /// `update_task` without a field to set.
    case nothingToChange

    var kind: ErrorKind { .usage }

    var message: String {
        switch self {
        case let .unknownTool(name, tools):
            return "There is no tool `\(name)`. Tools: " + tools.joined(separator: ", ") + "."
        case .nothingToChange:
            return "Nothing to change: give the fields to set, e.g. {\"task\": \"…\", \"due\": \"friday\"}."
        }
    }
}
