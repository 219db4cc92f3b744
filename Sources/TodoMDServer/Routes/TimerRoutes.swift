import Foundation
import Hummingbird
import TodoMDKit

/// Time tracking (§27): `POST /api/v1/tasks/{ref}/timer/start`, `POST /api/v1/timer/stop`,
/// `GET /api/v1/timer`, `POST /api/v1/tasks/{ref}/time-entries` (a finished Pomodoro work
/// period), `GET /api/v1/time?from&to&by`.
struct TimerRoutes {
    let service: VaultService

    func register(on api: RouterGroup<BasicRequestContext>) {
        api.get("timer") { _, _ in
            // `{"timer": TIMER|null, "pomodoro": {"work": 25, "break": 5}, "now": "…Z"}`: the
            // server's now sets the page's clock, which runs the elapsed times and the Pomodoro.
            HTTP.json(try await service.read { vault in
                let settings = try vault.settings()
                let now = vault.clock.now
                return "{\"timer\":" + Self.json(try vault.runningTimer(), now: now)
                    + ",\"pomodoro\":{\"work\":\(settings.pomodoroWork),\"break\":\(settings.pomodoroBreak)}"
                    + ",\"now\":\"" + DateTimeFormat.string(now) + "\"}"
            })
        }
        api.post("tasks/:ref/timer/start") { request, context in
            // `{"note": TEXT}` (optional) → `{"timer": TIMER, "stopped": [TASK]}`.
            let body = try await HTTP.body(request)
            let note = body["note"]
            if let note, note.stringValue == nil, !note.isNull {
                throw APIError.wrongType(field: "note", expected: "text")
            }
            let ref = try TaskRoutes(service: service).reference(context)
            return HTTP.json(try await service.write { vault in
                let started = try vault.startTimer(try vault.resolveIncludingClosed(ref), note: note?.stringValue)
                return "{\"timer\":" + Self.json(started.running, now: vault.clock.now) + ",\"stopped\":["
                    + started.stopped.map(TaskJSON.encode).joined(separator: ",") + "]}"
            })
        }
        api.post("timer/stop") { _, _ in
            // `{"stopped": [TASK]}`: empty when no timer ran.
            HTTP.json(try await service.write { vault in
                "{\"stopped\":[" + (try vault.stopTimer()).map(TaskJSON.encode).joined(separator: ",") + "]}"
            })
        }
        api.post("tasks/:ref/time-entries") { request, context in
            // `{"start", "end", "note"}` → TASK, with the entry appended.
            let body = try await HTTP.body(request)
            guard let entry = TimeEntry(json: body), entry.end != nil else {
                throw TodoError.invalidValue(field: "time_entries", value: body.compact(),
                                             reason: "{\"start\": ISO 8601, \"end\": ISO 8601 not before start, \"note\": text}")
            }
            let ref = try TaskRoutes(service: service).reference(context)
            return HTTP.json(try await service.write { vault in
                TaskJSON.encode(try vault.addTimeEntry(try vault.resolveIncludingClosed(ref), entry))
            }, status: .created)
        }
        api.get("time") { request, _ in
            // The §27 report: `{"from", "to", "by", "rows": [{"key", "minutes"}], "total_minutes"}`.
            let query = HTTP.query(request)
            let byName = query["by"] ?? "project"
            guard let by = TimeReport.Grouping(rawValue: byName) else {
                throw TodoError.invalidValue(field: "by", value: byName, reason: "project, area, tag or day")
            }
            return HTTP.json(try await service.read { vault in
                let today = vault.clock.today
                let from = try query["from"].map { try DateInput.require($0, field: "from", today: today) }
                let to = try query["to"].map { try DateInput.require($0, field: "to", today: today) }
                return try vault.timeReport(from: from, to: to, by: by).json.compact()
            })
        }
    }

    /// TIMER (``Vault/RunningTimer/json(now:)``), or `null`.
    static func json(_ timer: Vault.RunningTimer?, now: Date) -> String {
        timer?.json(now: now) ?? "null"
    }
}
