import Foundation

/// Case- and diacritic-insensitive text, for matching and ordering (§21).
public enum TextFolding {
    /// Whether `s` is ASCII alone, tested eight bytes at a time (a cold build asks it of every
    /// task's title, description and body; a byte at a time was 1.5 % of its CPU).
    static func isASCII(_ s: String) -> Bool {
        if let answer = s.utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
            let raw = UnsafeRawBufferPointer(bytes)
            var i = 0
            while i + 8 <= raw.count {
                if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                i += 8
            }
            while i < raw.count {
                if raw[i] >= 0x80 { return false }
                i += 1
            }
            return true
        }) {
            return answer
        }
        return s.utf8.allSatisfy { $0 < 0x80 }
    }

    /// NFD, combining marks dropped, case-folded (so `ß` is `ss` and a final `ς` is `σ`, as
    /// Unicode case folding has it).
    public static func fold(_ s: String) -> String {
        if isASCII(s) { return s.lowercased() }
        var out = String.UnicodeScalarView()
        for scalar in s.decomposedStringWithCanonicalMapping.unicodeScalars {
            let c = scalar.properties.generalCategory
            if c == .nonspacingMark || c == .enclosingMark || c == .spacingMark { continue }
            out.append(scalar)
        }
        var folded = String.UnicodeScalarView()
        for scalar in String(out).lowercased().unicodeScalars {
            switch scalar {
            case "ß", "ẞ": folded.append(contentsOf: "ss".unicodeScalars)
            case "ς": folded.append("σ")
            default: folded.append(scalar)
            }
        }
        return String(folded)
    }

    /// Whether `a` comes before `b` in the §21 text order, texts that fold the same ("Q4",
    /// "q4") by their own code points: an order that does not depend on where they came from
    /// (a `Set`'s order changes from one run to the next).
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let x = sortKey(a), y = sortKey(b)
        return x != y ? x < y : a < b
    }

    /// A key whose byte order is the §21 text order: folded, with each run of digits compared by
    /// numeric value ("Task 2" before "Task 10").
    public static func sortKey(_ s: String) -> String {
        var folded = fold(s)
        // On the bytes: digits are ASCII, and every other byte is copied as it is (stored for
        // every task, this ran a fifth of a cold build's folding).
        return folded.withUTF8 { bytes -> String in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 8)
            var digits = 0..<0
            func flush() {
                guard !digits.isEmpty else { return }
                var first = digits.lowerBound
                while first < digits.upperBound - 1, bytes[first] == UInt8(ascii: "0") { first += 1 }
                let n = min(digits.upperBound - first, 99)
                out.append(UInt8(ascii: "0") + UInt8(n / 10))
                out.append(UInt8(ascii: "0") + UInt8(n % 10))
                out.append(contentsOf: bytes[first..<digits.upperBound])
                digits = 0..<0
            }
            for i in bytes.indices {
                if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
                    digits = digits.isEmpty ? i..<(i + 1) : digits.lowerBound..<(i + 1)
                } else {
                    flush()
                    out.append(bytes[i])
                }
            }
            flush()
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Whether `needle` occurs in `haystack` as a run of UTF-8 bytes (as SQLite's `instr` does;
    /// Swift's `contains` would compare grapheme clusters instead).
    public static func containsBytes(_ haystack: String, _ needle: String) -> Bool {
        let h = Array(haystack.utf8), n = Array(needle.utf8)
        guard !n.isEmpty else { return true }
        guard h.count >= n.count else { return false }
        var i = 0
        while i + n.count <= h.count {
            if h[i] == n[0], h[i..<(i + n.count)].elementsEqual(n) { return true }
            i += 1
        }
        return false
    }
}

extension String {
    /// Trimmed of spaces and tabs; returns itself without a Foundation call when there is
    /// nothing to trim (the common case when reading frontmatter values).
    var trimmedSpaces: String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        if first != 0x20, first != 0x09, last != 0x20, last != 0x09 { return self }
        return trimmingCharacters(in: .whitespaces)
    }
}
