import ArgumentParser
import Foundation
import TodoMDKit

/// `todomd plan …`: the 1–3–5 day planner (§14, §22). Alone, it draws today's board.
struct Plan: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Plan the day: 1 Must-Do, 3 Complementary and 5 Misc tasks per region.",
        discussion: """
            Regions: morning, afternoon, evening. Buckets: must, complementary, misc. What is left \
            open at the end of a day rolls into the backlog (see `todomd backlog`).
            """,
        subcommands: [PlanShow.self, PlanAdd.self, PlanMove.self, PlanRemove.self, PlanReorder.self,
                      PlanRollover.self, PlanHistory.self, PlanReview.self],
        defaultSubcommand: PlanShow.self)
}

/// Drawing the day board and the backlog for a terminal.
enum PlanOutput {
    /// The board: per region its Must-Do (bold), `n/3` Complementary, `n/5` Misc and progress;
    /// then the backlog count and the day's done/total.
    static func board(_ board: DayBoard, _ context: CommandContext) -> String {
        let style = context.style
        let renderer = TaskRenderer(style: style, now: context.clock.localNow)
        let width = min(48, board.tasks.map { TaskRenderer.width($0.title) }.max() ?? 0)
        var out = style.bold("Plan for \(board.date)") + style.dim("  \(board.done)/\(board.total) done") + "\n"
        for region in board.regions {
            out += "\n" + style.bold(region.region.displayName)
                + style.dim("  \(region.done)/\(region.total) done\(percent(region.done, region.total))") + "\n"
            if let must = region.mustDo {
                out += "  Must-Do\n" + "  " + style.bold(renderer.row(must, titleWidth: width)) + "\n"
            } else {
                out += "  Must-Do" + style.dim("  (none)") + "\n"
            }
            for bucket in [PlanBucket.complementary, .misc] {
                let tasks = region.tasks(in: bucket)
                out += "  \(bucket.displayName) \(tasks.count)/\(PlanLimits.limit(of: bucket) ?? 0)\n"
                for task in tasks { out += "  " + renderer.row(task, titleWidth: width) + "\n" }
            }
        }
        out += "\nBacklog: \(board.backlog) task\(board.backlog == 1 ? "" : "s")\n"
        return out
    }

    static func percent(_ done: Int, _ total: Int) -> String {
        total == 0 ? "" : " (\(done * 100 / total)%)"
    }

    /// Where a planned task went: `Planned: Title → Morning Must-Do, 2026-11-21  id`.
    static func confirm(_ verb: String, _ task: TodoTask, json: Bool, _ context: CommandContext) {
        if json {
            context.line(TaskJSON.encode(task))
            return
        }
        var place = ""
        if let region = task.region, let bucket = task.bucket {
            place = region == .backlog ? " → Backlog" : " → \(region.displayName) \(bucket.displayName)"
        }
        if let date = task.planDate { place += ", \(date)" }
        context.line("\(context.style.green(verb)) \(task.title)\(place)  \(context.style.dim(task.id))")
    }
}

struct PlanShow: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Draw a day's board (default today).")
    @Option(help: "The day (YYYY-MM-DD, today, tomorrow).") var date: String?
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let slot = try PlanSlot(region: nil, bucket: nil, date: date, today: context.clock.today)
        let board = try vault.board(on: slot.date ?? context.clock.today)
        context.out(output.json ? board.json + "\n" : PlanOutput.board(board, context))
    }
}

struct PlanAdd: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Put a task on a day (default: today, the region of the time of day, misc).")
    @Argument(help: "The task.") var task: String
    @Option(help: "The day (YYYY-MM-DD, today, tomorrow); default today.") var date: String?
    @Option(help: "morning, afternoon or evening; default from the time of day.") var region: String?
    @Option(help: "must, complementary or misc; default misc.") var bucket: String?
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let slot = try PlanSlot(region: region, bucket: bucket, date: date, today: context.clock.today)
        let vault = try context.openVault()
        let planned = try vault.plan(try vault.resolve(task), on: slot.date ?? context.clock.today,
                                     region: slot.region ?? .current(at: context.clock), bucket: slot.bucket ?? .misc)
        PlanOutput.confirm("Planned:", planned, json: output.json, context)
    }
}

struct PlanMove: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move a planned task to another region, bucket or day.")
    @Argument(help: "The task.") var task: String
    @Option(help: "The day; default the task's own (or today).") var date: String?
    @Option(help: "morning, afternoon or evening; default the task's own.") var region: String?
    @Option(help: "must, complementary or misc; default the task's own.") var bucket: String?
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let slot = try PlanSlot(region: region, bucket: bucket, date: date, today: context.clock.today)
        let vault = try context.openVault()
        let moved = try vault.replan(try vault.resolve(task), region: slot.region, bucket: slot.bucket, on: slot.date)
        PlanOutput.confirm("Moved:", moved, json: output.json, context)
    }
}

struct PlanRemove: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Take a task off its day, to the backlog.")
    @Argument(help: "The task.") var task: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        PlanOutput.confirm("To backlog:", try vault.removeFromPlan(try vault.resolve(task)), json: output.json, context)
    }
}

struct PlanReorder: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "reorder", abstract: "Move a planned task within its bucket: before another, or to the end.")
    @Argument(help: "The task.") var task: String
    @Option(help: "The task of the same bucket to put it before; default the end.") var before: String?
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let id = try vault.resolve(task)
        try vault.reorderPlanned(id, before: try before.map { try vault.resolve($0) })
        context.line("Reordered: \(id)")
    }
}

struct PlanRollover: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollover", abstract: "Move open tasks of past days to the backlog (also automatic).")
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault(dayStart: false)
        let result = try vault.rollover()
        _ = try? vault.rolloverIfDayChanged()  // records the day: nothing is left to move
        if output.json {
            let skipped = result.skipped.map { JSONValue.object([("id", .string($0.id)), ("reason", .string($0.reason))]) }
            context.line(JSONValue.object([("moved", .array(result.moved.map(JSONValue.string))),
                                           ("skipped", .array(skipped))]).compact())
            return
        }
        let n = result.moved.count
        context.line(n == 0 ? "Nothing to roll over." : "Rolled \(n) task\(n == 1 ? "" : "s") over to the backlog.")
        for id in result.moved { context.line("  \(id)") }
        for s in result.skipped { context.err(context.style.yellow("warning: ") + "\(s.id) stays planned: \(s.reason)") }
    }
}

struct PlanHistory: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Draw the board of a past day, done tasks included (default yesterday).")
    @Argument(help: "The day (YYYY-MM-DD, yesterday); default yesterday.") var date: String?
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let day = try PlanSlot(region: nil, bucket: nil, date: date, today: context.clock.today).date
            ?? context.clock.today.adding(days: -1)
        let board = try context.openVault().board(on: day)
        context.out(output.json ? board.json + "\n" : PlanOutput.board(board, context))
    }
}

struct PlanReview: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "review", abstract: "End-of-day review: how many of today's planned tasks are still open.")
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let board = try vault.board(on: context.clock.today)
        let open = board.open
        if output.json {
            context.line(board.reviewJSON(reviewTime: try vault.settings().plannerReviewTime))
            return
        }
        if board.total == 0 {
            context.line("Nothing is planned today.")
        } else if open.isEmpty {
            context.line("All \(board.total) planned task\(board.total == 1 ? " is" : "s are") done today.")
        } else {
            context.line("\(open.count) of \(board.total) planned task\(board.total == 1 ? " is" : "s are") still open today"
                         + " (they roll into the backlog at midnight):")
            let renderer = TaskRenderer(style: context.style, now: context.clock.localNow)
            let width = min(48, open.map { TaskRenderer.width($0.title) }.max() ?? 0)
            for task in open { context.line(renderer.row(task, titleWidth: width)) }
        }
    }
}

/// `todomd backlog`: tasks waiting to be planned, grouped Today, Yesterday, This Week, Older.
struct Backlog: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "backlog", abstract: "Tasks waiting in the backlog, grouped by how long they have waited.")
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let listing = try context.openVault().backlog()
        if output.json {
            context.line(listing.json)
        } else {
            context.out(TaskRenderer(style: context.style, now: context.clock.localNow).render(listing))
        }
    }
}
