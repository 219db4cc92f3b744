import Foundation
import MCP
import Testing
@testable import TodoMDMCP

/// `todomd mcp`'s transport: the end of the input waits for the answers to the requests read.
@Suite struct AnsweringTransportTests {
    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, ["n1"], [], []),
        (#"{"jsonrpc":"2.0","id":"one","method":"ping"}"#, ["sone"], [], []),
        (#"{"jsonrpc":"2.0","id":"1","method":"ping"}"#, ["s1"], [], []),
        (#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, [], [], []),
        (#"{"jsonrpc":"2.0","id":1,"result":{}}"#, [], ["n1"], []),
        (#"{"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"no"}}"#, [], ["n7"], []),
        (#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"x"},{"jsonrpc":"2.0","id":"b","method":"ping"}]"#,
         ["n1", "sb"], [], []),
        (#"[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2,"result":{}}]"#, [], ["n1", "n2"], []),
        (#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3,"reason":"no"}}"#, [], [], ["n3"]),
        (#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"x"}}"#, [], [], ["sx"]),
        (#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{}}"#, [], [], []),
        ("not json", [], [], []),
        (#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, [], [], []),
    ] as [(String, [String], [String], [String])])
    func requestsAnswersAndCancellationsAreToldByTheirIDs(_ message: String, _ asked: [String], _ answered: [String],
                                                          _ cancelled: [String]) {
        #expect(AnsweringTransport.ids(in: Data(message.utf8))
            == AnsweringTransport.IDs(asked: asked, answered: answered, cancelled: cancelled))
    }

    /// Reads `transport` to its end in a task: the messages, and whether it has ended.
    actor Reader {
        var messages: [String] = []
        var ended = false
        func add(_ message: Data) { messages.append(String(decoding: message, as: UTF8.self)) }
        func end() { ended = true }
        nonisolated func start(_ transport: AnsweringTransport) {
            Task {
                do {
                    for try await message in await transport.receive() { await add(message) }
                } catch {}
                await end()
            }
        }
    }

    /// Waits for `condition`, up to 5 s.
    func until(_ condition: @Sendable () async -> Bool) async throws {
        for _ in 0..<500 {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// A client that writes `messages` to a server's transport, then closes its end.
    func session(_ messages: [String], patience: Duration = .seconds(600)) async throws -> (AnsweringTransport, Reader) {
        let (client, server) = await InMemoryTransport.createConnectedPair()
        let transport = AnsweringTransport(server, patience: patience)
        try await client.connect()
        try await transport.connect()
        let reader = Reader()
        reader.start(transport)
        for message in messages { try await client.send(Data(message.utf8)) }
        try await until { await reader.messages.count == messages.count }
        await client.disconnect()  // the client's input ends
        return (transport, reader)
    }

    @Test func theInputsEndWaitsForTheAnswerToEachRequestRead() async throws {
        let (transport, reader) = try await session([
            #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":"two","method":"ping"}"#,
        ])
        try await Task.sleep(for: .milliseconds(100))
        #expect(await reader.ended == false, "ended with two requests unanswered")
        try? await transport.send(Data(#"{"jsonrpc":"2.0","id":"two","result":{}}"#.utf8))
        try await Task.sleep(for: .milliseconds(100))
        #expect(await reader.ended == false, "ended with a request unanswered")
        try? await transport.send(Data(#"{"jsonrpc":"2.0","id":1,"result":{}}"#.utf8))
        try await until { await reader.ended }
        #expect(await reader.ended)
    }

    @Test func theServerDisconnectingEndsTheWaitAtOnce() async throws {
        let (transport, reader) = try await session([#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#])
        await transport.disconnect()
        try await until { await reader.ended }
        #expect(await reader.ended)
    }

    /// The end of input is not held when nothing is left to answer: nothing was asked; the one
    /// request was cancelled (MCP: a cancelled request gets no answer); or the request's answer
    /// never came within the patience.
    @Test(arguments: [
        ([#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#], Duration.seconds(600)),
        ([#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"get_tasks"}}"#,
          #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}"#], .seconds(600)),
        ([#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#], .milliseconds(200)),
    ] as [([String], Duration)])
    func theInputsEndIsNotHeldWithNothingLeftToAnswer(_ messages: [String], _ patience: Duration) async throws {
        let (_, reader) = try await session(messages, patience: patience)
        try await until { await reader.ended }
        #expect(await reader.ended)
    }
}
