import ThreadAIStore
import ThreadAISupport

/// The thread names a `threadai-json` export brings (docs/FORMAT.md §11): the names of the
/// repository that exported it, which an import keeps as they are. Such names may clash among
/// themselves (§5.2) — `Topic` and `topic` made in two clones and merged with git — where a name an
/// importer derives from a source may not: the clash was already there, and `fsck` names it. On a
/// file system that folds case or Unicode form (macOS, Windows) the two are one file, so there the
/// second cannot be made, and is reported rather than written over the first.
///
/// A name the export's own `renames` map elsewhere was a ref still under a name renamed away there
/// (§5.4: `a→b` and `c→a` from two clones); it is made under that name too, not under the one the
/// renames give, which the export holds as a thread of its own.
struct ExportedNames: Sendable {
    private(set) var names: Set<ThreadName> = []
    /// Each name of the export that clashes with another of its names, and one such other name.
    private var clashes: [ThreadName: ThreadName] = [:]
    /// The names the export's renames map elsewhere.
    private var renamedAway: Set<ThreadName> = []

    init() {}

    init(_ exported: some Sequence<ThreadName>, renames: Renames) {
        renamedAway = Set(exported.filter(renames.isRenamedAway))
        // Keyed by folded components (String hashing follows canonical equivalence), as `fsck`'s
        // clash check is, so a large export is not compared pairwise.
        var byKey: [[String]: ThreadName] = [:]
        for name in exported {
            names.insert(name)
            let key = name.foldedComponents
            if let earlier = byKey[key] { (clashes[name], clashes[earlier]) = (earlier, name) } else { byKey[key] = name }
        }
        for name in names {
            let key = name.foldedComponents
            for length in 1..<max(1, key.count) {
                if let folder = byKey[Array(key.prefix(length))] { (clashes[name], clashes[folder]) = (folder, name) }
            }
        }
    }

    func contains(_ name: ThreadName) -> Bool { names.contains(name) }

    /// Whether `name` is placed as it is, not under the name the renames give it.
    func keepsAsItIs(_ name: ThreadName) -> Bool { renamedAway.contains(name) }

    /// Another name of the export that clashes with `name`, if any.
    func clash(of name: ThreadName) -> ThreadName? { clashes[name] }
}

extension Importer {
    /// Places the threads of a `threadai-json` export, each under its name (`placementName`):
    /// created, or moved forward from an ancestor; a thread of that name that holds
    /// other messages, or a name that clashes with another thread's here, is left as it is and
    /// reported as skipped, with the command that keeps the imported one. Nothing about a name stops
    /// the import halfway: the clashes an export brings among its own names are kept (`ExportedNames`).
    /// - Parameter renames: the export's own renames.
    mutating func placeExported(
        _ threads: [(name: ThreadName, head: ObjectID)], renames: Renames, item: String, summary: inout Summary
    ) throws(ImportError) {
        exportedNames = ExportedNames(threads.map(\.name), renames: renames)
        // Read anew: the names without the export's, the renames with the export's just recorded.
        (threadNames, self.renames) = (nil, nil)
        defer { (exportedNames, threadNames) = (ExportedNames(), nil) }
        // Every thread is decided before any ref moves, reading only: one that cannot be (its ref
        // here unreadable, a message between missing) stops the import with no thread moved.
        var decisions: [(name: ThreadName, id: ObjectID, decision: Decision)] = []
        for (recorded, id) in threads {
            let name = try placementName(of: recorded, item: item)
            decisions.append((name, id, try decide(name, at: id, item: item)))
        }
        for (name, id, decision) in decisions {
            let keep = "(the import's \(name) is \(id.short): '\(Remedy(.fork, "NEW-NAME", id.short))' keeps it)"
            switch try apply(decision, name, at: id, item: item, summary: &summary) {
            case .created, .moved, .unchanged:
                continue
            case .taken:
                summary.skipped.append("thread \(name): already exists with other messages; left as it is \(keep)")
            case .clashes(let other):
                summary.skipped.append("thread \(name): its name clashes with the thread '\(other)' here (names that differ only in case "
                    + "or Unicode form, or a name and a folder of names, are one file on macOS and Windows); not made \(keep)")
            }
        }
    }
}
