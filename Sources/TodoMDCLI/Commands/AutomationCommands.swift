import ArgumentParser
import Foundation
import TodoMDKit

// MARK: - URL actions

struct Open: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "open",
        abstract: "Run a todomd:// link: add a task or show a view or task.",
        discussion: """
            Examples:
              todomd open 'todomd://add?title=Buy+milk&due=2025-03-01&tags=errands'
              todomd open 'todomd://add?text=Call+dentist+friday+%23health'
              todomd open todomd://show/today
              todomd open todomd://show/task/20250301-0900-buy-milk
            Tasks added by links have source: shortcut.
            """)
    @Argument(help: "The todomd:// link.") var url: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        let action = try URLAction.parse(url)
        let vault = try context.openVault()
        switch action {
        case let .add(text, fields):
            let draft = try vault.draft(text: text, fields: fields.map { ($0.key, $0.value) }, source: URLAction.source)
            TaskOutput.confirm("Added:", try vault.add(draft), json: output.json, context)
        case let .showView(view):
            try ListOptions.parse(output.json ? ["--json"] : []).run(view: view, context)
        case let .showPerspective(id):
            try ListOptions.parse(["--perspective", id] + (output.json ? ["--json"] : [])).run(view: "inbox", context)
        case let .showTask(reference):
            TaskOutput.print(try vault.task(reference), json: output.json, context)
        }
    }
}

struct InstallURLHandler: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "install-url-handler",
        abstract: "Make todomd:// links open with this todomd (a .desktop file and xdg-mime).",
        discussion: "Writes $XDG_DATA_HOME/applications/todomd-url-handler.desktop (default ~/.local/share).")
    @Flag(name: .long, help: "Print the .desktop file instead of installing it.") var dryRun = false
    @OptionGroup var global: GlobalOptions

    static let desktopName = "todomd-url-handler.desktop"

    func run(_ context: CommandContext) throws {
        let entry = Self.desktopEntry(executable: Self.executablePath())
        if dryRun {
            context.out(entry)
            return
        }
        let home = context.environment["HOME"] ?? NSHomeDirectory()
        let dataHome = context.environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let folder = dataHome + "/applications"
        let path = folder + "/" + Self.desktopName
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(entry.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw TodoError.io(path: path, reason: "could not write the .desktop file (\(error.localizedDescription))")
        }
        context.line("Wrote \(path)")
        let command = ["xdg-mime", "default", Self.desktopName, "x-scheme-handler/todomd"]
        guard let xdgMime = ExternalProgram.find("xdg-mime", environment: context.environment) else {
            context.line("xdg-mime was not found; to finish, run: \(command.joined(separator: " "))")
            return
        }
        if let database = ExternalProgram.find("update-desktop-database", environment: context.environment) {
            _ = ExternalProgram.run(database, [folder], environment: context.environment)
        }
        let status = ExternalProgram.run(xdgMime, Array(command.dropFirst()), environment: context.environment)
        guard status == 0 else {
            throw CLIError.programFailed(command: command.joined(separator: " "), status: status)
        }
        context.line("todomd:// links now open with todomd (xdg-mime default \(Self.desktopName)).")
    }

    /// The desktop entry (freedesktop.org Desktop Entry Specification) for the scheme handler.
    static func desktopEntry(executable: String) -> String {
        """
        [Desktop Entry]
        Type=Application
        Name=todo.md link handler
        Comment=Opens todomd:// links with todomd
        Exec=\(quoteExec(executable)) open %u
        MimeType=x-scheme-handler/todomd;
        NoDisplay=true
        Terminal=false

        """
    }

    /// A path as an Exec argument: quoted (with `"`, `` ` ``, `$` and `\` escaped) when it holds
    /// characters the spec reserves.
    static func quoteExec(_ path: String) -> String {
        let reserved = CharacterSet(charactersIn: " \t\n\"'\\><~|&;$*?#()`%")
        guard path.unicodeScalars.contains(where: reserved.contains) else { return path }
        var out = "\""
        for c in path {
            if "\"`$\\".contains(c) { out += "\\" }
            out.append(c == "%" ? "%%" : String(c))
        }
        return out + "\""
    }

    /// The absolute path of the running program.
    static func executablePath() -> String {
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), link.hasPrefix("/") {
            return link
        }
        if let path = Bundle.main.executablePath { return path }
        let first = CommandLine.arguments.first ?? "todomd"
        return first.hasPrefix("/") ? first : FileManager.default.currentDirectoryPath + "/" + first
    }
}


// MARK: - Conflict copies

struct Conflicts: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "conflicts",
        abstract: "List copies made by sync tools beside their originals, with what differs.",
        discussion: "Finds `name 2.md`, `name (conflict …).md` and `name.sync-conflict-….md`. Settle one with `todomd resolve`.")
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        let vault = try context.openVault()
        let reports = try vault.conflicts()
        if output.json {
            context.line(JSONValue.object([("conflicts", .array(reports.map(Self.json)))]).compact())
            return
        }
        guard !reports.isEmpty else {
            context.line("No conflict copies.")
            return
        }
        let style = context.style
        context.line("\(reports.count) conflict \(reports.count == 1 ? "copy" : "copies"):")
        for report in reports {
            context.line()
            context.line(style.bold(report.title))
            context.line("  original (mine):  \(report.copy.original)")
            context.line("  copy (theirs):    \(report.copy.copy)  \(style.dim("(\(report.copy.pattern.rawValue))"))")
            if report.differences.isEmpty { context.line("  " + style.dim("identical")) }
            for difference in report.differences {
                context.out(Self.render(difference, style: style))
            }
        }
        context.line()
        context.line(style.dim("Settle one with: todomd resolve REF --keep mine|theirs|both"))
    }

    static func json(_ report: Vault.ConflictReport) -> JSONValue {
        .object([
            ("copy", .string(report.copy.copy)), ("original", .string(report.copy.original)),
            ("pattern", .string(report.copy.pattern.rawValue)), ("title", .string(report.title)),
            ("differences", .array(report.differences.map { d in
                .object([("field", .string(d.field)), ("mine", d.mine ?? .null), ("theirs", d.theirs ?? .null)])
            })),
        ])
    }

    static func render(_ d: FieldDifference, style: TerminalStyle) -> String {
        func show(_ value: JSONValue?) -> String {
            guard let value, !value.isNull else { return "(none)" }
            if let s = value.stringValue { return s }
            if let items = value.arrayValue { return items.map { $0.stringValue ?? $0.compact() }.joined(separator: ", ") }
            return value.compact()
        }
        let name = d.field.padding(toLength: max(d.field.count, 18), withPad: " ", startingAt: 0)
        guard d.field == "body" else {
            return "  \(name)\(show(d.mine))  →  \(show(d.theirs))\n"
        }
        let mine = (d.mine?.stringValue ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let theirs = (d.theirs?.stringValue ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let onlyMine = mine.filter { !theirs.contains($0) }
        let onlyTheirs = theirs.filter { !mine.contains($0) }
        var out = "  \(name)differs (\(mine.count) lines → \(theirs.count))\n"
        for line in onlyMine.prefix(10) { out += "    " + style.red("- " + line) + "\n" }
        for line in onlyTheirs.prefix(10) { out += "    " + style.green("+ " + line) + "\n" }
        return out
    }
}

struct Resolve: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "resolve",
        abstract: "Settle a conflict copy: keep mine (the original), theirs (the copy) or both.",
        discussion: """
            mine: the copy moves to .trash/. theirs: the copy's content replaces the original, then \
            the copy moves to .trash/. both: the copy gets a normal task file name and stays a task.
            """)
    @Argument(help: "The copy (or its original): id, file name, prefix or part of the title.") var task: String
    @Option(name: .long, help: "mine, theirs or both.") var keep: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        guard let resolution = ConflictResolution(rawValue: keep.lowercased()) else {
            throw ValidationError("--keep takes mine, theirs or both, not `\(keep)`")
        }
        let vault = try context.openVault()
        let copy = try vault.conflictCopy(task)
        let outcome = try vault.resolveConflict(copy, keep: resolution)
        if output.json {
            context.line(JSONValue.object([
                ("copy", .string(copy.copy)), ("original", .string(copy.original)),
                ("keep", .string(resolution.rawValue)), ("kept", .array(outcome.kept.map(JSONValue.string))),
                ("trashed_to", outcome.trashedTo.map(JSONValue.string) ?? .null),
            ]).compact())
            return
        }
        let style = context.style
        switch resolution {
        case .mine:
            context.line("\(style.green("Kept mine:")) \(copy.original); the copy moved to \(outcome.trashedTo ?? ".trash/")")
        case .theirs:
            context.line("\(style.green("Kept theirs:")) \(copy.original) now has the copy's content; "
                         + "the copy moved to \(outcome.trashedTo ?? ".trash/")")
        case .both:
            context.line("\(style.green("Kept both:")) \(copy.original) and \(outcome.kept.last ?? copy.copy)")
        }
    }
}

// MARK: - Reminders

struct Remind: AsyncVaultCommand {
    static let configuration = CommandConfiguration(commandName: "remind",
        abstract: "Deliver reminders (notify-send with Done/Snooze actions, else a line).",
        discussion: """
            Runs until stopped, checking each minute; with --once, delivers what is due now, waits for \
            the answers to its notifications and exits (for cron or a systemd timer). A task reminds at \
            each item of its reminders list (-PT15M before due, or a date and time), else at its due \
            time, or at notify_time (.todomd/config.json, default "09:00") on a date-only due or defer \
            date; once each; .todomd/reminders.json remembers them. A task with nag: true reminds again \
            every nag_interval minutes (default 5) until done, snoozed or stopped, when nag_enabled is \
            true. A notify-send that takes --action offers Done, Snooze 1 hr, Snooze until tomorrow and \
            Stop nagging. At planner_review_time (default "18:00") the day review says how many planned \
            tasks are open.
            """)
    @Flag(name: .long, help: "Deliver what is due now and exit.") var once = false
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        let notifier = DesktopNotifier(environment: context.environment)
        var vault = try context.openVault()
        if once {
            try deliver(vault, now: context.clock.now, notifier: notifier, context)
            notifier?.waitForAnswers()
            return
        }
        context.err("Reminding at \((try vault.settings()).notifyTime) on due and defer dates; Ctrl-C stops.")
        while true {
            // The clock is read again each minute (TODOMD_NOW, when set, holds it still).
            let now = try TodoClock.system(environment: context.environment).now
            do {
                try vault.refreshIndex()
                try vault.rolloverIfDayChanged()
                try deliver(vault, now: now, notifier: notifier, context)
            } catch {
                context.err("error: \(ErrorText.describe(error))")
                if let reopened = try? context.openVault() { vault = reopened }
            }
            let seconds = 60 - now.timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
            try await Task.sleep(nanoseconds: UInt64(max(1, seconds) * 1_000_000_000))
        }
    }

    func deliver(_ vault: Vault, now: Date, notifier: DesktopNotifier?, _ context: CommandContext) throws {
        let today = LocalDate(now, in: vault.clock.timeZone)
        try vault.deliverReminders(now: now) { reminder in
            let message = reminder.message(today: today)
            if let notifier, notifier.notify(reminder, message: message, chosen: { action in
                Remind.apply(action, to: reminder.taskID, vault, context)
            }) {
                return
            }
            context.line(reminder.kind == .review ? message : "\(message)  (\(reminder.taskID))")
        }
    }

    /// Applies the action picked on a notification and says what it did.
    static func apply(_ action: ReminderAction, to id: String, _ vault: Vault, _ context: CommandContext) {
        do {
            let outcome = try vault.applyReminderAction(action, to: id)
            let today = vault.clock.today
            switch outcome {
            case let .completed(completion):
                context.line("\(context.style.green("Done:")) \(completion.completed.title)  \(context.style.dim(completion.completed.id))")
            case let .snoozed(task, until):
                context.line("\(context.style.green("Snoozed until \(until.shortDescription(today: today)):")) \(task.title)  "
                             + context.style.dim(task.id))
            case let .stoppedNagging(task):
                context.line("\(context.style.green("Stopped nagging:")) \(task.title)  \(context.style.dim(task.id))")
            }
        } catch {
            context.err("error: \(ErrorText.describe(error))")
        }
    }
}

// MARK: - Snooze

struct Snooze: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "snooze",
        abstract: "Snooze a task's reminders for a while, until tomorrow, or until a date and time.",
        discussion: """
            Writes snoozed_until: no reminder (nor nagging) before it, one at it. WHEN is a length of time \
            (1h, 30m, 2d), tomorrow (at notify_time), or a date and time (2026-11-24 15:00, friday 9am; \
            a date alone means its notify_time). Example: todomd snooze "call mom" 1h
            """)

    @Argument(help: "The task.") var task: String
    @Argument(help: "1h, 30m, tomorrow, or DATE TIME.") var when: [String] = []
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        guard !when.isEmpty else { throw ValidationError("Say for how long or until when: todomd snooze TASK 1h") }
        let vault = try context.openVault()
        let id = try vault.resolve(task)
        let until = try vault.snoozeTime(when.joined(separator: " "))
        let task = try vault.snooze(id, until: until)
        TaskOutput.confirm("Snoozed until \(until.shortDescription(today: context.clock.today)):", task, json: output.json,
                           context)
    }
}
