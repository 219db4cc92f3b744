import ArgumentParser
import Foundation
import TodoMDKit

/// `todomd tag …`: categories — tags with a name, an emoji icon and a colour, kept in
/// `.tags.json` (§15). `todomd tags` still lists bare tags with counts.
struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "List, add, edit, reorder and remove categories (tags with an icon and a colour).",
        subcommands: [TagList.self, TagAdd.self, TagEdit.self, TagMove.self, TagRemove.self])
}

/// `--name`, `--icon`, `--color` for `tag add` and `tag edit`.
struct CategoryOptions: ParsableArguments {
    @Option(help: "The name shown (unique, ignoring case).") var name: String?
    @Option(help: "An emoji, e.g. 🏠 (empty removes it).") var icon: String?
    @Option(help: "A colour #rrggbb, e.g. #e07a5f (empty removes it).") var color: String?

    var changes: CategoryChanges { CategoryChanges(name: name, icon: icon, color: color) }
}

enum CategoryOutput {
    static func confirm(_ verb: String, _ category: TagCategory, json: Bool, _ context: CommandContext) {
        if json {
            context.line(category.json.compact())
            return
        }
        let icon = category.icon.map { $0 + " " } ?? ""
        let color = category.color.map { "  " + context.style.dim($0) } ?? ""
        context.line("\(context.style.green(verb)) \(icon)\(category.name)  \(context.style.dim(category.tag))\(color)")
    }
}

struct TagList: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "list",
        abstract: "List categories in their order (icon, name, tag, colour, open tasks), then other tags.")
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let (tags, warning) = try context.openVault().tagSummaries()
        if let warning { context.err(context.style.yellow("warning: ") + warning) }
        if output.json {
            var pairs: [(String, JSONValue)] = [("tags", .array(tags.map(\.json)))]
            if let warning { pairs.append(("warning", .string(warning))) }
            context.line(JSONValue.object(pairs).compact())
            return
        }
        if tags.isEmpty {
            context.line(context.style.dim("No tags or categories yet. Add one: todomd tag add house --icon 🏠"))
            return
        }
        let nameWidth = tags.map { $0.name.count }.max() ?? 0
        let tagWidth = tags.map { $0.tag.count }.max() ?? 0
        let countWidth = tags.map { String($0.count).count }.max() ?? 0
        for t in tags {
            // Emoji are two columns wide on a terminal; a missing icon keeps the column.
            let icon = t.icon ?? "  "
            let name = t.name + String(repeating: " ", count: nameWidth - t.name.count)
            let tag = t.tag + String(repeating: " ", count: tagWidth - t.tag.count)
            let count = String(repeating: " ", count: countWidth - String(t.count).count) + String(t.count)
            let color = t.color ?? (t.isCategory ? "" : "(no category)")
            context.line("  \(icon) \(name)  \(context.style.dim(tag))  \(count)  \(context.style.dim(color))".trimmingTrailingSpaces())
        }
    }
}

struct TagAdd: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a category for a tag.")
    @Argument(help: "The tag, as tasks carry it.") var tag: String
    @OptionGroup var options: CategoryOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let category = try vault.addCategory(tag: tag, options.changes)
        CategoryOutput.confirm("Added:", category, json: output.json, context)
    }
}

struct TagEdit: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "edit",
        abstract: "Change a category's name, icon or colour.",
        discussion: "TAG is the tag (any case) or the category's name. A tag tasks use gets a category.")
    @Argument(help: "The tag.") var tag: String
    @OptionGroup var options: CategoryOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        guard options.name != nil || options.icon != nil || options.color != nil else {
            throw ValidationError("Say what to change: --name, --icon and/or --color.")
        }
        let vault = try context.openVault()
        let category = try vault.editCategory(tag, options.changes)
        CategoryOutput.confirm("Updated:", category, json: output.json, context)
    }
}

struct TagMove: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "move",
        abstract: "Reorder categories: put TAG before another (or last without --before).")
    @Argument(help: "The tag to move.") var tag: String
    @Option(help: "The category to put it before.") var before: String?
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        try vault.reorderCategory(tag, before: before)
        let order = try vault.categories()
        if output.json {
            context.line(JSONValue.object([("categories", .array(order.map(\.json)))]).compact())
        } else {
            context.line(order.map { ($0.icon.map { $0 + " " } ?? "") + $0.name }.joined(separator: "  ·  "))
        }
    }
}

struct TagRemove: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "remove",
        abstract: "Remove a category (tasks keep the tag).")
    @Argument(help: "The tag.") var tag: String
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        try vault.removeCategory(tag)
        context.line("\(context.style.green("Removed:")) the category of \(tag); tasks keep the tag.")
    }
}
