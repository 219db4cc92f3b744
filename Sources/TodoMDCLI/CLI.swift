import ArgumentParser
import Foundation
import TodoMDKit

/// Runs the `todomd` command line in-process: parse, call the core, render, return an exit code.
///
/// Exit codes (§19): 0 success, 1 runtime error, 2 usage error or unresolved/ambiguous task
/// reference, 3 conflict (the file changed underneath).
public enum CLI {
    /// Runs `arguments` (without the program name) and returns the exit code.
    ///
    /// - Parameter helpers: where `serve` and `mcp` run: `todomd` passes
    ///   ``HelperCommands/program(arguments:environment:)``, the `todomd-serve` helper its own
    ///   in-process implementations; in-process callers (tests) leave the default, and those two
    ///   commands then fail after checking their options.
    public static func run(_ arguments: [String], environment: [String: String], output: OutputSink,
                           helpers: HelperCommands = .none) async -> Int32 {
        switch start(arguments, environment: environment, output: output, helpers: helpers) {
        case .finished(let code): return code
        case .waiting(let command): return await command.run()
        }
    }

    /// Runs `arguments` as far as it goes without waiting: every command but the few that wait
    /// (a server, a watcher, sync's network, the reminder loop) finishes here, on the calling
    /// thread, so `todomd` runs them without starting Swift's concurrency runtime and its
    /// threads (0.5–0.7 ms of a 4–5 ms start). The rest come back as a ``WaitingCommand``.
    public static func start(_ arguments: [String], environment: [String: String], output: OutputSink,
                             helpers: HelperCommands = .none) -> Start {
        var args = arguments
        var vaultPath: String?
        // `--vault` is accepted anywhere, before or after the command.
        var i = 0
        while i < args.count {
            if args[i] == "--" { break }
            if args[i] == "--vault", i + 1 < args.count {
                vaultPath = args[i + 1]
                args.removeSubrange(i...(i + 1))
                continue
            }
            if args[i].hasPrefix("--vault=") {
                vaultPath = String(args[i].dropFirst("--vault=".count))
                args.remove(at: i)
                continue
            }
            i += 1
        }
        // `serve`, `mcp` and `sync` run in a helper program that parses and checks the same
        // arguments: this process is replaced before it parses them too (`todomd sync` spent
        // 14.6 ms of CPU here before its helper started, 8.0 ms since).
        if let exec = helpers.exec, let word = args.first, let program = HelperCommands.programs[word] {
            do { try exec(program) } catch { return .finished(failure(error, output)) }
        }
        // The walk over the vault's files starts now, on another core, while this one parses
        // the arguments and opens the index (the first third of a warm `todomd today`'s time).
        let scanAhead = args.first.map(CLI.scansAhead) == true
            ? ScanAhead.start(vaultPath: CommandContext.vaultPath(vaultPath, environment: environment), environment: environment)
            : nil
        let command: ParsableCommand
        do {
            command = try TodoMD.parseAsRoot(args)
            guard command is VaultCommand || command is AsyncVaultCommand else {
                // `help` and groups without an action: their run() asks for help to be shown.
                var other = command
                try other.run()
                output.out(TodoMD.helpMessage(for: type(of: command)) + "\n")
                return .finished(0)
            }
        } catch {
            let code = TodoMD.exitCode(for: error)
            let message = TodoMD.fullMessage(for: error)
            if code == .success {
                output.out(message + "\n")
                return .finished(0)
            }
            output.err((unknownCommand(args) ?? message) + "\n")
            return .finished(2)
        }
        let context: CommandContext
        do {
            context = try CommandContext(environment: environment, vaultPath: vaultPath, output: output, helpers: helpers,
                                         scanAhead: scanAhead)
        } catch {
            return .finished(failure(error, output))
        }
        if let waiting = command as? AsyncVaultCommand {
            return .waiting(WaitingCommand(command: waiting, context: context))
        }
        guard let runnable = command as? VaultCommand else { return .finished(0) }
        do {
            try runnable.run(context)
            return .finished(0)
        } catch {
            return .finished(failure(error, output))
        }
    }

    /// Whether a command line starting with `word` opens the vault and brings its index up to
    /// date, so that its walk can start before the arguments are parsed (``ScanAhead``): every
    /// command but those that make the vault, rebuild its index from nothing, or never open it.
    /// A walk started for a command that then fails to parse is only left unused.
    static func scansAhead(_ word: String) -> Bool {
        !word.hasPrefix("-") && !["help", "init", "reindex", "install-url-handler"].contains(word)
    }

    /// The error for arguments whose first word names no command (ArgumentParser would say only
    /// "Unexpected argument"), with the commands it may be a slip for: `todomd tody` →
    /// `Did you mean 'today'?`. Nil when the first word is an option or a command.
    static func unknownCommand(_ args: [String]) -> String? {
        guard let word = args.first, !word.hasPrefix("-") else { return nil }
        let names = TodoMD.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
        guard !names.contains(word), word != "help" else { return nil }
        let typed = word.lowercased()
        var close = (otherToolsWords[typed] ?? []).filter(names.contains)
        close += names.filter { name in
            !close.contains(name) && (name.hasPrefix(typed) || (typed.count > 2 && name.hasPrefix(typed.dropLast()))
                || CLI.editDistance(typed, name) <= max(1, min(typed.count, name.count) / 4))
        }
        var text = "Error: '\(word)' is not a todomd command."
        let quoted = close.prefix(4).map { "'\($0)'" }
        if let last = quoted.last {
            text += "\nDid you mean " + (quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " or " + last) + "?"
        }
        return text + "\n  See 'todomd --help' for every command."
    }

    /// Commands of other task managers (Taskwarrior, todo.txt, Todoist's and Things' words), and
    /// todo.md's commands that do what they do.
    static let otherToolsWords: [String: [String]] = [
        "complete": ["done"], "finish": ["done"], "do": ["done"], "close": ["done"],
        "uncomplete": ["reopen"], "undone": ["reopen"], "unfinish": ["reopen"],
        "undelete": ["restore"], "untrash": ["restore"], "recover": ["restore"],
        "rm": ["delete"], "remove": ["delete"], "del": ["delete"],
        "ls": ["list"], "new": ["add"], "create": ["add"], "a": ["add"],
        "modify": ["edit"], "mod": ["edit"], "update": ["edit"], "set": ["edit"],
        "wait": ["defer"], "hide": ["defer"], "timer": ["start", "stop", "time"],
        "find": ["search"], "grep": ["search"], "calendar": ["agenda", "free"], "cal": ["agenda"],
        "review": ["stats", "plan"], "summary": ["stats"], "contexts": ["tags"], "labels": ["tags"],
        "dump": ["ramble"], "braindump": ["ramble"], "brain-dump": ["ramble"],
    ]

    /// The Levenshtein distance between `a` and `b` (insertions, deletions and substitutions of
    /// characters).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let above = row[j]
                row[j] = a[i - 1] == b[j - 1] ? previous : min(previous, row[j], row[j - 1]) + 1
                previous = above
            }
        }
        return row[b.count]
    }

    /// What ``start(_:environment:output:helpers:)`` left to do.
    public enum Start: Sendable {
        /// The command ran (or the arguments were refused) with this exit code.
        case finished(Int32)
        /// The command waits: run it in an async context.
        case waiting(WaitingCommand)
    }

    /// A parsed command that waits, with its context, ready to run.
    public struct WaitingCommand: Sendable {
        let command: any AsyncVaultCommand
        let context: CommandContext

        /// Runs the command and returns its exit code.
        public func run() async -> Int32 {
            do {
                try await command.run(context)
                return 0
            } catch {
                return failure(error, context.output)
            }
        }
    }

    /// Reports a command's error and returns its exit code.
    static func failure(_ error: Error, _ output: OutputSink) -> Int32 {
        output.err("error: \(ErrorText.describe(error))\n")
        return exitCode(for: error)
    }

    /// The §19 exit code for an error a command threw: ArgumentParser's usage errors are 2,
    /// todo.md's errors go by their ``ErrorKind``, anything else is a runtime error (1).
    public static func exitCode(for error: Error) -> Int32 {
        if error is ValidationError { return 2 }
        guard let error = error as? any TodoMDError else { return 1 }
        return exitCode(for: error.kind)
    }

    /// The §19 exit code for a kind of error: 2 for a usage error, a bad value and an
    /// unresolved or ambiguous reference, 3 for a file changed underneath, 1 for the rest.
    public static func exitCode(for kind: ErrorKind) -> Int32 {
        switch kind {
        case .usage, .notFound, .ambiguous, .invalid: return 2
        case .conflict: return 3
        case .ruleViolation, .unusableFile, .forbidden, .unauthenticated, .unavailable, .unexpected: return 1
        }
    }
}

/// A command that runs against a vault with an injected context, and finishes without waiting.
protocol VaultCommand: ParsableCommand {
    func run(_ context: CommandContext) throws
}

extension VaultCommand {
    /// ArgumentParser's entry point is unused: ``CLI/start(_:environment:output:helpers:)`` calls
    /// `run(_:)` with a context instead.
    mutating func run() throws {}
}

/// A command that waits (a server, a watcher, the network, a loop): it runs in an async context.
protocol AsyncVaultCommand: ParsableCommand, Sendable {
    func run(_ context: CommandContext) async throws
}

extension AsyncVaultCommand {
    /// ArgumentParser's entry point is unused: ``CLI/WaitingCommand/run()`` calls `run(_:)`
    /// with a context instead.
    mutating func run() throws {}
}
