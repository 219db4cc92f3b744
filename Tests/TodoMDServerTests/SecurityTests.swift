import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

@Suite("Security")
struct SecurityTests {
    static let token = "0123456789abcdef0123456789abcdef"

    @Test func withATokenEveryRequestNeedsIt() async throws {
        let f = try ServerFixture(token: Self.token)
        try await f.test { client in
            for path in ["/api/v1/health", "/", "/api/v1/tasks?view=today"] {
                let r = try await client.get(path)
                #expect(r.status == .unauthorized, "\(path)")
                #expect(r.json["error"]?["code"]?.stringValue == "unauthorized")
            }
            var bearer = HTTPFields()
            bearer[.authorization] = "Bearer \(Self.token)"
            #expect(try await client.get("/api/v1/health", headers: bearer).status == .ok)
            bearer[.authorization] = "Bearer \(Self.token.dropLast())0"
            #expect(try await client.get("/api/v1/health", headers: bearer).status == .unauthorized)
        }
    }

    @Test func theHealthAnswerSaysWhichTodoMDItIs() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            let r = try await client.get("/api/v1/health")
            #expect(r.json["status"]?.stringValue == "ok")
            #expect(r.json["version"]?.stringValue == TodoMDVersion.string)
        }
    }

    @Test func openingThePrintedURLSetsTheCookie() async throws {
        let f = try ServerFixture(token: Self.token)
        try await f.test { client in
            let r = try await client.get("/?token=\(Self.token)")
            #expect(r.status == .seeOther)
            #expect(r.headers[.location] == "/")
            let cookie = try #require(r.headers[.setCookie])
            #expect(cookie.contains("todomd_token=\(Self.token)"))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            var headers = HTTPFields()
            headers[.cookie] = "todomd_token=\(Self.token)"
            #expect(try await client.get("/api/v1/health", headers: headers).status == .ok)
            #expect(try await client.get("/?token=wrong").status == .unauthorized)
        }
    }

    @Test func writesNeedJSONAndTheSameOrigin() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            var form = HTTPFields()
            form[.contentType] = "application/x-www-form-urlencoded"
            let r = try await client.send(.post, "/api/v1/tasks", "text=Evil", headers: form)
            #expect(r.status == .unsupportedMediaType)
            let evil = try await client.send(.post, "/api/v1/tasks", #"{"text": "Evil"}"#,
                                             headers: jsonHeaders([(.origin, "http://evil.example")]))
            #expect(evil.status == .forbidden)
            let crossSite = try await client.send(.post, "/api/v1/tasks", #"{"text": "Evil"}"#,
                                                  headers: jsonHeaders([(.secFetchSite, "cross-site")]))
            #expect(crossSite.status == .forbidden)
            let own = try await client.send(.post, "/api/v1/tasks", #"{"text": "Fine"}"#,
                                            headers: jsonHeaders([(.origin, "http://localhost"), (.secFetchSite, "same-origin")]))
            #expect(own.status == .created)
        }
        #expect(try f.vault.list("all").tasks.map(\.title) == ["Fine"])
    }

    /// A browser's `fetch(url, {method: 'DELETE'})` sends no `Content-Type` (it has no body):
    /// that must delete, while the origin checks still refuse another site.
    @Test func aBodylessDeleteNeedsNoJSONButTheSameOrigin() async throws {
        let f = try ServerFixture { vault in
            try vault.task("keep.md", title: "Keep")
            try vault.task("gone.md", title: "Gone")
        }
        try await f.test { client in
            let evil = try await client.send(.delete, "/api/v1/tasks/keep.md",
                                             headers: Self.browser([(.origin, "http://evil.example")]))
            #expect(evil.status == .forbidden)
            #expect(evil.json["error"]?["code"]?.stringValue == "forbidden")
            let crossSite = try await client.send(.delete, "/api/v1/tasks/keep.md",
                                                  headers: Self.browser([(.secFetchSite, "cross-site")]))
            #expect(crossSite.status == .forbidden)
            // A DELETE that does carry a body must say it is JSON.
            var form = Self.browser([(.contentLength, "9")])
            form[.contentType] = "text/plain"
            let withBody = try await client.send(.delete, "/api/v1/tasks/keep.md", "text=Evil", headers: form)
            #expect(withBody.status == .unsupportedMediaType)
            let own = try await client.send(.delete, "/api/v1/tasks/gone.md", headers: Self.browser([
                (.origin, "http://localhost"), (.secFetchSite, "same-origin"), (.contentLength, "0")]))
            #expect(own.status == .noContent)
            // A body-less POST is still refused: a form or a no-cors fetch from any site can send one.
            let post = try await client.send(.post, "/api/v1/tasks/keep.md/complete", headers: Self.browser([]))
            #expect(post.status == .unsupportedMediaType)
        }
        #expect(f.temp.exists("keep.md"))
        #expect(!f.temp.exists("gone.md"))
        #expect(f.temp.exists(".trash/gone.md"))
        #expect(try f.temp.text("keep.md").contains("status: \"todo\""))
    }

    /// Headers as a browser's `fetch` sends them for a request without a body.
    static func browser(_ extra: [(HTTPField.Name, String)]) -> HTTPFields {
        var headers = HTTPFields()
        headers[.accept] = "application/json"
        for (name, value) in extra { headers[name] = value }
        return headers
    }

    @Test func everyAnswerCarriesAStrictPolicy() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            for path in ["/", "/api/v1/health", "/api/v1/tasks/missing", "/nope.js"] {
                let r = try await client.get(path)
                let csp = r.headers[.contentSecurityPolicy] ?? ""
                #expect(csp.contains("default-src 'self'"))
                #expect(csp.contains("script-src 'self'"))
                #expect(!csp.contains("unsafe"))
                #expect(r.headers[.xContentTypeOptions] == "nosniff")
            }
        }
    }

    @Test func staticFilesComeFromTheBinaryOnly() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            let page = try await client.get("/")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(page.text.contains("<html"))
            let head = try await client.execute(uri: "/", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            for path in ["/..%2F..%2Fetc%2Fpasswd", "/.todomd", "/Package.swift", "/%2e%2e"] {
                #expect(try await client.get(path).status == .notFound, "\(path)")
            }
        }
    }

    @Test func hostHeaderMustNameThisServer() async throws {
        // DNS rebinding: a page on evil.example resolving to 127.0.0.1 must not reach the API.
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: SecurityMiddleware(token: nil, allowedHosts: ["127.0.0.1"]))
        router.get("/x") { _, _ in "ok" }
        let client = RouterClient(router: router)
        // The test client always sends `localhost`, which this allow-list leaves out.
        let r = try await client.get("/x")
        #expect(r.status == .forbidden)
        #expect(SecurityMiddleware<BasicRequestContext>.hostName("localhost:8750") == "localhost")
        #expect(SecurityMiddleware<BasicRequestContext>.hostName("[::1]:8750") == "::1")
        #expect(SecurityMiddleware<BasicRequestContext>.hostName("Evil.Example") == "evil.example")
    }

    @Test func nonLoopbackOptions() {
        #expect(ServerOptions(host: "127.0.0.1").isLoopback)
        #expect(ServerOptions(host: "localhost").isLoopback)
        #expect(!ServerOptions(host: "0.0.0.0").isLoopback)
        #expect(!ServerOptions(host: "192.168.1.5").isLoopback)
        let token = ServerOptions.generateToken()
        #expect(token.count == 32)
        #expect(token != ServerOptions.generateToken())
        #expect(ServerOptions(host: "0.0.0.0", port: 8750, token: "t0k").url(port: 8750) == "http://0.0.0.0:8750/?token=t0k")
        #expect(SecurityMiddleware<BasicRequestContext>.same("abc", "abc"))
        #expect(!SecurityMiddleware<BasicRequestContext>.same("abc", "abd"))
        #expect(!SecurityMiddleware<BasicRequestContext>.same("abc", "abcd"))
    }
}
