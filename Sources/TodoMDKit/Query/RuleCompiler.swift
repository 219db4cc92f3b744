import Foundation

/// Validates a rule tree (§10, §21) into a ``Predicate``: disabled and neutral nodes are dropped
/// and each neutral one is reported as a warning naming where it is and why.
public struct RuleCompiler {
    /// "Today", for relative dates.
    public let today: LocalDate
    /// For comparing date-time fields by local date.
    public let timeZone: TimeZone
    /// Why nodes were treated as neutral, in the order met.
    public private(set) var warnings: [String] = []
    /// Neutral nodes by path (`rules.conditions[2]`) with the reason, for editors and `show`.
    public private(set) var neutral: [String: String] = [:]

    public init(today: LocalDate, timeZone: TimeZone) {
        self.today = today
        self.timeZone = timeZone
    }

    /// The predicate for `root`; nil when nothing is left (every task matches).
    public mutating func predicate(_ root: RuleNode) -> Predicate? {
        node(root, path: "rules")
    }

    mutating func neutral(_ path: String, _ reason: String) -> Predicate? {
        record(path, reason)
        return nil
    }

    mutating func record(_ path: String, _ reason: String) {
        warnings.append("\(path): \(reason); ignored")
        neutral[path] = reason
    }

    mutating func node(_ node: RuleNode, path: String) -> Predicate? {
        switch node {
        case let .invalid(json):
            if case .object = json { return neutral(path, "neither a group nor a condition") }
            return neutral(path, "not an object")
        case let .group(group):
            guard group.enabled else { return nil }
            guard let op = group.op else { return neutral(path, "unknown operator `\(group.operatorName)`") }
            var parts: [Predicate] = []
            for (i, child) in group.conditions.enumerated() {
                if let part = self.node(child, path: "\(path).conditions[\(i)]") { parts.append(part) }
            }
            guard !parts.isEmpty else {
                if group.conditions.isEmpty, path != "rules" { record(path, "empty group") }
                return nil
            }
            switch op {
            case .and: return parts.count == 1 ? parts[0] : .all(parts)
            case .or: return parts.count == 1 ? parts[0] : .any(parts)
            case .not: return .none(parts)
            }
        case let .condition(c):
            guard c.enabled else { return nil }
            return condition(c, path: path).map(Predicate.test)
        }
    }

    /// The typed test one condition compiles to, or nil when it is neutral.
    public func test(for condition: RuleCondition) -> FieldTest? {
        var copy = self
        return copy.condition(condition, path: "")
    }

    // MARK: - Conditions

    mutating func condition(_ c: RuleCondition, path: String) -> FieldTest? {
        let field = c.field, op = c.op
        func bad(_ reason: String) -> FieldTest? {
            record(path, reason)
            return nil
        }
        func unsupported() -> FieldTest? { bad("`\(op)` is not an operator for `\(field)`") }
        func text() -> String? { c.value?.stringValue }
        func texts() -> [String]? {
            guard let list = c.value?.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else { return nil }
            return list.compactMap(\.stringValue)
        }

        switch field {
        case "status", "priority", "region", "bucket", "area", "project", "source":
            let isEnum = ["status", "priority", "region", "bucket"].contains(field)
            if ["region", "bucket"].contains(field), !["equals", "in", "is_nil"].contains(op) { return unsupported() }
            func wrap(_ test: ValueTest) -> FieldTest {
                if let e = EnumField(rawValue: field) { return .enumeration(e, test) }
                return .text(TextField(rawValue: field) ?? .area, test)
            }
            func norm(_ s: String) -> String { isEnum ? s.lowercased() : s }
            switch op {
            case "equals", "not_equals":
                guard let s = text() else { return bad("`\(op)` needs a text value") }
                return wrap(op == "equals" ? .equals(norm(s)) : .notEquals(norm(s)))
            case "in", "not_in":
                guard let list = texts() else { return bad("`\(op)` needs a list of text values") }
                if list.isEmpty { return .constant(op == "not_in") }
                return wrap(op == "in" ? .isIn(list.map(norm)) : .notIn(list.map(norm)))
            case "is_nil", "is_not_nil":
                guard !["status", "priority"].contains(field) else { return unsupported() }
                return wrap(op == "is_nil" ? .isNil : .isNotNil)
            case "string_contains":
                guard field == "source" else { return unsupported() }
                guard let s = text() else { return bad("`string_contains` needs a text value") }
                return .contains(.source, TextFolding.fold(s))
            default:
                return unsupported()
            }
        case "flagged", "inbox":
            guard op == "equals" else { return unsupported() }
            guard let b = c.value?.boolValue else { return bad("`equals` needs true or false") }
            return field == "flagged" ? .flagged(b) : .inbox(b)
        case "tags":
            switch op {
            case "contains":
                guard let s = text() else { return bad("`contains` needs one tag") }
                return .tags(.contains(s))
            case "contains_any", "contains_all":
                guard let list = texts() else { return bad("`\(op)` needs a list of tags") }
                if list.isEmpty { return .constant(op == "contains_all") }
                let tags = Array(Set(list)).sorted()
                return .tags(op == "contains_any" ? .containsAny(tags) : .containsAll(tags))
            case "is_empty": return .tags(.isEmpty)
            case "is_not_empty": return .tags(.isNotEmpty)
            default: return unsupported()
            }
        case "due", "scheduled", "defer", "created", "completed", "modified":
            return dateCondition(c, field: DateField(rawValue: field) ?? .due, path: path)
        case "estimated_minutes":
            switch op {
            case "is_nil": return .estimate(.isNil)
            case "is_not_nil": return .estimate(.isNotNil)
            case "less_than", "greater_than", "equals":
                guard let n = c.value?.numberValue else { return bad("`\(op)` needs a number") }
                return .estimate(op == "less_than" ? .lessThan(n) : op == "greater_than" ? .greaterThan(n) : .equals(n))
            default: return unsupported()
            }
        case "recurrence":
            switch op {
            case "is_nil": return .recurrenceIsNil(true)
            case "is_not_nil": return .recurrenceIsNil(false)
            default: return unsupported()
            }
        case "blocked", "has_children", "checklist_open":
            guard op == "is" || op == "equals" else { return unsupported() }
            guard let b = c.value?.boolValue else { return bad("`\(op)` needs true or false") }
            switch field {
            case "blocked": return .blocked(b)
            case "has_children": return .hasChildren(b)
            default: return .checklistOpen(b)
            }
        case "parent":
            switch op {
            case "is_nil": return .parent(.isNil)
            case "is_not_nil": return .parent(.isNotNil)
            case "equals":
                guard let s = text(), !s.isEmpty else { return bad("`equals` needs a task id or filename") }
                return .parent(.equals(TaskReference(s).target))
            default: return unsupported()
            }
        case "title", "description", "body":
            guard op == "string_contains" else { return unsupported() }
            guard let s = text() else { return bad("`string_contains` needs a text value") }
            return .contains(SearchField(rawValue: field) ?? .title, TextFolding.fold(s))
        default:
            return bad("unknown field `\(field)`")
        }
    }

    /// A date value: `YYYY-MM-DD`, `today`, `yesterday` or `tomorrow`.
    public func date(_ value: JSONValue?) -> LocalDate? {
        guard let s = value?.stringValue?.lowercased() else { return nil }
        switch s {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow": return today.adding(days: 1)
        default: return LocalDate(iso: s)
        }
    }

    mutating func dateCondition(_ c: RuleCondition, field: DateField, path: String) -> FieldTest? {
        func bad(_ reason: String) -> FieldTest? {
            record(path, reason)
            return nil
        }
        func range(_ from: LocalDate?, _ to: LocalDate?, orNone: Bool = false) -> FieldTest {
            .dateRange(field, from: from, to: to, orNone: orNone)
        }
        switch c.op {
        case "is_nil": return .dateIsNil(field, true)
        case "is_not_nil": return .dateIsNil(field, false)
        case "on", "before", "after", "on_or_before", "on_or_after", "before_or_none", "after_or_none":
            guard let d = date(c.value) else {
                return bad("`\(c.op)` needs a date (YYYY-MM-DD, today, yesterday or tomorrow)")
            }
            switch c.op {
            case "on": return range(d, d)
            case "before": return range(nil, d.adding(days: -1))
            case "after": return range(d.adding(days: 1), nil)
            case "on_or_before": return range(nil, d)
            case "on_or_after": return range(d, nil)
            case "before_or_none": return range(nil, d.adding(days: -1), orNone: true)
            default: return range(d.adding(days: 1), nil, orNone: true)
            }
        case "between":
            guard let list = c.value?.arrayValue, list.count == 2, let a = date(list[0]), let b = date(list[1]) else {
                return bad("`between` needs two dates")
            }
            return range(a, b)
        case "in_past", "in_next":
            guard let n = c.value?.numberValue, n >= 0, n == n.rounded() else {
                return bad("`\(c.op)` needs a whole number ≥ 0")
            }
            let unitValue = c.raw["unit"]
            if let unitValue, unitValue.stringValue == nil, !unitValue.isNull {
                return bad("`unit` must be days, weeks or months")
            }
            let unit = (c.unit ?? "days").lowercased()
            let daysPerUnit: Double
            switch unit {
            case "days", "day": daysPerUnit = 1
            case "weeks", "week": daysPerUnit = 7
            case "months", "month": daysPerUnit = 31
            default: return bad("unknown unit `\(unit)` (days, weeks or months)")
            }
            let sign = c.op == "in_next" ? 1 : -1
            // Beyond the calendar (years 1…9999) the range is simply open on that side.
            var other: LocalDate?
            if n * daysPerUnit < 3_700_000 {
                let count = Int(n)
                let date = unit.hasPrefix("month") ? today.adding(months: sign * count)
                    : today.adding(days: sign * count * Int(daysPerUnit))
                other = (1...9999).contains(date.year) ? date : nil
            }
            return c.op == "in_next" ? range(today, other) : range(other, today)
        default:
            return bad("`\(c.op)` is not an operator for `\(field.rawValue)`")
        }
    }
}
