import Foundation

/// An error of todo.md: what went wrong in words any front end can show, its class, and what
/// the user might do next.
///
/// Every domain error conforms (``TodoError``, ``NoteError``, ``CategoryError``,
/// ``RecurrenceRuleError``, ``ImportError``, …). Front ends never look at the cases: each maps
/// ``kind`` once (the CLI to exit codes, the server to HTTP statuses, MCP to error results) and
/// renders ``hint`` in its own words, so the core never names a command, a flag or a tool.
///
/// `errorDescription` (and so `localizedDescription`) is ``message``: the neutral text, fit to
/// be nested in another message ("not imported: …").
public protocol TodoMDError: LocalizedError, Sendable {
    /// The class of the error, which decides exit codes, HTTP statuses and MCP error codes.
    var kind: ErrorKind { get }
    /// What went wrong, naming the value, file or reference at fault. It names no command,
    /// flag or tool of any front end.
    var message: String { get }
    /// What the user might do next, for a front end to say in its own words; nil when the
    /// message says it all.
    var hint: ErrorHint? { get }
}

extension TodoMDError {
    /// No hint: the message says it all.
    public var hint: ErrorHint? { nil }
    /// The message, so `localizedDescription` is the neutral text.
    public var errorDescription: String? { message }
}

/// The broad classes of error, each answered the same way by every front end.
///
/// The set is closed on purpose: a new error picks the class a user would recognise, and no
/// front end needs to change.
public enum ErrorKind: Sendable, CaseIterable {
    /// The request itself is malformed: a missing argument, a wrong combination, an unknown
    /// tool. Asking differently is the way out.
    case usage
    /// A task, note, view, perspective, tag or conflict copy named by the request does not exist.
    case notFound
    /// A reference matches several things; the message lists them.
    case ambiguous
    /// A value given for a field is not valid for it.
    case invalid
    /// A file changed underneath since it was read (or is gone); nothing was written.
    case conflict
    /// A rule of the product refuses the change (a full planner bucket, the planner lock).
    case ruleViolation
    /// A file cannot be used as it is: a task or note file that cannot be edited safely, a
    /// side file that is not valid, an import file that is not in its format. Fixing the file
    /// is the way out; it was left unchanged.
    case unusableFile
    /// The caller may not do this (a source's permissions, a cross-site request).
    case forbidden
    /// The caller did not say who it is, or with the wrong credentials (a server token).
    case unauthenticated
    /// Something the request needs is not there or not working: the vault folder, the file
    /// system, the sync database, the file watcher.
    case unavailable
    /// Something that should not happen: a bug, or an error the program does not know.
    case unexpected

    /// A stable identifier for machine readers (the HTTP API's and MCP's `code`).
    public var code: String {
        switch self {
        case .usage: return "bad_request"
        case .notFound: return "not_found"
        case .ambiguous: return "ambiguous"
        case .invalid: return "invalid_value"
        case .conflict: return "conflict"
        case .ruleViolation: return "rule_violation"
        case .unusableFile: return "unusable_file"
        case .forbidden: return "forbidden"
        case .unauthenticated: return "unauthorized"
        case .unavailable: return "unavailable"
        case .unexpected: return "internal"
        }
    }
}

/// A suggested next step after an error, which each front end words its own way (the CLI
/// names its commands, MCP its tools, the web app its screens) or leaves out.
public enum ErrorHint: Sendable, Equatable {
    /// Look at the tasks and their ids.
    case listTasks
    /// Look at the notes and their ids.
    case listNotes
    /// Look at the tags and their categories.
    case listTags
    /// Look at the perspectives and their ids.
    case listPerspectives
    /// Look at the conflict copies.
    case listConflicts
    /// Create a vault at this path, or name another vault.
    case createVault(path: String)
    /// Make an editable copy of this built-in perspective.
    case duplicatePerspective(id: String)
    /// Fix or remove this file (vault-relative); it was left unchanged.
    case fixOrRemove(file: String)
    /// This vault-relative path is a symbolic link: replace it with a real folder or file, or
    /// remove it. Nothing was changed.
    case replaceLink(path: String)
    /// Read what is there now and try again.
    case retry
    /// Ask again including the open subtasks (or, for a delete, keeping them as tasks).
    case includeSubtasks(action: SubtaskAction)
    /// Say which column of an import holds the titles.
    case mapTitleColumn
    /// Say which database to sync with.
    case configureDatabase
}
