import Foundation

/// Which reminders are due (§17): at `notify_time` on a task's due and defer dates, for active
/// tasks, never twice for the same task, date and kind.
///
/// Pure: given tasks, the time and what was delivered, it says what to deliver. The state lives
/// in `.todomd/reminders.json` (see ``Vault/deliverReminders(now:notify:)``).
public enum Reminders {
    /// A missed reminder (the computer was off) is still delivered this many days later.
    public static let catchUpDays = 7
    /// Delivered reminders older than this are forgotten.
    public static let keepDays = 30

    /// Which date of a task a reminder is for.
    public enum Kind: String, Sendable, CaseIterable {
        case due
        case deferDate = "defer"
        /// The planner's end-of-day review (§14): planned tasks still open at `planner_review_time`.
        case review
    }

    /// The `taskID` of the end-of-day review reminder (it is about the day, not one task).
    public static let reviewID = "plan:review"


    /// One reminder to deliver.
    public struct Reminder: Sendable, Equatable, Hashable {
        public let taskID: String
        public let title: String
        public let date: LocalDate
        public let kind: Kind
        /// The time of day of the task's date, when it has one (§24).
        public let time: TimeOfDay?

        public init(taskID: String, title: String, date: LocalDate, kind: Kind, time: TimeOfDay? = nil) {
            self.taskID = taskID
            self.title = title
            self.date = date
            self.kind = kind
            self.time = time
        }

        /// What the notification says: `Due today: Buy milk`, `Available today: Call Bob`.
        public func message(today: LocalDate) -> String {
            let day = (date == today ? "today" : "on \(date)") + (time.map { " at \($0)" } ?? "")
            switch kind {
            case .due: return "Due \(day): \(title)"
            case .deferDate: return "Available \(day): \(title)"
            case .review: return "Day review: \(title) still open — finish, replan, or let them roll into the backlog."
            }
        }
    }

    /// The reminders delivered so far: one key per task, date and kind.
    public struct State: Sendable, Equatable {
        /// Delivered reminders as `(task id, date, kind)`.
        public var delivered: Set<Key>

        /// A delivered reminder's identity.
        public struct Key: Sendable, Hashable {
            public let taskID: String
            public let date: LocalDate
            public let kind: Kind
            public init(taskID: String, date: LocalDate, kind: Kind) {
                self.taskID = taskID
                self.date = date
                self.kind = kind
            }
        }

        /// Nothing delivered.
        public init() { delivered = [] }

        /// Reads `.todomd/reminders.json`; entries it cannot read are skipped.
        ///
        /// - Throws: when the text is not JSON.
        public init(text: String) throws {
            delivered = []
            let json = try JSONValue.parse(text)
            for entry in json["delivered"]?.arrayValue ?? [] {
                guard let id = entry["task"]?.stringValue,
                      let date = entry["date"]?.stringValue.flatMap({ LocalDate(iso: $0) }),
                      let kind = entry["kind"]?.stringValue.flatMap(Kind.init(rawValue:))
                else { continue }
                delivered.insert(Key(taskID: id, date: date, kind: kind))
            }
        }

        /// The file's text, sorted so it diffs well.
        public var text: String {
            let sorted = delivered.sorted {
                ($0.date, $0.taskID, $0.kind.rawValue) < ($1.date, $1.taskID, $1.kind.rawValue)
            }
            let entries = sorted.map { key in
                JSONValue.object([("task", .string(key.taskID)), ("date", .string(key.date.description)),
                                  ("kind", .string(key.kind.rawValue))])
            }
            return JSONValue.object([("version", .number(1)), ("delivered", .array(entries))]).pretty() + "\n"
        }

        /// Records delivered reminders.
        public mutating func record(_ reminders: [Reminder]) {
            for r in reminders { delivered.insert(Key(taskID: r.taskID, date: r.date, kind: r.kind)) }
        }

        /// Forgets reminders for dates more than ``Reminders/keepDays`` before `today`.
        public mutating func prune(today: LocalDate) {
            let oldest = today.adding(days: -Reminders.keepDays)
            delivered = delivered.filter { $0.date >= oldest }
        }
    }

    /// The reminders to deliver at `now`: for each active task's due and defer date, when its
    /// time (§24), else that date's `notifyTime`, has come (and is at most ``catchUpDays`` ago), not yet delivered.
    ///
    /// - Complexity: O(n) in the number of tasks.
    public static func due(_ tasks: [TodoTask], now: Date, timeZone: TimeZone, notifyTime: TimeOfDay,
                           state: State) -> [Reminder] {
        let today = LocalDate(now, in: timeZone)
        let earliest = today.adding(days: -catchUpDays)
        var out: [Reminder] = []
        for task in tasks where task.status.isActive {
            for (kind, value) in [(Kind.due, task.dueAt), (.deferDate, task.deferAt)] {
                // A date with a time reminds at that time (§24), a date alone at `notifyTime`.
                guard let value, value.date >= earliest, value.date <= today,
                      (value.time ?? notifyTime).on(value.date, in: timeZone) <= now,
                      !state.delivered.contains(State.Key(taskID: task.id, date: value.date, kind: kind))
                else { continue }
                out.append(Reminder(taskID: task.id, title: task.title, date: value.date, kind: kind, time: value.time))
            }
        }
        // Oldest first; on a day, due before defer.
        return out.sorted { ($0.date, $0.kind == .due ? 0 : 1, $0.title) < ($1.date, $1.kind == .due ? 0 : 1, $1.title) }
    }

    /// When ``due(_:now:timeZone:notifyTime:state:)`` could next have something new: the next
    /// `notifyTime` after `now`.
    public static func nextCheck(after now: Date, timeZone: TimeZone, notifyTime: TimeOfDay) -> Date {
        let today = LocalDate(now, in: timeZone)
        let atToday = notifyTime.on(today, in: timeZone)
        return atToday > now ? atToday : notifyTime.on(today.adding(days: 1), in: timeZone)
    }
}

extension Reminders.State: SideDocument {
    public static let path = ".todomd/reminders.json"
    /// A record that cannot be read is never replaced: every reminder would come again.
    public static let policy = SideFilePolicy.refuse
}
