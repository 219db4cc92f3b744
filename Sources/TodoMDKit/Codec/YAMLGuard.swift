/// A cheap scan of frontmatter text run before the YAML parser sees it (§18, §21).
///
/// It refuses anchors and aliases (the "billion laughs" family) and absurd nesting that could
/// exhaust the parser's stack. It only needs to be conservative where YAML itself would accept
/// the text: `&` or `*` followed by a name at the start of a node is an anchor or an alias in
/// YAML too; the same characters inside a scalar (`Tom & Jerry`) are not flagged.
enum YAMLGuard {
    /// What the scan found.
    enum Finding: Equatable {
        case anchorOrAlias(line: Int)
        case tooDeep(line: Int)
    }

    /// Block or flow nesting beyond this is refused before parsing; the exact §18 limit (16) is
    /// checked on the parsed tree, so this only protects the parser.
    static let preParseDepthLimit = 64

    /// Scans `yaml` and returns the first problem, or nil.
    static func scan(_ yaml: ArraySlice<UInt8>) -> Finding? {
        let b = Array(yaml)
        var i = 0
        var line = 1
        var flowDepth = 0
        var blockScalarIndent: Int?  // inside a `|`/`>` block: lines indented more than this
        var indentStack: [Int] = []

        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
        func isBreak(_ c: UInt8) -> Bool { c == 0x0A || c == 0x0D }
        func isNameChar(_ c: UInt8) -> Bool {
            !(isSpace(c) || isBreak(c) || c == UInt8(ascii: ",") || c == UInt8(ascii: "[")
              || c == UInt8(ascii: "]") || c == UInt8(ascii: "{") || c == UInt8(ascii: "}"))
        }

        while i < b.count {
            // Start of a line: measure indentation.
            let lineStart = i
            var indent = 0
            while i < b.count, b[i] == 0x20 { indent += 1; i += 1 }
            let blank = i >= b.count || isBreak(b[i]) || b[i] == UInt8(ascii: "#")
            if let blockIndent = blockScalarIndent {
                if blank || indent > blockIndent {
                    while i < b.count, b[i] != 0x0A { i += 1 }
                    i += 1
                    line += 1
                    continue
                }
                blockScalarIndent = nil
            }
            if !blank, flowDepth == 0 {
                while let last = indentStack.last, last > indent { indentStack.removeLast() }
                if indentStack.last != indent { indentStack.append(indent) }
                if indentStack.count > preParseDepthLimit { return .tooDeep(line: line) }
            }
            var atNodeStart = true
            var sequenceDashes = 0
            _ = lineStart
            while i < b.count, b[i] != 0x0A {
                let c = b[i]
                if isSpace(c) || c == 0x0D { i += 1; continue }
                if c == UInt8(ascii: "#"), i == 0 || isSpace(b[i - 1]) || isBreak(b[i - 1]) {
                    while i < b.count, b[i] != 0x0A { i += 1 }
                    break
                }
                if atNodeStart {
                    if c == UInt8(ascii: "&") || c == UInt8(ascii: "*") {
                        if i + 1 < b.count, isNameChar(b[i + 1]) { return .anchorOrAlias(line: line) }
                    }
                    if c == UInt8(ascii: "!") {  // a tag may precede an anchor: skip it
                        while i < b.count, !isSpace(b[i]), !isBreak(b[i]) { i += 1 }
                        continue
                    }
                    if c == UInt8(ascii: "-"), i + 1 >= b.count || isSpace(b[i + 1]) || isBreak(b[i + 1]) {
                        sequenceDashes += 1
                        if indentStack.count + sequenceDashes + flowDepth > preParseDepthLimit {
                            return .tooDeep(line: line)
                        }
                        i += 1
                        continue
                    }
                    if c == UInt8(ascii: "?"), i + 1 >= b.count || isSpace(b[i + 1]) || isBreak(b[i + 1]) {
                        i += 1
                        continue
                    }
                    if c == UInt8(ascii: "|") || c == UInt8(ascii: ">") {
                        // A block scalar: its content lines are text, never nodes.
                        blockScalarIndent = indent
                        while i < b.count, b[i] != 0x0A { i += 1 }
                        break
                    }
                    if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                        // A quoted scalar, possibly over several lines.
                        i += 1
                        while i < b.count {
                            if b[i] == 0x0A { line += 1 }
                            if c == UInt8(ascii: "\""), b[i] == UInt8(ascii: "\\") { i += 2; continue }
                            if b[i] == c {
                                if c == UInt8(ascii: "'"), i + 1 < b.count, b[i + 1] == c { i += 2; continue }
                                break
                            }
                            i += 1
                        }
                        i += 1
                        atNodeStart = false
                        continue
                    }
                }
                if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                    flowDepth += 1
                    if flowDepth + indentStack.count > preParseDepthLimit { return .tooDeep(line: line) }
                    atNodeStart = true
                    i += 1
                    continue
                }
                if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                    flowDepth = max(0, flowDepth - 1)
                    atNodeStart = false
                    i += 1
                    continue
                }
                if c == UInt8(ascii: ","), flowDepth > 0 {
                    atNodeStart = true
                    i += 1
                    continue
                }
                if c == UInt8(ascii: ":"),
                   i + 1 >= b.count || isSpace(b[i + 1]) || isBreak(b[i + 1]) || flowDepth > 0 {
                    atNodeStart = true
                    i += 1
                    continue
                }
                atNodeStart = false
                i += 1
            }
            i += 1
            line += 1
        }
        return nil
    }
}
