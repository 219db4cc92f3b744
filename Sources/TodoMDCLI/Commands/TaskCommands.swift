import ArgumentParser
import Foundation
import TodoMDKit

/// Prints one task: its id (default for `add`), its fields, or TASK JSON.
enum TaskOutput {
    static func print(_ task: TodoTask, json: Bool, _ context: CommandContext) {
        if json {
            context.line(TaskJSON.encode(task))
        } else {
            context.out(TaskRenderer(style: context.style, today: context.clock.today).render(task))
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

/// Field options shared by `add` and `edit`.
struct FieldOptions: ParsableArguments {
    @Option(help: "Due date (YYYY-MM-DD, today, tomorrow).") var due: String?
    @Option(name: .customLong("defer"), help: "Hide until this date.") var deferDate: String?
    @Option(help: "The day you plan to work on it.") var scheduled: String?
    @Option(help: "none, low, medium or high.") var priority: String?
    @Flag(help: "Flag the task.") var flag = false
    @Option(help: "Area.") var area: String?
    @Option(help: "Project.") var project: String?
    @Option(name: .customLong("tag"), help: "A tag (repeat for several).") var tags: [String] = []
    @Option(help: "Estimated minutes.") var estimate: Int?
    @Option(help: "A recurrence rule (RRULE), e.g. FREQ=WEEKLY;BYDAY=SA.") var `repeat`: String?
    @Option(parsing: .unconditional, help: "A one-line description shown under the title.") var description: String?
    @Option(parsing: .unconditional, help: "The body (notes) of the task; may start with `-`.") var note: String?
    @Option(help: "Who created the task (default: user).") var source: String?

    /// The field changes these options ask for.
    func changes(today: LocalDate) throws -> TaskChanges {
        var c = TaskChanges()
        if let due { c.set(.due, .date(try DateInput.require(due, field: "due", today: today))) }
        if let deferDate { c.set(.deferDate, .date(try DateInput.require(deferDate, field: "defer", today: today))) }
        if let scheduled { c.set(.scheduled, .date(try DateInput.require(scheduled, field: "scheduled", today: today))) }
        if let priority { c.set(.priority, .string(try FieldParsing.priority(priority).rawValue)) }
        if flag { c.set(.flagged, .bool(true)) }
        if let area { c.set(.area, .string(area)) }
        if let project { c.set(.project, .string(project)) }
        if !tags.isEmpty { c.set(.tags, .list(TaskInput.tags(tags))) }
        if let estimate {
            guard estimate >= 0 else { throw TodoError.invalidValue(field: "estimate", value: "\(estimate)", reason: "minutes ≥ 0") }
            c.set(.estimatedMinutes, .int(estimate))
        }
        if let rule = self.repeat { c.set(.recurrence, .string(try RecurrenceInput.rule(from: rule))) }
        if let description { c.set(.description, .string(description)) }
        if let source { c.set(.source, .string(source)) }
        return c
    }
}

/// Parsing of field values given as text.
enum FieldParsing {
    static func priority(_ text: String) throws -> Priority {
        guard let p = Priority(rawValue: text.lowercased()) else {
            throw TodoError.invalidValue(field: "priority", value: text, reason: "one of none, low, medium, high")
        }
        return p
    }

    static func status(_ text: String) throws -> TaskStatus {
        guard let s = TaskStatus(rawValue: text.lowercased()) else {
            throw TodoError.invalidValue(field: "status", value: text,
                                         reason: "one of " + TaskStatus.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return s
    }

    static func bool(_ text: String, field: String) throws -> Bool {
        switch text.lowercased() {
        case "true", "yes", "1", "on": return true
        case "false", "no", "0", "off": return false
        default: throw TodoError.invalidValue(field: field, value: text, reason: "true or false")
        }
    }
}

struct Add: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "add",
        abstract: "Add a task; prints its id.",
        discussion: "Example: todomd add Buy milk --due tomorrow --tag errands")

    @Argument(help: "The task, in quick-entry form: Call dentist friday #health +Admin @Personal !high ~15m every month.")
    var text: [String] = []
    @OptionGroup var fields: FieldOptions
    @Flag(name: .long, help: "Show what would be created without writing anything.") var dryRun = false
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        let line = text.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty else { throw ValidationError("Give the task a title: todomd add Buy milk tomorrow #errands") }
        let vault = try context.openVault()
        let today = context.clock.today
        let parsed = try vault.parseQuickEntry(line)
        guard !parsed.title.isEmpty else {
            throw ValidationError("`\(line)` has no title left once dates and tokens are read; add some words")
        }
        var draft = parsed.task(created: context.clock.now, source: "user")
        // Options win over parsed tokens.
        let options = try fields.changes(today: today)
        draft.apply(options)
        if options.values[.tags] != nil { draft.tags = TaskInput.tags(fields.tags) }
        if let note = fields.note { draft.body = note }
        if let rule = draft.recurrence, draft.due == nil, draft.scheduled == nil, draft.deferDate == nil {
            draft.due = RecurrenceInput.firstOccurrence(rule, onOrAfter: today)
        }
        let task = try vault.add(draft, dryRun: dryRun)
        if output.json {
            context.line(TaskJSON.encode(task))
        } else if dryRun {
            context.out(context.style.dim("Would create:") + "\n")
            context.out(TaskRenderer(style: context.style, today: context.clock.today).render(task))
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
        TaskOutput.print(try vault.task(task), json: output.json, context)
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
    @Option(help: "A recurrence rule (RRULE).") var recurrence: String?
    @Option(name: .customLong("recurrence-mode"), help: "fixed or after_completion.") var recurrenceMode: String?
    @Option(name: .customLong("estimated-minutes"), help: "Estimated minutes.") var estimatedMinutes: Int?
    @Option(name: .customLong("body"), parsing: .unconditional, help: "Replace the body.") var body: String?
    @Option(name: .customLong("clear"), help: "Remove a field (repeat for several).") var clear: [String] = []
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let id = try vault.resolve(task)
        var changes = try fields.changes(today: context.clock.today)
        if let title {
            guard !title.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw TodoError.invalidValue(field: "title", value: title, reason: "a task needs a title")
            }
            changes.set(.title, .string(title))
        }
        if let status { changes.set(.status, .string(try FieldParsing.status(status).rawValue)) }
        if let flagged { changes.set(.flagged, .bool(try FieldParsing.bool(flagged, field: "flagged"))) }
        if let tagList { changes.set(.tags, .list(TaskInput.tags([tagList]))) }
        if let recurrence { changes.set(.recurrence, .string(try RecurrenceInput.rule(from: recurrence))) }
        if let recurrenceMode {
            guard let mode = RecurrenceMode(rawValue: recurrenceMode.lowercased().replacingOccurrences(of: "-", with: "_")) else {
                throw TodoError.invalidValue(field: "recurrence_mode", value: recurrenceMode, reason: "fixed or after_completion")
            }
            changes.set(.recurrenceMode, .string(mode.rawValue))
        }
        if let estimatedMinutes {
            guard estimatedMinutes >= 0 else {
                throw TodoError.invalidValue(field: "estimated_minutes", value: "\(estimatedMinutes)", reason: "minutes ≥ 0")
            }
            changes.set(.estimatedMinutes, .int(estimatedMinutes))
        }
        for name in clear {
            guard let field = TaskField(key: name) else {
                throw TodoError.invalidValue(field: "--clear", value: name, reason: "not a field of a task")
            }
            guard ![.title, .status, .created, .source].contains(field) else {
                throw TodoError.invalidValue(field: "--clear", value: name, reason: "a task always has a \(field.key)")
            }
            changes.clear(field)
        }
        let newBody = body ?? fields.note
        guard !changes.isEmpty || newBody != nil else {
            throw ValidationError("Nothing to change: give a field, e.g. --due 2026-12-01, or --clear FIELD")
        }
        let updated = try vault.update(id, changes, body: newBody)
        TaskOutput.confirm("Updated:", updated, json: output.json, context)
    }
}

/// `done`, `reopen`, `cancel`, `delete`: one task, one action.
struct Done: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Complete a task.")
    @Argument(help: "The task.") var task: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let completion = try vault.complete(try vault.resolve(task))
        TaskOutput.confirm("Done:", completion.completed, json: output.json, context)
        if let next = completion.next, !output.json {
            let when = next.due ?? next.scheduled ?? next.deferDate
            let day = when.map { " — next " + TaskRenderer(style: context.style, today: context.clock.today).relative($0) } ?? ""
            context.line("\(context.style.green("Next:")) \(next.title)\(day)  \(context.style.dim(next.id))")
        }
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
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a task (the file stays).")
    @Argument(help: "The task.") var task: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        TaskOutput.confirm("Cancelled:", try vault.cancel(try vault.resolve(task)), json: output.json, context)
    }
}

struct Delete: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Move a task to the vault's .trash/ folder.")
    @Argument(help: "The task.") var task: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let id = try vault.resolve(task)
        let title = try vault.read(id).0.title
        let destination = try vault.delete(id)
        if output.json {
            context.line(JSONValue.object([("id", .string(id)), ("trashed_to", .string(destination))]).compact())
        } else {
            context.line("\(context.style.green("Deleted:")) \(title)  \(context.style.dim("moved to \(destination)"))")
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
        let day = try DateInput.require(date, field: "defer", today: context.clock.today)
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
        try vault.move(id, before: target, inView: view)
        context.line("Moved \(id) \(target.map { "before \($0)" } ?? "to the end") in \(view).")
    }
}
