import ArgumentParser
import Foundation
import TodoMDKit

/// `ramble [TEXT|-] [--json] [--yes]`: a brain dump turned into proposed tasks (§26); with
/// `--yes` they are created.
struct RambleCommand: VaultCommand {
    static let configuration = CommandConfiguration(
        commandName: "ramble",
        abstract: "Brain dump: free text (or - for standard input) turned into proposed tasks.",
        discussion: """
            The text is split at sentence ends and connectors ("and also", "oh and", "plus"); filler \
            ("I need to", "um") is dropped; "before friday" is a due date, "sometime next week" a \
            scheduled one, "not urgent" low priority, "that's for work" the area. Nothing is written \
            without --yes: read the proposals first.
            """)

    @Argument(help: "The dump; - (or nothing) reads standard input.") var text: [String] = []
    @Flag(name: .long, help: "Create the proposed tasks (source voice-ramble).") var yes = false
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        let dump = text.isEmpty || text == ["-"]
            ? String(decoding: FileHandle.standardInput.readDataToEndOfFile().prefix(TaskLimits.bodyBytes), as: UTF8.self)
            : text.joined(separator: " ")
        let vault = try context.openVault()
        let proposals = try vault.ramble(dump)
        if yes {
            let created = try vault.commitRamble(proposals.map { $0.proposalJSON.objectValue ?? [] })
            if output.json {
                context.line("{\"tasks\":[" + created.map(TaskJSON.encode).joined(separator: ",") + "]}")
            } else {
                for task in created { context.line("\(context.style.green("Added:")) \(task.title)  \(context.style.dim(task.id))") }
                if created.isEmpty { context.line(context.style.dim("Nothing to add: no task in that text.")) }
            }
            return
        }
        if output.json {
            context.line(JSONValue.object([("tasks", .array(proposals.map(\.proposalJSON)))]).compact())
            return
        }
        if proposals.isEmpty {
            context.line(context.style.dim("No task in that text."))
            return
        }
        context.line(context.style.bold("\(proposals.count) task\(proposals.count == 1 ? "" : "s") proposed:"))
        for (i, p) in proposals.enumerated() {
            let preview = p.preview(today: context.clock.today)
            context.line("  \(i + 1). \(p.title)" + (preview.isEmpty ? "" : "  " + context.style.dim(preview)))
        }
        context.line(context.style.dim("Nothing written. Add them with --yes, or edit the text and run again."))
    }
}
