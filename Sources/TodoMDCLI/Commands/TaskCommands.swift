import ArgumentParser
import Foundation
import TodoMDKit

/// Prints one task: its id (default for `add`), its fields, or TASK JSON.
enum TaskOutput {
    /// `word` as one shell word, to paste: as it is when plain, else in single quotes.
    static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./+@%:,".contains($0) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    static func print(_ task: TodoTask, json: Bool, _ context: CommandContext, subtasks: [TodoTask] = [],
                      blockers: [TodoTask] = []) {
        if json {
            context.line(TaskJSON.encode(task))
        } else {
            context.out(TaskRenderer(style: context.style, now: context.clock.localNow, timeZone: context.clock.timeZone)
                .render(task, subtasks: subtasks, blockers: blockers))
        }
    }

    /// A one-line confirmation such as `Done: Buy milk (20261121-0900-buy-milk.md)`.
    static func confirm(_ verb: String, _ task: TodoTask, json: Bool, _ context: CommandContext) {
        if json {
            context.line(TaskJSON.encode(task))
        } else {
            context.line("\(context.style.green(verb)) \(task.title)  \(context.style.dim(task.id))")
        }
    }
}

/// Field options shared by `add` and `edit`: friendly names for the common fields, and any
/// other task field by its §3 key (`--recurrence-mode after_completion`, `--estimated_minutes
/// 30`). Every value goes through ``TaskInput``, as the web API's and MCP's do, so a value
/// means the same thing wherever it is typed.
struct FieldOptions: ParsableArguments {
    @Option(help: "Due date: YYYY-MM-DD or a phrase (tomorrow, friday, in 3 days).") var due: String?
    @Option(name: .customLong("defer"), help: "Hide until this date.") var deferDate: String?
    @Option(help: "The day you plan to work on it.") var scheduled: String?
    @Option(help: "none, low, medium or high.") var priority: String?
    @Flag(help: "Flag the task.") var flag = false
    @Option(help: "Area.") var area: String?
    @Option(help: "Project.") var project: String?
    @Option(name: .customLong("tag"), help: "A tag (repeat for several).") var tags: [String] = []
    @Option(help: "Estimated time: minutes (45) or a duration (1h30m).") var estimate: String?
    @Option(help: "A repeat rule: an RRULE (FREQ=WEEKLY;BYDAY=SA) or a phrase (every saturday).") var `repeat`: String?
    @Option(parsing: .unconditional, help: "A one-line description shown under the title.") var description: String?
    @Option(parsing: .unconditional, help: "The body (notes) of the task; may start with `-`.") var note: String?
    @Option(help: "Who created the task (default: user).") var source: String?
    @Option(help: "Make it a subtask of this task (id, filename or title words).") var parent: String?
    @Option(name: .customLong("blocked-by"), help: "A task this one waits for (repeat for several).")
    var blockedBy: [String] = []
    // Unconditional: `-15m` is the value, not an option.
    @Option(name: .customLong("remind"), parsing: .unconditionalSingleValue,
            help: "A reminder: -15m, -1h, -1d (before due), -PT15M, or YYYY-MM-DD HH:MM (repeat for several; replaces the list).")
    var remind: [String] = []

    /// The keys with a friendly option of their own.
    private static let friendly: Set<String> = ["due", "defer", "scheduled", "priority", "area", "project",
                                                "description", "source", "parent", "blocked_by", "reminders"]

    /// The settable keys without a friendly option, for the help text.
    static let otherKeys: String = TaskFieldSpec.table
        .filter { $0.role != .system && !friendly.contains($0.key) }
        .map { "--" + $0.key.replacingOccurrences(of: "_", with: "-") }.joined(separator: ", ")

    /// Help for the words that hold `--KEY VALUE` pairs of the other fields.
    static let otherFieldsHelp = "Any other task field by its key, as --KEY VALUE: " + otherKeys + " (snake_case too)."

    /// The fields these options set, then `other` (`--KEY VALUE` words), as the (key, value)
    /// pairs ``TaskInput`` reads; `body` for `--note`. A value given twice: the later one wins.
    func fields(_ other: [String] = []) throws -> [(String, JSONValue)] {
        var out: [(String, JSONValue)] = []
        func add(_ key: String, _ value: String?) { if let value { out.append((key, .string(value))) } }
        add("due", due)
        add("defer", deferDate)
        add("scheduled", scheduled)
        add("priority", priority)
        if flag { out.append(("flagged", .bool(true))) }
        add("area", area)
        add("project", project)
        if !tags.isEmpty { out.append(("tags", .array(tags.map(JSONValue.string)))) }
        add("estimated_minutes", estimate)
        add("recurrence", self.repeat)
        add("description", description)
        add("body", note)
        add("source", source)
        add("parent", parent)
        if !blockedBy.isEmpty { out.append(("blocked_by", .array(blockedBy.map(JSONValue.string)))) }
        if !remind.isEmpty { out.append(("reminders", .array(remind.map(JSONValue.string)))) }
        out += try Self.keyValues(other).pairs
        return out
    }

    /// `--KEY VALUE` and `--KEY=VALUE` pairs among `words` (keys are §3 keys in kebab or snake
    /// case, or `body`), and the other words in order.
    ///
    /// - Throws: for an unknown key or a key without a value.
    static func keyValues(_ words: [String]) throws -> (pairs: [(String, JSONValue)], rest: [String]) {
        var pairs: [(String, JSONValue)] = []
        var rest: [String] = []
        var i = 0
        while i < words.count {
            let word = words[i]
            i += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                rest.append(word)
                continue
            }
            var key = String(word.dropFirst(2))
            let value: String
            if let eq = key.firstIndex(of: "=") {
                value = String(key[key.index(after: eq)...])
                key = String(key[..<eq])
            } else {
                guard i < words.count else { throw ValidationError("`\(word)` needs a value: \(word) VALUE") }
                value = words[i]
                i += 1
            }
            guard key == "body" || TaskField(key: key) != nil else {
                throw ValidationError("`--\(key)` is not an option or a task field. Fields: " + otherKeys + ".")
            }
            pairs.append((key.replacingOccurrences(of: "-", with: "_"), .string(value)))
        }
        return (pairs, rest)
    }
}

struct Add: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "add",
        abstract: "Add a task; prints its id.",
        discussion: "Example: todomd add Buy milk --due tomorrow --tag errands")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(
        "The task, in quick-entry form: Call dentist friday #health +Admin @Personal !high ~15m every month. "
            + FieldOptions.otherFieldsHelp))
    var words: [String] = []
    @OptionGroup var fields: FieldOptions
    @Option(name: .long, help: "Create from .templates/NAME.md or the project template .templates/NAME/ (see `todomd template list`); the text overrides the title.")
    var template: String?
    @Flag(name: .long, help: "Show what would be created without writing anything.") var dryRun = false
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        let (other, text) = try FieldOptions.keyValues(words)
        let line = text.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        if let template {
            let vault = try context.openVault()
            let tasks = try vault.addFromTemplate(template, text: line, source: "user", dryRun: dryRun)
            if output.json {
                context.line("{\"tasks\":[" + tasks.map(TaskJSON.encode).joined(separator: ",") + "]}")
            } else {
                for task in tasks { context.line((dryRun ? context.style.dim("Would create: ") : "") + task.id) }
            }
            return
        }
        guard !line.isEmpty else { throw ValidationError("Give the task a title: todomd add Buy milk tomorrow #errands") }
        let vault = try context.openVault()
        // Options win over parsed tokens.
        let draft = try vault.draft(text: line, fields: try fields.fields() + other, source: "user")
        // What reading the line left out (a time of day), on stderr: stdout stays the id or JSON.
        for warning in draft.warnings { context.err(context.style.yellow("⚠ " + warning)) }
        let task = try vault.add(draft, dryRun: dryRun)
        if output.json {
            context.line(TaskJSON.encode(task))
        } else if dryRun {
            context.out(context.style.dim("Would create:") + "\n")
            context.out(TaskRenderer(style: context.style, now: context.clock.localNow).render(task))
        } else {
            context.line(task.id)
        }
    }
}

struct Show: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one task.")
    @Argument(help: "A task id, filename, filename prefix or part of its title.") var task: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let shown = try vault.task(task)
        // Its subtasks and what it waits for by title (a file that no longer reads stays an id).
        let subtasks = output.json ? [] : shown.links.children.compactMap { try? vault.task($0) }
        let blockers = output.json ? [] : shown.links.blockers.compactMap { try? vault.task($0) }
        TaskOutput.print(shown, json: output.json, context, subtasks: subtasks, blockers: blockers)
    }
}

/// `duplicate TASK`: a copy of a task with its subtasks, as Things' and Todoist's Duplicate.
struct DuplicateCommand: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicate", abstract: "Copy a task, with its subtasks.",
        discussion: """
            The copy has the same title, fields and notes, beside the original (under the same \
            parent); each subtask is copied under the copy of its parent. A done task's copy is to \
            do; tracked time, a snooze and the planner's keys stay with the original. Prints the \
            new files. Example: todomd duplicate "Plan the trip"
            """)
    @Argument(help: "The task.") var task: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let copies = try vault.duplicate(try vault.resolveIncludingClosed(task), source: "user")
        if output.json {
            context.line("{\"tasks\":[" + copies.map(TaskJSON.encode).joined(separator: ",") + "]}")
            return
        }
        for copy in copies { context.line(copy.id) }
    }
}

struct Edit: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "edit",
        abstract: "Change fields of a task (only their lines in the file change).",
        discussion: "Example: todomd edit groceries --due 2026-12-01 --priority high --clear defer")

    @Argument(help: "The task.") var task: String
    @Option(help: "New title.") var title: String?
    @Option(help: "todo, in-progress, done, cancelled or someday.") var status: String?
    @OptionGroup var fields: FieldOptions
    @Option(help: "Flagged: true or false.") var flagged: String?
    @Option(name: .customLong("tags"), help: "Replace the tags (comma-separated).") var tagList: String?
    @Option(name: .customLong("body"), parsing: .unconditional, help: "Replace the body.") var body: String?
    @Option(name: .customLong("clear"), help: "Remove a field (repeat for several).") var clear: [String] = []
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(FieldOptions.otherFieldsHelp, valueName: "--KEY VALUE"))
    var otherFields: [String] = []

    func run(_ context: CommandContext) throws {
        let (other, unexpected) = try FieldOptions.keyValues(otherFields)
        if let word = unexpected.first {
            throw ValidationError("Unexpected argument `\(word)`: give fields as --KEY VALUE (e.g. --due friday).")
        }
        var pairs: [(String, JSONValue)] = []
        if let title { pairs.append(("title", .string(title))) }
        if let status { pairs.append(("status", .string(status))) }
        if let flagged { pairs.append(("flagged", .string(flagged))) }
        if let tagList { pairs.append(("tags", .string(tagList))) }
        pairs += try fields.fields() + other
        if let body { pairs.append(("body", .string(body))) }
        pairs += clear.map { ($0, JSONValue.null) }
        guard !pairs.isEmpty else {
            throw ValidationError("Nothing to change: give a field, e.g. --due 2026-12-01, or --clear FIELD")
        }
        let vault = try context.openVault()
        let id = try vault.resolve(task)
        let (changes, newBody) = try TaskInput.changes(from: pairs, now: context.clock.localNow)
        let updated = try vault.update(id, changes, body: newBody)
        TaskOutput.confirm("Updated:", updated, json: output.json, context)
    }
}

/// `done`, `reopen`, `cancel`, `delete`: one task, one action.
struct Done: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Complete a task.",
        discussion: "A task with open subtasks is left as it is unless --with-subtasks is given.")
    @Argument(help: "The task.") var task: String
    @OptionGroup var subtasks: SubtaskOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let completion = try vault.complete(try vault.resolve(task), subtasks: subtasks.policy)
        TaskOutput.confirm("Done:", completion.completed, json: output.json, context)
        if let next = completion.next, !output.json {
            let when = next.dueAt ?? next.scheduledAt ?? next.deferAt
            let day = when.map { " — next " + TaskRenderer(style: context.style, now: context.clock.localNow).relative($0) } ?? ""
            context.line("\(context.style.green("Next:")) \(next.title)\(day)  \(context.style.dim(next.id))")
        }
    }
}

/// `skip REF`: the next occurrence of a repeating task, this one cancelled (§24).
struct Skip: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "skip",
        abstract: "Skip this occurrence of a repeating task: the next one is created, this one cancelled.")
    @Argument(help: "The task.") var task: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let skipped = try vault.skip(try vault.resolve(task))
        TaskOutput.confirm("Skipped:", skipped.completed, json: output.json, context)
        if let next = skipped.next, !output.json {
            let when = next.dueAt ?? next.scheduledAt ?? next.deferAt
            let day = when.map { " — next " + TaskRenderer(style: context.style, now: context.clock.localNow).relative($0) } ?? ""
            context.line("\(context.style.green("Next:")) \(next.title)\(day)  \(context.style.dim(next.id))")
        }
    }
}

/// `--with-subtasks` for `done`, `cancel` and `delete` (§23).
struct SubtaskOptions: ParsableArguments {
    @Flag(help: "Do the same to every open subtask (and theirs).") var withSubtasks = false

    var policy: SubtaskPolicy { withSubtasks ? .include : .refuse }
}

/// `check REF N` / `uncheck REF N`: one item of a task's checklist (§23).
struct Check: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "check",
        abstract: "Check item N of a task's checklist (its `- [ ]` lines).",
        discussion: "Exactly one character of the file changes, plus the `modified` line. "
            + "`todomd show TASK` numbers the items.")
    @Argument(help: "The task.") var task: String
    @Argument(help: "The item's number, from 1.") var item: Int
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        try ChecklistCommand.run(task: task, item: item, checked: true, json: output.json, context)
    }
}

struct Uncheck: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "uncheck",
        abstract: "Uncheck item N of a task's checklist.")
    @Argument(help: "The task.") var task: String
    @Argument(help: "The item's number, from 1.") var item: Int
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        try ChecklistCommand.run(task: task, item: item, checked: false, json: output.json, context)
    }
}

enum ChecklistCommand {
    static func run(task: String, item: Int, checked: Bool, json: Bool, _ context: CommandContext) throws {
        let vault = try context.openVault()
        let updated = try vault.setChecklistItem(try vault.resolve(task), item, checked: checked)
        if json {
            context.line(TaskJSON.encode(updated))
            return
        }
        let items = Checklist.items(in: updated.body)
        let text = item <= items.count ? items[item - 1].text : ""
        let tally = updated.links.checklist.map { " (\($0.done)/\($0.total))" } ?? ""
        context.line("\(context.style.green(checked ? "Checked:" : "Unchecked:")) \(text)\(tally)  \(context.style.dim(updated.id))")
    }
}

struct Reopen: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "reopen", abstract: "Reopen a done or cancelled task.")
    @Argument(help: "The task.") var task: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let id = try vault.resolveIncludingClosed(task)
        TaskOutput.confirm("Reopened:", try vault.reopen(id), json: output.json, context)
    }
}

struct Cancel: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a task (the file stays).",
        discussion: "A task with open subtasks is left as it is unless --with-subtasks is given.")
    @Argument(help: "The task.") var task: String
    @OptionGroup var subtasks: SubtaskOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let cancelled = try vault.cancel(try vault.resolve(task), subtasks: subtasks.policy)
        TaskOutput.confirm("Cancelled:", cancelled, json: output.json, context)
    }
}

struct Delete: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Move a task to the vault's .trash/ folder.",
        discussion: "A task with open subtasks is left as it is unless --with-subtasks (trash them too) "
            + "or --keep-subtasks (they stay, without a parent) is given.")
    @Argument(help: "The task.") var task: String
    @OptionGroup var subtasks: SubtaskOptions
    @Flag(help: "Keep its subtasks as tasks of their own (they lose `parent`).") var keepSubtasks = false
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        if keepSubtasks, subtasks.withSubtasks {
            throw ValidationError("Give --with-subtasks or --keep-subtasks, not both.")
        }
        let vault = try context.openVault()
        // A done or cancelled task can be deleted too (as in the web app and the API).
        let id = try vault.resolveIncludingClosed(task)
        let title = try vault.read(id).0.title
        let destination = try vault.delete(id, subtasks: keepSubtasks ? .keep : subtasks.policy)
        if output.json {
            context.line(JSONValue.object([("id", .string(id)), ("trashed_to", .string(destination))]).compact())
        } else {
            context.line("\(context.style.green("Deleted:")) \(title)  \(context.style.dim("moved to \(destination)"))")
            // How to undo it; a task from a folder gets --to too, so the line works where the log is gone.
            let back = destination.split(separator: "/").last.map(String.init) == id ? "" : " --to \(TaskOutput.shellWord(id))"
            context.line(context.style.dim("  todomd restore \(TaskOutput.shellWord(destination))\(back) puts it back"))
        }
    }
}

struct Restore: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Put a deleted task (or note) back from the vault's .trash/ folder.",
        discussion: "TASK is where `todomd delete` said it went (.trash/NAME, or NAME), or words of its title "
            + "(`todomd trash` lists them, deleted notes too). It goes back to where it was, else (for a file another "
            + "program put there) to NAME at the top of the vault, or to --to PATH (for a note, --to ID); a path "
            + "taken since gets NAME-2.md beside it.")
    @Argument(help: "The task in .trash/: its file, or words of its title.") var task: String
    @Option(help: "Where it goes back, instead of where it was (a note: its id).") var to: String?
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let entry = try vault.trashed(task)
        let id = try vault.restore(entry, to: to)
        if entry.kind == .note {
            NoteOutput.confirm("Restored:", try vault.readNote(id).0, json: output.json, context)
        } else {
            TaskOutput.confirm("Restored:", try vault.read(id).0, json: output.json, context)
        }
    }
}

struct TrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash", abstract: "List the deleted tasks and notes in the vault's .trash/ folder, or empty it.",
        discussion: "`todomd restore WORDS` puts one back where it was.",
        subcommands: [TrashList.self, TrashEmpty.self], defaultSubcommand: TrashList.self)
}

struct TrashList: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the deleted tasks and notes, most recent first.")
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let entries = try vault.trashContents()
        if output.json {
            context.line(JSONValue.object([("trash", .array(entries.map(\.json)))]).compact())
            return
        }
        context.line(context.style.bold("Trash") + "  " + context.style.dim(TrashList.count(entries)))
        if entries.isEmpty {
            context.line(context.style.dim("  Nothing here. Deleted tasks wait here until the trash is emptied."))
            return
        }
        let width = min(entries.map(\.title.count).max() ?? 0, 48)
        for entry in entries {
            let when = TaskDate(instant: entry.deleted, in: context.clock.timeZone).description.replacingOccurrences(of: "T", with: " ")
            // Where it was, when that was a folder (a task from the top has the same name in the trash).
            let from = entry.kind == .note ? "" : entry.formerID.flatMap { $0.contains("/") ? "from \($0), " : nil } ?? ""
            let title = entry.title.count < width ? entry.title.padding(toLength: width, withPad: " ", startingAt: 0) : entry.title
            let what = entry.kind == .note ? (entry.readable ? "note, " : "not a note file, ")
                : entry.readable ? "" : "not a task file, "
            context.line("  \(title)  " + context.style.dim("\(what)\(from)deleted \(when)  \(entry.trashedTo)"))
        }
        context.line(context.style.dim("  todomd restore WORDS puts one back; todomd trash empty --yes removes them for good"))
    }
}

extension TrashList {
    /// `3 tasks`, `1 task and 2 notes`.
    static func count(_ entries: [TrashEntry]) -> String {
        let notes = entries.filter { $0.kind == .note }.count, tasks = entries.count - notes
        let taskText = tasks == 1 ? "1 task" : "\(tasks) tasks"
        return notes == 0 ? taskText : "\(taskText) and \(notes == 1 ? "1 note" : "\(notes) notes")"
    }
}

struct TrashEmpty: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "empty", abstract: "Remove deleted tasks and notes from .trash/ for good.",
        discussion: "Everything `todomd trash` lists, or only the ones named (their file or words of their "
            + "title). Other programs' files in .trash/ stay.")
    @Argument(help: "The tasks to remove (all when none is named).") var tasks: [String] = []
    @Flag(help: "Remove them: without it, nothing is removed.") var yes = false
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let entries = try tasks.isEmpty ? vault.trashContents() : tasks.map { try vault.trashed($0) }
        guard yes || entries.isEmpty else {
            throw ValidationError("This removes \(TrashList.count(entries)) for good; add --yes to do it.")
        }
        let removed = try vault.emptyTrash(entries.map(\.trashedTo))
        if output.json {
            context.line(JSONValue.object([("removed", .array(removed.map(JSONValue.string)))]).compact())
        } else {
            context.line(removed.isEmpty ? context.style.dim("The trash is empty.")
                : "\(context.style.green("Removed:")) \(TrashList.count(entries)) for good")
        }
    }
}

struct Defer: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "defer", abstract: "Hide a task until a date.")
    @Argument(help: "The task.") var task: String
    @Argument(help: "The date (YYYY-MM-DD, tomorrow…).") var date: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let day = try DateInput.requireTimed(date, field: "defer", now: context.clock.localNow)
        let vault = try context.openVault()
        TaskOutput.confirm("Deferred:", try vault.deferTask(try vault.resolve(task), to: day), json: output.json, context)
    }
}

struct Move: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "move",
        abstract: "Move a task within a view's manual order (.order.json).",
        discussion: "Without --before the task goes to the end of the view.")
    @Argument(help: "The task to move.") var task: String
    @Option(help: "Put it before this task.") var before: String?
    @Option(help: "The view (inbox, today, anytime, someday, flagged, area:X, project:X, tag:X).") var view: String = "inbox"
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let id = try vault.resolve(task)
        let target = try before.map { try vault.resolve($0) }
        try vault.reorder(id, before: target, inView: view)
        context.line("Moved \(id) \(target.map { "before \($0)" } ?? "to the end") in \(view).")
    }
}
