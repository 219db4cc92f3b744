import Foundation

/// Desktop notifications through `notify-send` (§17, §24), with the reminder actions when it
/// can show them.
///
/// `notify-send --action=NAME=Text` (libnotify 0.7.9 and later) shows buttons, waits for the
/// person, and prints the chosen `NAME` on stdout; an older `notify-send` shows a plain
/// notification. Which one is installed is read once from `notify-send --help`. A notification
/// with actions runs in the background: ``notify(_:message:chosen:)`` returns at once and calls
/// `chosen` when the person picks an action, so one unanswered notification holds nothing up.
public final class DesktopNotifier: Sendable {
    /// The `notify-send` program.
    public let path: String
    /// Whether it takes `--action` (its help says so).
    public let supportsActions: Bool
    private let environment: [String: String]
    /// Notifications still waiting for an answer.
    private let waiting = DispatchGroup()

    /// The notifier for `notify-send` on the environment's `PATH`; nil when there is none.
    public convenience init?(environment: [String: String]) {
        guard let path = ExternalProgram.find("notify-send", environment: environment) else { return nil }
        self.init(path: path, environment: environment)
    }

    /// The notifier for the program at `path`; asks its `--help` whether it takes `--action`.
    public init(path: String, environment: [String: String]) {
        self.path = path
        self.environment = environment
        let help = ExternalProgram.output(path, ["--help"], environment: environment)
        supportsActions = help.status == 0 && help.text.contains("--action")
    }

    /// The arguments for one reminder: the app name, the actions when supported (Stop nagging
    /// only for a task that nags; none for the day review), the summary and the message.
    public func arguments(_ reminder: Reminders.Reminder, message: String) -> [String] {
        var args = ["--app-name=todomd"]
        if supportsActions, reminder.isAboutATask {
            for action in ReminderAction.allCases where action != .stop || reminder.nags {
                args.append("--action=\(action.rawValue)=\(action.label)")
            }
        }
        return args + ["todo.md", message]
    }

    /// Shows a reminder. With actions it runs in the background and calls `chosen` with the
    /// action picked (not when the notification is dismissed); without, it waits for
    /// `notify-send` to hand the notification over.
    ///
    /// - Returns: false when `notify-send` could not start or failed (the caller then prints).
    @discardableResult
    public func notify(_ reminder: Reminders.Reminder, message: String,
                       chosen: @escaping @Sendable (ReminderAction) -> Void) -> Bool {
        let args = arguments(reminder, message: message)
        guard supportsActions, reminder.isAboutATask else {
            return ExternalProgram.run(path, args, environment: environment) == 0
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = args
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let waiting = waiting
        waiting.enter()
        process.terminationHandler = { finished in
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            let name = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if finished.terminationStatus == 0, let action = ReminderAction(rawValue: name) { chosen(action) }
            waiting.leave()
        }
        do {
            try process.run()
        } catch {
            waiting.leave()
            return false
        }
        return true
    }

    /// Waits until every notification still showing has been answered or closed.
    public func waitForAnswers() {
        waiting.wait()
    }
}
