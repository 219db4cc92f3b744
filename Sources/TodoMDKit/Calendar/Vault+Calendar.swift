import Foundation

/// One day of the agenda (§25): the external calendars' events and the tasks on that day.
public struct AgendaDay: Sendable {
    public var date: LocalDate
    /// All-day events first, then by start.
    public var events: [CalendarEntry]
    /// Timed tasks first, by time, then the day's date-only tasks.
    public var tasks: [TaskRow]
}

/// Days of events and tasks, and the calendars that could not be read (§25).
public struct Agenda: Sendable {
    public var days: [AgendaDay]
    /// `(calendar name, what went wrong)`; such a calendar's last good copy is still shown.
    public var problems: [(calendar: String, error: String)]
    /// The settings' working day (`workday_start`, `workday_end`): where a time grid opens.
    public var workday: (start: TimeOfDay, end: TimeOfDay) = (.nine, .eighteen)

    /// `{"days": [{"date", "events": [...], "tasks": [TASK]}], "calendars": [{"name", "error"}],
    /// "workday": {"start", "end"}}`.
    public var json: String {
        var o = "{\"days\":["
        for (i, day) in days.enumerated() {
            if i > 0 { o += "," }
            o += "{\"date\":\"\(day.date)\",\"events\":" + JSONValue.array(day.events.map(\.json)).compact()
            o += ",\"tasks\":[" + day.tasks.map(\.json).joined(separator: ",") + "]}"
        }
        o += "],\"calendars\":" + JSONValue.array(problems.map {
            .object([("name", .string($0.calendar)), ("error", .string($0.error))])
        }).compact()
        o += ",\"workday\":{\"start\":\"\(workday.start)\",\"end\":\"\(workday.end)\"}"
        return o + "}"
    }
}

/// The free time of a day (§25 "Find time").
public struct FreeTime: Sendable {
    public var date: LocalDate
    public var minutes: Int
    /// Gaps of at least ``minutes``, in order: local date-times.
    public var slots: [(start: TaskDate, end: TaskDate)]

    /// `{"date", "duration_minutes", "slots": [{"start", "end"}]}`.
    public var json: JSONValue {
        .object([("date", .string(date.description)), ("duration_minutes", .number(Double(minutes))),
                 ("slots", .array(slots.map { .object([("start", .string($0.start.description)), ("end", .string($0.end.description))]) }))])
    }
}

extension Vault {
    /// The external calendars of the settings, read (URLs fetched as `refresh` says).
    public func calendars(refresh: CalendarSources.Refresh) throws -> [LoadedCalendar] {
        CalendarSources.load(try settings().calendars, vaultRoot: folder.root, cacheFolder: cacheFolder,
                             environment: environment, timeZone: clock.timeZone, refresh: refresh)
    }

    /// The agenda of `days` days from `from` (§25): each day's events and tasks. A task is on the
    /// day of its `scheduled`, else its `due`; an active task whose day has passed is on today.
    public func agenda(from: LocalDate, days: Int, refresh: CalendarSources.Refresh = .ifStale) throws -> Agenda {
        let count = max(1, min(days, 366))
        let to = from.adding(days: count - 1)
        let calendars = try self.calendars(refresh: refresh)
        var byDay: [LocalDate: [CalendarEntry]] = [:]
        for calendar in calendars {
            guard let reader = calendar.reader else { continue }
            for entry in reader.entries(from: from, to: to, timeZone: clock.timeZone, calendar: calendar.source.name,
                                        color: calendar.source.color) {
                for day in entry.days where day >= from && day <= to { byDay[day, default: []].append(entry) }
            }
        }
        let today = clock.today
        var tasksByDay: [LocalDate: [(TaskDate, TaskRow)]] = [:]
        for row in try datedRows(from: from, to: to) {
            guard let when = row.scheduledAt ?? row.dueAt else { continue }
            let day = when.date < today ? today : when.date
            guard day >= from, day <= to else { continue }
            tasksByDay[day, default: []].append((day == when.date ? when : TaskDate(day), row))
        }
        let list = (0..<count).map { offset -> AgendaDay in
            let date = from.adding(days: offset)
            let events = (byDay[date] ?? []).sorted {
                ($0.allDay ? 0 : 1, $0.start, $0.title) < ($1.allDay ? 0 : 1, $1.start, $1.title)
            }
            let tasks = (tasksByDay[date] ?? []).sorted { a, b in
                a.0 != b.0 ? a.0 < b.0 : (a.1.created, a.1.id) < (b.1.created, b.1.id)
            }.map(\.1)
            return AgendaDay(date: date, events: events, tasks: tasks)
        }
        let settings = try settings()
        return Agenda(days: list, problems: calendars.compactMap { c in c.error.map { (c.source.name, $0) } },
                      workday: (settings.workdayStart, settings.workdayEnd))
    }

    /// The gaps of at least `minutes` on `date` between `workday_start` and `workday_end` not
    /// covered by busy events or time-blocked tasks (a timed `scheduled`, else a timed `due`, as
    /// long as its estimate or 30 minutes). Today's gaps start no earlier than now.
    public func freeTime(on date: LocalDate, minutes: Int, refresh: CalendarSources.Refresh = .ifStale) throws -> FreeTime {
        let settings = try settings()
        var start = settings.workdayStart.minutes
        let end = settings.workdayEnd.minutes
        let now = clock.localNow
        if date == now.date, let time = now.time { start = max(start, (time.minutes + 4) / 5 * 5) }
        if date < now.date { start = end }
        var busy: [(Int, Int)] = []
        for day in try agenda(from: date, days: 1, refresh: refresh).days {
            for event in day.events where event.busy {
                let s = event.start.date < date ? 0 : event.start.time?.minutes ?? 0
                let e = event.end.date > date ? 24 * 60 : event.end.time?.minutes ?? 24 * 60
                busy.append((s, e))
            }
            for row in day.tasks {
                guard let block = (row.scheduledAt?.time != nil ? row.scheduledAt : row.dueAt), block.date == date,
                      let time = block.time else { continue }
                busy.append((time.minutes, time.minutes + (row.estimatedMinutes ?? 30)))
            }
        }
        var slots: [(TaskDate, TaskDate)] = []
        var cursor = start
        for (s, e) in busy.sorted(by: { $0 < $1 }) {
            if s > cursor, min(s, end) - cursor >= minutes {
                slots.append((TaskDate(date, time: TimeOfDay(minutesSinceMidnight: cursor)),
                              TaskDate(date, time: TimeOfDay(minutesSinceMidnight: min(s, end)))))
            }
            cursor = max(cursor, e)
            if cursor >= end { break }
        }
        if end - cursor >= minutes {
            slots.append((TaskDate(date, time: TimeOfDay(minutesSinceMidnight: cursor)),
                          TaskDate(date, time: TimeOfDay(minutesSinceMidnight: end))))
        }
        return FreeTime(date: date, minutes: minutes, slots: slots)
    }

    /// The active tasks whose day can be one from `from` to `to`: their `scheduled`, else their
    /// `due`, on one of those days, or before them when they hold today (a task whose day has
    /// passed is on today). ``agenda(from:days:refresh:)`` places each; this only spares it the
    /// rest of the vault (a week at 100k tasks: 8k rows instead of 38k).
    func datedRows(from: LocalDate, to: LocalDate) throws -> [TaskRow] {
        let today = clock.today
        func onADay(_ field: String) -> RuleNode {
            from <= today && today <= to
                ? .when(field, "on_or_before", to.description)
                : .when(field, "between", [from.description, to.description])
        }
        var compiler = RuleCompiler(today: today, timeZone: clock.timeZone)
        let rules = RuleNode.all(.when("status", "in", ["todo", "in-progress"]),
                                 .any(onADay("scheduled"), .all(.when("scheduled", "is_nil"), onADay("due"))))
        return try index.rows(matching: compiler.predicate(rules), timeZone: clock.timeZone)
    }
}

extension Vault {
    /// Adds an external calendar to the settings (§25): a name not used yet (ignoring case), an
    /// http(s) or webcal URL or a file path, an optional `#rrggbb` colour. The rest of
    /// `.todomd/config.json` is kept.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming what is wrong.
    public func addCalendar(_ source: CalendarSource) throws {
        let name = source.name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 100 else {
            throw TodoError.invalidValue(field: "name", value: source.name, reason: "a calendar needs a name (at most 100 characters)")
        }
        if try settings().calendars.contains(where: { $0.name.lowercased() == name.lowercased() }) {
            throw TodoError.invalidValue(field: "name", value: name, reason: "a calendar has that name already")
        }
        let url = source.url?.trimmingCharacters(in: .whitespaces).nilIfEmpty
        let path = source.path?.trimmingCharacters(in: .whitespaces).nilIfEmpty
        guard (url == nil) != (path == nil) else {
            throw TodoError.invalidValue(field: "url", value: url ?? "", reason: "give either a URL or a file path")
        }
        if let url, !["http://", "https://", "webcal://"].contains(where: { url.lowercased().hasPrefix($0) }) {
            throw TodoError.invalidValue(field: "url", value: url, reason: "an http(s) or webcal address")
        }
        if let color = source.color, !Theme.isColour(color) {
            throw TodoError.invalidValue(field: "color", value: color, reason: "a colour such as #3478f6")
        }
        var entry: [(String, JSONValue)] = [("name", .string(name))]
        if let url { entry.append(("url", .string(url))) }
        if let path { entry.append(("path", .string(path))) }
        if let color = source.color { entry.append(("color", .string(color))) }
        try sideFile(VaultSettings.self).update { file in
            file.json.set("calendars", .array((file.json["calendars"]?.arrayValue ?? []) + [.object(entry)]))
        }
    }

    /// Removes the external calendar called `name` (ignoring case) from the settings.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` when there is none.
    public func removeCalendar(named name: String) throws {
        guard try settings().calendars.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw TodoError.invalidValue(field: "name", value: name, reason: "no calendar has that name")
        }
        try sideFile(VaultSettings.self).update { file in
            let kept = (file.json["calendars"]?.arrayValue ?? []).filter { $0["name"]?.stringValue?.lowercased() != name.lowercased() }
            file.json.set("calendars", .array(kept))
        }
    }
}

extension String {
    /// Nil for the empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
