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
        subcommands: [TemplateList.self], defaultSubcommand: TemplateList.self)
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
