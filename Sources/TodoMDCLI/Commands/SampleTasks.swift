import Foundation
import TodoMDKit

/// A handful of realistic tasks for `init --sample` and a first `serve`, dated around today: a
/// project with subtasks (one waiting for the other), a checklist, two tasks done (so the Logbook
/// and the Insights have something to show), and a template to start from.
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
            ("Sort out the garage", [:], "- [ ] Donate the old bike\n- [x] Recycle the paint cans\n- [ ] Sweep the floor\n"),
        ]
        var ids: [String: String] = [:]
        for (title, fields, body) in samples {
            var task = TodoTask(title: title, created: vault.clock.now, source: "user")
            task.apply(TaskChanges(fields.mapValues { Optional($0) }))
            task.body = body
            ids[title] = try vault.add(task).id
        }
        // The offsite's steps: the agenda waits for the venue.
        var venue = TodoTask(title: "Book the venue", created: vault.clock.now, source: "user")
        venue.apply(TaskChanges([.due: day(5), .parent: ids["Plan team offsite"].map(FieldValue.string)]))
        let venueID = try vault.add(venue).id
        var agenda = TodoTask(title: "Send the agenda", created: vault.clock.now, source: "user")
        agenda.apply(TaskChanges([.parent: ids["Plan team offsite"].map(FieldValue.string), .blockedBy: .list([venueID])]))
        _ = try vault.add(agenda)
        // Done already.
        for title in ["Pay the electricity bill", "Water the plants"] {
            _ = try vault.complete(try vault.add(TodoTask(title: title, created: vault.clock.now, source: "user")).id)
        }
        // A task to repeat by hand, kept as a template too ("New from template").
        var review = TodoTask(title: "Weekly review", created: vault.clock.now, source: "user")
        review.apply(TaskChanges([.scheduled: day(7 - (today.weekday + 2) % 7), .tags: .list(["review"]), .estimatedMinutes: .int(30)]))
        review.body = "- [ ] Empty the inbox\n- [ ] Look at next week's calendar\n- [ ] Pick three things that matter\n"
        let reviewID = try vault.add(review).id
        _ = try? vault.saveTemplate(from: reviewID, name: "weekly-review")
        return samples.count + 5
    }
}
