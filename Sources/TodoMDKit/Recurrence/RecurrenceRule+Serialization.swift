extension RecurrenceRule: CustomStringConvertible {
    /// The canonical RRULE text, without the `RRULE:` prefix.
    ///
    /// `FREQ` comes first, then `INTERVAL` (left out when 1), `BYMONTH`, `BYMONTHDAY`, `BYDAY`,
    /// `BYSETPOS`, `WKST` (left out when Monday), `COUNT` and `UNTIL` (as `YYYYMMDD`); lists are
    /// sorted. Parsing the result gives back an equal rule.
    public var serialized: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if !byMonth.isEmpty { parts.append("BYMONTH=" + joined(byMonth)) }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + joined(byMonthDay)) }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map(\.description).joined(separator: ",")) }
        if !bySetPosition.isEmpty { parts.append("BYSETPOS=" + joined(bySetPosition)) }
        if weekStart != .monday { parts.append("WKST=\(weekStart.code)") }
        if let count { parts.append("COUNT=\(count)") }
        if let until {
            parts.append("UNTIL=" + until.description.filter { $0 != "-" })
        }
        return parts.joined(separator: ";")
    }

    /// The same as ``serialized``.
    public var description: String { serialized }

    private func joined(_ values: [Int]) -> String {
        values.map(String.init).joined(separator: ",")
    }
}

extension RecurrenceRule {
    /// `text` with its `COUNT` part set to `count`, every other byte as the user wrote it (§21:
    /// "the new rule differs only in COUNT" — part order, case, `WKST`, list order all stay).
    ///
    /// A rule without a `COUNT` part is returned unchanged.
    public static func settingCount(_ count: Int, in text: String) -> String {
        var parts = text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        for (i, part) in parts.enumerated() {
            // The first part may carry the `RRULE:` prefix.
            let body = part.uppercased().hasPrefix("RRULE:") ? String(part.dropFirst(6)) : part
            let pieces = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2, pieces[0].trimmingCharacters(in: .whitespaces).uppercased() == "COUNT" else { continue }
            let prefix = part.dropLast(body.count)
            parts[i] = prefix + pieces[0] + "=" + String(count)
        }
        return parts.joined(separator: ";")
    }
}
