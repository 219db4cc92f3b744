import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `todomd serve` as a user runs it: a real process, a real socket, Ctrl-C to stop.
@Suite(.serialized) struct ServeProcessTests {
    /// A running `todomd serve`; its first line tells the URL.
    final class Server {
        let process = Process()
        let output = Pipe()
        var url = ""
        var port = 0
        var firstOutput = ""

        /// Reads more output until `marker` arrives (a generous deadline).
        func read(until marker: String) -> String {
            var text = ""
            let deadline = Date().addingTimeInterval(10)
            while !text.contains(marker), Date() < deadline {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }

        init(_ v: TemporaryVault, _ args: [String], vault: String? = nil, command: [String]? = nil,
             until marker: String = "http://") throws {
            process.executableURL = URL(fileURLWithPath: try #require(ProcessTests.binary))
            process.arguments = (vault.map { ["--vault", $0] } ?? []) + (command ?? ["serve", "--port", "0"]) + args
            process.environment = v.environment
            process.standardOutput = output
            process.standardError = output
            try process.run()
            // Read until the URL line arrives (a generous deadline, not a speed assertion).
            var text = ""
            let deadline = Date().addingTimeInterval(20)
            while !text.contains(marker) || !text.hasSuffix("\n"), Date() < deadline {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            firstOutput = text
            let line = text.split(separator: "\n").first { $0.contains("http://") } ?? ""
            if let start = line.range(of: "http://")?.lowerBound {
                url = String(line[start...]).trimmingCharacters(in: .whitespaces)
            }
            let hostPort = url.dropFirst("http://".count).prefix { $0 != "/" }
            port = Int(hostPort.split(separator: ":").last ?? "") ?? 0
        }

        /// Sends SIGINT and returns the exit status and the rest of the output.
        func stop() -> (Int32, String) {
            process.interrupt()
            process.waitUntilExit()
            let rest = output.fileHandleForReading.readDataToEndOfFile()
            return (process.terminationStatus, String(decoding: rest, as: UTF8.self))
        }
    }

    /// A plain HTTP/1.1 client over a socket, reading as bytes arrive.
    final class Connection {
        let fd: Int32

        init(port: Int) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = in_port_t(UInt16(port).bigEndian)
            addr.sin_addr.s_addr = inet_addr("127.0.0.1")
            let ok = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            try #require(ok == 0, "could not connect to port \(port)")
        }

        deinit { close(fd) }

        func send(_ text: String) {
            _ = text.withCString { Glibc.send(fd, $0, strlen($0), 0) }
        }

        /// Reads until `marker` has arrived or `seconds` passed; returns everything read.
        func read(until marker: String, seconds: Double = 10) -> String {
            var text = ""
            let deadline = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !text.contains(marker), Date() < deadline {
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&p, 1, 100) > 0 else { continue }
                let n = recv(fd, &buffer, buffer.count, 0)
                if n <= 0 { break }
                text += String(decoding: buffer[0..<n], as: UTF8.self)
            }
            return text
        }
    }

    @Test(.enabled(if: ProcessTests.binary != nil))
    func serveReportsAFileDroppedInAndStopsOnCtrlC() throws {
        let v = try TemporaryVault()
        try v.task("first.md", title: "First")
        let server = try Server(v, [])
        #expect(server.url == "http://127.0.0.1:\(server.port)/")

        let health = try Connection(port: server.port)
        health.send("GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n")
        #expect(health.read(until: "\"ok\"").contains("{\"status\":\"ok\",\"version\":\"\(TodoMDVersion.string)\"}"))

        let events = try Connection(port: server.port)
        events.send("GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        #expect(events.read(until: ": connected").contains("text/event-stream"))
        try v.task("dropped.md", title: "Written by a script")
        let stream = events.read(until: "dropped.md")
        #expect(stream.contains("event: change\ndata: {\"kind\":\"created\",\"id\":\"dropped.md\"}"))

        // Ctrl-C with an event stream still open: the server ends it and exits cleanly.
        let (status, rest) = server.stop()
        #expect(status == 0)
        #expect(rest.contains("Stopped."))
    }

    @Test(.enabled(if: ProcessTests.binary != nil))
    func watchReportsWhoChangedWhatAndStopsOnCtrlC() throws {
        let v = try TemporaryVault()
        let watch = try Server(v, [], command: ["watch"], until: "Press Ctrl-C")
        #expect(watch.firstOutput.contains("Watching "))
        // Written whole and renamed into place, as a careful agent writes: a plain write creates
        // the file empty first, and on a busy machine the watcher may index it before its text.
        try v.write("agent.tmp", "---\ntitle: From an agent\nsource: claude-agent\n---\n")
        try FileManager.default.moveItem(atPath: v.root + "/agent.tmp", toPath: v.root + "/agent.md")
        let line = watch.read(until: "agent.md")
        #expect(line.contains("created  agent.md  (external, source claude-agent)"))
        // A task added by todo.md itself, in another process sharing the index.
        let add = Process()
        add.executableURL = URL(fileURLWithPath: try #require(ProcessTests.binary))
        add.arguments = ["add", "From the terminal"]
        add.environment = v.environment
        try add.run()
        add.waitUntilExit()
        #expect(watch.read(until: "from-the-terminal.md").contains("(cli, source user)"))
        let (status, rest) = watch.stop()
        #expect(status == 0)
        #expect(rest.contains("Stopped."))
        #expect(try v.text(".todomd/audit.jsonl").contains("\"who\":\"external\""))
    }

    @Test(.enabled(if: ProcessTests.binary != nil))
    func aRunningWatchSparesCommandsTheScanAndAKilledOneDoesNot() throws {
        let v = try TemporaryVault()
        try v.task("first.md", title: "First")
        let cacheFolder = try v.open().cacheFolder
        let watch = try Server(v, [], command: ["watch"], until: "Press Ctrl-C")
        // Its first sync, then it vouches (a generous deadline, not a speed assertion).
        let deadline = Date().addingTimeInterval(20)
        var answer = WatcherAnswer.ask(cacheFolder: cacheFolder, timeout: .seconds(5))
        while case .stale = answer, Date() < deadline {
            usleep(20_000)
            answer = WatcherAnswer.ask(cacheFolder: cacheFolder, timeout: .seconds(5))
        }
        guard case .current = answer else { Issue.record("todomd watch answered \(answer)"); return }
        let patient = v.environment.merging(["TODOMD_WATCHER_TIMEOUT_MS": "5000"]) { $1 }
        #expect(try !Vault(path: v.root, clock: v.clock, environment: patient).openReport.scanned)
        // Killed: no clean shutdown, the socket file stays, and nothing answers on it.
        kill(watch.process.processIdentifier, SIGKILL)
        watch.process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: WatcherAnswer.socketPath(inCacheFolder: cacheFolder)))
        #expect(WatcherAnswer.ask(cacheFolder: cacheFolder) == .none)
        try v.task("second.md", title: "Second")
        let vault = try v.open()
        #expect(vault.openReport.scanned)
        #expect(try vault.task("second.md").title == "Second")
    }

    @Test(.enabled(if: ProcessTests.binary != nil))
    func serveWithoutAVaultCreatesASampleOne() throws {
        let v = try TemporaryVault()
        let path = v.root + "/new-vault"
        let server = try Server(v, [], vault: path)
        let today = try Connection(port: server.port)
        today.send("GET /api/v1/tasks?view=today HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        #expect(today.read(until: "Renew passport").contains("\"view\":\"today\""))
        let (status, _) = server.stop()
        #expect(status == 0)
        let files = (try FileManager.default.contentsOfDirectory(atPath: path)).filter { $0.hasSuffix(".md") }
        #expect(files.count == 15)
        #expect(FileManager.default.fileExists(atPath: path + "/.templates/weekly-review.md"))
    }

    @Test(.enabled(if: ProcessTests.binary != nil))
    func aNonLoopbackHostGetsATokenAndRefusesRequestsWithoutIt() throws {
        let v = try TemporaryVault()
        let server = try Server(v, ["--host", "0.0.0.0"])
        let token = String(server.url.split(separator: "=").last ?? "")
        #expect(server.url.hasPrefix("http://0.0.0.0:\(server.port)/?token="))
        #expect(token.count == 32)

        let anonymous = try Connection(port: server.port)
        anonymous.send("GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(anonymous.read(until: "unauthorized").hasPrefix("HTTP/1.1 401"))

        let withToken = try Connection(port: server.port)
        withToken.send("GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nConnection: close\r\n\r\n")
        #expect(withToken.read(until: "\"ok\"").hasPrefix("HTTP/1.1 200"))
        _ = server.stop()
    }
}
