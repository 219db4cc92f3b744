/// A JavaScript module's text as tokens: enough to find its top-level statements (imports,
/// exports, declarations) without being fooled by the same words in strings, template literals,
/// regular expressions or comments. It is no parser: it knows brackets, not grammar.
struct JSToken: Equatable {
    enum Kind: Equatable {
        /// An identifier or keyword (`import`, `$`, `café`).
        case word
        /// One character of punctuation (`{`, `;`, `.`; `=>` is two).
        case punctuator
        /// A number literal.
        case number
        /// A quoted string, quotes included.
        case string
        /// A template literal's text up to its end or to a `${` (a part of it), backticks included.
        case template
        /// A regular expression literal, flags included.
        case regex
    }

    var kind: Kind
    /// Byte offsets of the token in the text.
    var start: Int
    var end: Int
    /// How many brackets (`(`, `[`, `{`, `${`) are open around it; a bracket itself counts those
    /// outside it, so a top-level block's `{` and `}` are at depth 0.
    var depth: Int
    /// Whether a line break comes between it and the token before it.
    var afterNewline: Bool
}

enum JSScanner {
    /// What stops the scan: the byte offset it was found at, and what.
    struct Failure: Error, Equatable {
        var offset: Int
        var message: String
    }

    /// The words after which a `/` starts a regular expression rather than dividing.
    static let beforeExpression: Set<String> = [
        "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await",
    ]

    /// The tokens of `text`.
    static func tokens(_ text: [UInt8]) throws(Failure) -> [JSToken] {
        var scanner = Scan(text: text)
        try scanner.run()
        return scanner.out
    }

    private struct Scan {
        let text: [UInt8]
        var i = 0
        var out: [JSToken] = []
        /// Open brackets: `(`, `[`, `{`, and `$` for a template's `${`.
        var open: [UInt8] = []
        var newline = false
        /// Whether a `/` here would start a regular expression.
        var regexAllowed = true

        init(text: [UInt8]) { self.text = text }

        func at(_ k: Int) -> UInt8 { k < text.count ? text[k] : 0 }

        static func isWordByte(_ c: UInt8) -> Bool {
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x24 || c >= 0x80
        }

        mutating func emit(_ kind: JSToken.Kind, from start: Int, depth: Int? = nil) {
            out.append(JSToken(kind: kind, start: start, end: i, depth: depth ?? open.count, afterNewline: newline))
            newline = false
        }

        mutating func run() throws(Failure) {
            while i < text.count {
                let c = text[i]
                switch c {
                case 0x0A:  // \n
                    newline = true
                    i += 1
                case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                    i += 1
                case 0x2F where at(i + 1) == 0x2F:  // //
                    while i < text.count, text[i] != 0x0A { i += 1 }
                case 0x2F where at(i + 1) == 0x2A:  // /*
                    let start = i
                    i += 2
                    while i < text.count, !(text[i] == 0x2A && at(i + 1) == 0x2F) {
                        if text[i] == 0x0A { newline = true }
                        i += 1
                    }
                    guard i < text.count else { throw Failure(offset: start, message: "a comment is not closed") }
                    i += 2
                case 0x27, 0x22:  // ' "
                    let start = i
                    i += 1
                    while i < text.count, text[i] != c {
                        if text[i] == 0x5C { i += 1 } else if text[i] == 0x0A { break }
                        i += 1
                    }
                    guard i < text.count, text[i] == c else { throw Failure(offset: start, message: "a string is not closed on its line") }
                    i += 1
                    emit(.string, from: start)
                    regexAllowed = false
                case 0x60:  // `
                    let start = i
                    i += 1
                    try template(from: start)
                case 0x7D where open.last == 0x24:  // the } that closes a template's ${
                    open.removeLast()
                    let start = i
                    i += 1
                    try template(from: start)
                case 0x2F where regexAllowed:
                    try regex()
                case _ where Self.isWordByte(c) && !(c >= 0x30 && c <= 0x39):
                    let start = i
                    while i < text.count, Self.isWordByte(text[i]) { i += 1 }
                    emit(.word, from: start)
                    let word = String(decoding: text[start..<i], as: UTF8.self)
                    let property = out.count >= 2 && out[out.count - 2].kind == .punctuator && text[out[out.count - 2].start] == 0x2E
                    regexAllowed = !property && JSScanner.beforeExpression.contains(word)
                case _ where (c >= 0x30 && c <= 0x39) || (c == 0x2E && at(i + 1) >= 0x30 && at(i + 1) <= 0x39):  // 5, .5
                    let start = i
                    while i < text.count, Self.isWordByte(text[i]) || text[i] == 0x2E { i += 1 }
                    emit(.number, from: start)
                    regexAllowed = false
                case 0x28, 0x5B, 0x7B:  // ( [ {
                    let start = i
                    i += 1
                    emit(.punctuator, from: start)
                    open.append(c)
                    regexAllowed = true
                case 0x29, 0x5D, 0x7D:  // ) ] }
                    let opener: UInt8 = c == 0x29 ? 0x28 : c == 0x5D ? 0x5B : 0x7B
                    guard open.last == opener else {
                        throw Failure(offset: i, message: "`\(Character(Unicode.Scalar(c)))` closes nothing open here")
                    }
                    open.removeLast()
                    let start = i
                    i += 1
                    emit(.punctuator, from: start)
                    // After a block's `}` comes a statement, which may start with a regex.
                    regexAllowed = c == 0x7D
                default:
                    let start = i
                    i += 1
                    emit(.punctuator, from: start)
                    // After `x++` or `x--` a `/` divides.
                    regexAllowed = !((c == 0x2B || c == 0x2D) && start > 0 && text[start - 1] == c)
                }
            }
            if let last = open.last {
                throw Failure(offset: text.count, message: last == 0x24 ? "a template's `${` is not closed" : "`\(Character(Unicode.Scalar(last)))` is not closed")
            }
        }

        /// A template literal's text from `start` (its backtick, or the `}` of a substitution) to
        /// its closing backtick or its next `${`.
        mutating func template(from start: Int) throws(Failure) {
            while i < text.count {
                switch text[i] {
                case 0x5C:
                    i += 2
                case 0x60:
                    i += 1
                    emit(.template, from: start)
                    regexAllowed = false
                    return
                case 0x24 where at(i + 1) == 0x7B:
                    i += 2
                    emit(.template, from: start)
                    open.append(0x24)
                    regexAllowed = true
                    return
                default:
                    i += 1
                }
            }
            throw Failure(offset: start, message: "a template literal is not closed")
        }

        /// A regular expression literal (its class `[…]` may hold a `/`), then its flags.
        mutating func regex() throws(Failure) {
            let start = i
            i += 1
            var inClass = false
            while i < text.count {
                let c = text[i]
                if c == 0x0A { break }
                if c == 0x5C {
                    i += 2
                    continue
                }
                if c == 0x5B { inClass = true } else if c == 0x5D { inClass = false } else if c == 0x2F, !inClass { break }
                i += 1
            }
            guard i < text.count, text[i] == 0x2F else { throw Failure(offset: start, message: "a regular expression is not closed on its line") }
            i += 1
            while i < text.count, Self.isWordByte(text[i]) { i += 1 }
            emit(.regex, from: start)
            regexAllowed = false
        }
    }
}
