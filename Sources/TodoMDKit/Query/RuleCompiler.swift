import Foundation
import GRDB

/// A piece of SQL with its bound arguments; values are never spliced into the text.
public struct SQLFragment: Sendable {
    public var sql: String
    public var arguments: [DatabaseValue]

    public init(_ sql: String, _ arguments: [DatabaseValue] = []) {
        self.sql = sql
        self.arguments = arguments
    }

    /// Matches every row.
    public static let all = SQLFragment("1")
}

/// Compiles rules (§10, §21) to a SQL condition over the index's `task` table.
///
/// Every condition yields 0 or 1, never NULL, so `NOT` groups behave as "none of" for absent
/// values too. Disabled and neutral nodes are dropped first; warnings say which and why.
public struct RuleCompiler {
    /// "Today", for relative dates.
    public let today: LocalDate
    /// For comparing date-time fields by local date.
    public let timeZone: TimeZone
    /// Why nodes were treated as neutral, in the order met.
    public private(set) var warnings: [String] = []

    public init(today: LocalDate, timeZone: TimeZone) {
        self.today = today
        self.timeZone = timeZone
    }

    /// The SQL condition for `root`; `1` when nothing is left after dropping neutral nodes.
    public mutating func compile(_ root: RuleNode) -> SQLFragment {
        compileNode(root, path: "rules") ?? .all
    }

    mutating func neutral(_ path: String, _ reason: String) -> SQLFragment? {
        warnings.append("\(path): \(reason); ignored")
        return nil
    }

    mutating func compileNode(_ node: RuleNode, path: String) -> SQLFragment? {
        switch node {
        case let .invalid(json):
            if case .object = json { return neutral(path, "neither a group nor a condition") }
            return neutral(path, "not an object")
        case let .group(group):
            guard group.enabled else { return nil }
            guard let op = group.op else { return neutral(path, "unknown operator `\(group.operatorName)`") }
            var parts: [SQLFragment] = []
            for (i, child) in group.conditions.enumerated() {
                if let part = compileNode(child, path: "\(path).conditions[\(i)]") { parts.append(part) }
            }
            guard !parts.isEmpty else {
                if group.conditions.isEmpty, path != "rules" { warnings.append("\(path): empty group; ignored") }
                return nil
            }
            let joined = parts.map { "(\($0.sql))" }.joined(separator: op == .and ? " AND " : " OR ")
            let args = parts.flatMap(\.arguments)
            return op == .not ? SQLFragment("NOT (\(joined))", args) : SQLFragment(joined, args)
        case let .condition(c):
            guard c.enabled else { return nil }
            guard let fragment = compileCondition(c, path: path) else { return nil }
            return SQLFragment("IFNULL((\(fragment.sql)), 0)", fragment.arguments)
        }
    }

    // MARK: - Conditions

    static let enumFields: Set<String> = ["status", "priority", "region", "bucket"]
    static let textFields: Set<String> = ["area", "project", "source"]
    static let plainDateFields: Set<String> = ["due", "scheduled", "defer"]
    static let instantFields: Set<String> = ["created", "completed", "modified"]

    mutating func compileCondition(_ c: RuleCondition, path: String) -> SQLFragment? {
        let field = c.field, op = c.op
        func bad(_ reason: String) -> SQLFragment? { neutral(path, reason) }
        func unsupported() -> SQLFragment? { bad("`\(op)` is not an operator for `\(field)`") }

        switch field {
        case "status", "priority", "area", "project", "source", "region", "bucket":
            let isEnum = RuleCompiler.enumFields.contains(field)
            let column = field == "priority" ? "priority" : field
            func encode(_ s: String) -> DatabaseValue {
                guard isEnum else { return s.databaseValue }
                let lower = s.lowercased()
                if field == "priority" { return (Priority(rawValue: lower)?.rank ?? -1).databaseValue }
                return lower.databaseValue
            }
            if ["region", "bucket"].contains(field), !["equals", "in", "is_nil"].contains(op) { return unsupported() }
            switch op {
            case "equals", "not_equals":
                guard let s = c.value?.stringValue else { return bad("`\(op)` needs a text value") }
                return op == "equals" ? SQLFragment("\(column) = ?", [encode(s)])
                    : SQLFragment("\(column) IS NULL OR \(column) <> ?", [encode(s)])
            case "in", "not_in":
                guard let list = c.value?.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                    return bad("`\(op)` needs a list of text values")
                }
                let values = list.compactMap(\.stringValue).map(encode)
                if values.isEmpty { return SQLFragment(op == "in" ? "0" : "1") }
                let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
                return op == "in" ? SQLFragment("\(column) IN (\(marks))", values)
                    : SQLFragment("\(column) IS NULL OR \(column) NOT IN (\(marks))", values)
            case "is_nil", "is_not_nil":
                guard ["area", "project", "source", "region", "bucket"].contains(field) else { return unsupported() }
                return SQLFragment("\(column) IS \(op == "is_nil" ? "" : "NOT ")NULL")
            case "string_contains":
                guard field == "source" else { return unsupported() }
                guard let s = c.value?.stringValue else { return bad("`string_contains` needs a text value") }
                return SQLFragment("instr(todomd_fold(source), ?) > 0", [TextFolding.fold(s).databaseValue])
            default:
                return unsupported()
            }
        case "flagged", "inbox":
            guard op == "equals" else { return unsupported() }
            guard let b = c.value?.boolValue else { return bad("`equals` needs true or false") }
            let expr = field == "flagged" ? "flagged" : "(area IS NULL AND project IS NULL)"
            return SQLFragment("\(expr) = ?", [(b ? 1 : 0).databaseValue])
        case "tags":
            let exists = "EXISTS (SELECT 1 FROM task_tag WHERE task_tag.task_rid = task.rid AND tag"
            switch op {
            case "contains":
                guard let s = c.value?.stringValue else { return bad("`contains` needs one tag") }
                return SQLFragment("\(exists) = ?)", [s.databaseValue])
            case "contains_any", "contains_all":
                guard let list = c.value?.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                    return bad("`\(op)` needs a list of tags")
                }
                let tags = Array(Set(list.compactMap(\.stringValue))).sorted()
                if tags.isEmpty { return SQLFragment(op == "contains_any" ? "0" : "1") }
                let marks = Array(repeating: "?", count: tags.count).joined(separator: ", ")
                if op == "contains_any" {
                    return SQLFragment("\(exists) IN (\(marks)))", tags.map(\.databaseValue))
                }
                return SQLFragment("""
                    (SELECT count(DISTINCT tag) FROM task_tag WHERE task_tag.task_rid = task.rid AND tag IN (\(marks))) = ?
                    """, tags.map(\.databaseValue) + [tags.count.databaseValue])
            case "is_empty": return SQLFragment("tags = ''")
            case "is_not_empty": return SQLFragment("tags <> ''")
            default: return unsupported()
            }
        case "due", "scheduled", "defer", "created", "completed", "modified":
            return compileDate(c, path: path)
        case "estimated_minutes":
            switch op {
            case "is_nil": return SQLFragment("estimated_minutes IS NULL")
            case "is_not_nil": return SQLFragment("estimated_minutes IS NOT NULL")
            case "less_than", "greater_than", "equals":
                guard let n = c.value?.numberValue else { return bad("`\(op)` needs a number") }
                let sqlOp = op == "less_than" ? "<" : op == "greater_than" ? ">" : "="
                return SQLFragment("estimated_minutes \(sqlOp) ?", [n.databaseValue])
            default: return unsupported()
            }
        case "recurrence":
            switch op {
            case "is_nil": return SQLFragment("recurrence IS NULL")
            case "is_not_nil": return SQLFragment("recurrence IS NOT NULL")
            default: return unsupported()
            }
        case "title", "description", "body":
            guard op == "string_contains" else { return unsupported() }
            guard let s = c.value?.stringValue else { return bad("`string_contains` needs a text value") }
            return SQLFragment("instr(todomd_fold(\(field)), ?) > 0", [TextFolding.fold(s).databaseValue])
        default:
            return bad("unknown field `\(field)`")
        }
    }

    /// A date value: `YYYY-MM-DD`, `today`, `yesterday` or `tomorrow`.
    func date(_ value: JSONValue?) -> LocalDate? {
        guard let s = value?.stringValue?.lowercased() else { return nil }
        switch s {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow": return today.adding(days: 1)
        default: return LocalDate(iso: s)
        }
    }

    mutating func compileDate(_ c: RuleCondition, path: String) -> SQLFragment? {
        let col = c.field
        let instant = RuleCompiler.instantFields.contains(col)
        func bad(_ reason: String) -> SQLFragment? { neutral(path, reason) }
        // Bounds as a half-open range of local days [from, to+1).
        func range(_ from: LocalDate?, _ to: LocalDate?) -> SQLFragment {
            var parts: [String] = []
            var args: [DatabaseValue] = []
            if let from {
                parts.append("\(col) >= ?")
                args.append(instant ? from.startOfDay(in: timeZone).timeIntervalSince1970.databaseValue
                                    : from.description.databaseValue)
            }
            if let to {
                if instant {
                    parts.append("\(col) < ?")
                    args.append(to.adding(days: 1).startOfDay(in: timeZone).timeIntervalSince1970.databaseValue)
                } else {
                    parts.append("\(col) <= ?")
                    args.append(to.description.databaseValue)
                }
            }
            return SQLFragment(parts.isEmpty ? "\(col) IS NOT NULL" : parts.joined(separator: " AND "), args)
        }
        switch c.op {
        case "is_nil": return SQLFragment("\(col) IS NULL")
        case "is_not_nil": return SQLFragment("\(col) IS NOT NULL")
        case "on", "before", "after", "on_or_before", "on_or_after", "before_or_none", "after_or_none":
            guard let d = date(c.value) else { return bad("`\(c.op)` needs a date (YYYY-MM-DD, today, yesterday, tomorrow)") }
            switch c.op {
            case "on": return range(d, d)
            case "before": return range(nil, d.adding(days: -1))
            case "after": return range(d.adding(days: 1), nil)
            case "on_or_before": return range(nil, d)
            case "on_or_after": return range(d, nil)
            case "before_or_none":
                let r = range(nil, d.adding(days: -1))
                return SQLFragment("\(col) IS NULL OR (\(r.sql))", r.arguments)
            default:
                let r = range(d.adding(days: 1), nil)
                return SQLFragment("\(col) IS NULL OR (\(r.sql))", r.arguments)
            }
        case "between":
            guard let list = c.value?.arrayValue, list.count == 2, let a = date(list[0]), let b = date(list[1]) else {
                return bad("`between` needs two dates")
            }
            return range(a, b)
        case "in_past", "in_next":
            guard let n = c.value?.numberValue, n >= 0, n == n.rounded(), n < 100_000 else {
                return bad("`\(c.op)` needs a whole number ≥ 0")
            }
            let unit = (c.unit ?? "days").lowercased()
            let count = Int(n)
            let sign = c.op == "in_next" ? 1 : -1
            let other: LocalDate
            switch unit {
            case "days", "day": other = today.adding(days: sign * count)
            case "weeks", "week": other = today.adding(days: sign * 7 * count)
            case "months", "month": other = today.adding(months: sign * count)
            default: return bad("unknown unit `\(unit)` (days, weeks or months)")
            }
            return c.op == "in_next" ? range(today, other) : range(other, today)
        default:
            return bad("`\(c.op)` is not an operator for `\(col)`")
        }
    }
}
