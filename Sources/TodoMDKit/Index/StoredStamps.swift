#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file's stored stamp, by path, as a sync compares them with what the walk found
/// (``TaskIndex/sync(with:timeZone:progress:)``).
///
/// Built for the one thing every command does with it at 10k or 100k files: fill it from the
/// `file` table and look each walked path up once. The paths' bytes go into one buffer as
/// SQLite gives them, with no `String` made per row, and an open-addressing table holds their
/// positions by a hash of those bytes. A `[String: StoredFile]` made a string per row and
/// hashed each path twice through `Hasher` (which also normalises Unicode): about a twelfth of a
/// warm `todomd today`'s CPU at 10k files. Paths are compared as bytes, which is what they
/// are on disk and in SQLite's `UNIQUE` index, so two spellings of one name in other
/// normalisations are two files here, as they are to the file system.
struct StoredStamps: Sendable {
    /// One stored file: where its path's bytes are, their hash, and its stamp.
    struct Entry: Sendable {
        let start: Int
        let length: Int
        let hash: UInt64
        let stamp: TaskIndex.StoredFile
    }

    private var bytes: [UInt8] = []
    private(set) var entries: [Entry] = []
    /// Indices into `entries`, -1 where empty; its count is a power of two, at least twice the
    /// entries', so a probe ends soon.
    private var slots: [Int32]

    /// An empty table with room for `capacity` files before it grows.
    init(capacity: Int) {
        slots = Array(repeating: -1, count: StoredStamps.slotCount(for: capacity))
        entries.reserveCapacity(capacity)
        bytes.reserveCapacity(capacity * 48)
    }

    var count: Int { entries.count }

    /// Adds the file at `path` (UTF-8 bytes, relative to the vault). Paths are unique in the
    /// index; a second entry for one would never be found.
    mutating func append(path: UnsafeBufferPointer<UInt8>, _ stamp: TaskIndex.StoredFile) {
        if (entries.count + 1) * 2 > slots.count { grow() }
        let hash = StoredStamps.hash(path)
        let entry = Entry(start: bytes.count, length: path.count, hash: hash, stamp: stamp)
        bytes.append(contentsOf: path)
        insert(Int32(entries.count), hash: hash)
        entries.append(entry)
    }

    /// The position in ``entries`` of the file at `path`, or nil when none is stored.
    func index(of path: String) -> Int? {
        var path = path
        return path.withUTF8 { index(of: $0) }
    }

    func index(of path: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = StoredStamps.hash(path)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        return bytes.withUnsafeBufferPointer { stored in
            while true {
                let i = Int(slots[slot])
                if i < 0 { return nil }
                let entry = entries[i]
                if entry.hash == hash, entry.length == path.count, StoredStamps.equal(stored, entry, path) { return i }
                slot = (slot + 1) & mask
            }
        }
    }

    private static func equal(_ stored: UnsafeBufferPointer<UInt8>, _ entry: Entry, _ path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard entry.length > 0 else { return true }
        guard let base = stored.baseAddress, let other = path.baseAddress else { return false }
        return memcmp(base + entry.start, other, entry.length) == 0
    }

    /// The path of the entry at `i`.
    func path(at i: Int) -> String {
        let entry = entries[i]
        return String(decoding: bytes[entry.start..<(entry.start + entry.length)], as: UTF8.self)
    }

    // MARK: - The table

    private static func slotCount(for capacity: Int) -> Int {
        var n = 16
        while n < capacity * 2 { n <<= 1 }
        return n
    }

    private mutating func insert(_ i: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = i
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        for (i, entry) in entries.enumerated() { insert(Int32(i), hash: entry.hash) }
    }

    /// FNV-1a over the bytes, then a final mix (`splitmix64`'s) so that the low bits the table
    /// uses depend on every byte: paths differ mostly at their ends.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        h = (h ^ (h >> 30)) &* 0xbf58_476d_1ce4_e5b9
        h = (h ^ (h >> 27)) &* 0x94d0_49bb_1331_11eb
        return h ^ (h >> 31)
    }
}
