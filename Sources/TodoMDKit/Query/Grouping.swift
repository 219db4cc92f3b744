import Foundation

/// The group keys of §7, plus the sections some built-in views have (§6).
public enum GroupKey: String, Sendable, CaseIterable {
    case none, area, project, tag, tags, priority, due, scheduled
    case deferDate = "defer"
    case flagged, source, status, region
    /// By parent task (§23): one group per parent, named by its title; tasks without one last.
    case parent
    /// Today's sections: Overdue, Due Today, Scheduled, Available Today.
    case todaySections = "today_sections"
    /// Upcoming: one group per date (scheduled if after today, else due).
    case upcomingDate = "upcoming_date"
    /// Logbook: one group per completed date, newest first; No Date last.
    case completedDate = "completed_date"
    /// Area view: by project, tasks without a project first.
    case areaProjects = "area_projects"

    /// The fields grouping by this key reads (a task's links are always there): what a listing
    /// that answers only with its rows' JSON decodes (``TaskRow/Decoding/json(_:)``).
    public var fieldsRead: [TaskField] {
        switch self {
        case .none, .parent: return []
        case .area: return [.area]
        case .project, .areaProjects: return [.project]
        case .tag, .tags: return [.tags]
        case .priority: return [.priority]
        case .due: return [.due]
        case .scheduled: return [.scheduled]
        case .deferDate: return [.deferDate]
        case .flagged: return [.flagged]
        case .source: return [.source]
        case .status: return [.status]
        case .region: return [.region]
        case .todaySections, .upcomingDate: return [.due, .scheduled]
        case .completedDate: return [.completed]
        }
    }

    /// Keys a user may pass to `--group` or a perspective's `group_by`.
    public static let userKeys: [GroupKey] = [.none, .area, .project, .tag, .tags, .priority, .due, .scheduled,
                                              .deferDate, .flagged, .source, .status, .region, .parent]
}

/// A named group of tasks in a listing.
public struct TaskGroup: Sendable {
    /// The group name; `""` for an ungrouped listing.
    public let name: String
    public var tasks: [TaskRow]
}

/// Puts sorted rows into groups (§7, §21), keeping their order within each group.
public struct Grouper {
    public let key: GroupKey
    public let today: LocalDate
    public let timeZone: TimeZone
    /// Task titles by id, for the `parent` key's group names.
    public var titles: [String: String] = [:]
    /// The local date and time now, so a timed `due` that has passed is overdue (§24); nil
    /// counts only earlier days as overdue.
    public var now: TaskDate?

    public init(_ key: GroupKey, today: LocalDate, timeZone: TimeZone) {
        self.key = key
        self.today = today
        self.timeZone = timeZone
    }

    /// Groups `rows` (already sorted). Empty groups are left out; an ungrouped listing is one
    /// group named `""`, even when empty.
    public func group(_ rows: [TaskRow]) -> [TaskGroup] {
        if key == .none { return [TaskGroup(name: "", tasks: rows)] }
        // Each row yields (order, name) memberships; a group's identity is its value, not its
        // display name (a tag literally called "a, b" is not the combination [a, b]).
        var groups: [String: (order: [Int], name: String, tasks: [TaskRow])] = [:]
        var ids: [String] = []
        for row in rows {
            for (order, name) in memberships(row) {
                let id = identity(of: row, name: name, order: order)
                if groups[id] == nil {
                    groups[id] = (order, name, [])
                    ids.append(id)
                }
                groups[id]?.tasks.append(row)
            }
        }
        return ids.compactMap { groups[$0] }
            .sorted { a, b in a.order.lexicographicallyPrecedes(b.order) }
            .map { TaskGroup(name: $0.name, tasks: $0.tasks) }
    }

    /// What makes two memberships the same group.
    func identity(of row: TaskRow, name: String, order: [Int]) -> String {
        let value: String
        switch key {
        case .tags: value = row.tags.isEmpty ? "" : Array(Set(row.tags)).sorted().joined(separator: "\u{1F}")
        case .parent: value = row.links.parentID ?? ""
        default: value = name
        }
        // The order vector tells "no value" groups from a value spelled like their name.
        return "\(order.first ?? 0)\u{1E}\(value)"
    }

    /// Text groups order A–Z (by the §21 text order) with "no value" last: the order vector
    /// compares a flag first, then the characters of the sort key.
    func textOrder(_ s: String) -> [Int] { [0] + TextFolding.sortKey(s).unicodeScalars.map { Int($0.value) } }

    func memberships(_ row: TaskRow) -> [([Int], String)] {
        switch key {
        case .none:
            return [([0], "")]
        case .area:
            return [row.area.map { (textOrder($0), $0) } ?? ([1], "No Area")]
        case .project:
            return [row.project.map { (textOrder($0), $0) } ?? ([1], "No Project")]
        case .areaProjects:
            return [row.project.map { (textOrder($0), $0) } ?? ([-1], "No Project")]
        case .tag:
            if row.tags.isEmpty { return [([1], "No Tags")] }
            var seen = Set<String>()
            return row.tags.filter { seen.insert($0).inserted }.map { (textOrder($0), $0) }
        case .tags:
            if row.tags.isEmpty { return [([1], "No Tags")] }
            let combo = Array(Set(row.tags)).sorted(by: TextFolding.precedes)
                .joined(separator: ", ")
            return [(textOrder(combo), combo)]
        case .priority:
            return [([3 - row.priority.rank], row.priority.rawValue)]
        case .due:
            guard let due = row.due else { return [([5], "No Due Date")] }
            let d = today.days(until: due)
            if d < 0 || row.dueAt?.hasPassed(at: now ?? TaskDate(today)) == true { return [([0], "Overdue")] }
            if d == 0 { return [([1], "Today")] }
            if d == 1 { return [([2], "Tomorrow")] }
            if d <= 6 { return [([3], "Next 7 Days")] }
            return [([4], "Later")]
        case .scheduled:
            return [row.scheduled.map { ([0, $0.dayNumber], $0.description) } ?? ([1], "No Scheduled Date")]
        case .deferDate:
            return [row.deferDate.map { ([0, $0.dayNumber], $0.description) } ?? ([1], "No Defer Date")]
        case .flagged:
            return [row.flagged ? ([0], "Flagged") : ([1], "Not Flagged")]
        case .source:
            return [row.source.isEmpty ? ([1], "No Source") : (textOrder(row.source), row.source)]
        case .status:
            return [([row.status.rank], row.status.rawValue)]
        case .parent:
            guard let parent = row.links.parentID else { return [([1], "No Parent")] }
            let title = titles[parent] ?? parent
            return [(textOrder(title), title)]
        case .region:
            return [row.region.map { ([PlanRegion.allCases.firstIndex(of: $0) ?? 0], $0.rawValue) } ?? ([9], "No Region")]
        case .todaySections:
            if let due = row.dueAt, due.hasPassed(at: now ?? TaskDate(today)) { return [([0], "Overdue")] }
            if let due = row.due, due == today { return [([1], "Due Today")] }
            if let s = row.scheduled, s <= today { return [([2], "Scheduled")] }
            return [([3], "Available Today")]
        case .upcomingDate:
            let date = row.scheduled.flatMap { $0 > today ? $0 : nil } ?? row.due ?? today
            return [([date.dayNumber], date.description)]
        case .completedDate:
            guard let completed = row.completed else { return [([Int.max], "No Date")] }
            let date = LocalDate(completed, in: timeZone)
            return [([-date.dayNumber], date.description)]
        }
    }
}
