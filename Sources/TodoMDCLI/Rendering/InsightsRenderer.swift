import TodoMDKit

/// `todomd stats` for people: a sparkline per week of completions, bars per area and project,
/// the streak, the carry average, this week against last, and estimate vs tracked time.
struct InsightsRenderer {
    let style: TerminalStyle

    /// Eight heights of a sparkline, lowest first; a day without completions is `·`.
    static let ticks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// The longest bar of the by-area and by-project charts.
    static let barWidth = 20

    func render(_ insights: Insights) -> String {
        let today = insights.to
        var out = style.bold("Insights, \(insights.from.shortDescription(today: today)) – "
                             + "\(today.shortDescription(today: today))"
                             + " (\(insights.weeks) week\(insights.weeks == 1 ? "" : "s"))") + "\n\n"
        out += style.bold("Completed per day") + " " + style.dim("(\(insights.completedTotal) in all)") + "\n"
        let peak = insights.completedPerDay.map(\.count).max() ?? 0
        let weeks = stride(from: 0, to: insights.completedPerDay.count, by: 7).map {
            Array(insights.completedPerDay[$0..<min($0 + 7, insights.completedPerDay.count)])
        }
        let labels = weeks.map { "from " + ($0.first?.date.shortDescription(today: today) ?? "") }
        let labelWidth = labels.map(\.count).max() ?? 0
        for (label, week) in zip(labels, weeks) {
            let line = String(week.map { Self.tick($0.count, peak: peak) })
            let total = week.reduce(0) { $0 + $1.count }
            out += "  " + pad(label, labelWidth) + "  " + line + "  " + String(total) + "\n"
        }
        out += bars("By area", insights.completedByArea, none: "No area")
        out += bars("By project", insights.completedByProject, none: "No project")
        let streak = insights.streak
        let days = "\(streak.length) day\(streak.length == 1 ? "" : "s")"
        let todayNote = streak.today.planned == 0
            ? "no Must-Do planned today"
            : "today \(streak.today.done)/\(streak.today.planned) done"
        out += "\n" + pad("Must-Do streak", 15) + " " + style.bold(days) + "  " + style.dim("(\(todayNote))") + "\n"
        out += pad("Average carry", 15) + " " + Self.decimal(insights.averageCarryCount)
            + style.dim("  (rollovers per planned task, \(insights.carriedTasks) task\(insights.carriedTasks == 1 ? "" : "s"))") + "\n"
        out += pad("This week", 15) + " \(insights.thisWeek.completed) done"
            + style.dim("  (\(insights.thisWeek.from.shortDescription(today: today)) – \(insights.thisWeek.to.shortDescription(today: today)))") + "\n"
        out += pad("Last week", 15) + " \(insights.lastWeek.completed) done" + "\n"
        out += estimates(insights.estimates)
        return out
    }

    /// Each task's estimate and tracked time, and how far off the estimate was.
    private func estimates(_ rows: [Insights.EstimateComparison]) -> String {
        var out = "\n" + style.bold("Estimate vs tracked") + "\n"
        guard !rows.isEmpty else { return out + "  " + style.dim("No task has both an estimate and tracked time.") + "\n" }
        let names = rows.map { String($0.title.prefix(32)) }
        let width = names.map(\.count).max() ?? 0
        for (name, row) in zip(names, rows) {
            let off = row.trackedMinutes - row.estimatedMinutes
            let delta = off == 0 ? "on estimate" : (off > 0 ? "+" : "−") + Self.minutes(abs(off))
            out += "  " + pad(name, width) + "  " + pad(Self.minutes(row.estimatedMinutes), 7) + " → "
                + pad(Self.minutes(row.trackedMinutes), 7) + " " + (off > 0 ? style.yellow(delta) : style.dim(delta)) + "\n"
        }
        return out
    }

    /// `45m`, `1h`, `1h 30m`.
    static func minutes(_ m: Int) -> String {
        let (h, rest) = (m / 60, m % 60)
        return h == 0 ? "\(rest)m" : (rest == 0 ? "\(h)h" : "\(h)h \(rest)m")
    }

    /// One tick of the sparkline: `·` for 0, else one of eight heights relative to `peak`.
    static func tick(_ count: Int, peak: Int) -> Character {
        guard count > 0, peak > 0 else { return "·" }
        return ticks[min(ticks.count - 1, (count * ticks.count - 1) / peak)]
    }

    /// A number with at most two decimals and no trailing zeros: `0.5`, `1.25`, `2`.
    static func decimal(_ x: Double) -> String {
        let hundredths = Int((x * 100).rounded())
        let whole = "\(hundredths / 100)"
        let rest = hundredths % 100
        if rest == 0 { return whole }
        let fraction = rest % 10 == 0 ? "\(rest / 10)" : (rest < 10 ? "0\(rest)" : "\(rest)")
        return whole + "." + fraction
    }

    private func bars(_ title: String, _ rows: [Insights.KeyCount], none: String) -> String {
        var out = "\n" + style.bold(title) + "\n"
        guard let peak = rows.first?.count else { return out + "  " + style.dim("Nothing completed.") + "\n" }
        let names = rows.map { $0.key.isEmpty ? none : String($0.key.prefix(24)) }
        let width = names.map(\.count).max() ?? 0
        for (name, row) in zip(names, rows) {
            let length = max(1, row.count * Self.barWidth / peak)
            out += "  " + pad(name, width) + "  " + String(repeating: "█", count: length) + " \(row.count)\n"
        }
        return out
    }

    private func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }
}
