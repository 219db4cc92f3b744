import Foundation

extension Vault {
    // MARK: - Loading

    /// Reads `.perspectives.json` (§10). A broken file is never overwritten here: the last good
    /// version (kept in the index) is used, the bad file is copied to `.perspectives.json.backup`,
    /// and the warning says so.
    public func loadPerspectives() throws -> SideFileSnapshot<PerspectiveFile> {
        try sideFile(PerspectiveFile.self).load()
    }

    /// Every perspective: the built-in views first, then the user's in their order.
    public func allPerspectives() throws -> (perspectives: [Perspective], warning: String?) {
        let load = try loadPerspectives()
        let builtIns = try View.builtInIDs.map { Perspective(builtIn: try View.named($0)) }
        return (builtIns + load.value.ordered, load.warning)
    }

    /// The perspective `id`: a custom one, or a built-in view's read-only form.
    ///
    /// - Throws: ``TodoError/unknownPerspective(_:)``.
    public func perspective(_ id: String) throws -> Perspective {
        if let custom = try loadPerspectives().value.perspective(id) { return custom }
        if View.builtInIDs.contains(id.lowercased()) { return Perspective(builtIn: try View.named(id)) }
        throw TodoError.unknownPerspective(id)
    }

    // MARK: - Saving

    /// Changes `.perspectives.json` through `change` and writes it atomically (pretty, 2-space
    /// indent, unknown keys kept). A broken file is replaced only here, when the user saves.
    @discardableResult
    public func updatePerspectives<T>(_ change: (inout PerspectiveFile) throws -> T) throws -> T {
        try sideFile(PerspectiveFile.self).update(change).1
    }

    /// Creates a perspective and returns it (its id from the name, made unique).
    public func createPerspective(_ draft: Perspective) throws -> Perspective {
        try validate(draft)
        return try updatePerspectives { file in
            var p = draft
            p.id = Vault.uniquePerspectiveID(for: draft.name, taken: Set(file.perspectives.map(\.id) + View.builtInIDs))
            p.isBuiltIn = false
            file.upsert(p)
            return p
        }
    }

    /// Replaces a custom perspective (same id).
    public func savePerspective(_ p: Perspective) throws {
        // A hand-written perspective may reuse a built-in id: it is the user's, so it is editable.
        guard try !View.builtInIDs.contains(p.id) || loadPerspectives().value.perspective(p.id) != nil else {
            throw TodoError.readOnlyPerspective(p.id)
        }
        try validate(p)
        try updatePerspectives { file in
            guard file.perspective(p.id) != nil else { throw TodoError.unknownPerspective(p.id) }
            file.upsert(p)
        }
    }

    /// Deletes a custom perspective.
    public func deletePerspective(_ id: String) throws {
        guard try !View.builtInIDs.contains(id) || loadPerspectives().value.perspective(id) != nil else {
            throw TodoError.readOnlyPerspective(id)
        }
        try updatePerspectives { file in
            guard file.perspective(id) != nil else { throw TodoError.unknownPerspective(id) }
            file.remove(id)
        }
    }

    /// Copies a perspective (built-in or custom) as "[Name] Copy", placed right after it.
    public func duplicatePerspective(_ id: String) throws -> Perspective {
        let original = try perspective(id)
        return try updatePerspectives { file in
            var copy = original
            if copy.manualOrder == nil {
                // The copy starts in the order the original shows (its `.order.json` entry).
                let key = original.isBuiltIn ? original.id : "perspective:\(original.id)"
                let entries = orderFile().value.order(for: key)
                if !entries.isEmpty { copy.manualOrder = entries }
            }
            copy.isBuiltIn = false
            // Shorten the original name, never the " Copy" that tells them apart.
            copy.name = String(original.name.prefix(Perspective.maxNameLength - 5)) + " Copy"
            copy.id = Vault.uniquePerspectiveID(for: copy.name, taken: Set(file.perspectives.map(\.id) + View.builtInIDs))
            copy.raw = original.raw
            file.upsert(copy, after: original.isBuiltIn ? nil : original.id)
            return copy
        }
    }

    /// Reorders the perspectives: puts a custom one before another (or last).
    public func reorderPerspective(_ id: String, before: String?) throws {
        try updatePerspectives { file in
            guard file.perspective(id) != nil else { throw TodoError.unknownPerspective(id) }
            if let before, file.perspective(before) == nil { throw TodoError.unknownPerspective(before) }
            file.order.removeAll { $0 == id }
            if let before, let i = file.order.firstIndex(of: before) { file.order.insert(id, at: i) } else { file.order.append(id) }
        }
    }

    func validate(_ p: Perspective) throws {
        let name = p.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw TodoError.invalidValue(field: "name", value: p.name, reason: "a perspective needs a name") }
        guard p.name.count <= Perspective.maxNameLength else {
            throw TodoError.invalidValue(field: "name", value: String(p.name.prefix(20)) + "…",
                                         reason: "at most \(Perspective.maxNameLength) characters")
        }
        guard SortKey(rawValue: p.sortField.lowercased()) != nil else {
            throw TodoError.invalidValue(field: "sort", value: p.sortField,
                                         reason: "one of " + SortKey.userKeys.map(\.rawValue).joined(separator: ", "))
        }
        guard GroupKey(rawValue: p.groupBy.lowercased()) != nil else {
            throw TodoError.invalidValue(field: "group_by", value: p.groupBy,
                                         reason: "one of " + GroupKey.userKeys.map(\.rawValue).joined(separator: ", "))
        }
        guard Perspective.layouts.contains(p.layout) else {
            throw TodoError.invalidValue(field: "layout", value: p.layout, reason: Perspective.layouts.joined(separator: ", "))
        }
    }

    /// `work-available` from "Work — Available", with `-2`, `-3`… when taken.
    static func uniquePerspectiveID(for name: String, taken: Set<String>) -> String {
        var base = Slug.make(name)
        if base == "task" && !name.lowercased().contains("task") { base = "perspective" }
        var id = base
        var n = 2
        while taken.contains(id) {
            id = "\(base)-\(n)"
            n += 1
        }
        return id
    }

    // MARK: - Running

    /// The tasks of a perspective, sorted and grouped; `extra` rules (a quick filter) are
    /// combined with its own by AND; `decoding` and `limit` as for
    /// ``list(rules:id:name:sort:direction:group:manualKey:manualOrder:keeping:decoding:limit:)``.
    public func run(_ perspective: Perspective, extra: RuleNode? = nil, group: GroupKey? = nil,
                    sort: SortKey? = nil, direction: SortDirection? = nil,
                    decoding: TaskRow.Decoding = .whole, limit: Int? = nil) throws -> Listing {
        let rules: RuleNode = extra.map { .group(RuleGroup(.and, [perspective.rules, $0])) } ?? perspective.rules
        let key = perspective.isBuiltIn ? perspective.id : "perspective:\(perspective.id)"
        var listing = try list(rules: rules, id: key, name: perspective.name, sort: sort ?? perspective.sortKey,
                               direction: direction ?? (sort == nil ? perspective.direction : nil),
                               group: group ?? perspective.groupKey, manualKey: key,
                               manualOrder: perspective.isBuiltIn ? nil : perspective.manualOrder,
                               decoding: decoding, limit: limit)
        listing.icon = perspective.icon
        listing.color = perspective.color
        if !perspective.isBuiltIn {
            listing.groupBy = perspective.groupKey.rawValue
            listing.layout = perspective.layoutKey
        }
        return listing
    }
}
