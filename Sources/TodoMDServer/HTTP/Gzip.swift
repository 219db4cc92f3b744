import CZlib
import Foundation
import TodoMDKit

/// gzip (RFC 1952) over the system's zlib, for the web app's static files: they are text, and
/// compressed they are a third of the bytes a first load downloads.
enum Gzip {
    /// `bytes` gzip-compressed at zlib's best level (static files are compressed once), or nil
    /// when zlib fails.
    static func compress(_ bytes: [UInt8], level: Int32 = Z_BEST_COMPRESSION) -> [UInt8]? {
        var stream = z_stream()
        // windowBits 15 + 16: a gzip header and trailer around the deflate stream.
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))))
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { inBuf in
            out.withUnsafeMutableBufferPointer { outBuf in
                stream.next_in = inBuf.baseAddress
                stream.avail_in = UInt32(inBuf.count)
                stream.next_out = outBuf.baseAddress
                stream.avail_out = UInt32(outBuf.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        out.removeSubrange(Int(stream.total_out)...)
        return out
    }

    /// Whether a request's `Accept-Encoding` takes gzip: named (or `*`) without `q=0`.
    static func accepted(_ header: String?) -> Bool {
        guard let header else { return false }
        var star: Bool?
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = pieces.first else { continue }
            let refused = pieces.dropFirst().contains { param in
                guard param.hasPrefix("q=") else { return false }
                return (Double(param.dropFirst(2)) ?? 1) == 0
            }
            if coding == "gzip" || coding == "x-gzip" { return !refused }
            if coding == "*" { star = !refused }
        }
        return star ?? false
    }

    /// Whether a file of this `Content-Type` is worth compressing: text is; a PNG is compressed
    /// already (gzip shaves a few per cent off at the cost of inflating it).
    static func worthIt(_ contentType: String) -> Bool {
        contentType.hasPrefix("text/") || contentType.hasPrefix("application/json")
            || contentType.hasPrefix("application/manifest+json") || contentType.hasPrefix("image/svg+xml")
    }

    /// The compressed copies of the embedded static files, made on first request of each (a
    /// millisecond for the largest) and kept for the server's life; nil when gzip would not
    /// make the file smaller.
    private static let cache = Locked<[String: [UInt8]?]>([:])

    /// The gzip form of embedded static file `name` (`bytes`), or nil to send it as it is.
    static func cached(_ name: String, bytes: [UInt8]) -> [UInt8]? {
        if let known = cache.withLock({ $0[name] }) { return known }
        let packed = compress(bytes).flatMap { $0.count < bytes.count ? $0 : nil }
        cache.withLock { $0[name] = .some(packed) }
        return packed
    }
}
