import Foundation

/// File names for new tasks (§4, §21): `{YYYYMMDD}-{HHmm}-{slug}.md`, creation time in UTC.
public enum Slug {
    /// The slug of `title`: lower-cased, letters folded to ASCII, other runs replaced by one `-`,
    /// trimmed, cut to 60 characters and trimmed again; `task` when nothing is left.
    public static func make(_ title: String) -> String {
        var out = ""
        var pendingDash = false
        // Decompose first: compatibility forms such as `ℂ` or `㎒` become upper-case ASCII.
        for scalar in title.decomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            let mapped: String
            switch scalar {
            case "a"..."z", "0"..."9": mapped = String(scalar)
            case "ß": mapped = "ss"
            case "æ": mapped = "ae"
            case "œ": mapped = "oe"
            case "ø": mapped = "o"
            case "ł": mapped = "l"
            case "đ", "ð": mapped = "d"
            case "þ": mapped = "th"
            default:
                // Combining marks left by NFKD are dropped; everything else separates words.
                let category = scalar.properties.generalCategory
                if category == .nonspacingMark || category == .spacingMark || category == .enclosingMark { continue }
                pendingDash = true
                continue
            }
            if pendingDash, !out.isEmpty { out += "-" }
            pendingDash = false
            out += mapped
        }
        if out.count > 60 {
            out = String(out.prefix(60))
            while out.hasSuffix("-") { out.removeLast() }
        }
        return out.isEmpty ? "task" : out
    }

    /// `YYYYMMDD-HHmm-` for `instant` in UTC.
    public static func stamp(_ instant: Date) -> String {
        let iso = DateTimeFormat.string(instant)  // YYYY-MM-DDTHH:MM:SSZ
        let u = Array(iso)
        return String(u[0..<4]) + String(u[5..<7]) + String(u[8..<10]) + "-" + String(u[11..<13]) + String(u[14..<16])
    }

    /// The file name for a new task, with `-2`, `-3`… appended until `isTaken` says no.
    public static func filename(title: String, created: Date, isTaken: (String) throws -> Bool) rethrows -> String {
        let base = stamp(created) + "-" + make(title)
        var name = base + ".md"
        var n = 2
        while try isTaken(name) {
            name = "\(base)-\(n).md"
            n += 1
        }
        return name
    }
}
