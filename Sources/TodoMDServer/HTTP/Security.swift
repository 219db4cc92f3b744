import Foundation
import HTTPTypes
import Hummingbird
import TodoMDKit

/// Who may talk to the server and what every answer carries (§13, §22).
///
/// - With a token, every request (static files and health included) needs
///   `Authorization: Bearer TOKEN` or the `todomd_token` cookie; `/?token=TOKEN` sets the cookie.
/// - Requests that change anything need `Content-Type: application/json` (a `DELETE` without a
///   body needs none) and, when the browser says where they come from (`Origin`,
///   `Sec-Fetch-Site`), this server's own origin: a page on another site cannot make a user's
///   browser write to the vault (CSRF).
/// - The `Host` header must name this server, so a DNS-rebinding page cannot reach a loopback
///   server through a name it controls.
/// - Every answer carries a strict Content-Security-Policy and no-sniff/no-frame headers.
struct SecurityMiddleware<Context: RequestContext>: RouterMiddleware {
    static var cookieName: String { "todomd_token" }
    static var contentSecurityPolicy: String {
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
            + "manifest-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'; object-src 'none'"
    }

    let token: String?
    /// Host names (without port) the `Host` header may carry; nil accepts any (non-loopback binds
    /// are protected by the token instead).
    let allowedHosts: Set<String>?

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            try checkHost(request)
            if let redirect = try tokenRedirect(request) {
                response = redirect
            } else {
                try checkToken(request)
                try checkWrite(request)
                response = try await next(request, context)
            }
        } catch {
            response = ErrorResponse(error, logger: context.logger).response
        }
        response.headers[HTTPField.Name.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[HTTPField.Name.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name.xFrameOptions] = "DENY"
        response.headers[HTTPField.Name.referrerPolicy] = "no-referrer"
        response.headers[HTTPField.Name.crossOriginOpenerPolicy] = "same-origin"
        return response
    }

    private func checkHost(_ request: Request) throws {
        guard let allowedHosts else { return }
        let host = Self.hostName(request.head.authority ?? "")
        guard allowedHosts.contains(host) else {
            throw APIError.hostNotAllowed(allowedHosts.sorted())
        }
    }

    /// `GET /?token=T` with the right token: set the cookie and go to `/` (so the token leaves the
    /// address bar and history).
    private func tokenRedirect(_ request: Request) throws -> Response? {
        guard let token, request.method == .get, request.uri.path == "/",
              let given = request.uri.queryParameters.get("token") else { return nil }
        guard Self.same(given, token) else {
            throw APIError.wrongToken
        }
        var headers = HTTPFields()
        headers[.location] = "/"
        headers[.setCookie] = "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }

    private func checkToken(_ request: Request) throws {
        guard let token else { return }
        if let auth = request.headers[.authorization], auth.hasPrefix("Bearer "),
           Self.same(String(auth.dropFirst("Bearer ".count)), token) {
            return
        }
        if let cookie = request.cookies[Self.cookieName], Self.same(cookie.value, token) { return }
        throw APIError.tokenRequired
    }

    private func checkWrite(_ request: Request) throws {
        guard ![.get, .head, .options].contains(request.method) else { return }
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/json") || Self.isBodylessDelete(request) else {
            throw APIError.jsonRequired
        }
        if let site = request.headers[HTTPField.Name.secFetchSite], !["same-origin", "none"].contains(site) {
            throw APIError.crossSite
        }
        if let origin = request.headers[.origin] {
            let host = request.head.authority ?? ""
            guard origin == "http://\(host)" || origin == "https://\(host)" else {
                throw APIError.foreignOrigin(origin)
            }
        }
    }

    /// A `DELETE` that carries nothing, as a browser's `fetch` sends it: no `Content-Type`, no
    /// body. It needs no JSON type because a page on another site cannot send a `DELETE` at all
    /// without a CORS preflight, which this server never grants; the origin checks still apply.
    /// (A body-less `POST` is different: a form or a `no-cors` fetch from any site can send one.)
    static func isBodylessDelete(_ request: Request) -> Bool {
        guard request.method == .delete, request.headers[.contentType] == nil,
              request.headers[.transferEncoding] == nil else { return false }
        let length = request.headers[.contentLength].map { $0.trimmingCharacters(in: .whitespaces) }
        return length == nil || length == "0"
    }

    /// `localhost:8750` → `localhost`; `[::1]:8750` → `::1`.
    static func hostName(_ authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<end])
        }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "").lowercased()
    }

    /// Compares two secrets in time independent of where they differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var diff: UInt8 = 0
        for i in x.indices { diff |= x[i] ^ y[i] }
        return diff == 0
    }
}

extension HTTPField.Name {
    // Names HTTPTypes does not predefine; each is a valid token, so the initializer cannot fail.
    static let xFrameOptions = HTTPField.Name("X-Frame-Options") ?? .contentType
    static let referrerPolicy = HTTPField.Name("Referrer-Policy") ?? .contentType
    static let crossOriginOpenerPolicy = HTTPField.Name("Cross-Origin-Opener-Policy") ?? .contentType
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site") ?? .contentType
    static let xAccelBuffering = HTTPField.Name("X-Accel-Buffering") ?? .contentType
}
