import Foundation

/// Reading and writing the ISO 8601 date-times of task files (`created`, `modified`, `completed`).
///
/// Written form: UTC with `Z` and whole seconds, `2025-02-26T14:30:00Z`. Read forms: a date-time
/// with `Z` or a `±HH:MM` offset (fractional seconds allowed), a date-time without a zone (read
/// in the local time zone), or a bare date (local midnight).
public enum DateTimeFormat {
    /// Formats `instant` as `YYYY-MM-DDTHH:MM:SSZ`.
    public static func string(_ instant: Date) -> String {
        let seconds = Int(floor(instant.timeIntervalSince1970))
        let day = LocalDate.floorDiv(seconds, 86_400)
        let rest = seconds - day * 86_400
        let date = LocalDate(dayNumber: day)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(date)T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }

    /// Parses a date-time or a date; nil when `text` is neither.
    public static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        let u = Array(text.trimmedSpaces.utf8)
        guard u.count >= 10, let date = LocalDate(iso: String(decoding: u[0..<10], as: UTF8.self)) else {
            return nil
        }
        if u.count == 10 { return date.startOfDay(in: timeZone) }
        guard u[10] == UInt8(ascii: "T") || u[10] == UInt8(ascii: "t") || u[10] == UInt8(ascii: " "),
              u.count >= 16, u[13] == UInt8(ascii: ":"),
              let hour = LocalDate.digits(u, 11, 2), let minute = LocalDate.digits(u, 14, 2),
              hour < 24, minute < 60
        else { return nil }
        var i = 16
        var second = 0
        var fraction = 0.0
        if i < u.count, u[i] == UInt8(ascii: ":") {
            guard let s = LocalDate.digits(u, i + 1, 2), s < 61 else { return nil }
            second = min(s, 59)
            i += 3
            if i < u.count, u[i] == UInt8(ascii: ".") || u[i] == UInt8(ascii: ",") {
                i += 1
                var scale = 0.1
                let start = i
                while i < u.count, u[i] >= 0x30, u[i] <= 0x39 {
                    fraction += Double(u[i] - 0x30) * scale
                    scale /= 10
                    i += 1
                }
                guard i > start else { return nil }
            }
        }
        let secondOfDay = hour * 3600 + minute * 60 + second
        if i == u.count {
            let local = LocalDateTime.instant(dayNumber: date.dayNumber, secondOfDay: secondOfDay, in: timeZone)
            return local.addingTimeInterval(fraction)
        }
        var offset = 0
        if u[i] == UInt8(ascii: "Z") || u[i] == UInt8(ascii: "z") {
            guard i + 1 == u.count else { return nil }
        } else if u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") {
            let sign = u[i] == UInt8(ascii: "+") ? 1 : -1
            guard let oh = LocalDate.digits(u, i + 1, 2), oh < 24 else { return nil }
            var j = i + 3
            var om = 0
            if j < u.count, u[j] == UInt8(ascii: ":") { j += 1 }
            if j < u.count {
                guard let m = LocalDate.digits(u, j, 2), m < 60 else { return nil }
                om = m
                j += 2
            }
            guard j == u.count else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        } else {
            return nil
        }
        let utcSeconds = date.dayNumber * 86_400 + secondOfDay - offset
        return Date(timeIntervalSince1970: TimeInterval(utcSeconds) + fraction)
    }
}
