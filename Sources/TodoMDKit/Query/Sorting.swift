import Foundation

/// The sort keys of §7.
public enum SortKey: String, Sendable, CaseIterable {
    case due, scheduled
    case deferDate = "defer"
    case priority, estimate, title, created, modified, completed, flagged, manual
    case projectOrder = "project_order"
    case projectRecent = "project_recent"
    /// Upcoming's own order (§6): the scheduled date if after today, else the due date.
    case upcomingDate = "upcoming_date"

    /// Keys a user may pass to `--sort` or a perspective's `sort`.
    public static let userKeys: [SortKey] = allCases.filter { $0 != .upcomingDate }

    /// The fields a sort by this key reads, besides its tie-break (`created`, then the id, which
    /// every row has): what a listing that answers only with its rows' JSON decodes
    /// (``TaskRow/Decoding/json(_:)``). `ListingDecodingTests` compares such listings with whole
    /// ones for every key.
    public var fieldsRead: [TaskField] {
        switch self {
        case .due: return [.due]
        case .scheduled: return [.scheduled]
        case .deferDate: return [.deferDate]
        case .priority: return [.priority]
        case .estimate: return [.estimatedMinutes]
        case .title, .created, .manual: return []
        case .modified: return [.modified]
        case .completed: return [.completed]
        case .flagged: return [.flagged, .due]
        case .upcomingDate: return [.scheduled, .due]
        case .projectOrder, .projectRecent: return [.project, .priority]
        }
    }

    /// The direction built into the key (§21).
    public var defaultDirection: SortDirection {
        switch self {
        case .created, .modified, .completed, .priority, .flagged: return .descending
        default: return .ascending
        }
    }
}

/// `asc` = increasing value; absent values are last either way.
public enum SortDirection: String, Sendable {
    case ascending = "asc"
    case descending = "desc"
}

/// How a listing is ordered: a key, a direction, and what `manual` and `project_order` need.
public struct SortOrder: Sendable {
    public var key: SortKey
    public var direction: SortDirection
    /// The manual order (task ids or bare filenames), for `manual`.
    public var manualOrder: [String]
    /// The user's saved project order, for `project_order`.
    public var projectOrder: [String]
    /// Today, for `upcoming_date`.
    public var today: LocalDate?

    public init(_ key: SortKey, direction: SortDirection? = nil, manualOrder: [String] = [], projectOrder: [String] = []) {
        self.key = key
        self.direction = direction ?? key.defaultDirection
        self.manualOrder = manualOrder
        self.projectOrder = projectOrder
    }

    /// Sorts `rows`; ties break by `created` ascending, then id (§7), never reversed.
    public func sorted(_ rows: [TaskRow]) -> [TaskRow] {
        func tie(_ a: TaskRow, _ b: TaskRow) -> Bool {
            a.created != b.created ? a.created < b.created : a.id < b.id
        }
        /// -1, 0, 1 comparing optionals with absent last in both directions.
        func cmp<T: Comparable>(_ a: T?, _ b: T?) -> Int {
            switch (a, b) {
            case (nil, nil): return 0
            case (nil, _): return 1
            case (_, nil): return -1
            case let (x?, y?):
                if x == y { return 0 }
                let less = x < y
                return (less == (direction == .ascending)) ? -1 : 1
            }
        }
        func by(_ c: (TaskRow, TaskRow) -> Int) -> [TaskRow] {
            rows.sorted { a, b in
                let r = c(a, b)
                return r != 0 ? r < 0 : tie(a, b)
            }
        }
        switch key {
        // Within a day, timed values first by time, then the date-only ones (§24).
        case .due: return by { cmp($0.dueAt, $1.dueAt) }
        case .scheduled: return by { cmp($0.scheduledAt, $1.scheduledAt) }
        case .deferDate: return by { cmp($0.deferAt, $1.deferAt) }
        case .priority: return by { cmp($0.priority.rank, $1.priority.rank) }
        case .estimate: return by { cmp($0.estimatedMinutes, $1.estimatedMinutes) }
        case .title: return by { cmp($0.titleKey, $1.titleKey) }
        case .created: return by { cmp($0.created, $1.created) }
        case .modified: return by { cmp($0.modified, $1.modified) }
        case .completed: return by { cmp($0.completed, $1.completed) }
        case .flagged:
            return by { a, b in
                let f = cmp(a.flagged ? 1 : 0, b.flagged ? 1 : 0)
                if f != 0 { return f }
                // Then by due, earliest first, absent last, whatever the direction.
                switch (a.dueAt, b.dueAt) {
                case (nil, nil): return 0
                case (nil, _): return 1
                case (_, nil): return -1
                case let (x?, y?): return x == y ? 0 : (x < y ? -1 : 1)
                }
            }
        case .upcomingDate:
            let today = self.today ?? LocalDate(dayNumber: 0)
            func date(_ r: TaskRow) -> TaskDate? { r.scheduledAt.flatMap { $0.date > today ? $0 : nil } ?? r.dueAt }
            return by { cmp(date($0), date($1)) }
        case .manual:
            return SortOrder.manual(rows, order: manualOrder)
        case .projectOrder, .projectRecent:
            return projectSorted(rows)
        }
    }

    /// Listed tasks first, in the listed order; the rest by `created` ascending (§9).
    ///
    /// An entry is a task id; an entry without `/` also matches the one task with that filename.
    static func manual(_ rows: [TaskRow], order: [String]) -> [TaskRow] {
        // Precompute each row's place once; sort indices, not the (large) rows.
        var place = [Int](repeating: Int.max, count: rows.count)
        if !order.isEmpty {
            var entryPosition: [String: Int] = [:]
            entryPosition.reserveCapacity(order.count)
            for (i, entry) in order.enumerated() where entryPosition[entry] == nil { entryPosition[entry] = i }
            var filenameCount: [String: Int] = [:]
            for row in rows { filenameCount[row.filename, default: 0] += 1 }
            let ids = Set(rows.map { $0.id })
            for (i, row) in rows.enumerated() {
                if let p = entryPosition[row.id] {
                    place[i] = p
                } else if filenameCount[row.filename] == 1, let p = entryPosition[row.filename], !ids.contains(row.filename) {
                    // A bare filename matches the one task with that name anywhere (§21).
                    place[i] = p
                }
            }
        }
        let sortedIndices = rows.indices.sorted { a, b in
            if place[a] != place[b] { return place[a] < place[b] }
            let x = rows[a], y = rows[b]
            return x.created != y.created ? x.created < y.created : x.id < y.id
        }
        return sortedIndices.map { rows[$0] }
    }

    func projectSorted(_ rows: [TaskRow]) -> [TaskRow] {
        // Rank each project.
        var rank: [String: Int] = [:]
        let projects = Set(rows.compactMap { $0.project })
        if key == .projectOrder {
            var ordered = projectOrder.filter { projects.contains($0) }
            var seen = Set<String>()
            ordered = ordered.filter { seen.insert($0).inserted }
            let rest = projects.subtracting(ordered).sorted(by: TextFolding.precedes)
            for (i, p) in (ordered + rest).enumerated() { rank[p] = i }
        } else {
            var newest: [String: Date] = [:]
            for row in rows { if let p = row.project { newest[p] = max(newest[p] ?? .distantPast, row.created) } }
            let ordered = projects.sorted { a, b in
                let x = newest[a] ?? .distantPast, y = newest[b] ?? .distantPast
                return x != y ? x > y : TextFolding.precedes(a, b)
            }
            for (i, p) in ordered.enumerated() { rank[p] = i }
        }
        return rows.sorted { a, b in
            let ra = a.project.flatMap { rank[$0] } ?? Int.max
            let rb = b.project.flatMap { rank[$0] } ?? Int.max
            if ra != rb { return ra < rb }
            if a.priority != b.priority { return a.priority.rank > b.priority.rank }
            if a.created != b.created { return a.created > b.created }
            return a.id < b.id
        }
    }
}
