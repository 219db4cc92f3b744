import ArgumentParser
import TodoMDKit

/// `stats [--weeks N] [--json]`: completions per day, area and project, the Must-Do streak, the
/// carry average and this week against last (§27).
struct StatsCommand: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Insights: tasks completed per day, area and project, the Must-Do streak, rollovers.",
        discussion: """
            Covers the last N weeks ending today (N × 7 days). The Must-Do streak counts the days in a \
            row on which every planned Must-Do was done, up to today once today's are done, else up to \
            yesterday; a day without a Must-Do ends it.
            """,
        // The web app's name for this screen.
        aliases: ["insights"])

    @Option(name: .long, help: "How many weeks, ending today (1-52).") var weeks = Insights.defaultWeeks
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        let insights = try context.openVault().insights(weeks: weeks)
        if output.json {
            context.line(insights.json.compact())
        } else {
            context.out(InsightsRenderer(style: context.style).render(insights))
        }
    }
}
