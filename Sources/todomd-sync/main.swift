import Foundation
import TodoMDCLI
import TodoMDSyncCommand
#if canImport(Glibc)
import Glibc
#endif

// `todomd sync` execs this program with its arguments (HelperCommands): it is the whole command
// line plus sync with PostgreSQL (postgres-nio, NIO, BoringSSL), which `todomd` leaves out so
// that every other command starts without loading it.
signal(SIGPIPE, SIG_IGN)
CommandAllocator.tune()

let code = await CLI.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
                         output: StandardOutput(), helpers: .syncing)

exit(code)
