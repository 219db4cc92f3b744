import Foundation

/// The brain dump of §26 (seed 002 "voice ramble"): free text, typed or dictated, turned into
/// proposed tasks that are reviewed before anything is written.
///
/// The text is split into pieces at sentence ends and at connectors (`and also`, `oh and`, `also`,
/// `and then`, `plus`, `, and I need to`, `, I should`, `, then`, …). Filler (`I need to`, `I should`, `remind me to`,
/// `probably`, `uh`, `um`, `oh`, `obviously`, …) leaves each piece, cue phrases set fields, and the
/// rest is read by quick entry (§12):
///
/// | cue | field |
/// |---|---|
/// | `before DATE`, `by DATE` | due |
/// | `start … on DATE`, `work on … on DATE`, `begin … on DATE` | scheduled (not due) |
/// | `sometime next week` | scheduled: next week's Monday |
/// | `not urgent`, `no rush`, `whenever`, `low priority` | priority low |
/// | `urgent`, `asap`, `important`, `high priority` | priority high |
/// | `for work`, `that's for work`, `for AREA` | area (Work; else an existing area by name) |
///
/// Deterministic: no network and no model. An agent over MCP can do better and write through
/// `add_task`.
public enum Ramble {
    /// The source new tasks from a brain dump get.
    public static let source = "voice-ramble"

    /// The proposed tasks of `text`, in the order spoken. Each is a draft with only the fields the
    /// dump set (and a title); `created`/`source` are placeholders.
    public static func proposals(_ text: String, today: LocalDate, now: TimeOfDay? = nil, knownAreas: [String] = [],
                                 knownProjects: [String] = [],
                                 firstOccurrence: (String, LocalDate) -> LocalDate?) -> [QuickEntryResult] {
        pieces(of: text).compactMap { piece in
            proposal(piece, today: today, now: now, knownAreas: knownAreas, knownProjects: knownProjects,
                     firstOccurrence: firstOccurrence)
        }
    }

    // MARK: - Splitting

    /// Connectors that start a new task, longest first; matched as whole words, ignoring case.
    static let connectors = [
        ", and i need to", ", and i have to", ", and i should", ", and i also need to", ", and remind me to",
        ", and don't forget to", ", and then", ", i also need to", ", i need to", ", i have to", ", i should",
        ", i must", ", i gotta", ", remind me to", ", don't forget to", ", then", "and also", "oh and", "oh, and", "and then", "and after that",
        "as well as that", "also", "plus", "another thing", "one more thing",
    ]

    /// Filler that is not part of a task's title, longest first.
    static let leadingFiller = [
        "i also need to", "i need to", "i have to", "i've got to", "i got to", "i gotta", "i should", "i must",
        "i want to", "i'd like to", "i would like to", "i'm going to", "i am going to", "i'll", "i will",
        "remind me to", "don't forget to", "do not forget to", "make sure to", "make sure i", "we need to",
        "we should", "need to", "have to", "gotta", "got to", "should", "to",
    ]

    /// Words left at the end of a piece once a connector or a cue was cut off (`… and I should`).
    static let danglingWords: Set<String> = ["but", "and", "so", "which", "it's", "that's", "is", "though", "i", "should",
                                             "need", "needs", "to", "have", "must", "also", "we", "then"]

    /// Words that are filler anywhere.
    static let fillerWords: Set<String> = ["uh", "um", "umm", "uhh", "er", "erm", "oh", "probably", "obviously",
                                           "basically", "actually", "like,", "maybe", "definitely", "really"]

    /// The pieces of a dump: sentences split at connectors, each trimmed.
    static func pieces(of text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        let chars = Array(text)
        for (i, ch) in chars.enumerated() {
            let next = i + 1 < chars.count ? chars[i + 1] : " "
            // A sentence ends at . ! ? ; or a line break — not inside "3.5" or "e.g.".
            if ch == "\n" || ch == ";" || ((ch == "." || ch == "!" || ch == "?") && (next == " " || next == "\n" || i + 1 == chars.count)) {
                sentences.append(current)
                current = ""
            } else {
                current.append(ch)
            }
        }
        sentences.append(current)
        var out: [String] = []
        for sentence in sentences {
            out += split(sentence)
        }
        return out.map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)) }.filter { !$0.isEmpty }
    }

    /// A sentence cut at every connector.
    static func split(_ sentence: String) -> [String] {
        var pieces: [String] = []
        var rest = sentence
        while let (range, _) = firstConnector(in: rest) {
            pieces.append(String(rest[..<range.lowerBound]))
            rest = String(rest[range.upperBound...])
        }
        pieces.append(rest)
        return pieces
    }

    static func firstConnector(in text: String) -> (Range<String.Index>, String)? {
        let lower = text.lowercased()
        var best: (Range<String.Index>, String)?
        for connector in connectors {
            var from = lower.startIndex
            while let range = lower.range(of: connector, range: from..<lower.endIndex) {
                from = range.upperBound
                let before = range.lowerBound == lower.startIndex ? " " : lower[lower.index(before: range.lowerBound)]
                let after = range.upperBound == lower.endIndex ? " " : lower[range.upperBound]
                let startsWord = connector.first == "," || !(before.isLetter || before.isNumber || before == "'")
                guard startsWord, !(after.isLetter || after.isNumber || after == "'") else { continue }
                // Back in the original text (lowercasing keeps these ASCII indices aligned).
                guard let lo = index(in: text, matching: lower, range.lowerBound),
                      let hi = index(in: text, matching: lower, range.upperBound) else { continue }
                if best == nil || lo < (best?.0.lowerBound ?? lo) || (lo == best?.0.lowerBound && hi > (best?.0.upperBound ?? hi)) {
                    best = (lo..<hi, connector)
                }
                break
            }
        }
        return best
    }

    /// The index of `text` at the same character offset as `i` in `lower`.
    static func index(in text: String, matching lower: String, _ i: String.Index) -> String.Index? {
        let offset = lower.distance(from: lower.startIndex, to: i)
        return text.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex)
    }

    // MARK: - One piece

    static func proposal(_ piece: String, today: LocalDate, now: TimeOfDay?, knownAreas: [String], knownProjects: [String],
                         firstOccurrence: (String, LocalDate) -> LocalDate?) -> QuickEntryResult? {
        var words = piece.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        func lower(_ i: Int) -> String { words[i].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",.!?")) }
        func phrase(_ i: Int, _ n: Int) -> String { (i..<min(i + n, words.count)).map(lower).joined(separator: " ") }

        // Filler at the start (repeatedly: "oh I need to"), and filler words anywhere.
        words.removeAll { fillerWords.contains($0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",.!?"))) }
        var changed = true
        while changed, !words.isEmpty {
            changed = false
            for filler in leadingFiller {
                let n = filler.split(separator: " ").count
                if words.count > n, phrase(0, n) == filler {
                    words.removeFirst(n)
                    changed = true
                    break
                }
            }
            if let first = words.first, ["and", "so", "then", "but", "i"].contains(first.lowercased()), words.count > 1 {
                words.removeFirst()
                changed = true
            }
        }
        guard !words.isEmpty else { return nil }

        // Cues, removed from the words once read.
        var priority: Priority?
        var area: String?
        var scheduledNextWeek = false
        var i = 0
        while i < words.count {
            func take(_ n: Int) { words.removeSubrange(i..<min(i + n, words.count)) }
            let two = phrase(i, 2), three = phrase(i, 3), four = phrase(i, 4)
            if ["but it's not urgent", "but it is not"].contains(four) || four == "but that's not urgent" {
                priority = .low
                take(four == "but it is not" ? 5 : 4)
            } else if ["it's not urgent", "that's not urgent", "not very urgent"].contains(three) || three == "it's no rush" {
                priority = .low
                take(3)
            } else if ["not urgent", "no rush", "low priority", "not important"].contains(two) {
                priority = .low
                take(2)
            } else if lower(i) == "whenever" {
                priority = .low
                take(words.count - i)
            } else if ["high priority", "top priority"].contains(two) || ["it's urgent", "it's important", "that's urgent"].contains(two) {
                priority = .high
                take(2)
            } else if ["urgent", "urgently", "asap", "important"].contains(lower(i)) {
                priority = .high
                take(1)
            } else if three == "sometime next week" || three == "some time next" {
                scheduledNextWeek = true
                take(three == "some time next" ? 4 : 3)
            } else if three == "that's for work" || three == "it's for work" || four == "and that's for work" {
                area = existing("Work", in: knownAreas) ?? "Work"
                take(four == "and that's for work" ? 4 : 3)
            } else if two == "for work" {
                area = existing("Work", in: knownAreas) ?? "Work"
                take(2)
            } else if lower(i) == "for" || (lower(i) == "that's" && i + 1 < words.count && lower(i + 1) == "for"), i + 1 < words.count {
                // `for AREA`, `that's for AREA`: only an area the vault has.
                let skip = lower(i) == "that's" ? 2 : 1
                if let found = knownAreas.first(where: { candidate in
                    let n = candidate.split(separator: " ").count
                    return phrase(i + skip, n) == candidate.lowercased()
                }) {
                    area = found
                    take(skip + found.split(separator: " ").count)
                } else {
                    i += 1
                }
            } else if lower(i) == "before", i + 1 < words.count {
                words[i] = "by"
                i += 1
            } else {
                i += 1
            }
        }
        // Dangling joiners left by removed cues.
        while let last = words.last, danglingWords.contains(last.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",.!?"))) {
            words.removeLast()
        }
        guard !words.isEmpty else { return nil }

        let line = words.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ",.!? "))
        var result = QuickEntry.parse(line, today: today, now: now, knownProjects: knownProjects, knownAreas: knownAreas,
                                      firstOccurrence: firstOccurrence)
        // `start … on monday`, `work on … on friday`: when to do it, not a deadline.
        let opening = line.lowercased()
        let startsWork = ["start ", "starting ", "begin ", "work on ", "working on ", "get started on "].contains { opening.hasPrefix($0) }
        if startsWork, result.scheduled == nil, result.dueAt != nil, !hasDueKeyword(line) {
            result.scheduledAt = result.dueAt
            result.dueAt = nil
        }
        if scheduledNextWeek, result.scheduled == nil {
            result.scheduled = mondayOfNextWeek(today)
        }
        if let priority { result.priority = priority }
        if let area, result.area == nil { result.area = area }
        var title = result.title.trimmingCharacters(in: CharacterSet(charactersIn: ",.!? "))
        while let last = title.split(separator: " ").last, danglingWords.union(["on", "by", "for", "about", "at", "in", "until", "before", "after"]).contains(last.lowercased()) {
            title = title.split(separator: " ").dropLast().joined(separator: " ")
        }
        guard let first = title.first else { return nil }
        result.title = first.uppercased() + title.dropFirst()
        return result
    }

    /// Whether the line names a deadline by a keyword (`by friday`, `due friday`).
    static func hasDueKeyword(_ line: String) -> Bool {
        let words = Set(line.lowercased().split(separator: " ").map(String.init))
        return words.contains("by") || words.contains("due")
    }

    static func mondayOfNextWeek(_ today: LocalDate) -> LocalDate { today.adding(days: 8 - today.weekday) }

    static func existing(_ name: String, in known: [String]) -> String? {
        known.first { $0.lowercased() == name.lowercased() }
    }
}

extension QuickEntryResult {
    /// The §3 keys this proposal would set, as JSON (PROPOSAL of §26): the title and every field
    /// the dump gave, nothing else.
    public var proposalJSON: JSONValue {
        var pairs: [(String, JSONValue)] = []
        for spec in TaskFieldSpec.table where spec.role == .user {
            guard let value = spec.value(of: draft), value != spec.defaultValue else { continue }
            if case let .list(items) = value, items.isEmpty { continue }
            if spec.field == .source { continue }
            pairs.append((spec.key, TaskJSON.jsonValue(value, kind: spec.kind)))
        }
        return .object(pairs)
    }
}
