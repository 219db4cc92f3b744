import Foundation
import HTTPTypes
import Hummingbird
import TodoMDKit
import TodoMDWeb

/// `/api/v1/health`, `/api/v1/events` and the web app's static files.
struct AppRoutes {
    /// The health answer: the server is up, and which todo.md it is.
    static let health = JSONValue.object([("status", .string("ok")), ("version", .string(TodoMDVersion.string))]).compact()

    let service: VaultService
    /// Serve static files from this folder instead of the binary (for working on the UI).
    let webRoot: String?

    func register(on router: Router<BasicRequestContext>, api: RouterGroup<BasicRequestContext>) {
        api.get("health") { _, _ in HTTP.json(AppRoutes.health) }
        api.get("events") { _, _ in events() }
        router.get("/") { request, _ in try file("index.html", request) }
        router.get("/:file") { request, context in try file(context.parameters.get("file") ?? "", request) }
        router.get("/v/:version/:file") { request, context in
            try file(context.parameters.get("file") ?? "", request, version: context.parameters.get("version") ?? "")
        }
        // HEAD is GET without the body (link checkers, `curl -I`).
        router.head("/") { request, _ in try file("index.html", request).withoutBody }
        router.head("/:file") { request, context in
            try file(context.parameters.get("file") ?? "", request).withoutBody
        }
        router.head("/v/:version/:file") { request, context in
            try file(context.parameters.get("file") ?? "", request, version: context.parameters.get("version") ?? "").withoutBody
        }
        api.head("health") { _, _ in HTTP.json(AppRoutes.health).withoutBody }
    }

    /// The Server-Sent Events stream (§13): every change, once, as it happens.
    func events() -> Response {
        let stream = service.hub.subscribe()
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name.xAccelBuffering] = "no"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
            for await event in stream {
                try await writer.write(ByteBuffer(string: event.serverSentEvent))
            }
            try await writer.finish(nil)
        })
    }

    /// Static file `name`: from the development folder when there is one, else from the binary —
    /// gzip-compressed when the request accepts it and the file is text (a third of the bytes).
    ///
    /// The binary's page names its scripts and style sheets under `/v/VERSION/`
    /// (``WebAssets/page``): asked for with the binary's `version`, a file may be kept for good;
    /// with another (a page of an older build, still open) it comes as it is now, not to be kept.
    /// The page itself is asked for each time (it says the vault's now: ``Self/withNow(_:_:)``);
    /// the other files keep five minutes.
    func file(_ name: String, _ request: Request, version: String? = nil) throws -> Response {
        var headers = HTTPFields()
        let asset: WebAssets.Asset
        var bytes: [UInt8]
        let isPage = name.isEmpty || name == "index.html"
        // Only the page says the vault's now (not every script and style sheet asked for).
        func now() -> String { service.vault.clock.localNow.description }
        if let webRoot, let disk = Self.fromDisk(isPage ? "index.html" : name, root: webRoot) {
            asset = disk
            bytes = isPage ? Self.withNow(disk.bytes, now()) : disk.bytes
        } else if version != nil, !WebAssets.isVersioned(name) {
            throw APIError.noSuchFile(name)
        } else if let embedded = isPage ? WebAssets.page : WebAssets.asset(at: name) {
            asset = embedded
            bytes = isPage ? Self.withNow(embedded.bytes, now()) : embedded.bytes
            // The page changes each minute: compressed each time (4 KB), not kept.
            if Gzip.worthIt(embedded.contentType),
               let packed = isPage ? Gzip.compress(bytes).flatMap({ $0.count < bytes.count ? $0 : nil })
                   : Gzip.cached(name, bytes: embedded.bytes) {
                // Caches keep both forms apart by the request's Accept-Encoding.
                headers[.vary] = "Accept-Encoding"
                if Gzip.accepted(request.headers[.acceptEncoding]) {
                    headers[.contentEncoding] = "gzip"
                    bytes = packed
                }
            }
        } else {
            throw APIError.noSuchFile(name)
        }
        headers[.contentType] = asset.contentType
        if webRoot != nil || isPage || version.map({ $0 != WebAssets.version }) == true {
            headers[.cacheControl] = "no-cache"
        } else if version != nil {
            headers[.cacheControl] = "public, max-age=31536000, immutable"
        } else {
            headers[.cacheControl] = "public, max-age=300"
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The page with the vault's local now (`YYYY-MM-DDTHH:MM`) in its `todomd-now` meta tag, so
    /// that the first list is drawn with the today and the passed times the vault's clock and
    /// time zone say (the browser's may differ), not drawn again when the sidebar's answer tells.
    static func withNow(_ page: [UInt8], _ now: String) -> [UInt8] {
        let empty = "<meta name=\"todomd-now\" content=\"\">"
        let text = String(decoding: page, as: UTF8.self)
        guard text.contains(empty) else { return page }
        return Array(text.replacingOccurrences(of: empty, with: "<meta name=\"todomd-now\" content=\"\(now)\">").utf8)
    }

    /// A file from the development folder: a plain name only (no `/`, no leading `.`). The page
    /// and the scripts come as the binary's would (``WebAssets/served(_:)``), made from the
    /// folder as it is now: the start modules joined, or one by one (and why, on stderr).
    static func fromDisk(_ name: String, root: String) -> WebAssets.Asset? {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), !name.contains("\0") else { return nil }
        guard name == "index.html" || name.hasSuffix(".js") else {
            return FileManager.default.contents(atPath: root + "/" + name).map {
                WebAssets.Asset(bytes: Array($0), contentType: WebAssets.contentType(for: name))
            }
        }
        var table: [String: WebAssets.Asset] = [:]
        for file in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        where (file == "index.html" || file.hasSuffix(".js")) && !file.hasPrefix(".") {
            guard let data = FileManager.default.contents(atPath: root + "/" + file) else { continue }
            table[file] = WebAssets.Asset(bytes: Array(data), contentType: WebAssets.contentType(for: file))
        }
        let (served, failure) = WebAssets.served(table)
        if let failure, name == "index.html" {
            FileHandle.standardError.write(Data("todomd: the web app's start modules are served one by one, not joined: \(failure)\n".utf8))
        }
        return served[name]
    }
}

extension Response {
    /// The same answer with an empty body (for HEAD); the headers still say what GET would send.
    var withoutBody: Response {
        var copy = self
        copy.body = ResponseBody()
        return copy
    }
}
