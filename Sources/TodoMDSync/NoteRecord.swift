import Foundation
import TodoMDKit

// MARK: - Notes

extension SyncRecord {
    /// The record of a note read from its file: `path`, `title`, `pinned`, `created`,
    /// `modified`, `body`, `extra`.
    public init(note: Note) {
        fields = [
            ("path", .string(note.path)),
            ("title", .string(note.title)),
            ("pinned", .bool(note.pinned)),
            ("created", .string(DateTimeFormat.string(note.created))),
            ("modified", .string(DateTimeFormat.string(note.modified))),
            ("body", .string(note.body)),
            ("extra", .object(note.extra.map { ($0.key, $0.value) })),
        ]
    }

    /// The note this record describes, for writing a file.
    ///
    /// - Parameter id: the note id (filename without `.md`).
    public func note(id: String) -> Note {
        let created = instant("created") ?? Date(timeIntervalSince1970: 0)
        var note = Note(id: id, title: title.isEmpty ? "Untitled" : title, pinned: self["pinned"]?.boolValue ?? false,
                        created: created, modified: instant("modified") ?? created,
                        body: self["body"]?.stringValue ?? "")
        note.extra = (self["extra"]?.objectValue ?? []).map { ExtraField($0.0, $0.1) }
        return note
    }

    /// The note's body as plain text (Markdown markers and dividers dropped), for `plain_text`.
    var plainText: String {
        NoteText.lines(self["body"]?.stringValue ?? "")
            .filter { !NoteText.isDivider($0) }
            .map(NoteText.plainLine)
            .joined(separator: "\n")
    }
}
