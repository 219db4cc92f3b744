import ArgumentParser
import Foundation
import TodoMDKit

/// `template list`: the vault's templates (§26).
struct TemplateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template",
        abstract: "Task and project templates in .templates/ (use one with `todomd add --template NAME`).",
        discussion: """
            .templates/NAME.md is a task file used as a pattern; .templates/NAME/ is a folder of task \
            files whose parent fields point at each other. Placeholders: {{today}}, {{tomorrow}}, \
            {{date:+7d}}, {{title}} (the words given with `add --template NAME WORDS`; a template \
            titled "Trip to {{title}}" needs them and makes "Trip to WORDS").
            """,
        subcommands: [TemplateList.self, TemplateSave.self, TemplateDelete.self], defaultSubcommand: TemplateList.self)
}

/// `template delete NAME`: a template moved to the trash (§26).
struct TemplateDelete: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Move a template to .trash/Templates/.",
        discussion: "Its file or folder moves to .trash/Templates/, from where it can be moved back by hand.")

    @Argument(help: "The template's name (see `todomd template list`).") var name: String
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        let trashedTo = try context.openVault().deleteTemplate(name)
        context.line("\(context.style.green("Deleted template")) \(name)  \(context.style.dim("→ " + trashedTo))")
    }
}

/// `template save TASK [--name NAME]`: a task, with its subtasks, saved as a template (§26).
struct TemplateSave: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "save", abstract: "Save a task (with its subtasks) as a template.",
        discussion: """
            Writes .templates/NAME.md, or .templates/NAME/ for a task with subtasks. The template \
            keeps the task's title, fields, unknown keys and notes; its dates become placeholders \
            relative to today (due in 4 days: {{date:+4d}}); status, tracked time, the planner's \
            keys, created and source are left out, and checklist items unchecked. An existing \
            template is never overwritten. Example: todomd template save "Plan the trip" --name trip
            """)

    @Argument(help: "The task.") var task: String
    @Option(help: "The template's name (default: from the task's title).") var name: String?
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let template = try vault.saveTemplate(from: try vault.resolveIncludingClosed(task), name: name)
        if output.json {
            context.line(template.json.compact())
            return
        }
        let place = template.isProject ? ".templates/\(template.name)/" : ".templates/\(template.name).md"
        let kind = template.isProject ? "\(template.count) tasks" : "1 task"
        context.line("\(context.style.green("Saved template")) \(template.name) (\(kind)): \(place)")
        context.line(context.style.dim("  Use it: todomd add --template \(template.name)"))
    }
}

struct TemplateList: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the templates.")
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        let templates = try context.openVault().templates()
        if output.json {
            context.line(JSONValue.object([("templates", .array(templates.map(\.json)))]).compact())
            return
        }
        if templates.isEmpty {
            context.line(context.style.dim("No templates. Put a task file in .templates/ (or a folder of them for a project)."))
            return
        }
        let width = templates.map(\.name.count).max() ?? 0
        for t in templates {
            let kind = t.isProject ? "project, \(t.count) tasks" : "task"
            context.line("  \(t.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(t.title)  " + context.style.dim(kind))
        }
    }
}
