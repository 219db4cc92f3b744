import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// The JSON forms the index stores are written as bytes (``JSONBytes``): strings escaped as
/// JSON and JavaScript need, dates and numbers exactly as their descriptions, or a listing's
/// JSON would change with the path that made its row.
@Suite struct JSONBytesTests {
    /// Each escape as written, and runs around them copied: the text of known pieces, then
    /// random texts made of them read back by Foundation's decoder, from a `String` and from a
    /// `Substring` of a longer text (its own storage offset).
    @Test func quotingEscapesWhatJSONAndJavaScriptNeedAndCopiesTheRest() throws {
        let escapes: [(String, String)] = [
            ("a", "a"), ("ü", "ü"), ("日本", "日本"), ("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\r", "\\r"),
            ("\t", "\\t"), ("\u{8}", "\\b"), ("\u{C}", "\\f"), ("\u{0}", "\\u0000"), ("\u{1}", "\\u0001"),
            ("\u{1F}", "\\u001f"), ("\u{7F}", "\u{7F}"), ("\u{2028}", "\\u2028"), ("\u{2029}", "\\u2029"),
            ("\u{2027}", "\u{2027}"), ("\u{202A}", "\u{202A}"), ("\u{E2}", "\u{E2}"), ("€", "€"), ("🙂", "🙂"), ("/", "/"),
            ("e\u{301}", "e\u{301}"),
        ]
        for (text, written) in escapes {
            var bytes = JSONBytes(capacity: 0)
            bytes.quote(text)
            #expect(bytes.bytes == Array(("\"" + written + "\"").utf8), "\(written)")
        }
        var random = SeededRandom(seed: 2026_12_02)
        var texts = escapes.map(\.0) + ["", String(repeating: "x", count: 5_000)]
        for _ in 0..<2_000 {
            texts.append((0..<Int.random(in: 1...16, using: &random)).map { _ in escapes.randomElement(using: &random)?.0 ?? "" }.joined())
        }
        for text in texts {
            var bytes = JSONBytes(capacity: 0)
            bytes.quote(text)
            #expect(try JSONDecoder().decode(String.self, from: Data(bytes.bytes)) == text)
            #expect(!bytes.string.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
            var inner = JSONBytes(capacity: 0)
            inner.quote(("«" + text + "»").dropFirst().dropLast())
            #expect(inner.bytes == bytes.bytes)
            var viaString = ""
            JSONValue.quote(text, into: &viaString)
            #expect(Array(viaString.utf8) == bytes.bytes)
        }
    }

    @Test(arguments: [0, 1, 9, 10, 99, 100, 2026, 86_399, 1_000_000_007, Int.max, -1, -42, Int.min])
    func wholeNumbersAreWrittenAsStringWritesThem(_ n: Int) {
        var bytes = JSONBytes(capacity: 0)
        bytes.append(n)
        #expect(bytes.string == String(n))
    }

    @Test func datesAndTimesAreWrittenAsTheirDescriptions() throws {
        // Day numbers from before year 0 to after 9999 (1970-01-01 is day 0).
        var random = SeededRandom(seed: 17)
        var days = [0, -1, 1, 20_778, -719_528, -719_529, -719_162, 2_932_896, 2_932_897, -365, 59, 60]
        for _ in 0..<2_000 { days.append(Int.random(in: -1_000_000...3_500_000, using: &random)) }
        let times = [nil, TimeOfDay(validHour: 0, minute: 0), TimeOfDay(validHour: 9, minute: 5),
                     TimeOfDay(validHour: 23, minute: 59)]
        for day in days {
            let date = LocalDate(dayNumber: day)
            var bytes = JSONBytes(capacity: 0)
            bytes.quote(date)
            #expect(bytes.string == "\"\(date.description)\"", "\(day)")
            for time in times {
                let timed = TaskDate(date, time: time)
                var out = JSONBytes(capacity: 0)
                out.quote(timed)
                #expect(out.string == "\"\(timed.description)\"", "\(day)")
            }
        }
        var instants: [Double] = [0, -1, -0.5, 0.999, 86_399.5, 86_400, -86_400, -86_401, 1_795_000_000, 253_402_300_799,
                                  253_402_300_800, -62_167_219_200, -62_167_219_201]
        for _ in 0..<3_000 { instants.append(Double.random(in: -70_000_000_000...300_000_000_000, using: &random)) }
        for seconds in instants {
            let instant = Date(timeIntervalSince1970: seconds)
            var bytes = JSONBytes(capacity: 0)
            bytes.quote(instant: instant)
            #expect(bytes.string == "\"\(DateTimeFormat.string(instant))\"", "\(seconds)")
        }
    }
}
