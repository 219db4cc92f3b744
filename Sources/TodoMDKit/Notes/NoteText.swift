import Foundation

/// Line-level reading of a note's Markdown body: numbering, plain text, task links.
///
/// `note_line` (§15) counts the body's lines from 1: the body is the text after the
/// frontmatter's closing `---` line less one empty line, split at LF (a CR before it is part of
/// the line break). A task created from a line gets a link appended to that line:
/// ` [[STEM]]`, an Obsidian wikilink to the task's file (its filename without `.md`).
public enum NoteText {
    /// The body's lines without their line breaks. An empty body has no lines; a final line
    /// break does not start another line.
    public static func lines(_ body: String) -> [String] {
        if body.isEmpty { return [] }
        // Unicode scalars, not Characters: "\r\n" is one Character and would not split at "\n".
        var parts = body.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            line.last == "\r" ? String(String.UnicodeScalarView(line.dropLast())) : String(String.UnicodeScalarView(line))
        }
        if body.unicodeScalars.last == "\n" { parts.removeLast() }
        return parts
    }

    /// A line's text without Markdown markers: indentation, `>` quotes, `#` headings, list
    /// markers (`-`, `*`, `+`, `1.`, `1)`), a checkbox (`[ ]`, `[x]`), task links at its end,
    /// and inline markup (`**bold**`, `*italic*`, `_italic_`, `~~struck~~`, `` `code` ``, and
    /// `[text](url)` links, which keep their text).
    public static func plainLine(_ line: String) -> String {
        var s = Substring(withoutTaskLinks(line)).drop { $0 == " " || $0 == "\t" }
        while s.hasPrefix(">") { s = s.dropFirst().drop { $0 == " " } }
        if s.hasPrefix("#") {
            let hashes = s.prefix { $0 == "#" }
            let rest = s.dropFirst(hashes.count)
            if hashes.count <= 6, rest.isEmpty || rest.hasPrefix(" ") { s = rest.drop { $0 == " " } }
        }
        if let first = s.first, "-*+".contains(first), s.dropFirst().hasPrefix(" ") {
            s = s.dropFirst(2).drop { $0 == " " }
        } else {
            let digits = s.prefix { $0.isASCII && $0.isNumber }
            let after = s.dropFirst(digits.count)
            if !digits.isEmpty, digits.count <= 9, after.hasPrefix(". ") || after.hasPrefix(") ") {
                s = after.dropFirst(2).drop { $0 == " " }
            }
        }
        for box in ["[ ] ", "[x] ", "[X] "] where s.hasPrefix(box) {
            s = s.dropFirst(box.count).drop { $0 == " " }
        }
        var text = String(s)
        // Inline Markdown a task title would show as stray characters: links become their text,
        // bold, strike-through and italic lose their markers, code its backticks.
        let inline: [(String, String)] = [
            (#"!?\[([^\]]*)\]\([^)]*\)"#, "$1"),
            (#"(\*\*|__|~~)(\S(?:.*?\S)?)\1"#, "$2"),
            (#"(?<![\w*])\*(\S(?:[^*]*?\S)?)\*(?![\w*])"#, "$1"),
            (#"(?<![\w_])_(\S(?:[^_]*?\S)?)_(?![\w_])"#, "$1"),
            (#"`([^`]+)`"#, "$1"),
        ]
        for (pattern, template) in inline {
            text = text.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Whether `line` is a divider (`---`, `***`, `___`), which holds no text.
    public static func isDivider(_ line: String) -> Bool {
        let s = line.filter { $0 != " " }
        return s.count >= 3 && (s.allSatisfy { $0 == "-" } || s.allSatisfy { $0 == "*" } || s.allSatisfy { $0 == "_" })
    }

    /// The link appended to a line for a task: ` [[STEM]]`.
    public static func taskLink(taskID: String) -> String {
        let filename = taskID.split(separator: "/").last.map(String.init) ?? taskID
        let stem = filename.hasSuffix(".md") ? String(filename.dropLast(3)) : filename
        return " [[\(stem)]]"
    }

    /// The task filename stems (`YYYYMMDD-HHmm-slug`) linked at the end of `line`, in order.
    public static func linkedTasks(_ line: String) -> [String] {
        var stems: [String] = []
        var s = line
        while let (rest, stem) = lastTaskLink(s) {
            stems.insert(stem, at: 0)
            s = rest
        }
        return stems
    }

    /// `line` without the task links at its end (and the spaces before them).
    public static func withoutTaskLinks(_ line: String) -> String {
        var s = line
        while let (rest, _) = lastTaskLink(s) { s = rest }
        return s
    }

    /// The line before its last task link (trailing spaces dropped), and the link's stem.
    static func lastTaskLink(_ line: String) -> (String, String)? {
        let trimmed = line.replacingOccurrences(of: "[ \t]+$", with: "", options: .regularExpression)
        guard trimmed.hasSuffix("]]"), let open = trimmed.range(of: "[[", options: .backwards) else { return nil }
        let stem = trimmed[open.upperBound..<trimmed.index(trimmed.endIndex, offsetBy: -2)]
        guard isTaskStem(stem) else { return nil }
        let rest = String(trimmed[..<open.lowerBound]).replacingOccurrences(of: "[ \t]+$", with: "", options: .regularExpression)
        return (rest, String(stem))
    }

    /// `YYYYMMDD-HHmm-` followed by a slug of ASCII letters, digits and `-` (§4's filenames).
    static func isTaskStem(_ s: Substring) -> Bool {
        let u = Array(s.utf8)
        guard u.count > 14, u[8] == UInt8(ascii: "-"), u[13] == UInt8(ascii: "-") else { return false }
        func digit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        guard u[0..<8].allSatisfy(digit), u[9..<13].allSatisfy(digit) else { return false }
        return u[14...].allSatisfy { digit($0) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x2D }
    }

    /// `body` with `suffix` appended to line `number` (1-based, as ``lines(_:)`` counts), every
    /// other byte unchanged; trailing spaces of that line are dropped (Markdown would read them
    /// as a hard line break before the link). Nil when there is no such line.
    static func appending(_ suffix: String, toLine number: Int, of body: String) -> String? {
        guard number >= 1, number <= lines(body).count else { return nil }
        let scalars = Array(body.unicodeScalars)
        var start = 0
        var current = 1
        while current < number {
            guard let nl = scalars[start...].firstIndex(of: "\n") else { return nil }
            start = nl + 1
            current += 1
        }
        var end = scalars[start...].firstIndex(of: "\n") ?? scalars.count
        if end > start, scalars[end - 1] == "\r" { end -= 1 }
        var contentEnd = end
        while contentEnd > start, scalars[contentEnd - 1] == " " || scalars[contentEnd - 1] == "\t" { contentEnd -= 1 }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[..<contentEnd])
        out.append(contentsOf: suffix.unicodeScalars)
        out.append(contentsOf: scalars[end...])
        return String(out)
    }
}
