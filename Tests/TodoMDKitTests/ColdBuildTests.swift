import Foundation
import GRDB
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// A cold index build (§8) parses on every core while one writer loads the rows in bulk: what it
/// stores must be exactly what storing the files one by one stores, and a build that does not
/// finish must leave nothing that a later open trusts.
@Suite struct ColdBuildTests {
    /// A vault with subfolders, subtasks, blockers, duplicate file names and titles, non-ASCII
    /// text, checklists, and every hostile file of the fuzz corpus; more files than one parse chunk
    /// holds, so the parsers and the writer overlap.
    static func mixedVault() throws -> TemporaryVault {
        let v = try TemporaryVault()
        let folders = ["", "Work/", "Work/Deep/", "Home/", "Ärger/"]
        for i in 1...420 {
            let folder = folders[i % folders.count]
            var lines = "tags:\n  - n\(i % 7)\n  - Straße\(i % 3)\n"
            if i % 5 == 1, i > 5 { lines += "parent: \"p\(i - 5)\"\n" }
            if i % 11 == 0 { lines += "blocked_by:\n  - \"p\(i - 1)\"\n" }
            if i % 4 == 0 { lines += "description: \"Beschreibung Nº \(i) — café\"\n" }
            if i % 9 == 0 { lines += "due: 2026-11-\(10 + i % 18)\n" }
            let body = i % 3 == 0 ? "- [x] erledigt\n- [ ] offen \(i)\n" : "Body of task \(i), naïve façade.\n"
            try v.task("\(folder)p\(i).md", title: i % 13 == 0 ? "Same title" : "Task Ü \(i)", lines, body: body,
                       status: i % 6 == 0 ? "done" : "todo")
        }
        // The same file name in several folders.
        for folder in folders where !folder.isEmpty {
            try v.task("\(folder)dup.md", title: "Duplicate in \(folder)")
        }
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/corpus").standardized
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path) where !name.hasPrefix(".") {
            let bytes = Array(try Data(contentsOf: corpus.appendingPathComponent(name)))
            try v.write("Hostile/" + (name.hasSuffix(".md") ? name : name + ".md"), bytes: bytes)
        }
        try v.write("broken.md", "---\ntitle: [unclosed\n---\n")
        return v
    }

    /// Every stored row of every table, as text, in a fixed order; the indexing times (a clock
    /// reading) and the generation (random) left out.
    static func dump(_ index: TaskIndex) throws -> [String: [[String]]] {
        try index.database.read { db in
            let queries = [
                "schema": "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name",
                // Random for each index file: its generations and origin (TaskIndex+Changes.swift).
                "meta": "SELECT key, value FROM meta WHERE key NOT IN ('generation', 'origin', 'removed_since') ORDER BY key",
                "file": "SELECT path, size, mtime, hash, reason, name FROM file ORDER BY path",
                "task": "SELECT * FROM task ORDER BY rid",
                "task_text": "SELECT * FROM task_text ORDER BY rid",
                "task_tag": "SELECT * FROM task_tag ORDER BY task_rid, position",
                "task_fts": "SELECT rowid, title, description, body FROM task_fts ORDER BY rowid",
                "fts_match": "SELECT rowid FROM task_fts WHERE task_fts MATCH 'cafe OR strasse OR body' ORDER BY rowid",
            ]
            return try queries.mapValues { sql in
                try Row.fetchAll(db, sql: sql).map { row in row.databaseValues.map(\.description) }
            }
        }
    }

    static func folder(_ v: TemporaryVault) throws -> VaultFolder { try VaultFolder(path: v.root) }

    /// FTS5's own check that its index holds exactly the words of the rows it reads them from
    /// (`rank = 1`: against the content, not only its own structure); throws when it does not.
    static func checkFullText(_ index: TaskIndex) throws {
        try index.database.write { db in
            try db.execute(sql: "INSERT INTO task_fts (task_fts, rank) VALUES ('integrity-check', 1)")
        }
    }

    static func journalMode(_ index: TaskIndex) throws -> String? {
        try index.database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    }

    static let zone = TimeZone(identifier: TemporaryVault.defaultZone) ?? .current

    @Test func aColdBuildStoresWhatStoringFileByFileStores() throws {
        let v = try ColdBuildTests.mixedVault()
        let folder = try ColdBuildTests.folder(v)
        let cold = try TaskIndex(path: v.cache + "/cold.sqlite", timeZone: ColdBuildTests.zone)
        let report = try cold.sync(with: folder, timeZone: ColdBuildTests.zone)
        #expect(report.parsed == folder.scan().count)

        // The reference: the same files stored a few at a time into an index that already holds
        // rows, each replacing what was there (the path of every later sync).
        let reference = try TaskIndex(path: v.cache + "/reference.sqlite", timeZone: ColdBuildTests.zone)
        let ids = folder.scan().map(\.id).sorted()
        for start in stride(from: 0, to: ids.count, by: 40) {
            try reference.refresh(Array(ids[start..<min(ids.count, start + 40)]), in: folder, timeZone: ColdBuildTests.zone)
        }
        try reference.sync(with: folder, timeZone: ColdBuildTests.zone)

        let got = try ColdBuildTests.dump(cold)
        let want = try ColdBuildTests.dump(reference)
        for table in want.keys.sorted() {
            #expect(got[table] == want[table], "table \(table) differs")
        }
        #expect(got["task"]?.count ?? 0 > 400)
        #expect(got["file"]?.contains { $0[4] != "NULL" } == true, "an unparseable file is recorded with its reason")
        let names = try cold.database.read { db in
            try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'"))
        }
        for index in TaskIndex.secondaryIndexes { #expect(names.contains(index.name), "index \(index.name) is made again") }
        // Both loaded into an empty index in bulk: the full-text index waits for a search.
        #expect(try !cold.holdsFullText() && !reference.holdsFullText())
        #expect(try cold.buildFullText() && reference.buildFullText())
        try ColdBuildTests.checkFullText(cold)
        try ColdBuildTests.checkFullText(reference)
        #expect(try ColdBuildTests.dump(cold)["fts_match"] == ColdBuildTests.dump(reference)["fts_match"])
        #expect(try ColdBuildTests.dump(cold)["fts_match"]?.count ?? 0 > 100)
    }

    /// The full-text index reads its words from the rows: editing and deleting files must take
    /// out exactly the words they had, and searches must find the new ones only.
    @Test func theFullTextIndexFollowsEditsAndDeletions() throws {
        let v = try ColdBuildTests.mixedVault()
        let folder = try ColdBuildTests.folder(v)
        let (index, _) = try TaskIndex.open(at: v.cache + "/index.sqlite", for: folder, timeZone: ColdBuildTests.zone,
                                            variant: nil, watcherTimeout: nil)
        try index.buildFullText()
        func matches(_ query: String) throws -> [String] {
            try index.database.read { db in
                try String.fetchAll(db, sql: """
                    SELECT task.id FROM task_fts JOIN task ON task.rid = task_fts.rowid
                    WHERE task_fts MATCH ? ORDER BY task.id
                    """, arguments: [query])
            }
        }
        #expect(try matches("facade").count > 100, "the body is indexed folded")
        #expect(try matches("beschreibung").count > 50)
        for i in stride(from: 3, through: 60, by: 3) {
            try v.task("\(["", "Work/", "Work/Deep/", "Home/", "Ärger/"][i % 5])p\(i).md", title: "Umbenannt \(i)",
                       "description: \"Zebra Nº \(i)\"\n", body: "Quokka über alles.\n")
        }
        for i in stride(from: 61, through: 100, by: 1) {
            try FileManager.default.removeItem(atPath: v.root + "/" + ["", "Work/", "Work/Deep/", "Home/", "Ärger/"][i % 5] + "p\(i).md")
        }
        let report = try index.sync(with: folder, timeZone: ColdBuildTests.zone)
        #expect(report.parsed == 20 && report.removed == 40)
        try ColdBuildTests.checkFullText(index)
        #expect(try matches("umbenannt").count == 20)
        #expect(try matches("zebra").count == 20)
        #expect(try matches("quokka uber").count == 20)
        #expect(try matches("\"Task Ü 3\"").isEmpty, "a renamed task's old title is gone")
        #expect(try matches("\"Task Ü 70\"").isEmpty, "a deleted task's title is gone")
        #expect(try matches("\"Task Ü 101\"") == ["Work/p101.md"])
    }

    /// A cold build leaves the full-text index empty and says so; writes leave it alone while it
    /// is, queries do without it (reading every body), and the first search of bodies builds it
    /// whole. A later bulk load (every task gone, then new ones) leaves it for later again.
    @Test func theFullTextIndexWaitsForTheFirstSearchOfBodies() throws {
        let v = try ColdBuildTests.mixedVault()
        let folder = try ColdBuildTests.folder(v)
        let zone = ColdBuildTests.zone
        let (index, _) = try TaskIndex.open(at: v.cache + "/index.sqlite", for: folder, timeZone: zone,
                                            variant: nil, watcherTimeout: nil)
        // (The full-text index narrows by the words inside a needle: the first may be the end of
        // a longer one.)
        let quokka = Predicate.test(.contains(.body, "quokka uber alles"))
        let titles = Predicate.test(.contains(.title, "umbenannt"))
        #expect(quokka.narrowsByFullText && !titles.narrowsByFullText)
        #expect(try !index.holdsFullText())

        // Edits and deletions while it waits: nothing is written to it, and nothing fails.
        for i in stride(from: 3, through: 30, by: 3) {
            try v.task("\(["", "Work/", "Work/Deep/", "Home/", "Ärger/"][i % 5])p\(i).md", title: "Umbenannt \(i)",
                       body: "Quokka über alles.\n")
        }
        for i in 61...70 {
            try FileManager.default.removeItem(atPath: v.root + "/" + ["", "Work/", "Work/Deep/", "Home/", "Ärger/"][i % 5] + "p\(i).md")
        }
        #expect(try index.sync(with: folder, timeZone: zone).parsed == 10)
        // A query that does not search bodies leaves it waiting; the SQL of one that does reads
        // every body while it waits.
        #expect(try index.count(matching: titles, timeZone: zone) == 10)
        #expect(try !index.holdsFullText())
        let scanned = try index.database.read { db in
            let filter = try TaskIndex.filter(quokka, timeZone: zone, db)
            #expect(!filter.sql.contains("task_fts"))
            return try String.fetchAll(db, sql: "SELECT id FROM task WHERE \(filter.sql) ORDER BY id",
                                       arguments: StatementArguments(filter.arguments))
        }
        #expect(scanned.count == 10)

        // The first search of bodies builds it, whole, and uses it.
        #expect(try index.rows(matching: quokka, timeZone: zone).map(\.task.id).sorted() == scanned)
        #expect(try index.holdsFullText())
        try ColdBuildTests.checkFullText(index)
        let narrowed = try index.database.read { db in try TaskIndex.filter(quokka, timeZone: zone, db).sql }
        #expect(narrowed.contains("task_fts"))
        #expect(try index.buildFullText() == false, "built once")

        // Every task gone, then a new vault's worth loaded in bulk: it waits again, and is never
        // read half-filled.
        for file in folder.scan() { try FileManager.default.removeItem(atPath: folder.path(file.id)) }
        try index.sync(with: folder, timeZone: zone)
        try ColdBuildTests.checkFullText(index)
        for i in 1...300 { try v.task("new\(i).md", title: "New \(i)", body: i % 2 == 0 ? "Quokka again.\n" : "Other.\n") }
        try index.sync(with: folder, timeZone: zone)
        #expect(try !index.holdsFullText())
        let again = Predicate.test(.contains(.body, "quokka again"))
        #expect(try index.count(matching: again, timeZone: zone) == 150)
        #expect(try index.holdsFullText())
        try ColdBuildTests.checkFullText(index)
    }

    /// A cold build happens in a file of its own, renamed into place when whole: what is left at
    /// the index's path is an ordinary index (write-ahead log), with nothing beside it.
    @Test func aColdBuildReplacesWhatWasThereWhole() throws {
        let v = try ColdBuildTests.mixedVault()
        let folder = try ColdBuildTests.folder(v)
        let path = v.cache + "/index.sqlite"
        // An index that is not one, and what a build killed half-way left.
        try FileManager.default.createDirectory(atPath: v.cache, withIntermediateDirectories: true)
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: path))
        try Data("half a build".utf8).write(to: URL(fileURLWithPath: path + ".building"))
        let (index, report) = try TaskIndex.open(at: path, for: folder, timeZone: ColdBuildTests.zone, variant: nil,
                                                 watcherTimeout: nil)
        #expect(report.parsed == folder.scan().count)
        #expect(try ColdBuildTests.journalMode(index) == "wal")
        #expect(!FileManager.default.fileExists(atPath: path + ".building"))
        let fresh = try TaskIndex(path: v.cache + "/fresh.sqlite", timeZone: ColdBuildTests.zone)
        try fresh.sync(with: folder, timeZone: ColdBuildTests.zone)
        #expect(try ColdBuildTests.dump(index) == ColdBuildTests.dump(fresh))

        // Opened again: the same file, nothing to parse.
        let (again, second) = try TaskIndex.open(at: path, for: folder, timeZone: ColdBuildTests.zone, variant: nil,
                                                 watcherTimeout: nil)
        #expect(second.parsed == 0)
        #expect(try ColdBuildTests.dump(again) == ColdBuildTests.dump(fresh))
    }

    /// Two processes that find no index at once: one builds, the other waits for it and uses
    /// its build instead of building its own (and renaming it over a file in use).
    @Test func twoColdOpensAtOnceBuildOnce() throws {
        let v = try ColdBuildTests.mixedVault()
        let path = v.cache + "/index.sqlite"
        let root = v.root
        let lock = NSLock()
        nonisolated(unsafe) var reports: [SyncReport] = []
        nonisolated(unsafe) var failures: [String] = []
        // Threads of their own, started together: the shared pool may run two blocks one after
        // the other.
        let done = DispatchGroup()
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            done.enter()
            Thread {
                defer { done.leave() }
                ready.signal()
                go.wait()
                do {
                    let report = try TaskIndex.open(at: path, for: try VaultFolder(path: root), timeZone: ColdBuildTests.zone,
                                                    variant: nil, watcherTimeout: nil).1
                    lock.withLock { reports.append(report) }
                } catch {
                    lock.withLock { failures.append("\(error)") }
                }
            }.start()
        }
        ready.wait()
        ready.wait()
        go.signal()
        go.signal()
        done.wait()
        #expect(failures.isEmpty)
        let total = try ColdBuildTests.folder(v).scan().count
        #expect(reports.map(\.parsed).sorted() == [0, total])
    }

    @Test func aColdBuildsRowsAreTheCodecsRows() throws {
        let v = try ColdBuildTests.mixedVault()
        let folder = try ColdBuildTests.folder(v)
        let index = try TaskIndex(path: v.cache + "/cold.sqlite", timeZone: ColdBuildTests.zone)
        try index.sync(with: folder, timeZone: ColdBuildTests.zone)
        let columns = TaskColumns.insertColumns.map { "\"\($0)\"" } + TaskColumns.textColumns
        let stored = try index.database.read { db in
            try Row.fetchAll(db, sql: "SELECT \(columns.joined(separator: ", ")) FROM \(TaskColumns.withText) ORDER BY id")
                .map { Array($0.databaseValues) }
        }
        // Decoded here one by one, with no index code in between.
        var expected: [[DatabaseValue]] = []
        for file in folder.scan().sorted(by: { $0.id < $1.id }) {
            let snapshot = try folder.read(file.id)
            let decoding = TaskFileCodec.decode(snapshot.bytes, id: file.id,
                                                fileModified: Date(timeIntervalSince1970: TimeInterval(file.mtime) / 1e9),
                                                timeZone: ColdBuildTests.zone, fieldMap: folder.fieldMap)
            if case let .task(t) = decoding {
                let values = TaskColumns.insertValues(t)
                expected.append(values.task + values.text + values.json.map { String(decoding: $0, as: UTF8.self).databaseValue })
            }
        }
        #expect(stored.count == expected.count)
        for (row, want) in zip(stored, expected) { #expect(row == want, "row \(want.first?.description ?? "")") }
    }

    struct Interrupted: Error {}

    @Test(arguments: [0, 1, 250])
    func aBuildThatStopsHalfWayLeavesAnEmptyIndexThatIsBuiltAgain(storedBeforeTheStop: Int) throws {
        let v = try ColdBuildTests.mixedVault()
        let folder = try ColdBuildTests.folder(v)
        let path = v.cache + "/index.sqlite"
        let files = folder.scan().sorted { $0.id < $1.id }
        do {
            let index = try TaskIndex(path: path, timeZone: ColdBuildTests.zone)
            #expect(throws: Interrupted.self) {
                try index.database.write { db in
                    let writer = try TaskIndex.RowWriter(db, indexedAt: 1)
                    var stored = 0
                    try TaskIndex.parse(files, in: folder, timeZone: ColdBuildTests.zone, progress: nil) { file in
                        if stored == storedBeforeTheStop { throw Interrupted() }
                        try writer.store(file)
                        stored += 1
                    }
                    try writer.finish()
                }
            }
            // Nothing of the stopped build is left, the dropped indexes are back.
            let left = try index.database.read { db in
                (try Int.fetchOne(db, sql: "SELECT count(*) FROM file") ?? -1,
                 try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'")))
            }
            #expect(left.0 == 0)
            for index in TaskIndex.secondaryIndexes { #expect(left.1.contains(index.name)) }
        }
        // The next open builds it whole.
        let (reopened, report) = try TaskIndex.open(at: path, for: folder, timeZone: ColdBuildTests.zone, variant: nil,
                                                    watcherTimeout: nil)
        #expect(report.parsed == files.count)
        let fresh = try TaskIndex(path: v.cache + "/fresh.sqlite", timeZone: ColdBuildTests.zone)
        try fresh.sync(with: folder, timeZone: ColdBuildTests.zone)
        #expect(try ColdBuildTests.dump(reopened) == ColdBuildTests.dump(fresh))
    }

    /// The writer binds values straight to SQLite: every value in its place, each run with its
    /// own values, and a count that does not fit the statement refused.
    @Test func theWriterBindsEachRunsValues() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (a, b, c)")
            let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?, ?, ?)")
            try TaskIndex.RowWriter.execute(insert, ["x".databaseValue, 2.databaseValue], after: 1.databaseValue)
            try TaskIndex.RowWriter.execute(insert, [.null, 2.5.databaseValue, "ü".databaseValue])
            #expect(throws: DatabaseError.self) { try TaskIndex.RowWriter.execute(insert, [1.databaseValue]) }
            #expect(throws: DatabaseError.self) {
                try TaskIndex.RowWriter.execute(insert, [1.databaseValue, 2.databaseValue, 3.databaseValue],
                                                after: 0.databaseValue)
            }
            let rows = try Row.fetchAll(db, sql: "SELECT a, b, c FROM t ORDER BY rowid").map { Array($0.databaseValues.map(\.description)) }
            #expect(rows == [["1", "\"x\"", "2"], ["NULL", "2.5", "\"ü\""]])
        }
    }

    /// Each kind of value is bound as itself: an empty text is '' (not NULL), an empty blob a
    /// zero-length blob, a long or non-ASCII string whole, the UTF-8 texts after the values.
    @Test func theWriterBindsEveryKindOfValueAsItself() throws {
        let queue = try DatabaseQueue()
        let long = String(repeating: "Größe 🇩🇪 e\u{301} ", count: 400)
        let values: [DatabaseValue] = [.null, Int64.min.databaseValue, (-0.5).databaseValue, "".databaseValue, "a".databaseValue,
                                       long.databaseValue, Data().databaseValue, Data([0, 255, 1]).databaseValue]
        let texts: [[UInt8]] = [[], Array("{\"x\":\"ä\"}".utf8)]
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (v0, v1, v2, v3, v4, v5, v6, v7, v8, t0, t1)")
            let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (\(TaskIndex.marks(11)))")
            try TaskIndex.RowWriter.execute(insert, values, after: "first".databaseValue, texts: texts)
            let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM t"))
            #expect(Array(row.databaseValues) == ["first".databaseValue] + values + [
                "".databaseValue, "{\"x\":\"ä\"}".databaseValue,
            ])
            let types = try String.fetchAll(db, sql: """
                SELECT typeof(v0) || typeof(v1) || typeof(v2) || typeof(v3) || typeof(v4) || typeof(v5) || typeof(v6)
                    || typeof(v7) || typeof(v8) || typeof(t0) || typeof(t1) FROM t
                """)
            #expect(types == ["textnullintegerrealtexttexttextblobblobtexttext"])
        }
    }

    /// A run SQLite refuses (a second row with the same key) is reported with SQLite's code and
    /// message, and leaves the statement ready for the next run, which stores only its own values.
    @Test func aRefusedRunIsReportedAndTheNextRunStandsAlone() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (k TEXT PRIMARY KEY, v)")
            let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?, ?)")
            try TaskIndex.RowWriter.execute(insert, ["a".databaseValue, 1.databaseValue])
            let error = try #require(throws: DatabaseError.self) {
                try TaskIndex.RowWriter.execute(insert, ["a".databaseValue, 2.databaseValue])
            }
            #expect(error.resultCode == .SQLITE_CONSTRAINT)
            #expect(error.message?.contains("t.k") == true)
            try TaskIndex.RowWriter.execute(insert, ["b".databaseValue, 3.databaseValue])
            let rows = try Row.fetchAll(db, sql: "SELECT k, v FROM t ORDER BY k").map { Array($0.databaseValues.map(\.description)) }
            #expect(rows == [["\"a\"", "1"], ["\"b\"", "3"]])
        }
    }

    /// (4,500 files: more chunks than the parsers may run ahead of the writer.)
    @Test(arguments: [1, 128, 129, 1000, 4500])
    func parsingHandsEveryFileOverInOrder(count: Int) throws {
        let v = try TemporaryVault()
        for i in 0..<count { try v.task(String(format: "t%05d.md", i), title: "T\(i)") }
        let folder = try ColdBuildTests.folder(v)
        let files = folder.scan().sorted { $0.id < $1.id }
        var seen: [String] = []
        try TaskIndex.parse(files, in: folder, timeZone: ColdBuildTests.zone, progress: nil) { seen.append($0.id) }
        #expect(seen == files.map(\.id))
    }
}
