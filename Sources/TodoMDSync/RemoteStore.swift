import Foundation
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import TodoMDKit
#if canImport(Glibc)
import Glibc
#endif

/// A row as the server holds it: the record (nil for a tombstone) and its bookkeeping.
struct RemoteRow: Sendable {
    var kind: SyncKind
    var id: String
    var record: SyncRecord?
    var revision: Int64
    var changeID: String?
    /// The change id of a version that lost a conflict to this one.
    var conflictLoser: String?
}

/// One row to push.
struct PushRow: Sendable {
    var id: String
    var record: SyncRecord?
    var path: String
    var changeID: String
    var baseRevision: Int64?
    var conflictLoser: String?
}

/// The PostgreSQL side of sync (§16): the `tasks` and `notes` tables, pulled by revision and
/// pushed with conditional, idempotent upserts.
///
/// Bookkeeping columns next to §16's: `deleted` (tombstone), `revision` (from one sequence,
/// stamped by a trigger on every insert and update, under a transaction-level advisory lock so
/// revisions become visible in order and a cursor never skips a row), `change_id` (the change
/// that wrote the row: a repeated push is recognized), `base_revision` (the revision the change
/// was made against) and `conflict_loser` (the change id of a version that lost a conflict, so
/// its vault keeps a conflict copy). A row written by another program gets a revision and a
/// null `change_id`, and is pulled like any change.
final class RemoteStore: Sendable {
    let connection: PostgresConnection
    let url: DatabaseURL
    let logger: Logger
    /// `"schema".` with the schema quoted.
    let prefix: String
    /// Whose rows this vault syncs (`user_id`); `""` for a database that is not shared.
    let owner: String

    private init(connection: PostgresConnection, url: DatabaseURL, logger: Logger, owner: String) {
        self.connection = connection
        self.url = url
        self.logger = logger
        self.owner = owner
        prefix = "\"\(url.schema)\"."
    }

    /// `user_id = 'OWNER'`, the condition every read of a row carries.
    var ownRows: String { "user_id = " + Self.literal(owner) }

    /// A SQL string literal.
    static func literal(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "''") + "'" }

    /// Connects to the database.
    ///
    /// - Throws: ``SyncError/unreachable(_:reason:)`` with a one-line reason.
    static func connect(_ url: DatabaseURL, logger: Logger, owner: String = "") async throws -> RemoteStore {
        let tls: PostgresConnection.Configuration.TLS
        do {
            switch url.tlsMode {
            case .disable:
                tls = .disable
            case .prefer, .require:
                // As libpq: encrypted, the certificate not checked (verify-ca / verify-full check it).
                var configuration = TLSConfiguration.makeClientConfiguration()
                configuration.certificateVerification = .none
                let context = try NIOSSLContext(configuration: configuration)
                tls = url.tlsMode == .prefer ? .prefer(context) : .require(context)
            case .verifyCA, .verifyFull:
                var configuration = TLSConfiguration.makeClientConfiguration()
                configuration.certificateVerification = url.tlsMode == .verifyFull ? .fullVerification : .noHostnameVerification
                tls = .require(try NIOSSLContext(configuration: configuration))
            }
        } catch {
            throw SyncError.unreachable(url.description, reason: "TLS could not be set up (\(error))")
        }
        var configuration: PostgresConnection.Configuration
        if url.host.hasPrefix("/") {
            configuration = .init(unixSocketPath: url.host + "/.s.PGSQL.\(url.port)", username: url.user,
                                  password: url.password, database: url.database)
        } else {
            configuration = .init(host: url.host, port: url.port, username: url.user, password: url.password,
                                  database: url.database, tls: tls)
        }
        configuration.options.connectTimeout = .seconds(10)
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
            return RemoteStore(connection: connection, url: url, logger: logger, owner: owner)
        } catch {
            throw SyncError.unreachable(url.description, reason: Self.reason(error))
        }
    }

    /// Closes the connection.
    func close() async {
        try? await connection.close()
    }

    /// A one-line reason for a PostgresNIO error.
    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return connectionReason(underlying) }
            switch error.code {
            case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
                return "the connection was closed"
            case .sslUnsupported:
                return "the server does not support TLS (use sslmode=disable or prefer)"
            default:
                return error.code.description
            }
        }
        if let error = error as? SyncError { return error.localizedDescription }
        return "\(error)".replacingOccurrences(of: "\n", with: " ")
    }

    /// A short reason for a connection error: the system's words for its errno when there is one
    /// ("Connection refused"), else the error's own description.
    static func connectionReason(_ error: any Error) -> String {
        if let io = error as? IOError { return String(cString: strerror(io.errnoCode)) }
        let text = "\(error)".replacingOccurrences(of: "\n", with: " ")
        if let range = text.range(of: "errno: ") {
            let digits = text[range.upperBound...].prefix { $0.isNumber }
            if let code = Int32(digits) { return String(cString: strerror(code)) }
        }
        if text.contains("connectTimeout") { return "no answer within 10 seconds" }
        if text.contains("dnsAError") || text.contains("NXDOMAIN") { return "the host name could not be resolved" }
        return text
    }

    /// Runs `body`, turning PostgresNIO errors into ``SyncError``s naming `what` was being done.
    func run<T>(_ what: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as SyncError {
            throw error
        } catch let error as PSQLError where error.code == .server {
            throw SyncError.database(what, reason: Self.reason(error))
        } catch {
            throw SyncError.unreachable(url.description, reason: Self.reason(error))
        }
    }

    // MARK: - Schema

    /// Creates the schema, tables, sequence and trigger if missing (§16).
    func prepareSchema() async throws {
        let schemaName = url.schema
        let ready = try await run("reading the schema") { () -> Bool in
            let rows = try await connection.query(
                "SELECT to_regclass(\(prefix + "todomd_schema"))::text", logger: logger).collect()
            guard let first = rows.first, try first.decode(String?.self) != nil else { return false }
            let version = try await connection.query(
                "SELECT max(version) FROM \(unescaped: prefix)todomd_schema", logger: logger).collect()
            return try version.first?.decode(Int?.self) == Self.schemaVersion
        }
        if ready { return }
        try await run("creating the sync tables in schema \(schemaName)") {
            try await connection.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\("todomd-schema:" + schemaName)))",
                                           logger: logger)
                for statement in Self.schemaStatements(prefix: prefix, schema: schemaName) {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
            }
        }
    }

    /// 2: `user_id` and the owner's key (user_id, id), the `todomd_uid()` identity function.
    static let schemaVersion = 2

    static func schemaStatements(prefix p: String, schema: String) -> [String] {
        var out = [
            "CREATE SCHEMA IF NOT EXISTS \"\(schema)\"",
            "CREATE SEQUENCE IF NOT EXISTS \(p)todomd_revision",
            """
            CREATE TABLE IF NOT EXISTS \(p)tasks (
                id text PRIMARY KEY,
                title text NOT NULL DEFAULT '',
                completed_at timestamptz,
                order_index double precision,
                created_at timestamptz NOT NULL DEFAULT now(),
                updated_at timestamptz NOT NULL DEFAULT now(),
                data jsonb NOT NULL DEFAULT '{}'::jsonb)
            """,
            """
            CREATE TABLE IF NOT EXISTS \(p)notes (
                id text PRIMARY KEY,
                title text NOT NULL DEFAULT '',
                content text NOT NULL DEFAULT '',
                plain_text text NOT NULL DEFAULT '',
                is_pinned boolean NOT NULL DEFAULT false,
                created_at timestamptz NOT NULL DEFAULT now(),
                updated_at timestamptz NOT NULL DEFAULT now(),
                data jsonb NOT NULL DEFAULT '{}'::jsonb)
            """,
            """
            CREATE OR REPLACE FUNCTION \(p)todomd_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                -- One writer at a time stamps revisions, so rows become visible in revision order.
                PERFORM pg_advisory_xact_lock(hashtext('todomd-revision:' || TG_TABLE_SCHEMA));
                IF TG_OP = 'UPDATE' AND NEW.change_id IS NOT DISTINCT FROM OLD.change_id THEN
                    -- Written by another program: not any todomd change.
                    NEW.change_id := NULL;
                    NEW.base_revision := NULL;
                    NEW.conflict_loser := NULL;
                END IF;
                NEW.revision := nextval('\(p)todomd_revision');
                RETURN NEW;
            END $$
            """,
        ]
        for table in ["tasks", "notes"] {
            out += [
                "ALTER TABLE \(p)\(table) ADD COLUMN IF NOT EXISTS deleted boolean NOT NULL DEFAULT false",
                "ALTER TABLE \(p)\(table) ADD COLUMN IF NOT EXISTS revision bigint",
                "ALTER TABLE \(p)\(table) ADD COLUMN IF NOT EXISTS change_id text",
                "ALTER TABLE \(p)\(table) ADD COLUMN IF NOT EXISTS base_revision bigint",
                "ALTER TABLE \(p)\(table) ADD COLUMN IF NOT EXISTS conflict_loser text",
                "UPDATE \(p)\(table) SET revision = nextval('\(p)todomd_revision') WHERE revision IS NULL",
                "CREATE INDEX IF NOT EXISTS \(table)_revision_idx ON \(p)\(table) (revision)",
                // Whose row it is (issue 21): '' when the database is not shared. Two people may have
                // a task at the same path, so the key is (user_id, id).
                "ALTER TABLE \(p)\(table) ADD COLUMN IF NOT EXISTS user_id text NOT NULL DEFAULT ''",
                """
                DO $$ BEGIN
                    IF (SELECT array_length(conkey, 1) FROM pg_constraint
                        WHERE conrelid = '\(p)\(table)'::regclass AND contype = 'p') = 1 THEN
                        EXECUTE (SELECT format('ALTER TABLE \(p.replacingOccurrences(of: "'", with: "''"))\(table) DROP CONSTRAINT %I', conname)
                                 FROM pg_constraint WHERE conrelid = '\(p)\(table)'::regclass AND contype = 'p');
                        ALTER TABLE \(p)\(table) ADD PRIMARY KEY (user_id, id);
                    END IF;
                END $$
                """,
                """
                CREATE OR REPLACE TRIGGER todomd_stamp BEFORE INSERT OR UPDATE ON \(p)\(table)
                FOR EACH ROW EXECUTE FUNCTION \(p)todomd_stamp()
                """,
            ]
        }
        out += [
            """
            CREATE TABLE IF NOT EXISTS \(p)todomd_schema (
                version integer NOT NULL, database_id text NOT NULL DEFAULT gen_random_uuid()::text)
            """,
            "INSERT INTO \(p)todomd_schema (version) SELECT \(schemaVersion) WHERE NOT EXISTS (SELECT 1 FROM \(p)todomd_schema)",
            "UPDATE \(p)todomd_schema SET version = \(schemaVersion) WHERE version < \(schemaVersion)",
            // Who is asking, for row-level security: Supabase's JWT subject (what auth.uid() reads),
            // else the database role.
            """
            CREATE OR REPLACE FUNCTION \(p)todomd_uid() RETURNS text LANGUAGE sql STABLE AS $$
                SELECT coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
                                nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub',
                                current_user::text)
            $$
            """,
        ]
        return out
    }

    /// Row-level security on both tables (issue 21): a database role sees and changes only the
    /// rows whose `user_id` is `todomd_uid()` — its JWT subject on Supabase, else its role name.
    /// Needs the tables' owner; run once per database.
    func installPolicies() async throws {
        try await run("installing the row-level security policies") {
            try await connection.withTransaction(logger: logger) { connection in
                for statement in Self.policyStatements(prefix: prefix) {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
            }
        }
    }

    static func policyStatements(prefix p: String) -> [String] {
        ["tasks", "notes"].flatMap { table in
            [
                "ALTER TABLE \(p)\(table) ENABLE ROW LEVEL SECURITY",
                "DROP POLICY IF EXISTS todomd_owner ON \(p)\(table)",
                """
                CREATE POLICY todomd_owner ON \(p)\(table)
                    USING (user_id = \(p)todomd_uid()) WITH CHECK (user_id = \(p)todomd_uid())
                """,
            ]
        }
    }

    /// A stable identity of the database (a random id made with the tables, and the schema): a
    /// vault whose state was made against another database starts over.
    func identity() async throws -> String {
        try await run("reading the database identity") {
            let rows = try await connection.query(
                "SELECT min(database_id) FROM \(unescaped: prefix)todomd_schema", logger: logger).collect()
            let id = try rows.first?.decode(String?.self) ?? ""
            // A vault that starts syncing as an owner starts over, as against another database:
            // its rows until then belonged to no one.
            return "\(id)/\(url.schema)" + (owner.isEmpty ? "" : "/owner:" + owner)
        }
    }

    // MARK: - Pull

    /// Rows of both tables with a revision above `cursor`, in revision order.
    func changes(since cursor: Int64) async throws -> [RemoteRow] {
        try await run("reading changes") {
            var rows = try await taskRows("WHERE \(ownRows) AND revision > \(cursor)")
            rows += try await noteRows("WHERE \(ownRows) AND revision > \(cursor)")
            return rows.sorted { $0.revision < $1.revision }
        }
    }

    /// The current rows with these ids.
    func rows(_ kind: SyncKind, ids: [String]) async throws -> [RemoteRow] {
        guard !ids.isEmpty else { return [] }
        return try await run("reading rows") {
            let list = ids.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }.joined(separator: ",")
            let condition = "WHERE \(ownRows) AND id IN (\(list))"
            return kind == .task ? try await taskRows(condition) : try await noteRows(condition)
        }
    }

    private func taskRows(_ condition: String) async throws -> [RemoteRow] {
        let sql = """
            SELECT id, title, completed_at, created_at, updated_at, data::text, deleted, revision, change_id, conflict_loser
            FROM \(prefix)tasks \(condition) ORDER BY revision
            """
        var out: [RemoteRow] = []
        for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) {
            let (id, title, completed, created, updated, data, deleted, revision, changeID, loser) = try row.decode(
                (String, String, Date?, Date, Date, String, Bool, Int64, String?, String?).self)
            var record: SyncRecord?
            if !deleted {
                var r = (try? SyncRecord(jsonText: data)) ?? SyncRecord(fields: [])
                if r["path"]?.stringValue == nil { r["path"] = .string(id) }
                // Columns win over `data` when another program changed them.
                if r.title != title { r["title"] = .string(title) }
                Self.override(&r, "completed", completed, implied: r.instant("completed"))
                Self.override(&r, "created", created, implied: r.instant("created"))
                Self.override(&r, "modified", updated, implied: r.updatedAt)
                record = r
            }
            out.append(RemoteRow(kind: .task, id: id, record: record, revision: revision, changeID: changeID,
                                 conflictLoser: loser))
        }
        return out
    }

    private func noteRows(_ condition: String) async throws -> [RemoteRow] {
        let sql = """
            SELECT id, title, content, is_pinned, created_at, updated_at, data::text, deleted, revision, change_id, conflict_loser
            FROM \(prefix)notes \(condition) ORDER BY revision
            """
        var out: [RemoteRow] = []
        for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) {
            let (id, title, content, pinned, created, updated, data, deleted, revision, changeID, loser) = try row.decode(
                (String, String, String, Bool, Date, Date, String, Bool, Int64, String?, String?).self)
            var record: SyncRecord?
            if !deleted {
                var r = (try? SyncRecord(jsonText: data)) ?? SyncRecord(fields: [])
                if r["path"]?.stringValue == nil { r["path"] = .string(Note.folder + "/" + id) }
                if r.title != title { r["title"] = .string(title) }
                if r["body"]?.stringValue != content { r["body"] = .string(content) }
                if r["pinned"]?.boolValue != pinned { r["pinned"] = .bool(pinned) }
                Self.override(&r, "created", created, implied: r.instant("created"))
                Self.override(&r, "modified", updated, implied: r.updatedAt)
                record = r
            }
            out.append(RemoteRow(kind: .note, id: id, record: record, revision: revision, changeID: changeID,
                                 conflictLoser: loser))
        }
        return out
    }

    /// Sets a date-time field from its column when the column differs (by a second or more) from
    /// what the row's `data` implies for it — that is, when another program changed the column.
    private static func override(_ record: inout SyncRecord, _ key: String, _ column: Date?, implied: Date?) {
        switch (implied, column) {
        case (nil, nil): return
        case let (a?, b?) where abs(a.timeIntervalSince(b)) < 1: return
        default: record[key] = column.map { .string(DateTimeFormat.string($0)) } ?? .null
        }
    }

    /// How many rows in revisions (`after`, `through`] another vault or program wrote (a change
    /// id without this vault's prefix).
    func foreignChanges(after: Int64, through: Int64, vaultID: String) async throws -> Int {
        try await run("reading changes") {
            let prefix = vaultID + ":"
            var total = 0
            for table in ["tasks", "notes"] {
                let rows = try await connection.query("""
                    SELECT count(*) FROM \(unescaped: self.prefix)\(unescaped: table)
                    WHERE user_id = \(self.owner) AND revision > \(after) AND revision <= \(through)
                    AND (change_id IS NULL OR NOT starts_with(change_id, \(prefix)))
                    """, logger: logger).collect()
                total += try rows.first.map { Int(try $0.decode(Int64.self)) } ?? 0
            }
            return total
        }
    }

    // MARK: - Push

    /// Upserts `rows` in one transaction; a row is written only if the server still has the
    /// revision the change was made against. Returns the new revision of each row written.
    func push(_ kind: SyncKind, _ rows: [PushRow]) async throws -> [String: Int64] {
        guard !rows.isEmpty else { return [:] }
        let payload = JSONValue.array(rows.map { row in Self.payload(kind, row) }).compact()
        let sql: String
        switch kind {
        case .task:
            sql = """
                INSERT INTO \(prefix)tasks AS t (user_id, id, title, completed_at, created_at, updated_at, data, deleted,
                    change_id, base_revision, conflict_loser)
                SELECT \(Self.literal(owner)), r.id, r.title, r.completed_at, coalesce(r.created_at, now()), coalesce(r.updated_at, now()),
                    r.data, r.deleted, r.change_id, r.base_revision, r.conflict_loser
                FROM jsonb_to_recordset($1::jsonb) AS r(id text, title text, completed_at timestamptz,
                    created_at timestamptz, updated_at timestamptz, data jsonb, deleted boolean, change_id text,
                    base_revision bigint, conflict_loser text)
                ON CONFLICT (user_id, id) DO UPDATE SET title = EXCLUDED.title, completed_at = EXCLUDED.completed_at,
                    created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, data = EXCLUDED.data,
                    deleted = EXCLUDED.deleted, change_id = EXCLUDED.change_id,
                    base_revision = EXCLUDED.base_revision, conflict_loser = EXCLUDED.conflict_loser
                WHERE t.revision IS NOT DISTINCT FROM EXCLUDED.base_revision
                    AND t.change_id IS DISTINCT FROM EXCLUDED.change_id
                RETURNING t.id, t.revision
                """
        case .note:
            sql = """
                INSERT INTO \(prefix)notes AS t (user_id, id, title, content, plain_text, is_pinned, created_at, updated_at,
                    data, deleted, change_id, base_revision, conflict_loser)
                SELECT \(Self.literal(owner)), r.id, r.title, r.content, r.plain_text, r.is_pinned, coalesce(r.created_at, now()),
                    coalesce(r.updated_at, now()), r.data, r.deleted, r.change_id, r.base_revision, r.conflict_loser
                FROM jsonb_to_recordset($1::jsonb) AS r(id text, title text, content text, plain_text text,
                    is_pinned boolean, created_at timestamptz, updated_at timestamptz, data jsonb, deleted boolean,
                    change_id text, base_revision bigint, conflict_loser text)
                ON CONFLICT (user_id, id) DO UPDATE SET title = EXCLUDED.title, content = EXCLUDED.content,
                    plain_text = EXCLUDED.plain_text, is_pinned = EXCLUDED.is_pinned,
                    created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, data = EXCLUDED.data,
                    deleted = EXCLUDED.deleted, change_id = EXCLUDED.change_id,
                    base_revision = EXCLUDED.base_revision, conflict_loser = EXCLUDED.conflict_loser
                WHERE t.revision IS NOT DISTINCT FROM EXCLUDED.base_revision
                    AND t.change_id IS DISTINCT FROM EXCLUDED.change_id
                RETURNING t.id, t.revision
                """
        }
        return try await run("the pushed changes") {
            var bindings = PostgresBindings()
            bindings.append(payload)
            var written: [String: Int64] = [:]
            let result = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
            for try await row in result {
                let (id, revision) = try row.decode((String, Int64).self)
                written[id] = revision
            }
            return written
        }
    }

    /// The JSON object one pushed row is read from (`jsonb_to_recordset`).
    static func payload(_ kind: SyncKind, _ row: PushRow) -> JSONValue {
        let record = row.record
        let data = record.map { JSONValue.object($0.fields) } ?? .object([("path", .string(row.path))])
        func time(_ key: String) -> JSONValue {
            record?.instant(key).map { .string(DateTimeFormat.string($0)) } ?? .null
        }
        var o: [(String, JSONValue)] = [
            ("id", .string(row.id)),
            ("title", .string(record?.title ?? "")),
            ("created_at", time("created")),
            ("updated_at", record?.updatedAt.map { .string(DateTimeFormat.string($0)) } ?? .null),
            ("data", data),
            ("deleted", .bool(record == nil)),
            ("change_id", .string(row.changeID)),
            ("base_revision", row.baseRevision.map { .number(Double($0)) } ?? .null),
            ("conflict_loser", row.conflictLoser.map(JSONValue.string) ?? .null),
        ]
        switch kind {
        case .task:
            o.append(("completed_at", time("completed")))
        case .note:
            o.append(("content", .string(record?["body"]?.stringValue ?? "")))
            o.append(("plain_text", .string(record?.plainText ?? "")))
            o.append(("is_pinned", .bool(record?["pinned"]?.boolValue ?? false)))
        }
        return .object(o)
    }
}
