/// The result of listing a view: its id and its groups of sorted tasks (§19).
public struct Listing: Sendable {
    /// `inbox`, `area:Work`, `perspective:ID`…
    public let view: String
    /// The name shown to a user.
    public let name: String
    /// The icon of a built-in view or a perspective (`square.stack`, `star`…), and a
    /// perspective's colour: what a list's header draws beside ``name``; nil for an area's, a
    /// project's or a tag's list, whose kind says its icon.
    public var icon: String?
    public var color: String?
    /// A custom perspective's own grouping and layout (``Perspective/groupKey``,
    /// ``Perspective/layoutKey``), which its list is drawn with; nil for a view.
    public var groupBy: String?
    public var layout: String?
    public let groups: [TaskGroup]
    /// Titles of the parents of listed tasks that are not listed themselves, by id (§23
    /// breadcrumbs); with group key `parent`, of every parent.
    public let parents: [String: String]
    /// With a limit (``ListRequest/limit``): how many rows the whole listing has, of which
    /// `groups` hold the first ones; nil when the listing is whole.
    public let total: Int?

    public init(view: String, name: String, groups: [TaskGroup], parents: [String: String] = [:], total: Int? = nil) {
        self.view = view
        self.name = name
        self.groups = groups
        self.parents = parents
        self.total = total
    }

    /// The listing with each row replaced by the row of its id in `rows`; nil when one is missing.
    func replacingRows(_ rows: [String: TaskRow]) -> Listing? {
        var replaced: [TaskGroup] = []
        for group in groups {
            var next = group
            for i in next.tasks.indices {
                guard let row = rows[next.tasks[i].id] else { return nil }
                next.tasks[i] = row
            }
            replaced.append(next)
        }
        return with(groups: replaced, parents: parents, total: total)
    }

    /// This listing's view, name and looks with other rows.
    private func with(groups: [TaskGroup], parents: [String: String], total: Int?) -> Listing {
        var listing = Listing(view: view, name: name, groups: groups, parents: parents, total: total)
        (listing.icon, listing.color, listing.groupBy, listing.layout) = (icon, color, groupBy, layout)
        return listing
    }

    /// The number of rows (a task in several tag groups counts once per group).
    public var rowCount: Int { groups.reduce(0) { $0 + $1.tasks.count } }

    /// The first `limit` rows in display order, with ``total`` set: what a list draws first, or
    /// what a reader asked to see. Groups after the cut are left out (those before it stay, even
    /// when empty), and `parents` keeps the breadcrumbs of the rows kept.
    public func prefix(_ limit: Int) -> Listing { prefix(limit, of: nil) }

    /// ``prefix(_:)`` of a listing that holds only some of the rows of one of `total` rows
    /// (nil: this one is whole).
    func prefix(_ limit: Int, of total: Int?) -> Listing {
        var left = max(0, limit)
        var kept: [TaskGroup] = []
        for group in groups where left > 0 {
            var cut = group
            if cut.tasks.count > left { cut.tasks = Array(cut.tasks.prefix(left)) }
            left -= cut.tasks.count
            kept.append(cut)
        }
        let parentIDs = Set(kept.lazy.flatMap(\.tasks).compactMap { row in row.links.parentID })
        return with(groups: kept, parents: parents.filter { parentIDs.contains($0.key) }, total: total ?? rowCount)
    }

    /// Every task in display order (a task in several tag groups appears once per group).
    public var tasks: [TaskRow] { groups.flatMap(\.tasks) }

    /// `{"view": ID, "groups": [{"name": N, "tasks": [TASK…]}]}`, `"parents": {ID: TITLE}`
    /// when listed tasks have parents that are not listed, and `"total": N` when a limit asked
    /// for the first rows only.
    public var json: String { json(.all) }

    /// The listing JSON with each task in the form `fields` asks (``TaskJSON/Fields``): full
    /// TASK objects, or the row form a list draws. The row form also has what the list is drawn
    /// with: `"name"`, and `"icon"`, `"color"`, `"group_by"` and `"layout"` when the listing has
    /// them, so that a list's first screen is drawn as it will stay before anything else has come.
    public func json(_ fields: TaskJSON.Fields) -> String {
        var all = ""
        writeJSON(fields) { all += $0 }
        return all
    }

    /// Writes the listing JSON in pieces of about 64 KB (large listings are never held twice).
    public func writeJSON(_ fields: TaskJSON.Fields = .all, to write: (String) -> Void) {
        writeJSON(fields, bytes: { write(String(decoding: $0, as: UTF8.self)) })
    }

    /// ``writeJSON(_:to:)`` as UTF-8 text: each task's JSON is copied as the index keeps it,
    /// never made into a `String` (for a server's buffer or a file).
    public func writeJSON(_ fields: TaskJSON.Fields = .all, bytes write: (UnsafeRawBufferPointer) -> Void) {
        var out = JSONBytes(capacity: 70_000)
        func flush() {
            out.bytes.withUnsafeBytes { write($0) }
            out.removeAll()
        }
        out.append("{\"view\":")
        out.quote(view)
        if fields == .row {
            out.append(",\"name\":")
            out.quote(name)
            for (key, value) in [("icon", icon), ("color", color), ("group_by", groupBy), ("layout", layout)] {
                guard let value else { continue }
                out.append(text: ",\"\(key)\":")
                out.quote(value)
            }
        }
        out.append(",\"groups\":[")
        for (i, group) in groups.enumerated() {
            if i > 0 { out.append(byte: 0x2C) }
            out.append("{\"name\":")
            out.quote(group.name)
            out.append(",\"tasks\":[")
            for (j, task) in group.tasks.enumerated() {
                if j > 0 { out.append(byte: 0x2C) }
                task.appendJSON(fields, to: &out)
                if out.bytes.count >= 65_536 { flush() }
            }
            out.append("]}")
        }
        out.append(byte: 0x5D)
        if !parents.isEmpty {
            out.append(",\"parents\":")
            out.append(text: JSONValue.object(parents.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }).compact())
        }
        if let total {
            out.append(",\"total\":")
            out.append(total)
        }
        out.append(byte: 0x7D)
        flush()
    }
}

/// A name with the number of open tasks that carry it.
public struct NameCount: Sendable, Equatable {
    public let name: String
    public let count: Int
    /// For projects: the area most of the project's tasks carry.
    public let area: String?
}

/// What `todomd doctor` reports.
public struct DoctorReport: Sendable {
    public let unparseable: [(path: String, reason: String)]
    public let warnings: [(id: String, warnings: [String])]
    public let taskCount: Int
}
