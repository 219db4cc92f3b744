import Foundation

/// Everything that can go wrong in todo.md, in words a user can act on.
///
/// Front ends map cases to exit codes (§19) and HTTP statuses (§22) through ``kind``.
public enum TodoError: Error, LocalizedError, Sendable, Equatable {
    /// A task reference matched nothing; the message lists nothing else to try.
    case taskNotFound(String)
    /// A task reference matched several tasks, listed by id.
    case ambiguousReference(String, candidates: [String])
    /// The file changed on disk since it was read; nothing was written.
    case conflict(path: String)
    /// A value given by the user is not valid for a field.
    case invalidValue(field: String, value: String, reason: String)
    /// A file could not be read as a task (path, reason).
    case unparseable(path: String, reason: String)
    /// The file's frontmatter cannot be edited line by line (path, reason).
    case notEditable(path: String, reason: String)
    /// An environment variable holds something unusable.
    case invalidEnvironment(String, String)
    /// A file system operation failed.
    case io(path: String, reason: String)
    /// The vault folder does not exist.
    case noVault(String)
    /// A view name that is not one of §6's.
    case unknownView(String)
    /// No perspective has this id.
    case unknownPerspective(String)
    /// Built-in perspectives cannot be changed (duplicate them instead).
    case readOnlyPerspective(String)
    /// A side file (§2) exists but cannot be read, and nothing that needs it goes on.
    case unreadableSideFile(path: String, reason: String)
    /// A rule of the product refuses the change (a full planner bucket, §14); the text says which.
    case ruleViolation(String)
    /// Anything else a user can read and act on.
    case message(String)

    /// Broad classes of error, for exit codes and HTTP statuses.
    public enum Kind: Sendable { case usage, notFound, conflict, invalid, runtime }

    /// The class of this error.
    public var kind: Kind {
        switch self {
        case .taskNotFound: return .notFound
        case .ambiguousReference, .unknownView, .readOnlyPerspective: return .usage
        case .unknownPerspective: return .notFound
        case .conflict: return .conflict
        case .invalidValue: return .invalid
        default: return .runtime
        }
    }

    public var errorDescription: String? {
        switch self {
        case let .taskNotFound(ref):
            return "No task matches `\(ref)`. Try `todomd list all` to see task ids."
        case let .ambiguousReference(ref, candidates):
            return "`\(ref)` matches \(candidates.count) tasks; say which one:\n"
                + candidates.map { "  \($0)" }.joined(separator: "\n")
        case let .conflict(path):
            return "\(path) changed on disk since it was read; nothing was written. Run the command again."
        case let .invalidValue(field, value, reason):
            return "`\(field): \(value)` is not valid: \(reason)"
        case let .unparseable(path, reason):
            return "\(path) is not a task file: \(reason)"
        case let .notEditable(path, reason):
            return "\(path) cannot be edited safely: \(reason)"
        case let .invalidEnvironment(name, reason):
            return "\(name): \(reason)"
        case let .io(path, reason):
            return "\(path): \(reason)"
        case let .noVault(path):
            return "There is no vault at \(path). Create one with `todomd init` (or pass --vault PATH)."
        case let .unknownView(name):
            return "`\(name)` is not a view. Views: inbox, today, upcoming, anytime, someday, flagged, "
                + "logbook, all, area:NAME, project:NAME, tag:NAME."
        case let .unknownPerspective(id):
            return "There is no perspective `\(id)`. `todomd perspective list` shows them."
        case let .readOnlyPerspective(id):
            return "`\(id)` is a built-in perspective and cannot be changed; `todomd perspective duplicate \(id)` makes an editable copy."
        case let .unreadableSideFile(path, reason):
            return "\(path) could not be read (\(reason)); fix or remove it — it was left unchanged"
        case let .ruleViolation(text), let .message(text):
            return text
        }
    }
}
