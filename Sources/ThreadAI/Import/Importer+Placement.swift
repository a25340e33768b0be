import ThreadAIStore

/// How the importer places one thread's ref (docs/FORMAT.md §4.6, §11): created when absent, moved
/// forward when at an ancestor, left alone when the thread went on from it, and reported when the
/// name holds other messages or clashes with another thread's. Deciding only reads; applying writes
/// by compare-and-swap, so an import can decide every thread before it moves any.
extension Importer {
    /// What became of a thread the import would place.
    enum Placement {
        case created, moved, unchanged
        /// The name holds other messages: its head.
        case taken(ObjectID)
        /// The name clashes with this thread's (docs/FORMAT.md §5.2), so it cannot be made here.
        case clashes(ThreadName)
    }

    /// What placing a thread will do, read before anything is written.
    enum Decision {
        case create
        /// Moves the thread forward from its head, an ancestor of the imported message.
        case move(from: ObjectID)
        case settled(Placement)
    }

    /// The name a thread of the import is placed under: its current name (§5.4), or, for a name an
    /// export keeps as it is, that name.
    mutating func placementName(of recorded: ThreadName, item: String) throws(ImportError) -> ThreadName {
        exportedNames.keepsAsItIs(recorded) ? recorded : try currentName(of: recorded, item: item)
    }

    mutating func placeRef(_ recorded: ThreadName, at id: ObjectID, item: String, summary: inout Summary) throws(ImportError) -> Placement {
        let name = try placementName(of: recorded, item: item)
        let placement = try apply(try decide(name, at: id, item: item), name, at: id, item: item, summary: &summary)
        switch placement {
        case .created, .moved, .unchanged: summary.threads.append(name)
        case .taken, .clashes: break
        }
        return placement
    }

    /// Writes what `decision` says. When another process (a second import of the same export) made
    /// or moved the thread since it was decided, it is decided again, once, with the names read anew.
    mutating func apply(
        _ decision: Decision, _ name: ThreadName, at id: ObjectID, item: String, summary: inout Summary
    ) throws(ImportError) -> Placement {
        do {
            return try write(decision, name, at: id, item: item, summary: &summary)
        } catch {
            switch error.cause {
            case .ref(.threadExists)?, .ref(.concurrentChange)?:
                threadNames = nil
                return try write(try decide(name, at: id, item: item), name, at: id, item: item, summary: &summary)
            default:
                throw error
            }
        }
    }

    /// What placing thread `name` at `id` will do; reads the ref, the history between, the names.
    mutating func decide(_ name: ThreadName, at id: ObjectID, item: String) throws(ImportError) -> Decision {
        do {
            let heads = try repository.refs.heads(of: name)
            if heads == [id] { return .settled(.unchanged) }
            if let other = exportedNames.clash(of: name), !heads.isEmpty, try !repository.refs.names().contains(name) {
                return .settled(.clashes(other))  // A file system that folds case read the other name's ref: it is not this one.
            }
            if heads.isEmpty {
                let names = try threadNames ?? repository.newThreadNames(ignoringAll: exportedNames.names)
                threadNames = names
                do {
                    try names.check(name, exported: exportedNames.contains(name))
                } catch {
                    // Decided before any ref moves, so that a clash is reported, never an import stopped halfway.
                    guard case .ref(.conflictingName(_, let existing)) = error else { throw error }
                    return .settled(.clashes(existing))
                }
                return .create
            } else if heads.count == 1, try isAncestor(heads[0], of: id) {
                return .move(from: heads[0])
            } else if heads.count == 1, try isAncestor(id, of: heads[0]) {
                return .settled(.unchanged)  // The thread went on from what is imported (a send after the import).
            } else {
                return .settled(.taken(heads[0]))
            }
        } catch {
            throw Self.failure(error, name, item: item)
        }
    }

    private mutating func write(
        _ decision: Decision, _ name: ThreadName, at id: ObjectID, item: String, summary: inout Summary
    ) throws(ImportError) -> Placement {
        let message = "import: \(item)"
        do {
            switch decision {
            case .settled(let placement):
                return placement
            case .create:
                do {
                    try repository.refs.update(name, to: id, expecting: .absent, reflogMessage: message)
                } catch {
                    // Where the file system folds case, a name the export holds beside a clashing one is that one's file.
                    guard let other = exportedNames.clash(of: name) else { throw error }
                    return .clashes(other)
                }
                // An export's names may clash among themselves (`ExportedNames`): only the others are indexed.
                if !exportedNames.contains(name) { threadNames?.insert(name) }
                summary.movedRefs += 1
                return .created
            case .move(let from):
                try repository.refs.update(name, to: id, expecting: .head(from), reflogMessage: message)
                summary.movedRefs += 1
                return .moved
            }
        } catch {
            throw Self.failure(error, name, item: item)
        }
    }

    private static func failure(_ error: any Error, _ name: ThreadName, item: String) -> ImportError {
        if let error = error as? ImportError { return error }
        var failure = ImportError(item: "thread \(name) (\(item))", reason: "\(error)")
        failure.cause = ThreadError(wrapping: error)
        return failure
    }

    private func isAncestor(_ ancestor: ObjectID, of id: ObjectID) throws -> Bool {
        var current: ObjectID? = id
        while let next = current {
            if next == ancestor { return true }
            current = try repository.objects.header(next).parent
        }
        return false
    }
}
