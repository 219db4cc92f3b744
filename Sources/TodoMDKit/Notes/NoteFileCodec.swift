import Foundation
import Yams

/// The outcome of reading one file in `Notes/`: a note, or the reason it is not one.
public enum NoteDecoding: Sendable {
    case note(Note)
    case unparseable(reason: String)

    /// The note, when the file is one.
    public var note: Note? { if case let .note(n) = self { return n } else { return nil } }
}

/// Reads and writes note files (§15). Pure: bytes in, note out; bytes and changes in, bytes out.
///
/// Reading is lenient like the task codec: a missing or ill-typed key is repaired with a warning
/// naming it, and a Markdown file without frontmatter (as Obsidian writes them) is a note whose
/// body is the whole file. Writing is strict: new files are canonical, and an edit rewrites only
/// the lines of the keys it changes (`title`, `pinned`, `modified`) and, when asked, the body;
/// unknown keys, comments, key order and quoting stay as they were.
public enum NoteFileCodec {
    /// The keys todo.md writes, in canonical order.
    public static let keys = ["title", "pinned", "created", "modified"]

    // MARK: - Reading

    /// Reads a note file.
    ///
    /// - Parameters:
    ///   - id: the note id (filename without `.md`), used when `title` is missing.
    ///   - fileModified: the file's modification time, used when `created` or `modified` is missing.
    /// - Returns: the note, or why the file is not one. Never throws, never traps.
    public static func decode(_ bytes: [UInt8], id: String, fileModified: Date, timeZone: TimeZone) -> NoteDecoding {
        if bytes.count > TaskFileCodec.Limits.fileBytes {
            return .unparseable(reason: "the file is larger than 1 MiB")
        }
        if bytes.contains(0) { return .unparseable(reason: "it contains a NUL byte (a binary file?)") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .unparseable(reason: "it is not valid UTF-8 text")
        }
        do {
            _ = try FrontmatterLayout(bytes: bytes)
        } catch FrontmatterLayout.Failure.noFrontmatter {
            if bytes.count > TaskFileCodec.Limits.bodyBytes {
                return .unparseable(reason: "the body is larger than \(TaskFileCodec.Limits.bodyBytes) bytes")
            }
            var note = Note(id: id, title: titleFromID(id), created: fileModified, body: text)
            note.warnings = ["frontmatter: missing; title from the filename, dates from the file"]
            return .note(note)
        } catch {
            return .unparseable(reason: "the frontmatter block is not closed (no second `---` line)")
        }
        switch TaskFileCodec.parseDocument(bytes) {
        case let .failure(reason): return .unparseable(reason: reason)
        case let .success(document): return .note(read(document, id: id, fileModified: fileModified, timeZone: timeZone))
        }
    }

    static func read(_ document: TaskFileCodec.Document, id: String, fileModified: Date, timeZone: TimeZone) -> Note {
        var note = Note(id: id, title: "", created: fileModified, body: document.body)
        var warnings: [String] = []
        var seen = Set<String>()
        for (key, node, _) in document.pairs {
            guard keys.contains(key) else {
                note.extra.append(ExtraField(key, TaskReader.json(node)))
                continue
            }
            guard case let .scalar(scalar) = node else {
                warnings.append("\(key): a list or mapping is not a value here; ignored")
                continue
            }
            let raw = scalar.string.trimmingCharacters(in: .whitespaces)
            if scalar.style == .plain, TaskFileCodec.isNullText(raw) { continue }
            switch key {
            case "title":
                if raw.isEmpty { continue }
                note.title = scalar.string
                seen.insert(key)
            case "pinned":
                switch raw.lowercased() {
                case "true", "yes": note.pinned = true; seen.insert(key)
                case "false", "no": note.pinned = false; seen.insert(key)
                default: warnings.append("pinned: `\(raw.prefix(40))` is not true or false; using false")
                }
            default:
                guard let instant = DateTimeFormat.parse(raw, timeZone: timeZone) else {
                    warnings.append("\(key): `\(raw.prefix(40))` is not a date-time; using the file's modification time")
                    continue
                }
                if key == "created" { note.created = instant } else { note.modified = instant }
                seen.insert(key)
            }
        }
        if !seen.contains("title") {
            note.title = titleFromID(id)
            warnings.append("title: missing; using the filename (\"\(note.title)\")")
        }
        if !seen.contains("created") { warnings.append("created: missing; using the file's modification time") }
        // A note edited by another program may keep an old `modified`: without one, the file's
        // own time is the best answer (no warning: it is optional in practice).
        if !seen.contains("modified") { note.modified = fileModified }
        note.warnings = warnings
        return note
    }

    /// `shopping-list` → `shopping list`; a task-style stamp is dropped as for tasks (§21).
    static func titleFromID(_ id: String) -> String { TaskReader.titleFromFilename(id + ".md") }

    // MARK: - Writing

    /// The canonical file for a new note: `title`, `pinned`, `created`, `modified`, then the body
    /// after one empty line.
    public static func encodeNew(_ note: Note) -> [UInt8] {
        var lines = ["---"] + frontmatterLines(note)
        for extra in note.extra { lines.append("\(TaskFileCodec.mappingKey(extra.key)): \(TaskFileCodec.flow(extra.value))") }
        lines.append("---")
        var text = lines.joined(separator: "\n") + "\n"
        if !note.body.isEmpty { text += "\n" + note.body }
        return Array(text.utf8)
    }

    static func frontmatterLines(_ note: Note) -> [String] {
        TaskFileCodec.render("title", .string(note.title)) + TaskFileCodec.render("pinned", .bool(note.pinned))
            + TaskFileCodec.render("created", .dateTime(note.created))
            + TaskFileCodec.render("modified", .dateTime(note.modified))
    }

    /// Applies `changes` and a new `modified` to a note file, rewriting only those keys' lines
    /// (and the body when it changes); every other byte stays as it was. A file without
    /// frontmatter gets a canonical block on top and keeps its text as the body.
    ///
    /// The result is read back; if anything else would change, the edit is refused.
    /// - Throws: ``NoteError/unreadable(id:reason:)`` for a file that is not a note, and
    ///   ``TodoError/notEditable(path:reason:)`` when the edit cannot be made line by line.
    public static func apply(_ changes: NoteChanges, modified: Date, to bytes: [UInt8], id: String,
                             fileModified: Date, timeZone: TimeZone) throws -> [UInt8] {
        let path = Note.path(for: id)
        guard case let .note(before) = decode(bytes, id: id, fileModified: fileModified, timeZone: timeZone) else {
            if case let .unparseable(reason) = decode(bytes, id: id, fileModified: fileModified, timeZone: timeZone) {
                throw NoteError.unreadable(id: id, reason: reason)
            }
            throw NoteError.unreadable(id: id, reason: "it could not be read")
        }
        var expected = before
        if let title = changes.title { expected.title = title }
        if let pinned = changes.pinned { expected.pinned = pinned }
        if let body = changes.body { expected.body = body }
        expected.modified = Date(timeIntervalSince1970: floor(modified.timeIntervalSince1970))

        let out: [UInt8]
        if (try? FrontmatterLayout(bytes: bytes)) == nil {
            // No frontmatter yet: write one, keep the text (or the new body) below it.
            var fresh = expected
            fresh.created = Date(timeIntervalSince1970: floor(before.created.timeIntervalSince1970))
            out = encodeNew(fresh)
            expected.created = fresh.created
        } else {
            out = try rewrite(bytes, changes: changes, modified: expected.modified, path: path)
        }
        guard case let .note(after) = decode(out, id: id, fileModified: fileModified, timeZone: timeZone) else {
            throw TodoError.notEditable(path: path, reason: "the edited file would not read back as a note")
        }
        var a = after, e = expected
        a.warnings = []
        e.warnings = []
        guard a == e else {
            throw TodoError.notEditable(path: path, reason: "the edit would change more than the keys it sets")
        }
        return out
    }

    /// Line-by-line edit of a file with frontmatter.
    static func rewrite(_ bytes: [UInt8], changes: NoteChanges, modified: Date, path: String) throws -> [UInt8] {
        let document: TaskFileCodec.Document
        switch TaskFileCodec.parseDocument(bytes) {
        case let .failure(reason): throw TodoError.notEditable(path: path, reason: reason)
        case let .success(d): document = d
        }
        let layout = document.layout
        if document.rootIsFlow {
            throw TodoError.notEditable(path: path, reason: "its frontmatter is a single `{…}` flow mapping; "
                + "rewrite it as one `key: value` per line")
        }
        if TaskFileCodec.hasOtherLineBreaks(layout.yamlBytes) {
            throw TodoError.notEditable(path: path, reason: "its frontmatter has line breaks other than LF or CRLF")
        }
        let lines = layout.yamlLines
        let (keyed, spans) = try layout.keySpans(document.pairs.map { (key: $0.key, line: $0.line) }, path: path)
        var values: [(String, FieldValue)] = []
        if let title = changes.title { values.append(("title", .string(title))) }
        if let pinned = changes.pinned { values.append(("pinned", .bool(pinned))) }
        values.append(("modified", .dateTime(modified)))

        var replacements: [FrontmatterLayout.LineEdit] = []
        var insertions: [String] = []
        for (key, value) in values {
            if let span = spans[key] {
                replacements.append((span, TaskFileCodec.render(key, value)))
            } else {
                insertions += TaskFileCodec.render(key, value)
            }
        }
        if !insertions.isEmpty {
            let lastKnown = keyed.last { keys.contains($0.key) }
            let at = lastKnown.flatMap { spans[$0.key]?.upperBound } ?? lines.count
            replacements.append((at..<at, insertions))
        }
        return layout.splicing(replacements, body: changes.body)
    }
}
