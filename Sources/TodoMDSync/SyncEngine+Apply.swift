import Foundation
import GRDB
import TodoMDKit

extension SyncEngine {
    /// Applies one row from the server: recognizes our own changes, writes remote changes to the
    /// files, and merges field by field where the file changed here too.
    ///
    /// A file that changed since the scan is left alone (the write is conflict-checked): its
    /// change is recorded next pass, and its push, made against the older revision, is refused,
    /// so the row is fetched and merged then — nothing is lost.
    func apply(_ row: RemoteRow, _ db: Database, _ summary: inout SyncSummary, vaultID: String) throws {
        let kind = row.kind
        let base = try state.base(db, kind, row.id)
        let pending = try state.outbox(db, kind, row.id)

        // Our own changes coming back.
        if let changeID = row.changeID {
            if base?.changeID == changeID {
                try state.setBaseRevision(db, kind, row.id, row.revision)
                if let pending, pending.baseRevision == base?.revision {
                    try state.setOutboxBaseRevision(db, kind, row.id, row.revision)
                }
                return
            }
            if let pending, pending.changeID == changeID {
                // Pushed, but the process stopped before it heard back: the push counts.
                try acknowledge(pending, revision: row.revision, db)
                return
            }
            if let earlier = try state.superseded(db, kind, row.id, changeID: changeID) {
                // An earlier version of a change still pending here: it is the new base.
                try state.saveBase(db, BaseEntry(kind: kind, id: row.id, path: earlier?.path ?? base?.path ?? "",
                                                 hash: "", size: -1, mtime: -1, revision: row.revision,
                                                 changeID: changeID, deleted: earlier == nil), record: earlier)
                try state.setOutboxBaseRevision(db, kind, row.id, row.revision)
                return
            }
        }

        // Another vault's version beat ours in a conflict it resolved: keep ours as a copy (§22).
        if let loser = row.conflictLoser, let base, loser == base.changeID, loser.hasPrefix(vaultID + ":"),
           let lost = try state.baseRecord(db, kind, row.id) {
            let near = pending?.path ?? base.path
            do {
                let bytes = try files.render(kind, id: row.id, record: lost, target: near, existing: nil)
                summary.conflictCopies.append(try files.writeConflictCopy(of: near, bytes: bytes))
                summary.conflicts += 1
            } catch {
                summary.skipped.append("\(near): the conflict copy could not be written (\(error.localizedDescription))")
            }
        }

        guard let pending else {
            try applyUnchanged(row, base: base, db, &summary)
            return
        }
        switch (pending.record, row.record) {
        case (nil, nil):
            // Deleted on both sides.
            try saveRemoteBase(row, path: pending.path, stamp: nil, db)
            try state.dequeue(db, kind, row.id)
        case let (nil, remote?):
            // Deleted here, changed there: the edit wins; the file comes back.
            do {
                let written = try files.write(kind, id: row.id, record: remote, current: nil, expectedHash: nil)
                try saveRemoteBase(row, path: written.path, stamp: written.snapshot.stamp, db)
                try state.dequeue(db, kind, row.id)
                summary.pulled += 1
            } catch {
                summary.skipped.append("\(remote.path): \(error.localizedDescription)")
            }
        case (_?, nil):
            // Changed here, deleted there: the edit wins; it is pushed again over the tombstone.
            try saveRemoteBase(row, path: pending.path, stamp: nil, db)
            try state.setOutboxBaseRevision(db, kind, row.id, row.revision)
        case let (local?, remote?):
            try merge(row, local: local, remote: remote, base: base, pending: pending, db, &summary, vaultID: vaultID)
        }
    }

    /// A remote change to a row not changed here: the file takes it.
    private func applyUnchanged(_ row: RemoteRow, base: BaseEntry?, _ db: Database, _ summary: inout SyncSummary) throws {
        let current = base.flatMap { $0.deleted ? nil : $0 }
        do {
            if let record = row.record {
                let written = try files.write(row.kind, id: row.id, record: record, current: current?.path,
                                              expectedHash: current.flatMap { $0.hash.isEmpty ? nil : $0.hash })
                try saveRemoteBase(row, path: written.path, stamp: written.snapshot.stamp, db)
                summary.pulled += 1
            } else {
                if let current, try files.trash(current.path, expectedHash: current.hash.isEmpty ? nil : current.hash) != nil {
                    summary.pulled += 1
                }
                try saveRemoteBase(row, path: current?.path ?? base?.path ?? row.id, stamp: nil, db)
            }
        } catch TodoError.conflict(let path) {
            // Changed here since the scan: the base stays, so next pass's push is made against the
            // older revision, refused, and the row fetched and merged then.
            summary.skipped.append("\(path): changed while syncing; it is synced next time")
        }
    }

    /// Both sides changed the row: merge field by field against the base.
    private func merge(_ row: RemoteRow, local: SyncRecord, remote: SyncRecord, base: BaseEntry?, pending: OutboxEntry,
                       _ db: Database, _ summary: inout SyncSummary, vaultID: String) throws {
        let kind = row.kind
        let baseRecord = base.flatMap { $0.deleted ? nil : $0 } == nil ? nil : try state.baseRecord(db, kind, row.id)
        let merge = FieldMerge(base: baseRecord, local: local, remote: remote)
        if !merge.conflicts.isEmpty { summary.conflicts += 1 }
        do {
            if merge.localLost {
                // The local version lost a field: it is kept beside the file as it was (§22).
                var bytes: [UInt8]
                if let current = try? files.folder.read(pending.path), current.stamp.hash == pending.hash {
                    bytes = current.bytes
                } else {
                    bytes = try files.render(kind, id: row.id, record: local, target: pending.path, existing: nil)
                }
                summary.conflictCopies.append(try files.writeConflictCopy(of: pending.path, bytes: bytes))
            }
            var file = (path: pending.path, hash: pending.hash, size: pending.size, mtime: pending.mtime)
            if merge.merged != local {
                let written = try files.write(kind, id: row.id, record: merge.merged, current: pending.path,
                                              expectedHash: pending.hash)
                let stamp = written.snapshot.stamp
                file = (written.path, stamp.hash, stamp.size, stamp.mtime)
                summary.pulled += 1
            }
            if merge.merged == remote {
                try state.saveBase(db, BaseEntry(kind: kind, id: row.id, path: file.path, hash: file.hash, size: file.size,
                                                 mtime: file.mtime, revision: row.revision, changeID: row.changeID,
                                                 deleted: false), record: remote)
                try state.dequeue(db, kind, row.id)
            } else {
                try saveRemoteBase(row, path: base?.path ?? file.path, stamp: nil, db)
                try state.enqueue(db, OutboxEntry(
                    kind: kind, id: row.id, changeID: newChangeID(vaultID), path: file.path, hash: file.hash,
                    size: file.size, mtime: file.mtime, record: merge.merged, baseRevision: row.revision,
                    conflictLoser: merge.remoteLost ? row.changeID : nil))
            }
        } catch TodoError.conflict(let path) {
            // The file changed again since the scan: the row is merged next pass.
            summary.skipped.append("\(path): changed while syncing; it is synced next time")
        }
    }

    /// The row as the server has it becomes the base; `stamp` is the file's when it matches.
    private func saveRemoteBase(_ row: RemoteRow, path: String, stamp: FileStamp?, _ db: Database) throws {
        try state.saveBase(db, BaseEntry(kind: row.kind, id: row.id, path: path, hash: stamp?.hash ?? "",
                                         size: stamp?.size ?? -1, mtime: stamp?.mtime ?? -1, revision: row.revision,
                                         changeID: row.changeID, deleted: row.record == nil),
                           record: row.record)
    }
}
