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
        router.get("/") { _, _ in try file("index.html") }
        router.get("/:file") { _, context in try file(context.parameters.get("file") ?? "") }
        // HEAD is GET without the body (link checkers, `curl -I`).
        router.head("/") { _, _ in try file("index.html").withoutBody }
        router.head("/:file") { _, context in try file(context.parameters.get("file") ?? "").withoutBody }
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

    func file(_ name: String) throws -> Response {
        let asset: WebAssets.Asset
        if let webRoot, let disk = Self.fromDisk(name, root: webRoot) {
            asset = disk
        } else if let embedded = WebAssets.asset(at: name) {
            asset = embedded
        } else {
            throw APIError.noSuchFile(name)
        }
        var headers = HTTPFields()
        headers[.contentType] = asset.contentType
        headers[.cacheControl] = webRoot == nil && name != "index.html" ? "public, max-age=300" : "no-cache"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }

    /// A file from the development folder: a plain name only (no `/`, no leading `.`).
    static func fromDisk(_ name: String, root: String) -> WebAssets.Asset? {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), !name.contains("\0"),
              let data = FileManager.default.contents(atPath: root + "/" + name) else { return nil }
        return WebAssets.Asset(bytes: Array(data), contentType: WebAssets.contentType(for: name))
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
