import Testing
@testable import TodoMDSync

@Suite struct DatabaseURLTests {
    @Test func fullURL() throws {
        let url = try DatabaseURL(parsing: "postgresql://ann:p%40ss@db.example.com:6543/tasks?sslmode=require")
        #expect(url.user == "ann")
        #expect(url.password == "p@ss")
        #expect(url.host == "db.example.com")
        #expect(url.port == 6543)
        #expect(url.database == "tasks")
        #expect(url.tlsMode == .require)
        #expect(url.description == "postgres://ann:***@db.example.com:6543/tasks?sslmode=require")
    }

    @Test func defaults() throws {
        let url = try DatabaseURL(parsing: "postgres://bob@localhost")
        #expect(url.port == 5432)
        #expect(url.database == "bob")
        #expect(url.password == nil)
        #expect(url.tlsMode == .prefer)
        #expect(url.schema == "public")
    }

    @Test func ipv6AndSchema() throws {
        let url = try DatabaseURL(parsing: "postgres://u:x@[::1]:5433/d?sslmode=disable&schema=team_a")
        #expect(url.host == "::1")
        #expect(url.port == 5433)
        #expect(url.tlsMode == .disable)
        #expect(url.schema == "team_a")
    }

    @Test(arguments: [
        ("mysql://u@h/d", "the scheme must be postgres:// or postgresql://, not mysql://"),
        ("postgres://u:secret@h:99999/d", "the port `99999` is not a number from 1 to 65535"),
        ("postgres://u@h/d?sslmode=maybe", "sslmode `maybe` is not one of disable, prefer, require, verify-ca, verify-full"),
        ("postgres://u@h/d?schema=a;drop", "schema `a;drop` must be letters, digits and _"),
    ])
    func rejects(text: String, reason: String) {
        #expect(throws: SyncError.self) { try DatabaseURL(parsing: text) }
        do {
            _ = try DatabaseURL(parsing: text)
        } catch let SyncError.invalidURL(shown, why) {
            #expect(why == reason)
            #expect(!shown.contains("secret"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
