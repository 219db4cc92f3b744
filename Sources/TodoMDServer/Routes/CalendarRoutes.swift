import Foundation
import HTTPTypes
import Hummingbird
import TodoMDKit

/// `/calendar.ics`: the iCalendar feed of dated active tasks with alarms (§17, §22 "ICS"), for
/// any calendar app to subscribe to. `?vtodo=1` serves to-dos instead of events.
///
/// `/api/v1/calendar?from=D&to=D`: the agenda of §25 (external calendars' events from their last
/// fetched copies, so a slow calendar never holds the page up; the server fetches them apart),
/// and `/api/v1/calendars` to list, add and remove external calendars.
struct CalendarRoutes {
    let service: VaultService

    func register(api: RouterGroup<BasicRequestContext>) {
        api.get("calendar") { request, _ in
            let query = HTTP.query(request)
            return HTTP.json(try await service.read { vault in
                let today = vault.clock.today
                let from = try query["from"].map { try DateInput.require($0, field: "from", today: today) } ?? today
                let to = try query["to"].map { try DateInput.require($0, field: "to", today: today) } ?? from.adding(days: 6)
                guard to >= from, from.days(until: to) < 366 else {
                    throw TodoError.invalidValue(field: "to", value: query["to"] ?? "", reason: "on or after `from`, within a year")
                }
                return try vault.agenda(from: from, days: from.days(until: to) + 1, refresh: .never).json
            })
        }
        api.get("free") { request, _ in
            let query = HTTP.query(request)
            return HTTP.json(try await service.read { vault in
                let today = vault.clock.today
                let date = try query["date"].map { try DateInput.require($0, field: "date", today: today) } ?? today
                let text = query["duration"] ?? "30"
                guard let minutes = ImportValues.minutes(text.lowercased()), minutes > 0, minutes <= 1440 else {
                    throw TodoError.invalidValue(field: "duration", value: text, reason: "a length of time such as 30m or 1h")
                }
                return try vault.freeTime(on: date, minutes: minutes, refresh: .never).json.compact()
            })
        }
        api.get("calendars") { _, _ in
            HTTP.json(try await service.read { vault in
                JSONValue.object([("calendars", .array(try vault.calendars(refresh: .never).map(Self.json)))]).compact()
            })
        }
        api.post("calendars") { request, _ in
            let body = try await HTTP.body(request)
            let source = CalendarSource(name: body["name"]?.stringValue ?? "", url: body["url"]?.stringValue,
                                        path: body["path"]?.stringValue, color: body["color"]?.stringValue)
            let plan = try await service.write { vault in
                try vault.addCalendar(source)
                return (try vault.settings().calendars, vault.cacheFolder, vault.environment, vault.clock.timeZone)
            }
            // Fetched now, outside the vault's queue: a slow calendar holds up only this answer.
            _ = await Self.refreshOffThread(plan.0.filter { $0.name == source.name.trimmingCharacters(in: .whitespaces) },
                                            cacheFolder: plan.1, environment: plan.2, timeZone: plan.3)
            return HTTP.json(try await service.read { vault in
                JSONValue.object([("calendars", .array(try vault.calendars(refresh: .never).map(Self.json)))]).compact()
            }, status: .created)
        }
        api.delete("calendars/:name") { _, context in
            let name = context.parameters.get("name") ?? ""
            try await service.write { vault in try vault.removeCalendar(named: name) }
            return HTTP.noContent()
        }
    }

    /// ``CalendarSources/refreshStale(_:cacheFolder:environment:timeZone:)`` on a thread of its own:
    /// a fetch waits for the network, which must not hold one of the few threads tasks run on.
    static func refreshOffThread(_ sources: [CalendarSource], cacheFolder: String, environment: [String: String],
                                 timeZone: TimeZone) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: CalendarSources.refreshStale(sources, cacheFolder: cacheFolder,
                                                                            environment: environment, timeZone: timeZone))
            }
        }
    }

    static func json(_ calendar: LoadedCalendar) -> JSONValue {
        .object([("name", .string(calendar.source.name)), ("url", calendar.source.url.map(JSONValue.string) ?? .null),
                 ("path", calendar.source.path.map(JSONValue.string) ?? .null),
                 ("color", calendar.source.color.map(JSONValue.string) ?? .null),
                 ("events", .number(Double(calendar.reader?.events.count ?? 0))),
                 ("error", calendar.error.map(JSONValue.string) ?? .null),
                 ("updated", calendar.updated.map { .string(DateTimeFormat.string($0)) } ?? .null)])
    }

    func register(on router: Router<BasicRequestContext>) {
        router.get("calendar.ics") { request, _ in
            let query = HTTP.query(request)
            let component: ICalendar.Component = ["1", "true", "yes"].contains(query["vtodo"]?.lowercased() ?? "")
                ? .todo : .event
            let text = try await service.read { try $0.calendar(component) }
            return Self.calendar(text)
        }
        router.head("calendar.ics") { _, _ in Self.calendar("").withoutBody }
    }

    static func calendar(_ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/calendar; charset=utf-8"
        headers[.contentDisposition] = "inline; filename=\"todomd.ics\""
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
