import Foundation

/// JSON text built as UTF-8 bytes, for the forms written for every task of a vault (the TASK
/// JSON and its row form the index stores). Appending to a `[UInt8]` is a copy of bytes;
/// appending to a `String` checks its storage, its encoding and its capacity on every piece,
/// which made building both forms a seventh of a cold build's CPU.
///
/// Holds the one rule for escaping a JSON string (``quote(utf8:)``), which
/// ``JSONValue/quote(_:into:)`` uses too; dates and numbers are written as their descriptions
/// write them (a test compares them byte for byte).
struct JSONBytes {
    private(set) var bytes: [UInt8] = []
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Text that continues `bytes`.
    init(continuing bytes: [UInt8]) { self.bytes = bytes }

    /// Empties the text, keeping its room (a listing writes in pieces).
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// The text written so far.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    @inline(__always) mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always) mutating func append(byte: UInt8) { bytes.append(byte) }

    /// Text that needs no escaping (keys, numbers, dates) as it is.
    mutating func append(text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(bytes more: [UInt8]) { bytes.append(contentsOf: more) }

    /// A whole number in decimal.
    mutating func append(_ n: Int) {
        guard n >= 0 else {
            append(text: String(n))
            return
        }
        if n < 10 {
            bytes.append(0x30 + UInt8(n))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var value = n, at = buffer.count
            while value > 0 {
                at -= 1
                buffer[at] = 0x30 + UInt8(value % 10)
                value /= 10
            }
            bytes.append(contentsOf: buffer[at...])
        }
    }

    /// `value` in at least `width` digits, zeros in front (`width` ≤ 4, 0 ≤ value).
    private mutating func padded(_ value: Int, _ width: Int) {
        var scale = 1
        for _ in 1..<width { scale *= 10 }
        while scale > 1, value < scale {
            bytes.append(0x30)
            scale /= 10
        }
        append(value)
    }

    /// `"YYYY-MM-DD"`, as ``LocalDate/description`` writes it.
    mutating func quote(_ date: LocalDate) {
        guard (0...9999).contains(date.year) else {
            quote(date.description)
            return
        }
        bytes.append(0x22)
        digits(date)
        bytes.append(0x22)
    }

    /// The digits of `date` without quotes.
    private mutating func digits(_ date: LocalDate) {
        padded(date.year, 4)
        bytes.append(0x2D)
        padded(date.month, 2)
        bytes.append(0x2D)
        padded(date.day, 2)
    }

    /// `"YYYY-MM-DDTHH:MM"` or `"YYYY-MM-DD"`, as ``TaskDate/description`` writes it.
    mutating func quote(_ date: TaskDate) {
        guard let time = date.time else { return quote(date.date) }
        guard (0...9999).contains(date.date.year) else { return quote(date.description) }
        bytes.append(0x22)
        digits(date.date)
        bytes.append(0x54)
        padded(time.hour, 2)
        bytes.append(0x3A)
        padded(time.minute, 2)
        bytes.append(0x22)
    }

    /// `"YYYY-MM-DDTHH:MM:SSZ"`, as ``DateTimeFormat/string(_:)`` writes it.
    mutating func quote(instant: Date) {
        let seconds = Int(floor(instant.timeIntervalSince1970))
        let day = LocalDate.floorDiv(seconds, 86_400)
        let date = LocalDate(dayNumber: day)
        guard (0...9999).contains(date.year) else { return quote(DateTimeFormat.string(instant)) }
        let rest = seconds - day * 86_400
        bytes.append(0x22)
        digits(date)
        bytes.append(0x54)
        padded(rest / 3600, 2)
        bytes.append(0x3A)
        padded(rest / 60 % 60, 2)
        bytes.append(0x3A)
        padded(rest % 60, 2)
        append("Z\"")
    }

    /// `s` as a JSON string literal, escaped as ``JSONValue/quote(_:into:)`` escapes it.
    mutating func quote(_ s: String) {
        var s = s
        s.withUTF8 { quote(utf8: $0) }
    }

    mutating func quote(_ s: Substring) {
        var s = s
        s.withUTF8 { quote(utf8: $0) }
    }

    /// Valid UTF-8 text as a JSON string literal: runs that need no escape copied whole.
    mutating func quote(utf8 text: UnsafeBufferPointer<UInt8>) {
        bytes.append(0x22)
        var runStart = 0
        var i = 0
        let count = text.count
        while i < count {
            let b = text[i]
            if b >= 0x20, b != 0x22, b != 0x5C, b != 0xE2 {
                i += 1
                continue
            }
            let escape: StaticString
            var width = 1
            switch b {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0x00..<0x20:
                if i > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<i])) }
                bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, Self.hex[Int(b >> 4)], Self.hex[Int(b & 0xF)]])
                i += 1
                runStart = i
                continue
            case 0xE2 where i + 2 < count && text[i + 1] == 0x80 && (text[i + 2] == 0xA8 || text[i + 2] == 0xA9):
                escape = text[i + 2] == 0xA8 ? "\\u2028" : "\\u2029"  // JSON-valid, JavaScript-unsafe
                width = 3
            default:
                i += 1
                continue
            }
            if i > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<i])) }
            append(escape)
            i += width
            runStart = i
        }
        if count > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<count])) }
        bytes.append(0x22)
    }
}
