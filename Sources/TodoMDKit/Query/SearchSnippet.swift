import Foundation

/// Where a search matched a task, as a line of context to show under its row: the field, a
/// window of its text around the first match, and the match's place in that window.
public struct SearchSnippet: Sendable, Equatable {
    /// `title`, `description` or `body`.
    public let field: String
    /// One line of the field's text around the match (ellipses mark cut ends).
    public let text: String
    /// The matched characters within `text`.
    public let match: Range<String.Index>

    /// The part before, the match, the part after.
    public var parts: (before: Substring, match: Substring, after: Substring) {
        (text[..<match.lowerBound], text[match], text[match.upperBound...])
    }

    /// The first match of `query` (case and accents ignored, as search matches) in the title,
    /// then the description, then the body; nil when none holds it.
    ///
    /// - Parameter width: about how many characters of context to keep around the match.
    public static func find(_ query: String, title: String, description: String?, body: String,
                            width: Int = 60) -> SearchSnippet? {
        let needle = TextFolding.fold(query.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !needle.isEmpty else { return nil }
        for (field, text) in [("title", title), ("description", description ?? ""), ("body", body)] {
            if let snippet = find(needle, in: text, field: field, width: width) { return snippet }
        }
        return nil
    }

    /// The match of the folded `needle` in `text`, mapped back to `text`'s own characters.
    private static func find(_ needle: String, in text: String, field: String, width: Int) -> SearchSnippet? {
        // Folding can change lengths (ß → ss), so fold character by character and remember
        // where each folded piece came from.
        var folded = ""
        var origin: [String.Index] = []  // for each folded character, its character in `text`
        for i in text.indices {
            let piece = TextFolding.fold(String(text[i]))
            folded += piece
            origin += Array(repeating: i, count: piece.count)
        }
        guard let found = folded.range(of: needle) else { return nil }
        let lo = folded.distance(from: folded.startIndex, to: found.lowerBound)
        let hi = folded.distance(from: folded.startIndex, to: found.upperBound)
        let start = origin[lo]
        let end = hi < origin.count ? origin[hi] : text.endIndex
        // The match's line, cut to `width` characters around it.
        let lineStart = text[..<start].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let lineEnd = text[end...].firstIndex(of: "\n") ?? text.endIndex
        let before = text[lineStart..<start], after = text[end..<lineEnd]
        let room = max(10, (width - text.distance(from: start, to: end)) / 2)
        var head = before.count > room ? "…" + before.suffix(room) : String(before)
        head = String(head.drop { $0 == " " || $0 == "\t" })
        var tail = after.count > room ? after.prefix(room) + "…" : String(after)
        while tail.last == " " || tail.last == "\t" || tail.last == "\r" { tail.removeLast() }
        let line = head + text[start..<end] + tail
        let matchStart = line.index(line.startIndex, offsetBy: head.count)
        let matchEnd = line.index(matchStart, offsetBy: text.distance(from: start, to: end))
        return SearchSnippet(field: field, text: line, match: matchStart..<matchEnd)
    }
}

extension Vault {
    /// The snippet of each task of a search listing, by id (tasks whose match the snippet
    /// cannot show — none, normally — are left out).
    public func snippets(for listing: Listing, query: String) throws -> [String: SearchSnippet] {
        let texts = try index.searchableText(listing.tasks.map(\.id))
        var out: [String: SearchSnippet] = [:]
        for (id, t) in texts {
            out[id] = SearchSnippet.find(query, title: t.title, description: t.description, body: t.body)
        }
        return out
    }
}
