/// Line-level editing of a frontmatter block, shared by the task and note codecs: where each
/// top-level key's lines are, and splicing new lines (and a new body) into the file's bytes so
/// every other byte stays as it was.
extension FrontmatterLayout {
    /// One edit of the YAML block: the lines `range` (0-based into ``yamlLines``; empty to
    /// insert) become `text` (lines without their ending).
    typealias LineEdit = (range: Range<Int>, text: [String])

    /// The top-level keys sorted by line (0-based into ``yamlLines``) and each key's span: from its
    /// line to the next key's, less trailing blank lines and column-0 comments (they belong to no
    /// key and stay in place).
    ///
    /// - Parameter pairs: the parsed keys with their 1-based YAML line numbers.
    /// - Throws: ``TodoError/notEditable(path:reason:)`` when a key's line is not in the block.
    func keySpans(_ pairs: [(key: String, line: Int)], path: String) throws
        -> (keyed: [(key: String, line: Int)], spans: [String: Range<Int>]) {
        let keyed = pairs.map { (key: $0.key, line: $0.line - 1) }.sorted { $0.line < $1.line }
        // Every key's line must exist before any span is measured (a span ends at the next key).
        guard keyed.allSatisfy({ $0.line >= 0 && $0.line < yamlLines.count }) else {
            throw TodoError.notEditable(path: path, reason: "a key's position could not be found")
        }
        var spans: [String: Range<Int>] = [:]
        for (i, entry) in keyed.enumerated() {
            var end = i + 1 < keyed.count ? keyed[i + 1].line : yamlLines.count
            while end - 1 > entry.line, TaskFileCodec.isBlankOrComment(bytes[yamlLines[end - 1]]) { end -= 1 }
            spans[entry.key] = entry.line..<end
        }
        return (keyed, spans)
    }

    /// The file with `edits` applied to the YAML block (each new line ends with the file's own
    /// line ending) and, when `newBody` is given, the body replaced; every other byte is kept.
    func splicing(_ edits: [LineEdit], body newBody: String?) -> [UInt8] {
        let eol = String(decoding: lineEnding, as: UTF8.self)
        var out: [UInt8] = Array(bytes[0..<yamlStart])
        var lineIndex = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            while lineIndex < edit.range.lowerBound { out += bytes[yamlLines[lineIndex]]; lineIndex += 1 }
            for text in edit.text { out += Array((text + eol).utf8) }
            lineIndex = max(lineIndex, edit.range.upperBound)
        }
        while lineIndex < yamlLines.count { out += bytes[yamlLines[lineIndex]]; lineIndex += 1 }
        guard let newBody else { return out + bytes[closingStart...] }
        out += bytes[closingStart..<closingEnd]
        // A closing `---` at the very end without a line break needs one before the body.
        let closingHasBreak = closingEnd > closingStart && [0x0A, 0x0D].contains(bytes[closingEnd - 1])
        if !closingHasBreak, !newBody.isEmpty { out += lineEnding }
        if !newBody.isEmpty { out += lineEnding }
        return out + Array(newBody.utf8)
    }
}
