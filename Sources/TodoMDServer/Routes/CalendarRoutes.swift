import Foundation
import HTTPTypes
import Hummingbird
import TodoMDKit

/// `/calendar.ics`: the iCalendar feed of dated active tasks with alarms (§17, §22 "ICS"), for
/// any calendar app to subscribe to. `?vtodo=1` serves to-dos instead of events.
struct CalendarRoutes {
    let service: VaultService

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
