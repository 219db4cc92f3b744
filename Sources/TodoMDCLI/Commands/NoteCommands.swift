import ArgumentParser
import Foundation
import TodoMDKit

/// `todomd note …`: Markdown notes in `Notes/` (§15).
struct NoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "List, write, pin and delete notes, and make tasks from their lines.",
        discussion: """
            Notes are Markdown files in the vault's Notes/ folder; they are never tasks. A NOTE \
            reference is a note id (its filename without .md), a unique id prefix, or a unique \
            part of its title.
            """,
        subcommands: [NoteList.self, NoteAdd.self, NoteShow.self, NoteEdit.self, NotePin.self, NoteUnpin.self,
                      NoteDelete.self, NoteRestore.self, NoteTask.self])
}

/// Human output for notes.
enum NoteOutput {
    /// `Nov 21` this year, else `Nov 21, 2025`, in the local time zone.
    static func day(_ instant: Date, _ context: CommandContext) -> String {
        let date = LocalDate(instant, in: context.clock.timeZone)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let text = "\(months[date.month - 1]) \(date.day)"
        return date.year == context.clock.today.year ? text : "\(text), \(date.year)"
    }

    static func confirm(_ verb: String, _ note: Note, json: Bool, _ context: CommandContext) {
        if json {
            context.line(note.json.compact())
        } else {
            context.line("\(context.style.green(verb)) \(note.title)  \(context.style.dim(note.id))")
        }
    }
}

struct NoteList: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List notes: pinned first, then newest first.")
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let listing = try context.openVault().notes()
        if output.json {
            context.line(listing.json.compact())
            return
        }
        let s = context.style
        for problem in listing.unreadable {
            context.err(s.yellow("warning: ") + "\(Note.path(for: problem.id)) is not a readable note: \(problem.reason)")
        }
        if listing.notes.isEmpty {
            context.line(s.dim("No notes yet. Add one: todomd note add \"Shopping list\""))
            return
        }
        let width = min(listing.notes.map { $0.title.count }.max() ?? 0, 48)
        for (heading, notes) in [("Pinned", listing.pinned), ("Notes", listing.others)] where !notes.isEmpty {
            context.line(s.bold("\(heading) (\(notes.count))"))
            for note in notes {
                let title = note.title.count > width ? String(note.title.prefix(width - 1)) + "…" : note.title
                let pad = String(repeating: " ", count: max(0, width - title.count))
                context.line("  \(note.pinned ? "📌" : "  ") \(title)\(pad)  \(s.dim(NoteOutput.day(note.modified, context)))  \(s.dim(note.id))")
            }
        }
    }
}

struct NoteAdd: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Write a new note; prints its id.")
    @Argument(help: "The title.") var title: [String]
    @Option(parsing: .unconditional, help: "The Markdown body (may start with `-`).") var body: String?
    @Flag(help: "Pin it (pinned notes list first).") var pin = false
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let note = try context.openVault().addNote(title: title.joined(separator: " "), body: body ?? "", pinned: pin)
        context.line(output.json ? note.json.compact() : note.id)
    }
}

struct NoteShow: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a note and the tasks made from it.")
    @Argument(help: "The note.") var note: String
    @Flag(name: [.customShort("n"), .long], help: "Number the body's lines, as `note task --line` counts them.")
    var numbers = false
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let found = try vault.note(note)
        let tasks = try vault.linkedTasks(of: found)
        if output.json {
            var json = found.json
            json.set("tasks", .array(tasks.map {
                .object([("line", .number(Double($0.line))), ("id", .string($0.id)), ("title", .string($0.title)),
                         ("status", .string($0.status))])
            }))
            context.line(json.compact())
            return
        }
        let s = context.style
        context.line(s.bold(found.title) + (found.pinned ? "  📌" : ""))
        context.line(s.dim("\(found.path) · created \(NoteOutput.day(found.created, context)) · modified \(NoteOutput.day(found.modified, context))"))
        for warning in found.warnings { context.line(s.yellow("⚠ \(warning)")) }
        if numbers {
            context.line()
            let lines = found.lines
            let width = String(lines.count).count
            for (i, line) in lines.enumerated() {
                let n = String(i + 1)
                context.line(s.dim(String(repeating: " ", count: width - n.count) + n) + "  " + line)
            }
        } else if !found.body.isEmpty {
            context.line()
            context.out(found.body.hasSuffix("\n") ? found.body : found.body + "\n")
        }
        if !tasks.isEmpty {
            context.line()
            context.line(s.bold("Tasks from this note"))
            for t in tasks {
                let mark = t.status == "done" ? s.green("✓") : t.status == "cancelled" ? s.dim("✕") : "○"
                context.line("  \(mark) \(t.title)  \(s.dim("line \(t.line) · \(t.id)"))")
            }
        }
    }
}

struct NoteEdit: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a note's title or body.")
    @Argument(help: "The note.") var note: String
    @Option(help: "The new title.") var title: String?
    @Option(parsing: .unconditional, help: "The new Markdown body (replaces the old one).") var body: String?
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        guard title != nil || body != nil else { throw ValidationError("Say what to change: --title and/or --body.") }
        let vault = try context.openVault()
        let edited = try vault.editNote(try vault.resolveNote(note), NoteChanges(title: title, body: body))
        NoteOutput.confirm("Updated:", edited, json: output.json, context)
    }
}

struct NotePin: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "pin", abstract: "Pin a note to the top of the list.")
    @Argument(help: "The note.") var note: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let pinned = try vault.setNotePinned(try vault.resolveNote(note), true)
        NoteOutput.confirm("Pinned:", pinned, json: output.json, context)
    }
}

struct NoteUnpin: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "unpin", abstract: "Unpin a note.")
    @Argument(help: "The note.") var note: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let unpinned = try vault.setNotePinned(try vault.resolveNote(note), false)
        NoteOutput.confirm("Unpinned:", unpinned, json: output.json, context)
    }
}

struct NoteRestore: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "restore",
        abstract: "Put a deleted note back from the vault's .trash/Notes/ folder.",
        discussion: "FILE is where `todomd note delete` said it went (.trash/Notes/NAME.md, or NAME). It goes back to "
            + "Notes/ under its name, or --as ID; a name taken since gets ID-2.md.")
    @Argument(help: "The file in .trash/Notes/.") var file: String
    @Option(name: .customLong("as"), help: "The note's id (its filename without .md) in Notes/.") var id: String?
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let prefix = ".trash/" + Note.folder + "/"
        var name = file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
        if !name.hasSuffix(".md") { name += ".md" }
        let vault = try context.openVault()
        let restored = try vault.restoreNotes([(id ?? String(name.dropLast(3)), prefix + name)])
        for id in restored { NoteOutput.confirm("Restored:", try vault.readNote(id).0, json: output.json, context) }
    }
}

struct NoteDelete: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "delete",
        abstract: "Move notes to the vault's .trash/Notes/ folder.",
        discussion: "Every reference is resolved before anything moves: one unknown note moves none.")
    @Argument(help: "The notes.") var notes: [String]
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        guard !notes.isEmpty else { throw ValidationError("Name at least one note to delete.") }
        let vault = try context.openVault()
        let ids = try notes.map { try vault.resolveNote($0) }
        let titles = ids.map { (try? vault.readNote($0).0.title) ?? $0 }
        let moved = try vault.deleteNotes(ids)
        if output.json {
            context.line(JSONValue.object([("deleted", .array(zip(ids, moved).map {
                .object([("id", .string($0.0)), ("trashed_to", .string($0.1))])
            }))]).compact())
            return
        }
        for (id, (title, destination)) in zip(ids, zip(titles, moved)) {
            context.line("\(context.style.green("Deleted:")) \(title)  \(context.style.dim("moved to \(destination)"))")
            let name = destination.split(separator: "/").last.map(String.init) ?? destination
            let back = name == id + ".md" ? "" : " --as \(TaskOutput.shellWord(id))"
            context.line(context.style.dim("  todomd note restore \(TaskOutput.shellWord(destination))\(back) puts it back"))
        }
    }
}

struct NoteTask: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "task",
        abstract: "Make a task from a line of a note; prints the task's id.",
        discussion: """
            Line numbers count the note's body from 1 (`todomd note show NOTE -n` numbers them). The task \
            gets note and note_line; the line gets a link to the task: [[TASK-FILENAME]].
            """)
    @Argument(help: "The note.") var note: String
    @Option(help: "The body line (from 1).") var line: Int
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let (task, _) = try vault.createTask(fromNote: try vault.resolveNote(note), line: line)
        context.line(output.json ? TaskJSON.encode(task) : task.id)
    }
}
