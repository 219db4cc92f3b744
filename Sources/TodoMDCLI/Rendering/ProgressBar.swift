import Foundation

/// A one-line progress bar on standard error, redrawn in place; only used on a terminal.
package final class ProgressBar: @unchecked Sendable {
    private let output: OutputSink
    private let label: String
    private let minimumTotal: Int
    private let unit: String
    private let lock = NSLock()
    private var shown = false
    private var lastPercent = -1

    /// - Parameters:
    ///   - minimumTotal: below this many items the work is too quick to need a bar.
    ///   - unit: what is counted ("files", "tasks").
    package init(output: OutputSink, label: String, minimumTotal: Int = 2000, unit: String = "files") {
        self.output = output
        self.label = label
        self.minimumTotal = minimumTotal
        self.unit = unit
    }

    package func update(_ done: Int, _ total: Int) {
        guard total >= minimumTotal else { return }
        lock.lock()
        defer { lock.unlock() }
        let percent = total == 0 ? 100 : done * 100 / total
        guard percent != lastPercent else { return }
        lastPercent = percent
        shown = true
        let width = 30
        let filled = width * percent / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        output.err("\r\(label) ▕\(bar)▏ \(done)/\(total) \(unit)")
    }

    package func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown { output.err("\r\u{1B}[2K") }
    }
}
