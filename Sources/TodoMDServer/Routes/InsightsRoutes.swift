import Hummingbird
import TodoMDKit

/// Insights (§27): `GET /api/v1/stats?weeks=N`, the JSON of `todomd stats --json`.
struct InsightsRoutes {
    let service: VaultService

    func register(on api: RouterGroup<BasicRequestContext>) {
        api.get("stats") { request, _ in
            let text = HTTP.query(request)["weeks"].flatMap { $0.isEmpty ? nil : $0 }
            let weeks = try text.map { text in
                guard let n = Int(text) else {
                    throw TodoError.invalidValue(field: "weeks", value: text, reason: "a number of weeks from 1 to 52")
                }
                return n
            } ?? Insights.defaultWeeks
            return HTTP.json(try await service.read { try $0.insights(weeks: weeks).json.compact() })
        }
    }
}
