import ArgumentParser
import Foundation
import TodoMDKit

/// `agenda [--from D] [--days N] [--json]`: day by day, events and timed tasks by time, then the
/// day's date-only tasks (§25).
struct AgendaCommand: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda",
        abstract: "Day by day: your calendars' events and your tasks.",
        discussion: """
            A task is on the day of its scheduled date, else its due date; overdue ones are on today. \
            Calendars come from "calendars" in .todomd/config.json (files, or http(s) URLs fetched \
            at most every 15 minutes).
            """)

    @Option(help: "The first day (a date or a phrase; default today).") var from: String?
    @Option(help: "How many days (1–366).") var days = 7
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard (1...366).contains(days) else { throw ValidationError("--days is between 1 and 366.") }
    }

    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let first = try from.map { try DateInput.require($0, field: "from", today: context.clock.today) } ?? context.clock.today
        let agenda = try vault.agenda(from: first, days: days)
        if output.json {
            context.out(agenda.json + "\n")
            return
        }
        let style = context.style
        let renderer = TaskRenderer(style: style, now: context.clock.localNow)
        for (calendar, error) in agenda.problems { context.err(style.yellow("⚠ \(calendar): \(error)")) }
        for day in agenda.days {
            context.out(style.bold(renderer.day(day.date)) + style.dim("  " + renderer.relative(day.date)) + "\n")
            if day.events.isEmpty, day.tasks.isEmpty {
                context.out(style.dim("  Nothing planned.") + "\n")
            }
            // Events and timed tasks by time, then the rest.
            var lines: [(key: Int, text: String)] = []
            for event in day.events {
                let when = event.allDay ? "all day    " : "\(event.start.date == day.date ? event.start.time?.description ?? "" : "…    ")–\(event.end.date == day.date ? event.end.time?.description ?? "" : "…    ")"
                lines.append((event.allDay ? -1 : (event.start.date == day.date ? event.start.time?.minutes ?? 0 : 0),
                              "  \(style.cyan(when))  \(event.title)  \(style.dim("[\(event.calendar)]"))"))
            }
            for task in day.tasks {
                let at = (task.scheduledAt?.date == day.date ? task.scheduledAt?.time : nil)
                    ?? (task.dueAt?.date == day.date ? task.dueAt?.time : nil)
                var text = "  " + (at.map { "\($0)      " } ?? "           ") + "  ○ " + task.title
                if task.task.isOverdue(at: context.clock.localNow) { text += "  " + style.yellow("overdue") }
                lines.append((at?.minutes ?? 24 * 60, text + "  " + style.dim(String(task.filename.dropLast(3)))))
            }
            for line in lines.enumerated().sorted(by: { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }) {
                context.out(line.element.text + "\n")
            }
        }
    }
}

/// `free DURATION [--date D] [--json]`: the gaps of a day's working hours (§25 "Find time").
struct FreeCommand: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "free",
        abstract: "Find free time: the gaps of at least DURATION in a day's working hours.",
        discussion: "Working hours are workday_start and workday_end in .todomd/config.json (09:00–18:00 by default); events and time-blocked tasks fill them.")

    @Argument(help: "How long: 30, 30m, 1h, 1h30m.") var duration: String
    @Option(help: "The day (a date or a phrase; default today).") var date: String?
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        guard let minutes = ImportValues.minutes(duration.lowercased()), minutes > 0, minutes <= 24 * 60 else {
            throw TodoError.invalidValue(field: "duration", value: duration, reason: "a length of time such as 30m, 1h or 1h30m")
        }
        let vault = try context.openVault()
        let day = try date.map { try DateInput.require($0, field: "date", today: context.clock.today) } ?? context.clock.today
        let free = try vault.freeTime(on: day, minutes: minutes)
        if output.json {
            context.out(free.json.compact() + "\n")
            return
        }
        let renderer = TaskRenderer(style: context.style, now: context.clock.localNow)
        context.out(context.style.bold("Free for \(TaskRenderer.duration(minutes)) on \(renderer.day(day))") + "\n")
        if free.slots.isEmpty { context.out(context.style.dim("  No gap that long.") + "\n") }
        for slot in free.slots {
            let length = (slot.end.time?.minutes ?? 0) - (slot.start.time?.minutes ?? 0)
            context.out("  \(slot.start.time?.description ?? "")–\(slot.end.time?.description ?? "")  "
                        + context.style.dim(TaskRenderer.duration(length)) + "\n")
        }
    }
}
