import Yams

/// A fast reader for the simple frontmatter todo.md writes itself, beside the full YAML parser.
///
/// Parsing YAML with Yams (libyaml events, then nodes) is most of the time it takes to index a
/// vault. Almost every task file uses only a tiny, regular subset of YAML, which this type reads
/// directly into the same Yams nodes Yams would build. Anything outside the subset — however
/// harmless — returns nil, and the caller falls back to Yams; the subset is chosen so that both
/// readers give identical results (checked by `FastFrontmatterTests` and the fuzz target).
///
/// The subset, line by line (LF or CRLF line endings):
/// - `key: VALUE` at column 0, where `key` is `[A-Za-z_][A-Za-z0-9_-]*`;
/// - `key:` followed by one or more `  - VALUE` lines (a block list), or by none (null);
/// - `key: []` (an empty list).
///
/// `VALUE` is either a double-quoted string that ends the line (escapes `\"` `\\` `\n` `\t` `\r`
/// `\/` `\uXXXX` only), or a plain scalar made of `[A-Za-z0-9 _.:+/-]` that does not start with
/// `-`, `:` or a space, does not end with `:` or a space, and has no `: ` inside. Such text can hold
/// no anchor, alias, tag, comment, flow collection or nesting deeper than two, so the hostile-input
/// checks that guard the Yams path (§18) have nothing to find in it.
enum FastFrontmatter {
    /// One top-level key, its value, and the key's 1-based line within the YAML text.
    typealias Pair = (key: String, value: Node, line: Int)

    /// The top-level pairs of `layout`'s YAML, or nil when it is not entirely in the subset.
    ///
    /// - Complexity: O(n) in the YAML's length.
    static func pairs(in layout: FrontmatterLayout) -> [Pair]? {
        let lines = layout.yamlLines
        guard !lines.isEmpty else { return nil }
        return layout.bytes.withUnsafeBufferPointer { bytes -> [Pair]? in
            var pairs: [Pair] = []
            pairs.reserveCapacity(lines.count)
            // Duplicate keys are looked for among the keys read so far while they are few
            // (hashing every key was 2 % of a cold build's parsing), in a set beyond that; among
            // the keys alone, since searching the pairs copied each pair, node and all, that it
            // looked at (another 3 %).
            var seen: [String] = []
            seen.reserveCapacity(24)
            var keys: Set<String>?
            var index = 0
            while index < lines.count {
                guard let end = contentEnd(bytes, lines[index]) else { return nil }
                let start = lines[index].lowerBound
                guard let colon = keyEnd(bytes, start, end) else { return nil }
                let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<colon]), as: UTF8.self)
                if keys == nil, seen.count >= 24 { keys = Set(seen) }
                if keys != nil {
                    guard keys?.insert(key).inserted == true else { return nil }
                } else if seen.contains(key) {
                    return nil
                } else {
                    seen.append(key)
                }
                let keyLine = index + 1
                index += 1
                let value: Node
                if colon + 1 == end {
                    // `key:` alone: a block list follows, or the value is null (an empty plain scalar).
                    var items: [Node] = []
                    while index < lines.count {
                        guard let itemEnd = contentEnd(bytes, lines[index]) else { return nil }
                        let itemStart = lines[index].lowerBound
                        guard isItemMarker(bytes, itemStart, itemEnd) else { break }
                        guard let item = scalar(bytes, itemStart + 4, itemEnd) else { return nil }
                        items.append(.scalar(item))
                        index += 1
                    }
                    value = items.isEmpty
                        ? .scalar(Node.Scalar("", implicitTag(), .plain))
                        : .sequence(Node.Sequence(items, implicitTag(), listStyle))
                } else {
                    guard bytes[colon + 1] == space, colon + 2 < end else { return nil }
                    if end - (colon + 2) == 2, bytes[colon + 2] == UInt8(ascii: "["), bytes[colon + 3] == UInt8(ascii: "]") {
                        value = .sequence(Node.Sequence([], implicitTag(), listStyle))
                    } else {
                        guard let s = scalar(bytes, colon + 2, end) else { return nil }
                        value = .scalar(s)
                    }
                }
                pairs.append((key, value, keyLine))
            }
            return pairs
        }
    }

    /// The style Yams 6.2.2 gives every parsed list, block or flow: it reads the style from the
    /// list's end event, which has none, so it is always `.any`.
    private static var listStyle: Node.Sequence.Style { .any }

    /// One constructor for every node read here: Yams' `Tag.implicit` makes a new one per node,
    /// three tables of closures and all (a twentieth of a cold build). It holds only constants.
    nonisolated(unsafe) private static let constructor = Constructor.default

    /// A new implicit tag (a tag's name changes when it is resolved, so none is shared).
    private static func implicitTag() -> Tag { Tag(.implicit, .default, constructor) }

    // MARK: - Lines

    private static let space = UInt8(ascii: " ")
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// Where a line's content ends (before `\n` or `\r\n`); nil for an empty line or a lone CR.
    private static func contentEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Int? {
        var end = line.upperBound
        if end > line.lowerBound, bytes[end - 1] == 0x0A { end -= 1 }
        if end > line.lowerBound, bytes[end - 1] == 0x0D { end -= 1 }
        // A blank line is valid YAML, but outside the subset (it is rare and keeps spans simple).
        return end > line.lowerBound ? end : nil
    }

    /// The offset of the `:` ending a column-0 key, when the line starts with one.
    private static func keyEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        guard isKeyHead(bytes[start]) else { return nil }
        var i = start + 1
        while i < end, isKeyTail(bytes[i]) { i += 1 }
        guard i < end, bytes[i] == UInt8(ascii: ":") else { return nil }
        return i
    }

    /// Whether a line starts with exactly `  - ` and has an item after it.
    private static func isItemMarker(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        end - start > 4 && bytes[start] == space && bytes[start + 1] == space
            && bytes[start + 2] == UInt8(ascii: "-") && bytes[start + 3] == space
    }

    private static func isKeyHead(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == UInt8(ascii: "_")
    }

    private static func isKeyTail(_ b: UInt8) -> Bool {
        isKeyHead(b) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-")
    }

    // MARK: - Scalars

    /// The scalar in `start..<end` (the rest of a line), or nil when it is outside the subset.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Node.Scalar? {
        if bytes[start] == quote {
            return doubleQuoted(bytes, start, end).map { Node.Scalar($0, implicitTag(), .doubleQuoted) }
        }
        return plain(bytes, start, end).map { Node.Scalar($0, implicitTag(), .plain) }
    }

    /// A plain scalar of `[A-Za-z0-9 _.:+/-]` with none of the spellings YAML gives a meaning.
    private static func plain(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String? {
        let first = bytes[start]
        let last = bytes[end - 1]
        guard first != UInt8(ascii: "-"), first != UInt8(ascii: ":"), first != space,
              last != space, last != UInt8(ascii: ":")
        else { return nil }
        var previous: UInt8 = 0
        for i in start..<end {
            let b = bytes[i]
            guard isPlainByte(b) else { return nil }
            if b == space, previous == UInt8(ascii: ":") { return nil }  // `: ` would start a mapping
            previous = b
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    private static func isPlainByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x61...0x7A, 0x41...0x5A, 0x30...0x39: return true
        case UInt8(ascii: " "), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"),
             UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "-"): return true
        default: return false
        }
    }

    /// A double-quoted string starting at `start` that closes on this line, followed only by spaces.
    private static func doubleQuoted(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var i = start + 1
        while i < end {
            let b = bytes[i]
            switch b {
            case quote:
                // Only spaces may follow the closing quote (no comment, no tab).
                var j = i + 1
                while j < end, bytes[j] == space { j += 1 }
                guard j == end else { return nil }
                return String(decoding: out, as: UTF8.self)
            case backslash:
                guard i + 1 < end else { return nil }
                switch bytes[i + 1] {
                case quote: out.append(quote)
                case backslash: out.append(backslash)
                case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "u"):
                    guard i + 5 < end, let scalar = hexScalar(bytes, i + 2) else { return nil }
                    out.append(contentsOf: String(Character(scalar)).utf8)
                    i += 4
                default:
                    return nil
                }
                i += 2
            case 0x00..<0x20, 0x7F:
                return nil  // raw control characters, tabs and stray CRs
            case 0xC2:
                // U+0080–U+009F: C1 controls, which libyaml refuses or (NEL) treats as a line break.
                guard i + 1 < end, bytes[i + 1] >= 0xA0 else { return nil }
                out.append(b)
                i += 1
            case 0xE2:
                // U+2028 and U+2029 are line breaks to YAML.
                if i + 2 < end, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 { return nil }
                out.append(b)
                i += 1
            case 0xEF:
                // U+FEFF (a byte order mark) has a meaning of its own to YAML readers.
                if i + 2 < end, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF { return nil }
                out.append(b)
                i += 1
            default:
                out.append(b)
                i += 1
            }
        }
        return nil  // no closing quote on this line: a multi-line string
    }

    /// The scalar spelled by four hex digits at `start`; nil for NUL, a surrogate or a non-hex digit.
    private static func hexScalar(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Unicode.Scalar? {
        var value: UInt32 = 0
        for i in start..<(start + 4) {
            let b = bytes[i]
            let digit: UInt8
            switch b {
            case 0x30...0x39: digit = b - 0x30
            case 0x61...0x66: digit = b - 0x61 + 10
            case 0x41...0x46: digit = b - 0x41 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        // Yams reads libyaml's strings as C strings, so a NUL would cut the text short.
        guard value != 0 else { return nil }
        return Unicode.Scalar(value)
    }
}
