import Foundation

/// A one-line progress bar on standard error, redrawn in place; only used on a terminal.
final class ProgressBar: @unchecked Sendable {
    private let output: OutputSink
    private let label: String
    private let lock = NSLock()
    private var shown = false
    private var lastPercent = -1

    init(output: OutputSink, label: String) {
        self.output = output
        self.label = label
    }

    func update(_ done: Int, _ total: Int) {
        guard total >= 2000 else { return }  // small vaults index too fast to need one
        lock.lock()
        defer { lock.unlock() }
        let percent = total == 0 ? 100 : done * 100 / total
        guard percent != lastPercent else { return }
        lastPercent = percent
        shown = true
        let width = 30
        let filled = width * percent / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        output.err("\r\(label) ▕\(bar)▏ \(done)/\(total) files")
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown { output.err("\r\u{1B}[2K") }
    }
}
