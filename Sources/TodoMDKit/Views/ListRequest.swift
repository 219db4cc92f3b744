import Foundation

/// What a front end asks to list: a built-in view or a perspective, optional grouping and sort
/// overrides, and the quick filter. Every front end (CLI flags, API query items, MCP tool
/// arguments) builds one from the words it was given and calls ``Vault/list(_:)``, so a request
/// means the same thing wherever it is typed.
public struct ListRequest: Sendable, Equatable {
    /// A built-in view (§6) or a perspective (§10).
    public enum Source: Sendable, Equatable {
        case view(String)
        case perspective(String)
    }

    public var source: Source
    /// Overrides the view's grouping.
    public var group: GroupKey?
    /// Overrides the view's sort (with the key's own direction unless ``direction`` is given).
    public var sort: SortKey?
    public var direction: SortDirection?
    /// Narrows the view (AND).
    public var filter: QuickFilter
    /// Only the first rows, in display order (``Listing/prefix(_:)``); nil: all of them.
    public var limit: Int?

    public init(_ source: Source, group: GroupKey? = nil, sort: SortKey? = nil, direction: SortDirection? = nil,
                filter: QuickFilter = QuickFilter(), limit: Int? = nil) {
        self.source = source
        self.group = group
        self.sort = sort
        self.direction = direction
        self.filter = filter
        self.limit = limit
    }

    /// A request from the words a user typed; every name is checked here, once.
    ///
    /// With neither a view nor a perspective, the first of the filter's area, project or tag
    /// names the view (as `list area:NAME` does) and the rest narrow it; with none of them, the
    /// view is `defaultView`.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming the bad word: both a
    ///   view and a perspective, an unknown group, sort key or direction, a limit that is not a
    ///   whole number of at least 1.
    public init(view: String?, perspective: String?, group: String? = nil, sort: String? = nil,
                direction: String? = nil, filter: QuickFilter = QuickFilter(), limit: String? = nil,
                defaultView: String = "today") throws {
        var filter = filter
        switch (view.flatMap(Self.nonEmpty), perspective.flatMap(Self.nonEmpty)) {
        case let (v?, nil):
            source = .view(v)
        case let (nil, p?):
            source = .perspective(p)
        case (nil, nil):
            if let area = filter.areas.first, filter.areas.count == 1 {
                source = .view("area:\(area)")
                filter.areas = []
            } else if let project = filter.projects.first, filter.projects.count == 1 {
                source = .view("project:\(project)")
                filter.projects = []
            } else if let tag = filter.tags.first, filter.tags.count == 1 {
                source = .view("tag:\(tag)")
                filter.tags = []
            } else {
                source = .view(defaultView)
            }
        case (_?, _?):
            throw TodoError.viewAndPerspective
        }
        self.group = try group.flatMap(Self.nonEmpty).map { text in
            guard let key = GroupKey(rawValue: text.lowercased()), GroupKey.userKeys.contains(key) else {
                throw TodoError.invalidValue(field: "group", value: text,
                                             reason: "one of " + GroupKey.userKeys.map(\.rawValue).joined(separator: ", "))
            }
            return key
        }
        self.sort = try sort.flatMap(Self.nonEmpty).map { text in
            guard let key = SortKey(rawValue: text.lowercased()), SortKey.userKeys.contains(key) else {
                throw TodoError.invalidValue(field: "sort", value: text,
                                             reason: "one of " + SortKey.userKeys.map(\.rawValue).joined(separator: ", "))
            }
            return key
        }
        self.direction = try direction.flatMap(Self.nonEmpty).map { text in
            guard let d = SortDirection(rawValue: text.lowercased()) else {
                throw TodoError.invalidValue(field: "direction", value: text, reason: "asc or desc")
            }
            return d
        }
        self.filter = filter
        self.limit = try limit.flatMap(Self.nonEmpty).map { text in
            guard let n = Int(text), n >= 1 else {
                throw TodoError.invalidValue(field: "limit", value: text, reason: "a whole number of at least 1")
            }
            return n
        }
    }

    private static func nonEmpty(_ s: String) -> String? {
        let t = s.trimmingCharacters(in: .whitespaces)
        return t.isEmpty ? nil : t
    }
}

extension QuickFilter {
    /// A filter from comma-separated lists as users type them (`status=todo,in-progress`):
    /// statuses and priorities in any case, tags with or without `#`.
    public init(status: String? = nil, priority: String? = nil, area: String? = nil, project: String? = nil,
                tag: String? = nil, source: String? = nil) {
        func split(_ text: String?) -> [String] {
            (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        self.init()
        statuses = split(status).map { $0.lowercased() }
        priorities = split(priority).map { $0.lowercased() }
        areas = split(area)
        projects = split(project)
        tags = split(tag).map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        sources = split(source)
    }
}

extension Vault {
    /// The listing a request asks for (§19): the view's or the perspective's rules AND the
    /// quick filter, sorted and grouped as asked, and cut to its first rows when it has a limit.
    ///
    /// - Throws: ``TodoError/unknownView(_:)``, ``TodoError/unknownPerspective(_:)``.
    /// The listing `request` asks for; `decoding` as for
    /// ``list(rules:id:name:sort:direction:group:manualKey:manualOrder:keeping:decoding:limit:)``.
    public func list(_ request: ListRequest, decoding: TaskRow.Decoding = .whole) throws -> Listing {
        let extra = request.filter.rules
        switch request.source {
        case let .view(id):
            let view = try View.named(id)
            let rules: RuleNode = extra.map { .all(view.rules, $0) } ?? view.rules
            var listing = try list(rules: rules, id: view.id, name: view.name, sort: request.sort ?? view.sort,
                                   direction: request.direction ?? (request.sort == nil ? view.sortDirection : nil),
                                   group: request.group ?? view.group, manualKey: view.id, decoding: decoding,
                                   limit: request.limit)
            listing.icon = Perspective.builtInIcons[view.id]
            return listing
        case let .perspective(id):
            return try run(perspective(id), extra: extra, group: request.group, sort: request.sort,
                           direction: request.direction, decoding: decoding, limit: request.limit)
        }
    }
}
