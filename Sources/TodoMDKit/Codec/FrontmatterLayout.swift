/// Where the frontmatter and the body sit in a task file's bytes.
///
/// A task file starts with a `---` line, then YAML lines, then a closing `---` line; the body is
/// everything after that, less one empty line if one follows (§21). The layout keeps byte offsets
/// so an edit can replace single lines and leave every other byte alone.
struct FrontmatterLayout {
    /// The whole file.
    let bytes: [UInt8]
    /// The line ending of the opening `---` line: the file's own (`\n` or `\r\n`).
    let lineEnding: [UInt8]
    /// Byte ranges of the YAML lines between the `---` lines, each including its line ending.
    let yamlLines: [Range<Int>]
    /// First byte of the YAML block (just after the opening line).
    let yamlStart: Int
    /// First byte of the closing `---` line.
    let closingStart: Int
    /// First byte after the closing line's line ending (the file's end if it has none).
    let closingEnd: Int
    /// First byte of the body.
    let bodyStart: Int

    /// Why a file has no usable frontmatter block.
    enum Failure: TodoMDError, Equatable {
        case noFrontmatter
        case unclosed

        var kind: ErrorKind { .unusableFile }
        var message: String {
            switch self {
            case .noFrontmatter: return "the file does not start with a `---` frontmatter block"
            case .unclosed: return "the frontmatter block is never closed with `---`"
            }
        }
    }

    /// Splits `bytes`; throws ``Failure`` when there is no complete frontmatter block.
    init(bytes: [UInt8]) throws {
        self.bytes = bytes
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }  // UTF-8 BOM
        guard let first = FrontmatterLayout.lineEnd(bytes, from: i),
              FrontmatterLayout.isFence(bytes, i, first.contentEnd)
        else { throw Failure.noFrontmatter }
        // A file that is only an opening `---` has a block that never closes.
        guard first.next > first.contentEnd else { throw Failure.unclosed }
        lineEnding = Array(bytes[first.contentEnd..<first.next])
        yamlStart = first.next
        var lines: [Range<Int>] = []
        var start = first.next
        while start < bytes.count, let line = FrontmatterLayout.lineEnd(bytes, from: start) {
            if FrontmatterLayout.isFence(bytes, start, line.contentEnd) {
                yamlLines = lines
                closingStart = start
                closingEnd = line.next
                var body = line.next
                if body < bytes.count, bytes[body] == 0x0A {
                    body += 1
                } else if body + 1 < bytes.count, bytes[body] == 0x0D, bytes[body + 1] == 0x0A {
                    body += 2
                }
                bodyStart = body
                return
            }
            lines.append(start..<line.next)
            start = line.next
        }
        throw Failure.unclosed
    }

    /// The YAML text between the fences.
    var yamlBytes: ArraySlice<UInt8> { bytes[yamlStart..<closingStart] }

    /// The body bytes.
    var bodyBytes: ArraySlice<UInt8> { bytes[bodyStart...] }

    /// The end of the line starting at `start`: where its content ends and where the next begins.
    static func lineEnd(_ bytes: [UInt8], from start: Int) -> (contentEnd: Int, next: Int)? {
        guard start <= bytes.count else { return nil }
        var j = start
        while j < bytes.count, bytes[j] != 0x0A { j += 1 }
        if j == bytes.count { return (j, j) }
        let contentEnd = j > start && bytes[j - 1] == 0x0D ? j - 1 : j
        return (contentEnd, j + 1)
    }

    /// `---` followed only by spaces or tabs.
    static func isFence(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        guard end - start >= 3, bytes[start] == 0x2D, bytes[start + 1] == 0x2D, bytes[start + 2] == 0x2D else {
            return false
        }
        return bytes[(start + 3)..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}
