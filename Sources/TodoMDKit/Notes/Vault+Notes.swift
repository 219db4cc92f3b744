import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every note in `Notes/`, in list order, and the files there that are not readable notes.
public struct NoteListing: Sendable {
    /// Pinned first, then by `modified`, newest first (ties by title, then id).
    public let notes: [Note]
    /// Files in `Notes/` that could not be read, with why; they are never modified.
    public let unreadable: [UnreadableNote]

    /// The pinned notes, in list order.
    public var pinned: [Note] { notes.filter(\.pinned) }
    /// The other notes, in list order.
    public var others: [Note] { notes.filter { !$0.pinned } }
}

extension Vault {
    // MARK: - Reading notes

    /// The ids of the note files: `*.md` directly in `Notes/`, regular files only (symbolic
    /// links, hidden files and subfolders are not notes), sorted.
    public func noteIDs() -> [String] {
        let dir = folder.path(Note.folder)
        // Symbolic links are never followed in the vault (§2), `Notes` itself included.
        var folderStat = stat()
        guard lstat(dir, &folderStat) == 0, (folderStat.st_mode & S_IFMT) == S_IFDIR,
              let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
        return names.filter { name in
            guard name.hasSuffix(".md"), name.count > 3, !name.hasPrefix(".") else { return false }
            var st = stat()
            return lstat(dir + "/" + name, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
        }.map { String($0.dropLast(3)) }.sorted()
    }

    /// Every note, pinned first, then newest `modified` first (§15).
    public func notes() -> NoteListing {
        var notes: [Note] = []
        var unreadable: [UnreadableNote] = []
        for id in noteIDs() {
            do {
                notes.append(try readNote(id).0)
            } catch let NoteError.unreadable(id, reason) {
                unreadable.append(UnreadableNote(id: id, reason: reason))
            } catch {
                // Gone between listing and reading: another program deleted it meanwhile.
            }
        }
        return NoteListing(notes: Vault.noteOrder(notes), unreadable: unreadable)
    }

    /// `notes` in list order: pinned first, then `modified` newest first, then title A–Z, then id.
    public static func noteOrder(_ notes: [Note]) -> [Note] {
        notes.sorted { a, b in
            if a.pinned != b.pinned { return a.pinned }
            if a.modified != b.modified { return a.modified > b.modified }
            let ta = TextFolding.sortKey(a.title), tb = TextFolding.sortKey(b.title)
            if ta != tb { return ta < tb }
            return a.id < b.id
        }
    }

    /// Reads a note from its file, with the stamp a later write must match.
    ///
    /// - Throws: ``NoteError/noteNotFound(_:)`` when there is no such file,
    ///   ``NoteError/unreadable(id:reason:)`` when it is not a note.
    public func readNote(_ id: String) throws -> (Note, FileSnapshot) {
        guard Vault.isValidNoteID(id) else { throw NoteError.noteNotFound(id) }
        let snapshot: FileSnapshot
        do {
            snapshot = try folder.read(Note.path(for: id))
        } catch {
            throw NoteError.noteNotFound(id)
        }
        let modified = Date(timeIntervalSince1970: TimeInterval(snapshot.stamp.mtime) / 1e9)
        switch NoteFileCodec.decode(snapshot.bytes, id: id, fileModified: modified, timeZone: clock.timeZone) {
        case let .note(note): return (note, snapshot)
        case let .unparseable(reason): throw NoteError.unreadable(id: id, reason: reason)
        }
    }

    /// A note id names one file directly in `Notes/`: no `/`, no leading `.`, not empty.
    static func isValidNoteID(_ id: String) -> Bool {
        !id.isEmpty && !id.contains("/") && !id.hasPrefix(".") && !id.contains("\0")
    }

    /// Resolves a user's reference to a note id, as task references resolve (§4, §21): exact
    /// id; the filename (`ID.md`) or path (`Notes/ID.md`); a unique id prefix (case-sensitive);
    /// a unique case- and diacritic-insensitive title substring. The first step with any match
    /// decides.
    ///
    /// - Throws: ``NoteError/noteNotFound(_:)`` or ``NoteError/ambiguousNote(_:candidates:)``.
    public func resolveNote(_ reference: String) throws -> String {
        let ref = reference.trimmingCharacters(in: .whitespaces)
        guard !ref.isEmpty else { throw NoteError.noteNotFound(reference) }
        let ids = noteIDs()
        var stripped = ref
        if stripped.hasPrefix(Note.folder + "/") { stripped = String(stripped.dropFirst(Note.folder.count + 1)) }
        if stripped.hasSuffix(".md") { stripped = String(stripped.dropLast(3)) }
        for candidate in [ref, stripped] where ids.contains(candidate) { return candidate }
        let prefixed = ids.filter { $0.hasPrefix(ref) }
        if prefixed.count == 1 { return prefixed[0] }
        if prefixed.count > 1 { throw NoteError.ambiguousNote(reference, candidates: prefixed) }
        let needle = TextFolding.fold(ref)
        let titled = notes().notes.filter { TextFolding.fold($0.title).contains(needle) }.map(\.id).sorted()
        if titled.count == 1 { return titled[0] }
        if titled.count > 1 { throw NoteError.ambiguousNote(reference, candidates: titled) }
        throw NoteError.noteNotFound(reference)
    }

    /// The note a reference names.
    public func note(_ reference: String) throws -> Note { try readNote(resolveNote(reference)).0 }

    /// The tasks whose links (` [[STEM]]`) appear in the note's lines: (line, task id, title, status).
    public func linkedTasks(of note: Note) throws -> [(line: Int, id: String, title: String, status: String)] {
        var out: [(Int, String, String, String)] = []
        for (i, line) in note.lines.enumerated() {
            for stem in NoteText.linkedTasks(line) {
                if let task = try index.task(withFilename: stem + ".md") {
                    out.append((i + 1, task.id, task.title, task.status.rawValue))
                }
            }
        }
        return out.map { (line: $0.0, id: $0.1, title: $0.2, status: $0.3) }
    }

    // MARK: - Changing notes

    /// Creates a note in `Notes/` and returns it as written.
    ///
    /// The id is the title's slug (§4's rules without the time stamp), with `-2`, `-3`, … when
    /// taken; `created` and `modified` are now.
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` for an empty or too long title
    ///   or body.
    public func addNote(title: String, body: String = "", pinned: Bool = false) throws -> Note {
        let now = Date(timeIntervalSince1970: floor(clock.now.timeIntervalSince1970))
        var note = Note(title: title.trimmingCharacters(in: .whitespacesAndNewlines), pinned: pinned, created: now,
                        body: body)
        try Vault.validateNote(note)
        let made = Slug.make(note.title)
        let base = made == "task" && !TextFolding.fold(note.title).contains("task") ? "note" : made
        var id = base
        var n = 2
        while folder.exists(Note.path(for: id)) {
            id = "\(base)-\(n)"
            n += 1
        }
        note.id = id
        try folder.write(NoteFileCodec.encodeNew(note), to: note.path, expected: nil)
        return try readNote(id).0
    }

    /// Checks the §18 limits a note shares with tasks: a title of 1–500 characters, a body of
    /// at most 100 KB.
    static func validateNote(_ note: Note) throws {
        if note.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw TodoError.invalidValue(field: "title", value: "", reason: "a note needs a title")
        }
        if note.title.count > TaskFileCodec.Limits.titleCharacters {
            throw TodoError.invalidValue(field: "title", value: String(note.title.prefix(20)) + "…",
                                         reason: "at most \(TaskFileCodec.Limits.titleCharacters) characters")
        }
        if note.title.contains("\n") || note.title.contains("\r") {
            throw TodoError.invalidValue(field: "title", value: String(note.title.prefix(20)), reason: "one line only")
        }
        if note.body.utf8.count > TaskFileCodec.Limits.bodyBytes {
            throw TodoError.invalidValue(field: "body", value: "…", reason: "at most \(TaskFileCodec.Limits.bodyBytes) bytes")
        }
    }

    /// Changes a note's title, pinned state or body; `modified` becomes now. Only the lines of
    /// the changed keys (and the body, when given) are rewritten.
    ///
    /// - Parameter expectedHash: when given, the file must still have this content hash (for a
    ///   client that showed the user an earlier version, such as the web editor's autosave).
    /// - Throws: ``TodoError/conflict(path:)`` when the file changed underneath; nothing is written.
    @discardableResult
    public func editNote(_ id: String, _ changes: NoteChanges, expectedHash: String? = nil) throws -> Note {
        let (before, snapshot) = try readNote(id)
        if let expectedHash, expectedHash != snapshot.stamp.hash { throw TodoError.conflict(path: before.path) }
        var changes = changes
        if let title = changes.title { changes.title = title.trimmingCharacters(in: .whitespacesAndNewlines) }
        var after = before
        if let title = changes.title { after.title = title }
        if let body = changes.body { after.body = body }
        try Vault.validateNote(after)
        let fileModified = Date(timeIntervalSince1970: TimeInterval(snapshot.stamp.mtime) / 1e9)
        let bytes = try NoteFileCodec.apply(changes, modified: clock.now, to: snapshot.bytes, id: id,
                                            fileModified: fileModified, timeZone: clock.timeZone)
        try folder.write(bytes, to: before.path, expected: snapshot.stamp)
        return try readNote(id).0
    }

    /// Appends `line` to the end of note `id`'s body, on a line of its own (a line break is put
    /// before it when the body does not end with one). The rest of the file stays as it was.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` for text with a line break.
    @discardableResult
    public func appendLine(toNote id: String, _ line: String) throws -> Note {
        guard !line.contains(where: \.isNewline) else {
            throw TodoError.invalidValue(field: "line", value: String(line.prefix(20)), reason: "one line, without line breaks")
        }
        let (note, snapshot) = try readNote(id)
        let separator = note.body.isEmpty || note.body.hasSuffix("\n") ? "" : "\n"
        return try editNote(id, NoteChanges(body: note.body + separator + line + "\n"), expectedHash: snapshot.stamp.hash)
    }

    /// Pins or unpins a note (pinned notes list first).
    @discardableResult
    public func setNotePinned(_ id: String, _ pinned: Bool) throws -> Note {
        try editNote(id, NoteChanges(pinned: pinned))
    }

    /// Moves notes to `.trash/Notes/` (restorable; a taken name gets `-2`, …) and returns where
    /// each went, in the order given. Every id is checked before anything moves, so an unknown
    /// one moves nothing.
    @discardableResult
    public func deleteNotes(_ ids: [String]) throws -> [String] {
        var seen = Set<String>()
        let unique = ids.filter { seen.insert($0).inserted }
        for id in unique { _ = try readNoteOrUnreadable(id) }
        var moved: [String] = []
        for id in unique {
            let destination = try freeName(in: ".trash/" + Note.folder, for: id + ".md")
            try folder.move(Note.path(for: id), to: destination)
            moved.append(destination)
        }
        return moved
    }

    /// Undoes a delete of notes: each `.trash/Notes/NAME.md` goes back to `Notes/ID.md`, or to
    /// `ID-2.md`, … beside it when another note has taken that name since. `items` are what
    /// ``deleteNotes(_:)`` answered, paired with the ids given to it (`[(id, trashedTo)]`).
    ///
    /// Every item is checked before any file moves.
    ///
    /// - Returns: the restored notes' ids, in the order given.
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` for a `trashed_to` that is not
    ///   a Markdown file directly in `.trash/Notes/`, an id that is not a note's, or a file named
    ///   twice; ``TodoError/notInTrash(_:)`` for a file no longer there.
    @discardableResult
    public func restoreNotes(_ items: [(id: String, trashedTo: String)]) throws -> [String] {
        var seen = Set<String>()
        for item in items {
            try Vault.checkTrashPath(item.trashedTo, in: [".trash/" + Note.folder])
            guard Vault.isValidNoteID(item.id) else {
                throw TodoError.invalidValue(field: "id", value: item.id, reason: "a note's id")
            }
            guard seen.insert(item.trashedTo).inserted else {
                throw TodoError.invalidValue(field: "trashed_to", value: item.trashedTo, reason: "each file once")
            }
            guard folder.exists(item.trashedTo) else { throw TodoError.notInTrash(item.trashedTo) }
            // Only a note goes back (another program's file in the trash is moved by hand).
            if case let .unparseable(reason) = decodeTrashedNote(item.trashedTo, id: item.id) {
                throw TodoError.unparseable(path: item.trashedTo, reason: reason)
            }
        }
        var restored: [String] = []
        for item in items {
            let destination = try freeName(in: Note.folder, for: item.id + ".md")
            try folder.move(item.trashedTo, to: destination)
            restored.append(String(destination.dropFirst(Note.folder.count + 1).dropLast(3)))
        }
        return restored
    }

    /// Checks that a note file exists (an unreadable one may still be deleted).
    private func readNoteOrUnreadable(_ id: String) throws {
        do {
            _ = try readNote(id)
        } catch NoteError.unreadable {
            return
        }
    }
}
