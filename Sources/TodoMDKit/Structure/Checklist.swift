/// The checklist of a task's body (§23): lines `- [ ] text` / `- [x] text` (also `*` and `+`,
/// any indent), outside fenced code blocks.
public enum Checklist {
    /// One item: its text, whether it is checked, and the UTF-8 offset of the character
    /// between the brackets (what a toggle rewrites).
    public struct Item: Sendable, Equatable {
        public let text: String
        public let checked: Bool
        public let mark: Int
    }

    /// The items of `body`, in order.
    public static func items(in body: String) -> [Item] {
        var items: [Item] = []
        var fence: [UInt8]?
        var offset = 0
        let bytes = Array(body.utf8)
        while offset < bytes.count {
            var end = offset
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var i = offset
            while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            let line = bytes[i..<end]
            if line.starts(with: [0x60, 0x60, 0x60]) || line.starts(with: [0x7E, 0x7E, 0x7E]) {
                let marker = Array(line.prefix(3))
                if fence == nil { fence = marker } else if fence == marker { fence = nil }
            } else if fence == nil, end - i >= 5, [0x2D, 0x2A, 0x2B].contains(bytes[i]), bytes[i + 1] == 0x20,
                      bytes[i + 2] == 0x5B, bytes[i + 4] == 0x5D, [0x20, 0x78, 0x58].contains(bytes[i + 3]),
                      i + 5 == end || bytes[i + 5] == 0x20 || bytes[i + 5] == 0x0D {
                var textStart = i + 5
                while textStart < end, bytes[textStart] == 0x20 { textStart += 1 }
                var textEnd = end
                if textEnd > textStart, bytes[textEnd - 1] == 0x0D { textEnd -= 1 }
                items.append(Item(text: String(decoding: bytes[textStart..<textEnd], as: UTF8.self),
                                  checked: bytes[i + 3] != 0x20, mark: i + 3))
            }
            offset = end + 1
        }
        return items
    }

    /// Checked over all items; nil when the body has none.
    public static func tally(of body: String) -> Tally? {
        // A byte test: `contains("[")` went through Foundation's string search, for every file a
        // cold build reads.
        guard body.utf8.contains(0x5B) else { return nil }
        let all = items(in: body)
        return all.isEmpty ? nil : Tally(done: all.filter(\.checked).count, total: all.count)
    }

    /// `body` with item `number` (1-based) checked or unchecked: exactly one byte differs, or
    /// none when it already was.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` when there is no such item.
    public static func setting(_ number: Int, checked: Bool, in body: String) throws -> String {
        let all = items(in: body)
        guard number >= 1, number <= all.count else {
            let reason = all.isEmpty ? "the task has no checklist" : "the checklist has items 1 to \(all.count)"
            throw TodoError.invalidValue(field: "item", value: String(number), reason: reason)
        }
        let item = all[number - 1]
        guard item.checked != checked else { return body }
        var bytes = Array(body.utf8)
        bytes[item.mark] = checked ? 0x78 : 0x20
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `body` with every checklist item unchecked (a repeating task's next occurrence).
    public static func unchecking(_ body: String) -> String {
        let checked = items(in: body).filter(\.checked)
        guard !checked.isEmpty else { return body }
        var bytes = Array(body.utf8)
        for item in checked { bytes[item.mark] = 0x20 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
