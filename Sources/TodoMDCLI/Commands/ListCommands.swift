import ArgumentParser
import TodoMDKit

/// Options shared by `list` and the view shortcuts.
struct ListOptions: ParsableArguments {
    @Option(name: .long, help: "Group by: none, area, project, tag, tags, priority, due, scheduled, defer, flagged, source, status, region.")
    var group: String?

    @Option(name: .long, help: "Sort by: due, scheduled, defer, priority, estimate, title, created, modified, completed, flagged, manual, project_order, project_recent.")
    var sort: String?

    @Option(name: .long, help: "Sort direction: asc or desc (default: the key's own).")
    var direction: String?

    @Option(name: .long, help: "List a perspective instead of a view.")
    var perspective: String?

    @Option(name: .long, help: "Only the first N tasks (the JSON then says the listing's \"total\").")
    var limit: String?

    @OptionGroup var filter: QuickFilterOptions

    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(view: String, _ context: CommandContext) throws {
        let request = try ListRequest(view: perspective == nil ? view : nil, perspective: perspective, group: group,
                                      sort: sort, direction: direction, filter: filter.quickFilter, limit: limit)
        let vault = try context.openVault()
        if perspective != nil { warnAboutPerspectives(try vault.loadPerspectives().warning, context) }
        let listing = try vault.list(request, decoding: output.json ? .json(.all) : .whole)
        if output.json {
            listing.writeJSON(bytes: { context.out(utf8: $0) })
            context.out("\n")
        } else {
            context.out(TaskRenderer(style: context.style, now: context.clock.localNow).render(listing))
        }
    }
}

struct List: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "list",
        abstract: "List the tasks of a view.",
        discussion: "VIEW is inbox (default), today, upcoming, anytime, someday, flagged, logbook, all, area:NAME, project:NAME or tag:NAME.")

    @Argument(help: "The view.") var view = "inbox"
    @OptionGroup var options: ListOptions

    func run(_ context: CommandContext) throws { try options.run(view: view, context) }
}

struct Today: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "today", abstract: "Tasks due, scheduled or available today.")
    @OptionGroup var options: ListOptions
    func run(_ context: CommandContext) throws { try options.run(view: "today", context) }
}

struct Inbox: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "inbox", abstract: "Active tasks with no area and no project.")
    @OptionGroup var options: ListOptions
    func run(_ context: CommandContext) throws { try options.run(view: "inbox", context) }
}

struct Upcoming: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "upcoming", abstract: "Tasks due or scheduled after today, by date.")
    @OptionGroup var options: ListOptions
    func run(_ context: CommandContext) throws { try options.run(view: "upcoming", context) }
}

struct Anytime: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "anytime", abstract: "Every available task.")
    @OptionGroup var options: ListOptions
    func run(_ context: CommandContext) throws { try options.run(view: "anytime", context) }
}

struct Someday: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "someday", abstract: "Tasks put off to someday.")
    @OptionGroup var options: ListOptions
    func run(_ context: CommandContext) throws { try options.run(view: "someday", context) }
}

struct Flagged: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "flagged", abstract: "Flagged tasks that are not done or cancelled.")
    @OptionGroup var options: ListOptions
    func run(_ context: CommandContext) throws { try options.run(view: "flagged", context) }
}

struct Logbook: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "logbook", abstract: "Done and cancelled tasks, newest first.")
    @OptionGroup var options: ListOptions
    func run(_ context: CommandContext) throws { try options.run(view: "logbook", context) }
}

/// `areas`, `projects`, `tags`: names with open-task counts.
struct Areas: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "areas", abstract: "Areas with their number of open tasks.")
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        try NameCountOutput.print("areas", try context.openVault().areas(), json: output.json, context)
    }
}

struct Projects: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "projects", abstract: "Projects with their area and number of open tasks.")
    @Option(help: "Save the project order (comma-separated), used by the project_order sort.") var order: String?
    @Option(help: "Mark a project sequential: only its first open task is available (.todomd/projects.json).")
    var sequential: String?
    @Option(help: "Mark a project parallel again (every task available).") var parallel: String?
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        if let sequential { try vault.setProjectSequential(sequential, true) }
        if let parallel { try vault.setProjectSequential(parallel, false) }
        if let order {
            let names = order.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            try vault.setProjectOrder(names)
        }
        try NameCountOutput.print("projects", try vault.projects(), json: output.json, context)
    }
}

struct Tags: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "tags", abstract: "Tags with their number of open tasks.")
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        try NameCountOutput.print("tags", try context.openVault().tags(), json: output.json, context)
    }
}

enum NameCountOutput {
    static func print(_ kind: String, _ items: [NameCount], json: Bool, _ context: CommandContext) throws {
        if json {
            let list = items.map { item -> JSONValue in
                var pairs: [(String, JSONValue)] = [("name", .string(item.name)), ("count", .number(Double(item.count)))]
                if kind == "projects" { pairs.append(("area", item.area.map(JSONValue.string) ?? .null)) }
                return .object(pairs)
            }
            context.line(JSONValue.object([(kind, .array(list))]).compact())
            return
        }
        if items.isEmpty {
            context.line(context.style.dim("No \(kind) yet."))
            return
        }
        let width = items.map { $0.name.count }.max() ?? 0
        let countWidth = items.map { String($0.count).count }.max() ?? 0
        for item in items {
            let count = String(item.count)
            var line = "  " + item.name + String(repeating: " ", count: width - item.name.count) + "  "
                + String(repeating: " ", count: countWidth - count.count) + count
            if let area = item.area { line += "  " + context.style.dim(area) }
            context.line(line)
        }
    }
}

/// `todomd search TEXT`: tasks whose title, description or body contain the text (case and
/// accents ignored), open ones first, each with the line where it matched.
struct Search: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find tasks by their title, description or body.",
        discussion: "Case and accents are ignored. Human output shows where each task matched; --json prints the listing (view `search`).")

    @Argument(help: "The text to look for (several words are one phrase).")
    var text: [String]

    @Flag(name: .long, help: "Leave done and cancelled tasks out.")
    var open = false

    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if text.joined().trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("Give the text to search for, e.g. `todomd search dentist`.")
        }
    }

    func run(_ context: CommandContext) throws {
        let query = text.joined(separator: " ")
        let vault = try context.openVault()
        let listing = try vault.search(query, includeClosed: !open)
        if output.json {
            listing.writeJSON(bytes: { context.out(utf8: $0) })
            context.out("\n")
            return
        }
        let snippets = try vault.snippets(for: listing, query: query)
        let renderer = TaskRenderer(style: context.style, now: context.clock.localNow)
        context.out(renderer.render(listing) { row in
            guard let snippet = snippets[row.id], snippet.field != "title" else { return nil }
            let (before, match, after) = snippet.parts
            return context.style.dim(String(before)) + context.style.bold(String(match)) + context.style.dim(String(after))
        })
    }
}
