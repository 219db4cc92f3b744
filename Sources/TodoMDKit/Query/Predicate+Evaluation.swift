import Foundation

extension Predicate {
    /// Evaluates the predicate on a task in memory — the plain reading of §10, used by tests as
    /// an oracle for the SQL compiler and by callers holding tasks outside the index.
    public func matches(_ task: TodoTask, timeZone: TimeZone) -> Bool {
        switch self {
        case let .all(parts): return parts.allSatisfy { $0.matches(task, timeZone: timeZone) }
        case let .any(parts): return parts.contains { $0.matches(task, timeZone: timeZone) }
        case let .none(parts): return !parts.contains { $0.matches(task, timeZone: timeZone) }
        case let .test(test): return test.matches(task, timeZone: timeZone)
        }
    }
}

extension FieldTest {
    func matches(_ t: TodoTask, timeZone: TimeZone) -> Bool {
        switch self {
        case let .text(field, test):
            let value: String?
            switch field {
            case .area: value = t.area
            case .project: value = t.project
            case .source: value = t.source
            }
            return FieldTest.matches(value, test)
        case let .enumeration(field, test):
            switch field {
            case .status: return FieldTest.matches(t.status.rawValue, test)
            case .priority:
                // Priorities compare by rank, so an unknown value matches no task.
                let rank = t.priority.rank
                func r(_ s: String) -> Int { Priority(rawValue: s)?.rank ?? -1 }
                switch test {
                case let .equals(v): return rank == r(v)
                case let .notEquals(v): return rank != r(v)
                case let .isIn(vs): return vs.map(r).contains(rank)
                case let .notIn(vs): return !vs.map(r).contains(rank)
                case .isNil: return false
                case .isNotNil: return true
                }
            case .region: return FieldTest.matches(t.region?.rawValue, test)
            case .bucket: return FieldTest.matches(t.bucket?.rawValue, test)
            }
        case let .flagged(b): return t.flagged == b
        case let .inbox(b): return (t.area == nil && t.project == nil) == b
        case let .tags(test):
            switch test {
            case let .contains(tag): return t.tags.contains(tag)
            case let .containsAny(tags): return tags.contains { t.tags.contains($0) }
            case let .containsAll(tags): return tags.allSatisfy { t.tags.contains($0) }
            case .isEmpty: return t.tags.isEmpty
            case .isNotEmpty: return !t.tags.isEmpty
            }
        case let .dateRange(field, from, to, orNone):
            guard let date = FieldTest.date(field, of: t, timeZone: timeZone) else { return orNone }
            if let from, date < from { return false }
            if let to, date > to { return false }
            return true
        case let .dateIsNil(field, isNil):
            return (FieldTest.date(field, of: t, timeZone: timeZone) == nil) == isNil
        case let .estimate(test):
            guard let m = t.estimatedMinutes.map(Double.init) else {
                if case .isNil = test { return true }
                return false
            }
            switch test {
            case let .lessThan(n): return m < n
            case let .greaterThan(n): return m > n
            case let .equals(n): return m == n
            case .isNil: return false
            case .isNotNil: return true
            }
        case let .recurrenceIsNil(isNil): return (t.recurrence == nil) == isNil
        case let .contains(field, needle):
            let haystack: String?
            switch field {
            case .title: haystack = t.title
            case .description: haystack = t.description
            case .body: haystack = t.body
            case .source: haystack = t.source
            }
            guard let haystack else { return false }
            return TextFolding.containsBytes(TextFolding.fold(haystack), needle)
        case let .constant(b): return b
        case let .blocked(b): return t.links.blocked == b
        case let .hasChildren(b): return !t.links.children.isEmpty == b
        case let .checklistOpen(b): return (t.links.checklist.map { $0.done < $0.total } ?? false) == b
        case let .parent(test):
            switch test {
            case .isNil: return t.links.parentID == nil
            case .isNotNil: return t.links.parentID != nil
            case let .equals(v): return t.links.parentID.map { FieldTest.names($0, v) } ?? false
            default: return false
            }
        }
    }

    /// Whether the task id `id` is the one `reference` names: its id, or its filename (with or
    /// without `.md`) — how a `parent equals` rule names a task.
    static func names(_ id: String, _ reference: String) -> Bool {
        let filename = id.split(separator: "/").last.map(String.init) ?? id
        return [id, filename].contains { $0 == reference || $0 == reference + ".md" }
    }

    static func matches(_ value: String?, _ test: ValueTest) -> Bool {
        switch test {
        case let .equals(v): return value == v
        case let .notEquals(v): return value != v
        case let .isIn(vs): return value.map(vs.contains) ?? false
        case let .notIn(vs): return !(value.map(vs.contains) ?? false)
        case .isNil: return value == nil
        case .isNotNil: return value != nil
        }
    }

    static func date(_ field: DateField, of t: TodoTask, timeZone: TimeZone) -> LocalDate? {
        switch field {
        case .due: return t.due
        case .scheduled: return t.scheduled
        case .deferDate: return t.deferDate
        case .created: return LocalDate(t.created, in: timeZone)
        case .completed: return t.completed.map { LocalDate($0, in: timeZone) }
        case .modified: return t.modified.map { LocalDate($0, in: timeZone) }
        }
    }
}
