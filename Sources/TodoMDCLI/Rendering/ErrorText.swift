import ArgumentParser
import Foundation
import TodoMDKit

/// How the command line words an error: the core's message, then its hint as a `todomd`
/// command to run (§19). The one place the CLI turns errors into text.
package enum ErrorText {
    /// The text printed after `error: ` (or `warning: `) for `error`.
    package static func describe(_ error: any Error) -> String {
        if let error = error as? ValidationError { return error.message }
        if let error = error as? any TodoMDError { return render(error.message, hint: error.hint) }
        return error.localizedDescription
    }

    /// `message` followed by `hint` in the CLI's words.
    static func render(_ message: String, hint: ErrorHint?) -> String {
        guard let hint else { return message }
        switch hint {
        case .listTasks:
            return message + " Try `todomd list all` to see task ids."
        case .listNotes:
            return message + " Try `todomd note list` to see note ids."
        case .listTags:
            return message + " `todomd tag list` shows the tags and categories."
        case .listPerspectives:
            return message + " `todomd perspective list` shows them."
        case .listConflicts:
            return message + " `todomd conflicts` lists them."
        case .createVault:
            return message + " Create one with `todomd init` (or pass --vault PATH)."
        case let .duplicatePerspective(id):
            return message + " `todomd perspective duplicate \(id)` makes an editable copy."
        case .fixOrRemove:
            return message + "; fix or remove it — it was left unchanged"
        case .replaceLink:
            return message + "; nothing was changed — replace the link with a real folder or file, or remove it"
        case .retry:
            return message + " Run the command again."
        case let .includeSubtasks(action):
            return message + "\nAdd --with-subtasks to \(action.rawValue) them too"
                + (action == .delete ? ", or --keep-subtasks to keep them as tasks." : ".")
        case .mapTitleColumn:
            return message + "; name one with --map COLUMN=title"
        case .configureDatabase:
            return message + " Pass --database postgres://USER:PASSWORD@HOST:PORT/DATABASE "
                + "or set \"sync_url\" in .todomd/config.json."
        }
    }
}

/// Errors of the command line itself (not of the vault).
enum CLIError: TodoMDError, Equatable {
    /// A helper program the command runs failed (its command line, its exit status).
    case programFailed(command: String, status: Int32)

    var kind: ErrorKind { .unavailable }

    var message: String {
        switch self {
        case let .programFailed(command, status):
            return "`\(command)` failed (exit \(status)); run it yourself"
        }
    }
}
