import ArgumentParser
import Foundation
import TodoMDKit

/// `start REF [--note TEXT]`: starts a timer on a task, stopping the running one (§27).
struct StartTimer: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start a timer on a task (stops the one running).",
        discussion: """
            Appends {start: now, end: null} to the task's time_entries; one timer runs per vault, so \
            a timer running on another task is stopped first. The timer lives in the file: it keeps \
            running across restarts. Example: todomd start "write report" --note "first draft"
            """)

    @Argument(help: "The task.") var task: String
    @Option(parsing: .unconditional, help: "What the time is for (the entry's note).") var note: String?
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let started = try vault.startTimer(try vault.resolveIncludingClosed(task), note: note)
        if output.json {
            context.line(TaskJSON.encode(started.running.task))
            return
        }
        for stopped in started.stopped {
            context.line("\(context.style.dim(StopTimer.stoppedLabel(stopped, context))) \(stopped.title)  \(context.style.dim(stopped.id))")
        }
        TaskOutput.confirm("Started:", started.running.task, json: false, context)
    }
}

/// `stop`: stops the running timer (§27).
struct StopTimer: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop the running timer.",
        discussion: "Sets the running entry's end to now. Prints the task; with nothing running, says so (exit 0).")

    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let stopped = try vault.stopTimer()
        if output.json {
            context.line(stopped.last.map(TaskJSON.encode) ?? "null")
            return
        }
        guard !stopped.isEmpty else {
            context.line("No timer is running.")
            return
        }
        for task in stopped {
            TaskOutput.confirm(Self.stoppedLabel(task, context), task, json: false, context)
        }
    }

    /// "Stopped after 40m:", the length of the task's last finished entry: the one just stopped.
    static func stoppedLabel(_ task: TodoTask, _ context: CommandContext) -> String {
        let last = task.timeEntryItems.last { $0.end != nil }
        let minutes = last.map { Int($0.seconds(now: context.clock.now) / 60) } ?? 0
        return "Stopped after \(TaskRenderer.duration(minutes)):"
    }
}

/// `time [--from D] [--to D] [--by project|area|tag|day] [--json]`: tracked time (§27).
struct TimeCommand: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "time",
        abstract: "Tracked time by project, area, tag or day.",
        discussion: """
            Sums the time_entries that fall in the days --from to --to (default: the last 7 days, \
            ending today), clipped to the range; a running timer counts up to now. Rows are largest \
            first; tasks without a project, area or tag are the row "". A task with two tags counts \
            in both rows, once in the total.
            """)

    @Option(help: "The first day (a date or a phrase; default 6 days before --to).") var from: String?
    @Option(help: "The last day (a date or a phrase; default today).") var to: String?
    @Option(help: "project, area, tag or day.") var by: String = "project"
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard TimeReport.Grouping(rawValue: by) != nil else {
            throw ValidationError("--by is one of project, area, tag, day.")
        }
    }

    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let today = context.clock.today
        let last = try to.map { try DateInput.require($0, field: "to", today: today) }
        let first = try from.map { try DateInput.require($0, field: "from", today: today) }
        let report = try vault.timeReport(from: first, to: last, by: TimeReport.Grouping(rawValue: by) ?? .project)
        if output.json {
            context.line(report.json.compact())
            return
        }
        let style = context.style
        context.line(style.bold("Time by \(by), \(report.from) – \(report.to)"))
        guard !report.rows.isEmpty else {
            context.line(style.dim("  Nothing tracked."))
            return
        }
        let empty = switch report.by {
        case .project: "No Project"
        case .area: "No Area"
        case .tag: "No Tags"
        case .day: ""
        }
        let names = report.rows.map { $0.key.isEmpty ? empty : $0.key }
        let width = max(names.map(\.count).max() ?? 0, 5)
        for (name, row) in zip(names, report.rows) {
            let time = TaskRenderer.duration(row.minutes)
            context.line("  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + String(repeating: " ", count: max(0, 7 - time.count)) + time)
        }
        let total = TaskRenderer.duration(report.totalMinutes)
        context.line("  " + style.bold("Total".padding(toLength: width, withPad: " ", startingAt: 0)) + "  "
            + String(repeating: " ", count: max(0, 7 - total.count)) + style.bold(total))
    }
}
