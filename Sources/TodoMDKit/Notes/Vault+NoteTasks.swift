import Foundation

/// What creating tasks from a note's lines did.
public struct NoteTasks: Sendable {
    /// The tasks created, one per line, in line order.
    public let tasks: [TodoTask]
    /// The note as written, with a link to each task appended to its line.
    public let note: Note
}

extension Vault {
    /// Creates a task from each of a note's lines, linked both ways (§15).
    ///
    /// Each task's title is its line's text without Markdown markers (list markers, checkbox,
    /// heading `#`s, emphasis around the whole text); it gets `note` (the note's id) and
    /// `note_line` (the line's number in the body, from 1 — see ``NoteText``) and `source: user`.
    /// The note's line gets ` [[STEM]]` appended, a wikilink to the task's file.
    ///
    /// - Parameters:
    ///   - lines: body line numbers, from 1. With several, blank lines and dividers are skipped;
    ///     a single line must hold text.
    /// - Throws: ``NoteError/badLine(note:line:reason:)`` for a line outside the body or without
    ///   text, ``NoteError/lineHasTask(note:line:task:)`` when it already links to a task, and
    ///   ``TodoError/conflict(path:)`` when the note changed underneath — then no task is left
    ///   behind either.
    public func createTasks(fromNote id: String, lines: [Int]) throws -> NoteTasks {
        let (note, snapshot) = try readNote(id)
        let bodyLines = note.lines
        var wanted: [(number: Int, title: String)] = []
        for number in Array(Set(lines)).sorted() {
            guard number >= 1, number <= bodyLines.count else {
                throw NoteError.badLine(note: id, line: number, reason: bodyLines.isEmpty
                    ? "the note has no lines" : "the note has \(bodyLines.count) line\(bodyLines.count == 1 ? "" : "s")")
            }
            let line = bodyLines[number - 1]
            if let stem = NoteText.linkedTasks(line).first {
                throw NoteError.lineHasTask(note: id, line: number, task: stem + ".md")
            }
            let title = NoteText.plainLine(line)
            if title.isEmpty || NoteText.isDivider(line) {
                if lines.count > 1 { continue }
                throw NoteError.badLine(note: id, line: number, reason: "it holds no text to make a task of")
            }
            wanted.append((number, title))
        }
        guard !wanted.isEmpty else {
            throw NoteError.badLine(note: id, line: lines.first ?? 0, reason: "the selected lines hold no text")
        }
        let now = Date(timeIntervalSince1970: floor(clock.now.timeIntervalSince1970))
        var created: [TodoTask] = []
        do {
            var body = note.body
            for (number, title) in wanted {
                var draft = TodoTask(title: String(title.prefix(TaskFileCodec.Limits.titleCharacters)), created: now)
                draft.note = id
                draft.noteLine = number
                let task = try add(draft)
                created.append(task)
                guard let linked = NoteText.appending(NoteText.taskLink(taskID: task.id), toLine: number, of: body) else {
                    throw NoteError.badLine(note: id, line: number, reason: "the line could not be found")
                }
                body = linked
            }
            let fileModified = Date(timeIntervalSince1970: TimeInterval(snapshot.stamp.mtime) / 1e9)
            let bytes = try NoteFileCodec.apply(NoteChanges(body: body), modified: now, to: snapshot.bytes, id: id,
                                                fileModified: fileModified, timeZone: clock.timeZone)
            try folder.write(bytes, to: note.path, expected: snapshot.stamp)
        } catch {
            // The note could not take the links: the tasks this call just made go again, so a
            // retry does not leave duplicates behind.
            for task in created { try? folder.remove(task.id) }
            try? index.refresh(created.map(\.id), in: folder, timeZone: clock.timeZone)
            throw error
        }
        return NoteTasks(tasks: created, note: try readNote(id).0)
    }

    /// Creates a task from one line of a note; see ``createTasks(fromNote:lines:)``.
    public func createTask(fromNote id: String, line: Int) throws -> (TodoTask, Note) {
        let result = try createTasks(fromNote: id, lines: [line])
        guard let task = result.tasks.first else {
            throw NoteError.badLine(note: id, line: line, reason: "it holds no text to make a task of")
        }
        return (task, result.note)
    }
}
