import Foundation
import TodoMDCLI
#if canImport(Glibc)
import Glibc
#endif

// `todomd serve` and `todomd mcp` exec this program with their arguments (HelperCommands): it
// is the whole command line plus the web server and the MCP server, which `todomd` leaves out
// so that every other command starts without loading them.
signal(SIGPIPE, SIG_IGN)

let code = await CLI.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
                         output: StandardOutput(), helpers: .serving)

exit(code)
