import Foundation

/// Changes to a category; nil leaves a field as it is, an empty icon or colour removes it.
public struct CategoryChanges: Sendable, Equatable {
    public var name: String?
    public var icon: String?
    public var color: String?

    public init(name: String? = nil, icon: String? = nil, color: String? = nil) {
        self.name = name
        self.icon = icon
        self.color = color
    }
}

extension Vault {
    // MARK: - Reading categories

    /// `.tags.json` as read: empty when absent, and empty with a warning when it cannot be read
    /// (a user's file is then never written over, §15).
    public func categoryFile() throws -> SideFileSnapshot<CategoryFile> {
        try sideFile(CategoryFile.self).load()
    }

    /// The categories in their saved order (none, when `.tags.json` cannot be read).
    public func categories() throws -> [TagCategory] { try categoryFile().value.categories }

    /// Every tag to show: the categories in order, then tags only tasks use (A–Z), each with its
    /// open-task count. When `.tags.json` cannot be read the tags are still listed, without
    /// categories, and `warning` says why.
    public func tagSummaries() throws -> (tags: [TagSummary], warning: String?) {
        let counts = try tags()
        var countByTag: [String: Int] = [:]
        for item in counts { countByTag[item.name] = item.count }
        let file = try categoryFile()
        let categories = file.value.categories
        let warning = file.warning
        var out = categories.map {
            TagSummary(tag: $0.tag, name: $0.name, icon: $0.icon, color: $0.color, count: countByTag[$0.tag] ?? 0,
                       isCategory: true)
        }
        let described = Set(categories.map(\.tag))
        for item in counts where !described.contains(item.name) {
            out.append(TagSummary(tag: item.name, name: item.name, icon: nil, color: nil, count: item.count, isCategory: false))
        }
        return (out, warning)
    }

    // MARK: - Changing categories

    /// Adds a category for `tag` (used by tasks or not).
    ///
    /// - Throws: ``CategoryError/invalidCategory(field:value:reason:)`` for a bad value, a tag that
    ///   already has a category, or a name another category has (ignoring case).
    @discardableResult
    public func addCategory(tag rawTag: String, _ changes: CategoryChanges = CategoryChanges()) throws -> TagCategory {
        let tag = try TagCategory.normalizedTag(rawTag)
        return try sideFile(CategoryFile.self).update { file in
            if let existing = file.category(tag: tag) {
                throw CategoryError.invalidCategory(field: "tag", value: tag, reason: "`\(existing.tag)` already has a category")
            }
            var category = TagCategory(tag: tag, name: tag.prefix(1).uppercased() + tag.dropFirst())
            try apply(changes, to: &category, among: file.categories)
            file.set(category)
            return category
        }.1
    }

    /// Edits the category of `tag` (matched ignoring case, or by its name); a tag that tasks use
    /// but that has no category yet gets one.
    ///
    /// - Throws: ``CategoryError/categoryNotFound(_:)`` when neither a category nor a task has the
    ///   tag; ``CategoryError/invalidCategory(field:value:reason:)`` for a bad or duplicate value.
    @discardableResult
    public func editCategory(_ reference: String, _ changes: CategoryChanges) throws -> TagCategory {
        try sideFile(CategoryFile.self).update { file in
            var category = try resolveCategory(reference, in: file)
            try apply(changes, to: &category, among: file.categories)
            file.set(category)
            return category
        }.1
    }

    /// `{"categories": [CATEGORY…], "tags": [TAG…], "warning"?}`: the categories in order, and
    /// every tag to show (categories, then tags only tasks use) with open-task counts — what the
    /// web app's tag manager and MCP's `list_categories` show.
    public func categoryListing() throws -> JSONValue {
        let (tags, warning) = try tagSummaries()
        var pairs: [(String, JSONValue)] = [
            ("categories", .array(tags.filter(\.isCategory).map {
                TagCategory(tag: $0.tag, name: $0.name, icon: $0.icon, color: $0.color).json
            })),
            ("tags", .array(tags.map(\.json))),
        ]
        if let warning { pairs.append(("warning", .string(warning))) }
        return .object(pairs)
    }

    /// Removes a category's metadata; tasks keep the tag.
    public func removeCategory(_ reference: String) throws {
        try sideFile(CategoryFile.self).update { file in
            guard let category = categoryMatching(reference, in: file) else { throw CategoryError.categoryNotFound(reference) }
            file.remove(tag: category.tag)
        }
    }

    /// Reorders the categories: puts this one before another (or last when `before` is nil).
    public func reorderCategory(_ reference: String, before: String?) throws {
        try sideFile(CategoryFile.self).update { file in
            guard let category = categoryMatching(reference, in: file) else { throw CategoryError.categoryNotFound(reference) }
            var target: String?
            if let before {
                guard let other = categoryMatching(before, in: file) else { throw CategoryError.categoryNotFound(before) }
                target = other.tag
            }
            file.reorder(tag: category.tag, before: target)
        }
    }

    /// Writes the eight default categories (§15) when the vault has no `.tags.json` yet; never
    /// replaces one. Returns whether it wrote.
    @discardableResult
    public func writeDefaultCategories() throws -> Bool {
        guard !folder.exists(CategoryFile.fileName) else { return false }
        var file = CategoryFile()
        for category in TagCategory.defaults { file.set(category) }
        do {
            try folder.write(Array(file.text.utf8), to: CategoryFile.fileName, expected: nil)
        } catch TodoError.conflict {
            return false  // another program wrote one meanwhile: theirs stays
        }
        return true
    }

    // MARK: - Helpers

    /// A category by tag (exact, then ignoring case) or by name (ignoring case).
    func categoryMatching(_ reference: String, in file: CategoryFile) -> TagCategory? {
        let ref = reference.trimmingCharacters(in: .whitespaces)
        let tag = ref.hasPrefix("#") ? String(ref.dropFirst()) : ref
        if let c = file.category(tag: tag) { return c }
        return file.categories.first { $0.name.lowercased() == ref.lowercased() }
    }

    /// The category to edit for `reference`: an existing one, or a new one for a tag in use.
    func resolveCategory(_ reference: String, in file: CategoryFile) throws -> TagCategory {
        if let c = categoryMatching(reference, in: file) { return c }
        let tag = try TagCategory.normalizedTag(reference)
        let used = try tags().map(\.name)
        guard let match = used.first(where: { $0 == tag }) ?? used.first(where: { $0.lowercased() == tag.lowercased() }) else {
            throw CategoryError.categoryNotFound(reference)
        }
        return TagCategory(tag: match, name: match)
    }

    /// Applies validated changes; the name must be unique among the other categories.
    func apply(_ changes: CategoryChanges, to category: inout TagCategory, among all: [TagCategory]) throws {
        if let name = changes.name { category.name = try TagCategory.normalizedName(name) }
        if let icon = changes.icon { category.icon = try TagCategory.normalizedIcon(icon) }
        if let color = changes.color { category.color = try TagCategory.normalizedColor(color) }
        let lowered = category.name.lowercased()
        if let clash = all.first(where: { $0.tag != category.tag && $0.name.lowercased() == lowered }) {
            throw CategoryError.invalidCategory(field: "name", value: category.name,
                                            reason: "the category `\(clash.tag)` is already called \(clash.name) (names are unique, ignoring case)")
        }
    }
}
