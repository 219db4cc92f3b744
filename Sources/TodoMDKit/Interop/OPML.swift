import Foundation

/// An OPML 2.0 outline for outliners (OmniOutliner, Workflowy, mind-mapping tools): areas hold
/// projects, projects hold tasks; each task's body is its `_note`, a done task is
/// `_status="checked"`, and its fields are `_`-prefixed attributes. Export only.
public enum OPML {
    /// The outline document.
    public static func export(_ tasks: [TodoTask]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n"
        out += "  <head>\n    <title>todo.md</title>\n  </head>\n  <body>\n"
        for t in tasks where t.area == nil && t.project == nil { out += outline(t, depth: 2) }
        for project in TaskPaper.ordered(tasks.filter { $0.area == nil }.compactMap(\.project)) {
            out += indent(2) + "<outline text=\"\(escape(project))\" _type=\"project\">\n"
            for t in tasks where t.area == nil && t.project == project { out += outline(t, depth: 3) }
            out += indent(2) + "</outline>\n"
        }
        for area in TaskPaper.ordered(tasks.compactMap(\.area)) {
            out += indent(2) + "<outline text=\"\(escape(area))\" _type=\"area\">\n"
            let mine = tasks.filter { $0.area == area }
            for t in mine where t.project == nil { out += outline(t, depth: 3) }
            for project in TaskPaper.ordered(mine.compactMap(\.project)) {
                out += indent(3) + "<outline text=\"\(escape(project))\" _type=\"project\">\n"
                for t in mine where t.project == project { out += outline(t, depth: 4) }
                out += indent(3) + "</outline>\n"
            }
            out += indent(2) + "</outline>\n"
        }
        return out + "  </body>\n</opml>\n"
    }

    static func indent(_ n: Int) -> String { String(repeating: "  ", count: n) }

    static func outline(_ t: TodoTask, depth: Int) -> String {
        var attributes: [(String, String)] = [("text", t.title), ("_type", "task"), ("_status_todomd", t.status.rawValue)]
        if t.status == .done { attributes.append(("_status", "checked")) }
        // As TASK JSON writes them: `2026-11-24`, or `2026-11-24T15:00` with a time (§24).
        if let d = t.dueAt { attributes.append(("_due", d.description)) }
        if let d = t.deferAt { attributes.append(("_defer", d.description)) }
        if let d = t.scheduledAt { attributes.append(("_scheduled", d.description)) }
        if t.priority != .none { attributes.append(("_priority", t.priority.rawValue)) }
        if t.flagged { attributes.append(("_flagged", "true")) }
        if !t.tags.isEmpty { attributes.append(("_tags", t.tags.joined(separator: ","))) }
        if let m = t.estimatedMinutes { attributes.append(("_estimated_minutes", String(m))) }
        if let r = t.recurrence { attributes.append(("_recurrence", r)) }
        if let d = t.description { attributes.append(("_description", d)) }
        attributes.append(("_created", DateTimeFormat.string(t.created)))
        if let c = t.completed { attributes.append(("_completed", DateTimeFormat.string(c))) }
        if !t.body.isEmpty { attributes.append(("_note", t.body)) }
        let text = attributes.map { "\($0.0)=\"\(escape($0.1))\"" }.joined(separator: " ")
        return indent(depth) + "<outline \(text)/>\n"
    }

    /// XML attribute text: markup characters and line breaks as references; characters XML 1.0
    /// cannot hold are dropped.
    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                let v = scalar.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
