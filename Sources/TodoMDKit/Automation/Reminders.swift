import Foundation

/// Which reminders are due (§17, §24): a task's `reminders` list (offsets before `due` or
/// `scheduled`, absolute times), else its `due` at its time (or `notify_time` when it has
/// none); its `defer` date at `notify_time`; the end of a snooze; and, for a task that nags, a
/// reminder every `nag_interval` minutes from its first one until it is done, snoozed or stops
/// nagging. Each reminder fires once.
///
/// Pure: given tasks, the time and what was delivered, it says what to deliver. The state lives
/// in `.todomd/reminders.json` (see ``Vault/deliverReminders(now:notify:)``).
public enum Reminders {
    /// A missed reminder (the computer was off) is still delivered this many days later.
    public static let catchUpDays = 7
    /// Delivered reminders older than this are forgotten.
    public static let keepDays = 30
    /// Minutes between nagging reminders when a task does not say (§24).
    public static let defaultNagInterval = 5

    /// What a reminder is about.
    public enum Kind: String, Sendable, CaseIterable {
        /// The task's `due` (no `reminders` list): at its time, else at `notify_time`.
        case due
        case deferDate = "defer"
        /// The planner's end-of-day review (§14): planned tasks still open at `planner_review_time`.
        case review
        /// One item of the task's `reminders` list (§24).
        case reminder
        /// The end of a snooze (`snoozed_until`).
        case snooze
        /// Nagging: the task is still open an interval after its last reminder (§24).
        case nag
    }

    /// The `taskID` of the end-of-day review reminder (it is about the day, not one task).
    public static let reviewID = "plan:review"

    /// Who may nag (§24): nobody until the vault's `nag_enabled` is true; then tasks from
    /// `user` and `shortcut`, and from the sources whose `allow` lists `nag`.
    public struct NagPolicy: Sendable, Equatable {
        public var enabled: Bool
        /// Sources other than `user`/`shortcut` that may nag.
        public var sources: Set<String>

        public init(enabled: Bool, sources: Set<String> = []) {
            self.enabled = enabled
            self.sources = sources
        }

        /// Nagging off.
        public static let off = NagPolicy(enabled: false)

        /// Whether `task` nags: it asks to, and its source may.
        public func nags(_ task: TodoTask) -> Bool {
            enabled && task.nag && (["user", "shortcut"].contains(task.source) || sources.contains(task.source))
        }
    }

    /// One reminder to deliver.
    public struct Reminder: Sendable, Equatable, Hashable {
        public let taskID: String
        public let title: String
        /// The date the reminder speaks of: the task's due or defer date, or when it fires.
        public let date: LocalDate
        public let kind: Kind
        /// The time of day of `date`, when it has one (§24).
        public let time: TimeOfDay?
        /// The local minute a list reminder, snooze end or nag fires at (what makes it fire once).
        public let at: TaskDate?
        /// The task's `due`, for what a list reminder, snooze end or nag says.
        public let due: TaskDate?
        /// Whether the task nags: the notification then offers Stop nagging.
        public let nags: Bool

        public init(taskID: String, title: String, date: LocalDate, kind: Kind, time: TimeOfDay? = nil,
                    at: TaskDate? = nil, due: TaskDate? = nil, nags: Bool = false) {
            self.taskID = taskID
            self.title = title
            self.date = date
            self.kind = kind
            self.time = time
            self.at = at
            self.due = due
            self.nags = nags
        }

        /// Whether the reminder is about one task (the day review is not): it offers the actions.
        public var isAboutATask: Bool { kind != .review }

        /// What the notification says: `Due today: Buy milk`, `Available today: Call Bob`,
        /// `Reminder: Call Bob`, `Still to do: Call Bob (due today at 15:00)`.
        public func message(today: LocalDate) -> String {
            func describe(_ date: LocalDate, _ time: TimeOfDay?) -> String {
                (date == today ? "today" : "on \(date)") + (time.map { " at \($0)" } ?? "")
            }
            let day = describe(date, time)
            switch kind {
            case .due: return "Due \(day): \(title)"
            case .deferDate: return "Available \(day): \(title)"
            case .review: return "Day review: \(title) still open — finish, replan, or let them roll into the backlog."
            case .reminder, .snooze:
                return due.map { "Due \(describe($0.date, $0.time)): \(title)" } ?? "Reminder: \(title)"
            case .nag:
                return "Still to do: \(title)" + (due.map { " (due \(describe($0.date, $0.time)))" } ?? "")
            }
        }
    }

    /// The reminders delivered so far (one key per task, date, kind and time) and when each
    /// task last notified, which nagging counts from.
    public struct State: Sendable, Equatable {
        /// Delivered reminders.
        public var delivered: Set<Key>
        /// When each task last notified (any reminder of it), by task id.
        public var notified: [String: Date]

        /// A delivered reminder's identity.
        public struct Key: Sendable, Hashable {
            public let taskID: String
            public let date: LocalDate
            public let kind: Kind
            /// The minute of a list reminder or a snooze end (nil for due and defer reminders).
            public let time: TimeOfDay?
            public init(taskID: String, date: LocalDate, kind: Kind, time: TimeOfDay? = nil) {
                self.taskID = taskID
                self.date = date
                self.kind = kind
                self.time = time
            }
        }

        /// Nothing delivered.
        public init() {
            delivered = []
            notified = [:]
        }

        /// Reads `.todomd/reminders.json`; entries it cannot read are skipped.
        ///
        /// - Throws: when the text is not JSON.
        public init(text: String) throws {
            self.init()
            let json = try JSONValue.parse(text)
            for entry in json["delivered"]?.arrayValue ?? [] {
                guard let id = entry["task"]?.stringValue,
                      let date = entry["date"]?.stringValue.flatMap({ LocalDate(iso: $0) }),
                      let kind = entry["kind"]?.stringValue.flatMap(Kind.init(rawValue:))
                else { continue }
                let time = entry["time"]?.stringValue.flatMap(TimeOfDay.init)
                delivered.insert(Key(taskID: id, date: date, kind: kind, time: time))
            }
            let utc = TimeZone(identifier: "UTC") ?? .current
            for entry in json["notified"]?.arrayValue ?? [] {
                guard let id = entry["task"]?.stringValue,
                      let at = entry["at"]?.stringValue.flatMap({ DateTimeFormat.parse($0, timeZone: utc) })
                else { continue }
                notified[id] = at
            }
        }

        /// The file's text, sorted so it diffs well.
        public var text: String {
            let sorted = delivered.sorted {
                ($0.date, $0.taskID, $0.kind.rawValue, $0.time?.minutes ?? -1)
                    < ($1.date, $1.taskID, $1.kind.rawValue, $1.time?.minutes ?? -1)
            }
            let entries = sorted.map { key in
                var pairs: [(String, JSONValue)] = [("task", .string(key.taskID)), ("date", .string(key.date.description)),
                                                    ("kind", .string(key.kind.rawValue))]
                if let time = key.time { pairs.append(("time", .string(time.description))) }
                return JSONValue.object(pairs)
            }
            var pairs: [(String, JSONValue)] = [("version", .number(1)), ("delivered", .array(entries))]
            if !notified.isEmpty {
                pairs.append(("notified", .array(notified.sorted { $0.key < $1.key }.map {
                    JSONValue.object([("task", .string($0.key)), ("at", .string(DateTimeFormat.string($0.value)))])
                })))
            }
            return JSONValue.object(pairs).pretty() + "\n"
        }

        /// Records delivered reminders; with `now`, also when their tasks last notified.
        public mutating func record(_ reminders: [Reminder], at now: Date? = nil) {
            for r in reminders {
                // A nag is not a key: its next one counts from `notified`.
                if r.kind != .nag {
                    delivered.insert(Key(taskID: r.taskID, date: r.at?.date ?? r.date, kind: r.kind, time: r.at?.time))
                }
                if let now, r.isAboutATask { notified[r.taskID] = now }
            }
        }

        /// Forgets reminders for dates more than ``Reminders/keepDays`` before `today`.
        public mutating func prune(today: LocalDate, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
            let oldest = today.adding(days: -Reminders.keepDays)
            delivered = delivered.filter { $0.date >= oldest }
            notified = notified.filter { LocalDate($0.value, in: timeZone) >= oldest }
        }
    }

    /// The reminders to deliver at `now`, not yet delivered, oldest first.
    ///
    /// For each active task: each item of its `reminders` list when its instant has come (an
    /// offset counts from its anchor's time, or `notifyTime` on a date-only anchor), else its
    /// `due` at its time or `notifyTime`; its `defer` date at its time or `notifyTime`; at most
    /// ``catchUpDays`` late. A task snoozed past `now` is quiet; once the snooze is over it
    /// reminds at `snoozed_until`, and reminders that fell inside the snooze are dropped. A task
    /// that nags (``NagPolicy``) reminds again `nag_interval` minutes after it last notified,
    /// from its first reminder on.
    ///
    /// - Complexity: O(n·r) for n tasks of r reminders each.
    public static func due(_ tasks: [TodoTask], now: Date, timeZone: TimeZone, notifyTime: TimeOfDay,
                           state: State, nagging: NagPolicy = .off) -> [Reminder] {
        let today = LocalDate(now, in: timeZone)
        let earliest = today.adding(days: -catchUpDays)
        var out: [Reminder] = []
        for task in tasks where task.status.isActive {
            let snoozed = task.snoozedUntil.map { ($0.time ?? notifyTime).on($0.date, in: timeZone) }
            if let snoozed, snoozed > now { continue }
            let nags = nagging.nags(task)
            var found: [Reminder] = []
            // The moment a candidate fires: due now, not too late, not inside a snooze.
            func comes(_ instant: Date) -> Bool {
                instant <= now && LocalDate(instant, in: timeZone) >= earliest && snoozed.map { instant >= $0 } ?? true
            }
            // The first of the task's reminders about its deadline: nagging starts there.
            var first: Date?
            let items = task.reminderItems
            if items.isEmpty {
                if let value = task.dueAt {
                    let instant = (value.time ?? notifyTime).on(value.date, in: timeZone)
                    first = instant
                    if comes(instant), !state.delivered.contains(State.Key(taskID: task.id, date: value.date, kind: .due)) {
                        found.append(Reminder(taskID: task.id, title: task.title, date: value.date, kind: .due,
                                              time: value.time, nags: nags))
                    }
                }
            } else {
                for item in items {
                    guard let instant = item.instant(for: task, notifyTime: notifyTime, timeZone: timeZone) else { continue }
                    first = min(first ?? instant, instant)
                    let at = TaskDate(instant: instant, in: timeZone)
                    guard comes(instant),
                          !state.delivered.contains(State.Key(taskID: task.id, date: at.date, kind: .reminder, time: at.time)),
                          !found.contains(where: { $0.at == at })
                    else { continue }
                    found.append(Reminder(taskID: task.id, title: task.title, date: task.dueAt?.date ?? at.date,
                                          kind: .reminder, time: task.dueAt.map(\.time) ?? at.time, at: at,
                                          due: task.dueAt, nags: nags))
                }
            }
            if let value = task.deferAt {
                let instant = (value.time ?? notifyTime).on(value.date, in: timeZone)
                if comes(instant), !state.delivered.contains(State.Key(taskID: task.id, date: value.date, kind: .deferDate)) {
                    found.append(Reminder(taskID: task.id, title: task.title, date: value.date, kind: .deferDate,
                                          time: value.time, nags: nags))
                }
            }
            if let snoozed, let value = task.snoozedUntil, LocalDate(snoozed, in: timeZone) >= earliest {
                let at = TaskDate(value.date, time: value.time ?? notifyTime)
                if !state.delivered.contains(State.Key(taskID: task.id, date: at.date, kind: .snooze, time: at.time)) {
                    found.append(Reminder(taskID: task.id, title: task.title, date: task.dueAt?.date ?? at.date,
                                          kind: .snooze, time: task.dueAt.map(\.time) ?? at.time, at: at,
                                          due: task.dueAt, nags: nags))
                }
            }
            // Nagging: only when nothing else reminds of the task now, an interval after the
            // later of its first reminder, its last notification and the end of its snooze.
            if found.isEmpty, nags, let first, first <= now {
                let interval = TimeInterval(max(1, task.nagInterval ?? defaultNagInterval) * 60)
                let since = [first, state.notified[task.id], snoozed].compactMap { $0 }.max() ?? first
                if since.addingTimeInterval(interval) <= now {
                    let at = TaskDate(instant: now, in: timeZone)
                    found.append(Reminder(taskID: task.id, title: task.title, date: task.dueAt?.date ?? at.date,
                                          kind: .nag, time: task.dueAt.map(\.time) ?? at.time, at: at,
                                          due: task.dueAt, nags: true))
                }
            }
            out += found
        }
        // Oldest first; on a day, due before the rest.
        func order(_ r: Reminder) -> Int { r.kind == .due || r.kind == .reminder ? 0 : r.kind == .deferDate ? 1 : 2 }
        return out.sorted {
            ($0.at?.date ?? $0.date, $0.at?.time?.minutes ?? -1, order($0), $0.title)
                < ($1.at?.date ?? $1.date, $1.at?.time?.minutes ?? -1, order($1), $1.title)
        }
    }

    /// When ``due(_:now:timeZone:notifyTime:state:nagging:)`` could next have something new
    /// for date-only reminders: the next `notifyTime` after `now`.
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
