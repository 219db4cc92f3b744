import ArgumentParser
import Foundation
import TodoMDKit

/// `todomd perspective …`: saved filters (§10).
struct PerspectiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "perspective",
        abstract: "Build, inspect, run, duplicate, reorder and delete perspectives.",
        subcommands: [PerspectiveList.self, PerspectiveShow.self, PerspectiveCreate.self, PerspectiveEdit.self,
                      PerspectiveDelete.self, PerspectiveDuplicate.self, PerspectiveMove.self, PerspectiveRun.self])
}

/// Prints the "could not be read" warning on stderr when the file is broken.
func warnAboutPerspectives(_ warning: String?, _ context: CommandContext) {
    if let warning { context.err(context.style.yellow("warning: ") + warning) }
}

struct PerspectiveList: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List built-in and custom perspectives.")
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let (all, warning) = try vault.allPerspectives()
        warnAboutPerspectives(warning, context)
        if output.json {
            let items = all.map { p -> JSONValue in
                var json = p.json
                json.set("built_in", .bool(p.isBuiltIn))
                return json
            }
            context.line(JSONValue.object([("perspectives", .array(items))]).compact())
            return
        }
        let width = all.map { $0.id.count }.max() ?? 0
        for p in all {
            let kind = p.isBuiltIn ? context.style.dim("built-in") : ""
            context.line("  \(p.id)\(String(repeating: " ", count: width - p.id.count))  \(p.name)  \(kind)".trimmingTrailingSpaces())
        }
    }
}

struct PerspectiveShow: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a perspective's rules as a tree.")
    @Argument(help: "The perspective id.") var id: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let load = try vault.loadPerspectives()
        warnAboutPerspectives(load.warning, context)
        let p = try vault.perspective(id)
        if output.json {
            var json = p.json
            json.set("built_in", .bool(p.isBuiltIn))
            json.set("warnings", .array(p.problems(today: context.clock.today, timeZone: context.clock.timeZone)
                .map(JSONValue.string)))
            context.line(json.compact())
            return
        }
        var compiler = RuleCompiler(today: context.clock.today, timeZone: context.clock.timeZone)
        _ = compiler.predicate(p.rules)
        let s = context.style
        context.line(s.bold(p.name) + s.dim("  (\(p.id)\(p.isBuiltIn ? ", built-in, read-only" : ""))"))
        context.out(RuleTreeRenderer(style: s, neutral: compiler.neutral,
                                     compiler: RuleCompiler(today: context.clock.today, timeZone: context.clock.timeZone))
            .render(p.rules))
        var facts = "Sort: \(p.sortField)\(p.sortDirection.map { " \($0)" } ?? "")  ·  Group: \(p.groupBy)"
        if !p.isBuiltIn { facts += "  ·  Layout: \(p.layout)" }
        context.line(s.dim(facts))
        for problem in p.problems(today: context.clock.today, timeZone: context.clock.timeZone) {
            context.line(s.yellow("⚠ \(problem)"))
        }
        let count = try vault.run(p).tasks.count
        context.line(PerspectiveRun.summary(count))
    }
}

/// Options that set a perspective's fields, for `create` and `edit`.
struct PerspectiveFieldOptions: ParsableArguments {
    @Option(help: "The name (at most 100 characters).") var name: String?
    @Option(help: "An icon name, e.g. briefcase.") var icon: String?
    @Option(help: "A colour, e.g. #4A90D9.") var color: String?
    @Option(help: "The rules as JSON (a §10 group).") var rules: String?
    @Option(name: .customLong("rules-file"), help: "Read the rules JSON from a file.") var rulesFile: String?
    @Option(help: "Sort key (due, priority, manual, …).") var sort: String?
    @Option(help: "Sort direction: asc or desc.") var direction: String?
    @Option(help: "Group key (none, project, tag, …).") var group: String?
    @Option(help: "default, comfortable, compact or detailed.") var layout: String?

    func apply(to p: inout Perspective) throws {
        if let name { p.name = name }
        if let icon { p.icon = icon }
        if let color { p.color = color }
        if let text = try rulesText() {
            do {
                p.rules = Perspective.root(try JSONValue.parse(text))
            } catch let error as JSONValue.ParseError {
                throw TodoError.invalidValue(field: "rules", value: String(text.prefix(30)),
                                             reason: "not JSON: \(error.localizedDescription)")
            }
        }
        if let sort {
            guard SortKey.userKeys.map(\.rawValue).contains(sort.lowercased()) else {
                throw TodoError.invalidValue(field: "sort", value: sort,
                                             reason: "one of " + SortKey.userKeys.map(\.rawValue).joined(separator: ", "))
            }
            p.setSort(sort.lowercased(), direction: direction?.lowercased())
        } else if let direction {
            p.sortDirection = direction.lowercased()
        }
        if let d = p.sortDirection, SortDirection(rawValue: d) == nil {
            throw TodoError.invalidValue(field: "direction", value: d, reason: "asc or desc")
        }
        if let group { p.groupBy = group.lowercased() }
        if let layout { p.layout = layout.lowercased() }
    }

    func rulesText() throws -> String? {
        if let rules { return rules }
        guard let rulesFile else { return nil }
        guard let data = FileManager.default.contents(atPath: rulesFile) else {
            throw TodoError.io(path: rulesFile, reason: "could not read the rules file")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

struct PerspectiveCreate: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a perspective.",
        discussion: """
            Example: todomd perspective create --name "Work — Available" --sort due --group project \\
              --rules '{"operator":"AND","conditions":[{"field":"area","op":"equals","value":"Work"}]}'
            """)
    @OptionGroup var fields: PerspectiveFieldOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        var draft = Perspective(id: "")
        try fields.apply(to: &draft)
        let created = try vault.createPerspective(draft)
        if output.json { context.line(created.json.compact()) } else { context.line(created.id) }
    }
}

struct PerspectiveEdit: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a custom perspective.")
    @Argument(help: "The perspective id.") var id: String
    @OptionGroup var fields: PerspectiveFieldOptions
    @Flag(name: .customLong("reset-sort"), help: "Leave the manual order: back to the last non-manual sort.")
    var resetSort = false
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        var p = try vault.perspective(id)
        guard !p.isBuiltIn else { throw TodoError.readOnlyPerspective(id) }
        try fields.apply(to: &p)
        if resetSort { p.resetSort() }
        try vault.savePerspective(p)
        if output.json { context.line(p.json.compact()) } else { context.line("Saved \(p.id).") }
    }
}

struct PerspectiveDelete: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a custom perspective.")
    @Argument(help: "The perspective id.") var id: String
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        try context.openVault().deletePerspective(id)
        context.line("Deleted \(id).")
    }
}

struct PerspectiveDuplicate: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicate", abstract: "Copy a perspective (built-in ones too) as an editable \"… Copy\".")
    @Argument(help: "The perspective id.") var id: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let copy = try context.openVault().duplicatePerspective(id)
        if output.json { context.line(copy.json.compact()) } else { context.line(copy.id) }
    }
}

struct PerspectiveMove: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: "Reorder custom perspectives.")
    @Argument(help: "The perspective id.") var id: String
    @Option(help: "Put it before this perspective (default: at the end).") var before: String?
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        try context.openVault().reorderPerspective(id, before: before)
        context.line("Moved \(id)\(before.map { " before \($0)" } ?? " to the end").")
    }
}

struct PerspectiveRun: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "List the tasks of a perspective.")
    @Argument(help: "The perspective id.") var id: String
    @OptionGroup var filter: QuickFilterOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    static func summary(_ count: Int) -> String {
        count == 0 ? "No tasks match this perspective's filters." : "Showing \(count) task\(count == 1 ? "" : "s")"
    }

    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        warnAboutPerspectives(try vault.loadPerspectives().warning, context)
        let listing = try vault.list(ListRequest(.perspective(id), filter: filter.quickFilter),
                                     decoding: output.json ? .json(.all) : .whole)
        if output.json {
            listing.writeJSON(bytes: { context.out(utf8: $0) })
            context.out("\n")
        } else {
            context.out(TaskRenderer(style: context.style, now: context.clock.localNow).render(listing))
            context.line(PerspectiveRun.summary(Set(listing.tasks.map(\.id)).count))
        }
    }
}

/// `--status todo,in-progress --priority high --project A,B …`.
struct QuickFilterOptions: ParsableArguments {
    @Option(help: "Only these statuses (comma-separated).") var status: String?
    @Option(help: "Only these priorities (comma-separated).") var priority: String?
    @Option(help: "Only these areas (comma-separated).") var area: String?
    @Option(help: "Only these projects (comma-separated).") var project: String?
    @Option(help: "Only tasks with any of these tags (comma-separated).") var tag: String?
    @Option(help: "Only these sources (comma-separated).") var source: String?

    var quickFilter: QuickFilter {
        QuickFilter(status: status, priority: priority, area: area, project: project, tag: tag, source: source)
    }
}
