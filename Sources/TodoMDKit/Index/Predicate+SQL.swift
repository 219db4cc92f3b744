import Foundation
import GRDB

/// A piece of SQL with its bound arguments; values are never spliced into the text.
struct SQLFragment: Sendable {
    var sql: String
    var arguments: [DatabaseValue]
    /// How dear the condition is per row, to test cheap conditions first: 0 compares columns,
    /// 1 calls a function on text (folding, substring), 2 runs a subquery.
    var cost: Int

    init(_ sql: String, _ arguments: [DatabaseValue] = [], cost: Int? = nil) {
        self.sql = sql
        self.arguments = arguments
        self.cost = cost ?? SQLFragment.estimatedCost(sql)
    }

    /// The cost of `sql` by what it contains: a subquery, else a text function, else 0.
    static func estimatedCost(_ sql: String) -> Int {
        if sql.contains("SELECT") { return 2 }
        if sql.contains("instr(") || sql.contains("lower(") || sql.contains("todomd_fold(") { return 1 }
        return 0
    }

    /// Matches every row.
    static let all = SQLFragment("1")

}

extension Predicate {
    /// A SQL condition over the index's `task` table: 1 where the predicate holds, else 0 or
    /// NULL (both false to `WHERE` and to `CASE WHEN`).
    ///
    /// A test on an absent value can yield NULL. That is harmless under `AND` and `OR`, where
    /// NULL acts as false, and wrong only under `NOT` (NOT NULL is NULL, not true): so tests
    /// below a `none` are made NULL-safe with `IFNULL`, and the rest are left bare — wrapping
    /// every test cost 1.4× the scan at 100k tasks. The parts of an `all` or `any` are tested
    /// cheapest first (``SQLFragment/cost``): SQLite evaluates them in the order written and
    /// stops at the first that decides.
    ///
    /// - Parameter fullText: whether the full-text index is whole (``TaskIndex/holdsFullText(_:)``),
    ///   so that a body test may narrow its candidates with it; without it, the substring test
    ///   alone decides, over every row.
    func sql(timeZone: TimeZone, fullText: Bool) -> SQLFragment { sql(timeZone: timeZone, fullText: fullText, nullSafe: false) }

    /// Whether some test of the predicate would narrow its candidates with the full-text index.
    var narrowsByFullText: Bool {
        switch self {
        case let .all(parts), let .any(parts), let .none(parts): return parts.contains { $0.narrowsByFullText }
        case let .test(test):
            if case let .contains(.body, needle) = test { return FieldTest.ftsNarrowing(needle) != nil }
            return false
        }
    }

    private func sql(timeZone: TimeZone, fullText: Bool, nullSafe: Bool) -> SQLFragment {
        switch self {
        case let .all(parts), let .any(parts), let .none(parts):
            var isNone = false
            if case .none = self { isNone = true }
            let inner = parts.map { $0.sql(timeZone: timeZone, fullText: fullText, nullSafe: nullSafe || isNone) }
                .enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }.map(\.element)
            let joiner: String
            if case .all = self { joiner = " AND " } else { joiner = " OR " }
            let joined = inner.map { "(\($0.sql))" }.joined(separator: joiner)
            let args = inner.flatMap(\.arguments)
            let cost = inner.map(\.cost).max() ?? 0
            if isNone { return SQLFragment("NOT (\(joined))", args, cost: cost) }
            return SQLFragment(joined, args, cost: cost)
        case let .test(test):
            let f = test.sql(timeZone: timeZone, fullText: fullText)
            guard nullSafe else { return f }
            return SQLFragment("IFNULL((\(f.sql)), 0)", f.arguments, cost: f.cost)
        }
    }
}

extension FieldTest {
    func sql(timeZone: TimeZone, fullText: Bool) -> SQLFragment {
        switch self {
        case let .text(field, test):
            return FieldTest.valueSQL(field.rawValue, test) { $0.databaseValue }
        case let .enumeration(field, test):
            return FieldTest.valueSQL(field.rawValue, test) { $0.databaseValue }
        case let .flagged(b):
            return SQLFragment("flagged = ?", [(b ? 1 : 0).databaseValue])
        case let .inbox(b):
            return SQLFragment("(area IS NULL AND project IS NULL) = ?", [(b ? 1 : 0).databaseValue])
        case let .tags(test):
            // The tasks with the tag(s), listed once per statement through the tag index: a
            // subquery per row (EXISTS … WHERE task_rid = task.rid) let SQLite walk every task
            // with the tag for every row — seconds at 100k for a common tag.
            let tagged = "task.rid IN (SELECT task_rid FROM task_tag WHERE tag"
            switch test {
            case let .contains(tag): return SQLFragment("\(tagged) = ?)", [tag.databaseValue])
            case let .containsAny(tags):
                return SQLFragment("\(tagged) IN (\(FieldTest.marks(tags.count))))", tags.map(\.databaseValue))
            case let .containsAll(tags):
                return SQLFragment("""
                    \(tagged) IN (\(FieldTest.marks(tags.count))) GROUP BY task_rid HAVING count(DISTINCT tag) = ?)
                    """, tags.map(\.databaseValue) + [tags.count.databaseValue])
            case .isEmpty: return SQLFragment("tags = ''")
            case .isNotEmpty: return SQLFragment("tags <> ''")
            }
        case let .dateRange(field, from, to, orNone):
            let col = field.rawValue
            var parts: [String] = []
            var args: [DatabaseValue] = []
            if let from {
                parts.append("\(col) >= ?")
                args.append(field.isInstant ? from.startOfDay(in: timeZone).timeIntervalSince1970.databaseValue
                                            : from.description.databaseValue)
            }
            if let to {
                if field.isInstant {
                    parts.append("\(col) < ?")
                    args.append(to.adding(days: 1).startOfDay(in: timeZone).timeIntervalSince1970.databaseValue)
                } else {
                    // Before the next day: `2026-11-24T15:00` is on the 24th, and sorts after `2026-11-24`.
                    parts.append("\(col) < ?")
                    args.append(to.adding(days: 1).description.databaseValue)
                }
            }
            let range = parts.isEmpty ? "\(col) IS NOT NULL" : parts.joined(separator: " AND ")
            return SQLFragment(orNone ? "\(col) IS NULL OR (\(range))" : range, args)
        case let .dateIsNil(field, isNil):
            return SQLFragment("\(field.rawValue) IS \(isNil ? "" : "NOT ")NULL")
        case let .estimate(test):
            switch test {
            case let .lessThan(n): return SQLFragment("estimated_minutes < ?", [n.databaseValue])
            case let .greaterThan(n): return SQLFragment("estimated_minutes > ?", [n.databaseValue])
            case let .equals(n): return SQLFragment("estimated_minutes = ?", [n.databaseValue])
            case .isNil: return SQLFragment("estimated_minutes IS NULL")
            case .isNotNil: return SQLFragment("estimated_minutes IS NOT NULL")
            }
        case let .recurrenceIsNil(isNil):
            return SQLFragment("recurrence IS \(isNil ? "" : "NOT ")NULL")
        case let .contains(field, needle):
            if field == .source {
                // Sources are short: folding them per row costs little.
                return SQLFragment("instr(todomd_fold(source), ?) > 0", [needle.databaseValue])
            }
            let match = SQLFragment("instr(\(TaskColumns.folded(field.rawValue)), ?) > 0", [needle.databaseValue])
            guard field == .body, fullText, let words = FieldTest.ftsNarrowing(needle) else { return match }
            // The full-text index narrows candidates; the substring test still decides.
            return SQLFragment("rid IN (SELECT rowid FROM task_fts WHERE task_fts MATCH ?) AND \(match.sql)",
                               [words.databaseValue] + match.arguments)
        case let .constant(b):
            return SQLFragment(b ? "1" : "0")
        case let .blocked(b):
            return SQLFragment("blocked = ?", [(b ? 1 : 0).databaseValue])
        case let .hasChildren(b):
            return SQLFragment("(children <> '') = ?", [(b ? 1 : 0).databaseValue])
        case let .checklistOpen(b):
            return SQLFragment("(IFNULL(checklist_done < checklist_total, 0)) = ?", [(b ? 1 : 0).databaseValue])
        case let .parent(test):
            switch test {
            case .isNil: return SQLFragment("parent_id IS NULL")
            case .isNotNil: return SQLFragment("parent_id IS NOT NULL")
            case let .equals(v):
                // The id, or the filename anywhere in the vault (with or without `.md`).
                let md = v + ".md"
                return SQLFragment("""
                    parent_id IN (?, ?) OR substr(parent_id, -length(?) - 1) = '/' || ? OR substr(parent_id, -length(?) - 1) = '/' || ?
                    """, [v, md, v, v, md, md].map(\.databaseValue))
            default: return SQLFragment("0")
            }
        }
    }

    static func marks(_ n: Int) -> String { Array(repeating: "?", count: n).joined(separator: ", ") }

    /// Absent values never match a comparison and always match `not_equals`/`not_in` (§10).
    static func valueSQL(_ col: String, _ test: ValueTest, _ encode: (String) -> DatabaseValue) -> SQLFragment {
        switch test {
        case let .equals(v): return SQLFragment("\(col) = ?", [encode(v)])
        case let .notEquals(v): return SQLFragment("\(col) IS NULL OR \(col) <> ?", [encode(v)])
        case let .isIn(vs): return SQLFragment("\(col) IN (\(marks(vs.count)))", vs.map(encode))
        case let .notIn(vs): return SQLFragment("\(col) IS NULL OR \(col) NOT IN (\(marks(vs.count)))", vs.map(encode))
        case .isNil: return SQLFragment("\(col) IS NULL")
        case .isNotNil: return SQLFragment("\(col) IS NOT NULL")
        }
    }

    /// An FTS5 query that every body containing `needle` (folded) matches, or nil when none
    /// can be built safely. A substring may start or end inside a word, so only the words
    /// strictly inside it are complete, and the last one is at least a prefix.
    ///
    /// Only ASCII needles narrow: SQLite's tokenizer splits words by its own (older) Unicode
    /// tables, and only for ASCII letters and digits are they sure to agree with ours.
    static func ftsNarrowing(_ needle: String) -> String? {
        guard needle.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isWordScalar(_ s: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s)
        }
        var words: [String] = []
        var current = ""
        for scalar in needle.unicodeScalars {
            if isWordScalar(scalar) {
                current.unicodeScalars.append(scalar)
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
            }
        }
        let endsInWord = !current.isEmpty
        if endsInWord { words.append(current) }
        // The first word may be the tail of a longer one.
        if let first = needle.unicodeScalars.first, isWordScalar(first), !words.isEmpty { words.removeFirst() }
        guard !words.isEmpty else { return nil }
        let terms = words.enumerated().map { i, word -> String in
            let quoted = "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return i == words.count - 1 && endsInWord ? quoted + " *" : quoted
        }
        return "body : (" + terms.joined(separator: " AND ") + ")"
    }
}
