import Foundation

/// A PostgreSQL connection string in libpq's URL form (§16).
///
/// `postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=MODE` (also `postgresql://`). User, password
/// and host are percent-decoded; a missing port is 5432, a missing database is the user's name, a
/// missing user is `postgres`. `sslmode` is `disable`, `prefer` (the default), `require`,
/// `verify-ca` or `verify-full`; like libpq, `prefer` and `require` encrypt without checking the
/// server's certificate, `verify-full` checks the certificate and the host name.
/// A `host` query parameter starting with `/` names a Unix socket directory.
public struct DatabaseURL: Sendable, Equatable, CustomStringConvertible {
    /// How TLS is used, as libpq's `sslmode`.
    public enum TLSMode: String, Sendable, CaseIterable {
        case disable, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    /// Host name or address (`127.0.0.1`), or a Unix socket directory (starts with `/`).
    public var host: String
    /// TCP port.
    public var port: Int
    /// Role to log in as.
    public var user: String
    /// Password, if any.
    public var password: String?
    /// Database name.
    public var database: String
    /// TLS mode.
    public var tlsMode: TLSMode
    /// Schema holding the sync tables (`?schema=NAME`; default `public`).
    public var schema: String

    /// Parses a URL.
    ///
    /// - Throws: ``SyncError/invalidURL(_:reason:)`` naming what is wrong (never echoing the password).
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let schemeEnd = trimmed.range(of: "://") else {
            throw SyncError.invalidURL(Self.redact(trimmed), reason: "expected postgres://USER:PASSWORD@HOST:PORT/DATABASE")
        }
        let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw SyncError.invalidURL(Self.redact(trimmed), reason: "the scheme must be postgres:// or postgresql://, not \(scheme)://")
        }
        var rest = String(trimmed[schemeEnd.upperBound...])
        var query = ""
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = String(rest[..<mark])
        }
        var path = ""
        if let slash = rest.firstIndex(of: "/") {
            path = String(rest[rest.index(after: slash)...])
            rest = String(rest[..<slash])
        }
        var userInfo: String?
        if let at = rest.lastIndex(of: "@") {
            userInfo = String(rest[..<at])
            rest = String(rest[rest.index(after: at)...])
        }
        var user = "postgres"
        var password: String?
        if let userInfo {
            let parts = userInfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(String(parts[0]), what: "user", in: trimmed)
            if !name.isEmpty { user = name }
            if parts.count == 2 { password = try Self.decode(String(parts[1]), what: "password", in: trimmed) }
        }
        var host = "localhost"
        var port = 5432
        if !rest.isEmpty {
            var hostPart = rest
            var portPart: String?
            if hostPart.hasPrefix("[") {
                guard let close = hostPart.firstIndex(of: "]") else {
                    throw SyncError.invalidURL(Self.redact(trimmed), reason: "an IPv6 host needs a closing ]")
                }
                let after = hostPart[hostPart.index(after: close)...]
                if after.hasPrefix(":") { portPart = String(after.dropFirst()) }
                hostPart = String(hostPart[hostPart.index(after: hostPart.startIndex)..<close])
            } else if let colon = hostPart.lastIndex(of: ":") {
                portPart = String(hostPart[hostPart.index(after: colon)...])
                hostPart = String(hostPart[..<colon])
            }
            if !hostPart.isEmpty { host = try Self.decode(hostPart, what: "host", in: trimmed) }
            if let portPart, !portPart.isEmpty {
                guard let value = Int(portPart), (1...65535).contains(value) else {
                    throw SyncError.invalidURL(Self.redact(trimmed), reason: "the port `\(portPart)` is not a number from 1 to 65535")
                }
                port = value
            }
        }
        var database = try Self.decode(path, what: "database", in: trimmed)
        var tlsMode = TLSMode.prefer
        var schema = "public"
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(kv[0]).lowercased()
            let value = kv.count == 2 ? try Self.decode(String(kv[1]), what: key, in: trimmed) : ""
            switch key {
            case "sslmode":
                if value == "allow" {
                    tlsMode = .prefer
                } else if let mode = TLSMode(rawValue: value) {
                    tlsMode = mode
                } else {
                    let modes = TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
                    throw SyncError.invalidURL(Self.redact(trimmed), reason: "sslmode `\(value)` is not one of \(modes)")
                }
            case "schema", "search_path", "currentschema":
                guard Self.isPlainIdentifier(value) else {
                    throw SyncError.invalidURL(Self.redact(trimmed), reason: "schema `\(value)` must be letters, digits and _")
                }
                schema = value
            case "user": if !value.isEmpty { user = value }
            case "password": password = value
            case "host": if !value.isEmpty { host = value }
            case "port":
                guard let number = Int(value), (1...65535).contains(number) else {
                    throw SyncError.invalidURL(Self.redact(trimmed), reason: "the port `\(value)` is not a number from 1 to 65535")
                }
                port = number
            case "dbname": database = value
            default: continue  // libpq options we do not use (application_name, connect_timeout, …)
            }
        }
        if database.isEmpty { database = user }
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.tlsMode = tlsMode
        self.schema = schema
    }

    /// The URL with the password replaced by `***`, safe for messages and logs.
    public var description: String {
        let credentials = password == nil ? user : "\(user):***"
        let hostText = host.contains(":") ? "[\(host)]" : host
        var text = "postgres://\(credentials)@\(hostText):\(port)/\(database)"
        var query: [String] = []
        if tlsMode != .prefer { query.append("sslmode=\(tlsMode.rawValue)") }
        if schema != "public" { query.append("schema=\(schema)") }
        if !query.isEmpty { text += "?" + query.joined(separator: "&") }
        return text
    }

    /// Whether `name` can be used unquoted as a schema name.
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !name.isEmpty, name.count <= 63 else { return false }
        guard CharacterSet.letters.contains(first) || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }
    }

    private static func decode(_ text: String, what: String, in url: String) throws -> String {
        guard let value = text.removingPercentEncoding else {
            throw SyncError.invalidURL(redact(url), reason: "the \(what) has a bad %-escape")
        }
        return value
    }

    /// `url` with anything between `:` and `@` after the scheme replaced by `***`.
    static func redact(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://"), let at = url[schemeEnd.upperBound...].lastIndex(of: "@") else { return url }
        let userInfo = url[schemeEnd.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }
}
