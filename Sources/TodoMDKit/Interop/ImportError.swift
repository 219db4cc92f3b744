import Foundation

/// Why a file cannot be imported (§20). Records with problems are skipped and reported in the
/// summary instead; these errors stop the whole import, and nothing is written.
public indirect enum ImportError: TodoMDError, Equatable {
    /// The text is not JSON (the parser's reason).
    case notJSON(reason: String)
    /// JSON, but neither an export, a listing nor an array of tasks.
    case notAnExport
    /// A line of a Taskwarrior export that is not JSON (line number from 1, the reason).
    case notTaskwarriorJSON(line: Int, reason: String)
    /// A quoted CSV field that is never closed (the line where it opens).
    case unclosedQuote(line: Int)
    /// A CSV file without even a header row.
    case emptyFile
    /// No CSV column could be taken for the titles (the header's columns).
    case noTitleColumn(header: [String])
    /// A CSV whose header lacks Todoist's TYPE and CONTENT columns (the header's columns).
    case notTodoistCSV(header: [String])
    /// A record's new file would not read back as a task (the codec refused its own output).
    case wouldNotReadBack
    /// Every record had problems, so no task was created from the file.
    case nothingImported(file: String)
    /// One of the problems above, in the file named.
    case inFile(String, ImportError)

    public var kind: ErrorKind {
        if case let .inFile(_, inner) = self { return inner.kind }
        return .unusableFile
    }

    public var message: String {
        switch self {
        case let .notJSON(reason):
            return "not valid JSON: \(reason)"
        case .notAnExport:
            return "expected a todo.md export ({\"tasks\": [...]}), a listing or an array of tasks"
        case let .notTaskwarriorJSON(line, reason):
            return "line \(line): not Taskwarrior JSON (\(reason))"
        case let .unclosedQuote(line):
            return "line \(line): a quoted field is never closed"
        case .emptyFile:
            return "the file is empty (no header row)"
        case let .noTitleColumn(header):
            return "no column holds the titles (the header has: \(header.joined(separator: ", ")))"
        case let .notTodoistCSV(header):
            return "not a Todoist CSV: the header needs TYPE and CONTENT (it has \(header.joined(separator: ", ")))"
        case .wouldNotReadBack:
            return "it would not read back as a task"
        case let .nothingImported(file):
            return "nothing was imported from \(file)"
        case let .inFile(file, inner):
            return "\(file): \(inner.message)"
        }
    }

    public var hint: ErrorHint? {
        switch self {
        case .noTitleColumn: return .mapTitleColumn
        case let .inFile(_, inner): return inner.hint
        default: return nil
        }
    }
}
