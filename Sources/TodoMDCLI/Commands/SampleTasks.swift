import Foundation
import TodoMDKit

/// A handful of realistic tasks for `init --sample` and a first `serve`, dated around today.
package enum SampleTasks {
    package static func add(to vault: Vault) throws -> Int {
        let today = vault.clock.today
        func day(_ n: Int) -> FieldValue { .date(today.adding(days: n)) }
        let samples: [(String, [TaskField: FieldValue], String)] = [
            ("Buy groceries for meal prep", [.due: day(2), .area: .string("Personal"), .project: .string("Meal Prep"),
                                              .tags: .list(["errands", "food"]), .estimatedMinutes: .int(45),
                                              .recurrence: .string("FREQ=WEEKLY;BYDAY=SA")],
             "Pick up chicken, rice, broccoli, and sweet potatoes.\n"),
            ("Renew passport", [.due: day(-2), .priority: .string("high"), .area: .string("Personal"),
                                .tags: .list(["admin"])], ""),
            ("Review pull request for auth service", [.due: day(0), .area: .string("Work"),
                                                      .project: .string("Auth Service"), .flagged: .bool(true)], ""),
            ("Write quarterly report", [.scheduled: day(0), .area: .string("Work"), .priority: .string("medium"),
                                        .estimatedMinutes: .int(120)], ""),
            ("Plan team offsite", [.due: day(9), .area: .string("Work"), .project: .string("Offsite"),
                                   .description: .string("Venue, agenda and travel for 12 people")], ""),
            ("Call the dentist", [.deferDate: day(0), .tags: .list(["health", "calls"]), .estimatedMinutes: .int(10)], ""),
            ("Read \"Deep Work\"", [.status: .string("someday"), .tags: .list(["reading"])], ""),
            ("Back up the photo library", [.deferDate: day(5), .area: .string("Personal"), .tags: .list(["tech"])], ""),
            ("Book flights for the holidays", [.scheduled: day(3), .area: .string("Personal"), .project: .string("Holidays"),
                                               .flagged: .bool(true)], ""),
            ("Sort out the garage", [:], "Donate the old bike; recycle paint cans.\n"),
        ]
        for (title, fields, body) in samples {
            var task = TodoTask(title: title, created: vault.clock.now, source: "user")
            task.apply(TaskChanges(fields.mapValues { Optional($0) }))
            task.body = body
            _ = try vault.add(task)
        }
        return samples.count
    }
}
