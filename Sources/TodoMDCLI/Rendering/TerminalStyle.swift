/// ANSI colours, on only for a terminal and never when `NO_COLOR` is set (`CLICOLOR_FORCE=1` forces them).
struct TerminalStyle: Sendable {
    let enabled: Bool

    init(environment: [String: String], isTerminal: Bool) {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            enabled = false
        } else if environment["CLICOLOR_FORCE"].map({ !$0.isEmpty && $0 != "0" }) == true {
            enabled = true
        } else {
            enabled = isTerminal && environment["TERM"] != "dumb"
        }
    }

    private func wrap(_ code: String, _ s: String) -> String { enabled && !s.isEmpty ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    func bold(_ s: String) -> String { wrap("1", s) }
    func dim(_ s: String) -> String { wrap("2", s) }
    func red(_ s: String) -> String { wrap("31", s) }
    func green(_ s: String) -> String { wrap("32", s) }
    func yellow(_ s: String) -> String { wrap("33", s) }
    func blue(_ s: String) -> String { wrap("34", s) }
    func magenta(_ s: String) -> String { wrap("35", s) }
    func cyan(_ s: String) -> String { wrap("36", s) }
}
