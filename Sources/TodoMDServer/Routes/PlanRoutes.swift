import Foundation
import Hummingbird
import TodoMDKit

/// The day planner (§14, §22): `/api/v1/plan…` and `/api/v1/tasks/{ref}/plan…`.
///
/// A full bucket answers 422 with the §14 message (`Morning region full (1 Must-Do,
/// 3 Complementary, 5 Misc)`); nothing is changed then.
struct PlanRoutes {
    let service: VaultService

    func register(on api: RouterGroup<BasicRequestContext>) {
        api.get("plan") { request, _ in
            let text = HTTP.query(request)["date"]
            return HTTP.json(try await service.read { vault in
                try vault.board(on: Self.date(text, vault)).json
            })
        }
        api.get("plan/backlog") { _, _ in HTTP.json(try await service.read { try $0.backlog().json }) }
        api.get("plan/review") { _, _ in HTTP.json(try await service.read(Self.review)) }
        api.post("plan/tasks") { request, _ in try await quickAdd(request) }
        api.post("tasks/:ref/plan") { request, context in try await plan(TaskRoutes(service: service).reference(context), request) }
        api.delete("tasks/:ref/plan") { _, context in
            let ref = try TaskRoutes(service: service).reference(context)
            return HTTP.json(try await service.write { vault in
                let task = try vault.removeFromPlan(vault.resolve(ref))
                return TaskJSON.encode(task)
            })
        }
        api.post("tasks/:ref/plan/move") { request, context in
            let ref = try TaskRoutes(service: service).reference(context)
            let body = try await HTTP.body(request)
            let before = body["before"]?.stringValue
            try await service.write { vault in
                try vault.reorderPlanned(vault.resolve(ref), before: try before.map { try vault.resolve($0) })
                return ()
            }
            return HTTP.noContent()
        }
    }

    /// The `{"region", "bucket", "date"}` of a request body.
    static func slot(_ body: JSONValue, _ vault: Vault) throws -> PlanSlot {
        try PlanSlot(region: body["region"]?.stringValue, bucket: body["bucket"]?.stringValue,
                     date: body["date"]?.stringValue, today: vault.clock.today)
    }

    static func date(_ text: String?, _ vault: Vault) throws -> LocalDate {
        guard let text, !text.isEmpty else { return vault.clock.today }
        return try DateInput.require(text, field: "date", today: vault.clock.today)
    }

    /// Plans an existing task, or moves a planned one: `{"region", "bucket", "date"}`, each
    /// optional (kept from the task's plan, else the time of day's region, `misc`, today).
    func plan(_ ref: String, _ request: Request) async throws -> Response {
        let body = try await HTTP.body(request)
        return HTTP.json(try await service.write { vault in
            let slot = try Self.slot(body, vault)
            let id = try vault.resolve(ref)
            let task = try vault.replan(id, region: slot.region, bucket: slot.bucket, on: slot.date)
            return TaskJSON.encode(task)
        })
    }

    /// Quick add into a bucket: `{"text": "Call Bob fri", "region", "bucket", "date"}` (or
    /// `title` and §3 fields instead of `text`); 201 with the task, 422 when the bucket is full.
    func quickAdd(_ request: Request) async throws -> Response {
        let fields = try await HTTP.object(request)
        let body = JSONValue.object(fields)
        let text = body["text"]?.stringValue
        let taskFields = fields.filter { !["text", "region", "bucket", "date"].contains($0.0) }
        let json = try await service.write { vault in
            let slot = try Self.slot(body, vault)
            let draft = try vault.draft(text: text, fields: taskFields, source: "user")
            let task = try vault.addPlanned(draft, on: slot.date ?? vault.clock.today,
                                            region: slot.region ?? .current(at: vault.clock),
                                            bucket: slot.bucket ?? .misc)
            return TaskJSON.encode(task)
        }
        return HTTP.json(json, status: .created)
    }

    /// The end-of-day review: `{"date", "open", "done", "total", "review_time", "tasks": [TASK…]}`.
    static func review(_ vault: Vault) throws -> String {
        try vault.board(on: vault.clock.today).reviewJSON(reviewTime: vault.settings().plannerReviewTime)
    }
}
