import CZlib
import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TodoMDWeb
@testable import TodoMDServer

/// How the web app's files are sent: gzip when the browser takes it, as they are otherwise.
@Suite struct StaticFileTests {
    /// The page as served at the fixture's now (its clock says 2026-11-21 09:00).
    static let page = AppRoutes.withNow(WebAssets.page.bytes, "2026-11-21T09:00")

    static func accepting(_ value: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.acceptEncoding] = value
        return headers
    }

    /// The bytes of a gzip stream, inflated by zlib itself (not by the code under test).
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        try #require(inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { inflateEnd(&stream) }
        var input = bytes, out: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { inBuf in
            stream.next_in = inBuf.baseAddress
            stream.avail_in = UInt32(inBuf.count)
            while status == Z_OK {
                chunk.withUnsafeMutableBufferPointer { c in
                    stream.next_out = c.baseAddress
                    stream.avail_out = UInt32(c.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    out += c[0..<(c.count - Int(stream.avail_out))]
                }
            }
        }
        try #require(status == Z_STREAM_END, "a whole gzip stream")
        return out
    }

    /// Every text file of the app, asked for as a browser does, comes compressed and inflates to
    /// exactly the file; together they are less than half their size.
    @Test func textFilesAreSentGzippedToABrowser() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            var sent = 0, whole = 0
            for (name, asset) in WebAssets.served.sorted(by: { $0.key < $1.key }) where !name.hasSuffix(".png") {
                let r = try await client.get("/" + name, headers: Self.accepting("gzip, deflate, br, zstd"))
                #expect(r.status == .ok, "\(name)")
                #expect(r.headers[.contentEncoding] == "gzip", "\(name)")
                #expect(r.headers[.vary] == "Accept-Encoding", "\(name)")
                #expect(r.headers[.contentType] == asset.contentType, "\(name)")
                let body = Array(r.body.readableBytesView)
                // The page names its files under their version (``scriptsAndStylesAreVersioned…``).
                let served = name == "index.html" ? Self.page : asset.bytes
                #expect(try Self.gunzip(body) == served, "\(name) inflates to itself")
                sent += body.count
                whole += asset.bytes.count
            }
            #expect(sent * 2 < whole, "gzip sends \(sent) of \(whole) bytes")
            let page = try await client.get("/", headers: Self.accepting("gzip"))
            #expect(try Self.gunzip(Array(page.body.readableBytesView)) == Self.page)
        }
    }

    /// The page names its scripts and style sheets under `/v/VERSION/`, where they may be kept
    /// for good: a browser that has them asks for none of them again (only for the page). A page
    /// of another build, still open, gets today's files, not to be kept; the manifest and icons
    /// keep their names.
    @Test func scriptsAndStylesAreVersionedAndKeptForGood() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            let version = WebAssets.version
            let page = try await client.get("/")
            let html = page.text
            #expect(page.headers[.cacheControl] == "no-cache")
            // The vault's now, for the first list (the browser's clock may say another day).
            #expect(html.contains("<meta name=\"todomd-now\" content=\"2026-11-21T09:00\">"))
            var named = 0
            for name in WebAssets.served.keys where WebAssets.isVersioned(name) {
                #expect(!html.contains("\"/\(name)\""), "\(name) named without the version")
                if html.contains("\"/v/\(version)/\(name)\"") { named += 1 }
            }
            // The planner's and the notes' style sheets load with their screens (lazy.js).
            #expect(named == 3, "the two joined scripts and the one style sheet")
            #expect(html.contains("<script type=\"module\" async fetchpriority=\"high\" src=\"/v/\(version)/\(ModuleBundle.firstName)\">"))
            #expect(html.contains("<link rel=\"modulepreload\" href=\"/v/\(version)/\(ModuleBundle.name)\">"))
            #expect(html.contains("href=\"/manifest.webmanifest\""))

            let kept = try await client.get("/v/\(version)/list.js")
            #expect(kept.status == .ok)
            #expect(kept.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(Array(kept.body.readableBytesView) == WebAssets.files["list.js"]?.bytes)
            let head = try await client.execute(uri: "/v/\(version)/app.css", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0)

            let older = try await client.get("/v/0123456789abcdef/list.js")
            #expect(older.status == .ok)
            #expect(older.headers[.cacheControl] == "no-cache")
            #expect(Array(older.body.readableBytesView) == WebAssets.files["list.js"]?.bytes)
            for path in ["/v/\(version)/index.html", "/v/\(version)/icon.svg", "/v/\(version)/nothing.js"] {
                #expect(try await client.get(path).status == .notFound, "\(path)")
            }
            #expect(try await client.get("/list.js").headers[.cacheControl] == "public, max-age=300")

        }
    }

    /// The version follows every name and byte of the files.
    @Test func theVersionChangesWithAnyFile() {
        let table: [String: [UInt8]] = ["a.js": [1, 2], "b.css": [3]]
        let version = WebAssets.version(of: table)
        #expect(version.count == 16 && version.allSatisfy(\.isHexDigit))
        #expect(WebAssets.version(of: table) == version)
        #expect(WebAssets.version(of: ["a.js": [1, 2], "b.css": [4]]) != version)
        #expect(WebAssets.version(of: ["a.js": [1], "b.css": [2, 3]]) != version)
        #expect(WebAssets.version(of: ["a.js": [1, 2], "c.css": [3]]) != version)
    }

    /// Without gzip in Accept-Encoding (or refused with q=0), a file comes as it is.
    @Test(arguments: [nil, "identity", "br", "gzip;q=0", "gzip; q=0.0, *;q=0", "*;q=0"])
    func filesComeAsTheyAreUnlessGzipIsAccepted(_ acceptEncoding: String?) async throws {
        let f = try ServerFixture()
        try await f.test { client in
            let r = try await client.get("/app.js", headers: acceptEncoding.map(Self.accepting) ?? [:])
            #expect(r.headers[.contentEncoding] == nil)
            #expect(r.headers[.vary] == "Accept-Encoding")
            #expect(Array(r.body.readableBytesView) == WebAssets.files["app.js"]?.bytes, "app.js as it is")
        }
    }

    /// A PNG is compressed already: it comes as it is, whatever the browser takes.
    @Test func imagesAreNeverRecompressed() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            let r = try await client.get("/icon-192.png", headers: Self.accepting("gzip"))
            #expect(r.headers[.contentEncoding] == nil)
            #expect(r.headers[.vary] == nil)
            #expect(Array(r.body.readableBytesView) == WebAssets.files["icon-192.png"]?.bytes, "the PNG as it is")
        }
    }

    @Test(arguments: [("gzip", true), ("GZIP;q=0.5", true), ("deflate, *", true), ("x-gzip", true),
                      ("br, gzip;q=0", false), ("*;q=0, gzip;q=1", true), ("identity", false), ("", false),
                      ("gzip;q=0.000", false), ("*, gzip;q=0", false)])
    func acceptEncodingIsRead(_ header: String, _ gzip: Bool) {
        #expect(Gzip.accepted(header) == gzip, "\(header)")
    }

    /// HEAD says what GET would send: the same encoding, no body.
    @Test func headSaysTheEncodingWithoutABody() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            let r = try await client.execute(uri: "/app.css", method: .head, headers: Self.accepting("gzip"))
            #expect(r.status == .ok)
            #expect(r.headers[.contentEncoding] == "gzip")
            #expect(r.body.readableBytes == 0)
        }
    }
}
