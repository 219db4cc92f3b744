import Foundation

extension Vault {
    /// The tasks a brain dump proposes (§26), read against this vault's areas and projects.
    /// Nothing is written.
    public func ramble(_ text: String) throws -> [QuickEntryResult] {
        Ramble.proposals(text, today: clock.today, now: clock.localNow.time, knownAreas: try areas().map(\.name),
                         knownProjects: try projects().map(\.name),
                         firstOccurrence: { RecurrenceInput.firstOccurrence($0, onOrAfter: $1) })
    }

    /// Creates the approved proposals (each an object of §3 fields, as the review left them),
    /// all or nothing: every proposal is checked before the first file is written. New tasks get
    /// `source: "voice-ramble"`.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming the first bad proposal.
    public func commitRamble(_ proposals: [[(String, JSONValue)]]) throws -> [TodoTask] {
        let drafts = try proposals.enumerated().map { index, fields -> TodoTask in
            do {
                return try draft(text: nil, fields: fields.filter { $0.0 != "source" }, source: Ramble.source)
            } catch let error as TodoError {
                guard case let .invalidValue(field, value, reason) = error else { throw error }
                throw TodoError.invalidValue(field: "tasks[\(index)].\(field)", value: value, reason: reason)
            }
        }
        return try drafts.map { try add($0) }
    }
}
