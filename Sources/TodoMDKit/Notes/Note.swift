import Foundation

/// A note (§15): a Markdown file directly in the vault's `Notes/` folder, with frontmatter
/// `title`, `pinned`, `created`, `modified` and a Markdown body.
///
/// Notes are never tasks: the task scan skips `Notes/` (§2). A note's ``id`` is its filename
/// without `.md` (`Notes/shopping-list.md` → `shopping-list`), stable for the note's life.
public struct Note: Sendable, Equatable {
    /// The filename without `.md`.
    public var id: String
    public var title: String
    public var pinned: Bool
    public var created: Date
    public var modified: Date
    /// The Markdown body, byte-exact: the text after the frontmatter's closing `---` line, less
    /// one empty line (as for tasks, §21). For a file without frontmatter, the whole file.
    public var body: String
    /// Keys todo.md does not know, in file order, with their values.
    public var extra: [ExtraField]
    /// What reading the file repaired or ignored, each naming its key.
    public var warnings: [String]

    /// Creates a note with the given fields and nothing extra.
    public init(id: String = "", title: String, pinned: Bool = false, created: Date, modified: Date? = nil,
                body: String = "") {
        self.id = id
        self.title = title
        self.pinned = pinned
        self.created = created
        self.modified = modified ?? created
        self.body = body
        self.extra = []
        self.warnings = []
    }

    /// The note's path relative to the vault root: `Notes/ID.md`.
    public var path: String { Note.path(for: id) }

    /// The folder notes live in, at the vault root.
    public static let folder = "Notes"

    /// `Notes/ID.md`.
    public static func path(for id: String) -> String { "\(folder)/\(id).md" }

    /// The body's lines (LF or CRLF line breaks), numbered from 1 as `note_line` counts them.
    public var lines: [String] { NoteText.lines(body) }

    /// The first non-empty body line without Markdown markers, as a list shows under the title.
    public var snippet: String {
        for line in lines {
            let text = NoteText.plainLine(line)
            if !text.isEmpty, text != title { return String(text.prefix(200)) }
        }
        return ""
    }
}

/// Changes to a note's fields; nil leaves a field as it is.
public struct NoteChanges: Sendable, Equatable {
    public var title: String?
    public var pinned: Bool?
    /// The whole new body.
    public var body: String?

    public init(title: String? = nil, pinned: Bool? = nil, body: String? = nil) {
        self.title = title
        self.pinned = pinned
        self.body = body
    }

    /// Whether nothing is to change.
    public var isEmpty: Bool { title == nil && pinned == nil && body == nil }
}

/// A file in `Notes/` that could not be read as a note, and why.
public struct UnreadableNote: Sendable, Equatable {
    public let id: String
    public let reason: String
}

/// What can go wrong with notes (§15), in words a user can act on.
public enum NoteError: TodoMDError, Equatable {
    /// No note matches the reference.
    case noteNotFound(String)
    /// Several notes match; candidates by id.
    case ambiguousNote(String, candidates: [String])
    /// `note_line` outside the body, or a line with no text.
    case badLine(note: String, line: Int, reason: String)
    /// The line already links to a task.
    case lineHasTask(note: String, line: Int, task: String)
    /// A file in `Notes/` that is not a readable note.
    case unreadable(id: String, reason: String)

    public var kind: ErrorKind {
        switch self {
        case .noteNotFound: return .notFound
        case .ambiguousNote: return .ambiguous
        case .badLine, .lineHasTask: return .invalid
        case .unreadable: return .unusableFile
        }
    }

    public var message: String {
        switch self {
        case let .noteNotFound(ref):
            return "No note matches `\(ref)`."
        case let .ambiguousNote(ref, candidates):
            return "`\(ref)` matches \(candidates.count) notes; say which one:\n"
                + candidates.map { "  \($0)" }.joined(separator: "\n")
        case let .badLine(note, line, reason):
            return "Line \(line) of note \(note): \(reason)"
        case let .lineHasTask(note, line, task):
            return "Line \(line) of note \(note) already has a task: \(task)"
        case let .unreadable(id, reason):
            return "\(Note.path(for: id)) is not a readable note: \(reason)"
        }
    }

    public var hint: ErrorHint? {
        if case .noteNotFound = self { return .listNotes }
        return nil
    }
}
