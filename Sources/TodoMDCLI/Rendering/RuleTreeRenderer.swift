import TodoMDKit

/// Draws rules the way a person reads them (§10, issue "Perspectives"):
///
///     All of the following:
///       ├─ area equals "Work"
///       └─ Any of the following:
///            ├─ priority equals "high"
///            └─ flagged equals true
///
/// Turned-off nodes are marked "(off)"; neutral ones say why they are ignored.
struct RuleTreeRenderer {
    let style: TerminalStyle
    /// Neutral nodes by path, from ``RuleCompiler/neutral``.
    let neutral: [String: String]
    /// Resolves relative dates for display ("today = Sat 21 Nov").
    let compiler: RuleCompiler

    func render(_ root: RuleNode) -> String {
        var lines: [String] = []
        switch root {
        case let .group(g):
            lines.append(header(g, path: "rules"))
            if g.conditions.isEmpty { lines.append("  " + style.dim("(no rules: every task)")) }
            children(g, path: "rules", prefix: "  ", into: &lines)
        default:
            lines.append(label(root, path: "rules"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func header(_ g: RuleGroup, path: String) -> String {
        let text: String
        switch g.op {
        case .and?: text = "All of the following:"
        case .or?: text = "Any of the following:"
        case .not?: text = "None of the following:"
        case nil: text = "\"\(g.operatorName)\" of the following:"
        }
        return decorate(text, enabled: g.enabled, path: path)
    }

    func children(_ g: RuleGroup, path: String, prefix: String, into lines: inout [String]) {
        for (i, child) in g.conditions.enumerated() {
            let last = i == g.conditions.count - 1
            let childPath = "\(path).conditions[\(i)]"
            let branch = last ? "└─ " : "├─ "
            switch child {
            case let .group(sub):
                lines.append(prefix + branch + header(sub, path: childPath))
                // Children of a group line up under its text.
                children(sub, path: childPath, prefix: prefix + (last ? "     " : "│    "), into: &lines)
            default:
                lines.append(prefix + branch + label(child, path: childPath))
            }
        }
    }

    func label(_ node: RuleNode, path: String) -> String {
        switch node {
        case let .condition(c):
            var text = "\(c.field) \(c.op.replacingOccurrences(of: "_", with: " "))"
            let isDate = ["due", "scheduled", "defer", "created", "completed", "modified"].contains(c.field)
            if let value = c.value {
                if isDate, case let .string(s) = value, ["today", "yesterday", "tomorrow"].contains(s.lowercased()) {
                    text += " \(s.lowercased())"  // relative: unquoted, resolved below
                } else {
                    text += " " + RuleTreeRenderer.value(value)
                }
            }
            if let unit = c.unit { text += " \(unit)" } else if ["in_next", "in_past"].contains(c.op) { text += " days" }
            var note = ""
            if isDate, neutral[path] == nil, c.enabled, let resolved = resolved(c) { note = style.dim("  (\(resolved))") }
            return decorate(text, enabled: c.enabled, path: path) + note
        case let .invalid(json):
            return decorate(json.compact(), enabled: true, path: path)
        case let .group(g):
            return header(g, path: path)
        }
    }

    /// What a relative date condition means today: `2026-11-21`, `2026-11-21 … 2026-11-28`.
    func resolved(_ c: RuleCondition) -> String? {
        guard case let .dateRange(_, from, to, _)? = compiler.test(for: c) else { return nil }
        let relative = ["today", "yesterday", "tomorrow"].contains(c.value?.stringValue?.lowercased() ?? "")
            || ["in_next", "in_past"].contains(c.op)
        guard relative else { return nil }
        switch (from, to) {
        case let (f?, t?): return f == t ? "\(f)" : "\(f) … \(t)"
        case let (f?, nil): return "from \(f)"
        case let (nil, t?): return "until \(t)"
        default: return nil
        }
    }

    func decorate(_ text: String, enabled: Bool, path: String) -> String {
        if !enabled { return style.dim(text + " (off)") }
        if let reason = neutral[path] { return style.yellow(text + "  ⚠ ignored: \(reason)") }
        return text
    }

    /// `"Work"`, `[todo, in-progress]`, `true`, `7`.
    static func value(_ v: JSONValue) -> String {
        switch v {
        case let .string(s): return "\"\(s)\""
        case let .array(items):
            return "[" + items.map { item -> String in
                if case let .string(s) = item { return s }
                return value(item)
            }.joined(separator: ", ") + "]"
        default: return v.compact()
        }
    }
}
