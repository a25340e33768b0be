import ThreadAISupport
extension Repository {
    /// What `fsck` finds by reading every object: each one's id, syntax, parent and merge link.
    struct ObjectCheck {
        /// In id order, as a loop over the objects would report them.
        var problems: [RepositoryProblem] = []
        /// Per id of `known`: whether some message names it as its parent.
        var hasChild: [Bool]
        /// Whether some object could not be read or parsed (its parent is then unknown).
        var anyUnreadable = false
        /// The positions in `known` of the messages whose parent is missing (what lies above such a
        /// gap is cut off), in order.
        var missingParents: [Int] = []
        var anyMissingParent: Bool { !missingParents.isEmpty }
        /// Per id of `known`: the position of its parent in `known`, or -1 (a root, a missing parent,
        /// an unreadable object): what tells which messages the threads reach.
        var parentPosition: [Int32]
    }

    /// Reads, verifies and parses every object of `known` on every core, a run of ids of one folder
    /// at a time (each run opens its folder once); the runs' findings are taken in id order, so the
    /// problems are exactly those of a loop over the ids, and only a window of them exists at once
    /// (never the objects' bytes, which each run drops as it goes).
    func checkObjects(_ known: SortedIDs) -> ObjectCheck {
        let ids = known.ids
        var check = ObjectCheck(
            hasChild: [Bool](repeating: false, count: ids.count), parentPosition: [Int32](repeating: -1, count: ids.count))
        let runs = Self.folderRuns(ids)
        let objects = objects
        OrderedParallel.forEach(count: runs.count, window: 64) { run in
            let folder = ObjectFolder(objects, holding: ids[runs[run].lowerBound])
            return runs[run].map { Self.checkObject(ids[$0], at: $0, in: folder, of: objects, known: known) }
        } consume: { reports in
            for report in reports {
                if let parent = report.parentPosition {
                    check.hasChild[parent] = true
                    check.parentPosition[report.position] = Int32(parent)
                }
                check.problems += report.problems
                check.anyUnreadable = check.anyUnreadable || report.isUnreadable
                if report.hasMissingParent { check.missingParents.append(report.position) }
            }
        }
        return check
    }

    /// One object's findings.
    private struct ObjectReport: Sendable {
        /// The message's own position in `known`.
        var position: Int
        /// The position in `known` of the message's parent, when it has one that is there.
        var parentPosition: Int?
        var problems: [RepositoryProblem] = []
        var isUnreadable = false
        var hasMissingParent = false
    }

    private static func checkObject(
        _ id: ObjectID, at position: Int, in folder: borrowing ObjectFolder, of objects: ObjectStore, known: SortedIDs
    ) -> ObjectReport {
        var report = ObjectReport(position: position)
        func problem(_ severity: RepositoryProblem.Severity, _ message: String, remedy: String? = nil) {
            report.problems.append(RepositoryProblem(
                severity: severity, id: id, path: objects.location(of: id), message: message, remedy: remedy))
        }
        do {
            let header = try folder.header(id)
            if let parent = header.parent {
                report.parentPosition = known.position(of: parent)
                if report.parentPosition == nil {
                    report.hasMissingParent = true
                    problem(.error, "its parent \(parent.hex) is missing", remedy: restoreRemedy(objects.path(of: parent)))
                }
            }
            if let link = header.mergeLink, known.position(of: link.from) == nil {
                // §4.8: a clone may lack a local sub-thread's messages; the link is informative.
                problem(.warning, "it merged the outcome of \(link.from.hex) (thread '\(link.thread)'), "
                    + "which is not in this repository (a local thread's message, or one never shared)")
            }
        } catch {
            report.isUnreadable = true
            let location = objects.location(of: id)
            // A packed copy is restored with its pack; a loose file from the commit that added it.
            problem(.error, reason(error), remedy: location == objects.path(of: id) ? restoreRemedy(location) : restorePackRemedy(location))
        }
        return report
    }

    /// How to get a message's file back: objects never change, so any clone's copy is the same, and
    /// so is any commit's: the last commit that added the file has it, and its whole `objects` folder
    /// brings back the message's missing ancestors too (a `git revert` or `cherry-pick` took several).
    /// `git checkout -- PATH` alone restores only a file the index still has.
    static func restoreRemedy(_ path: String) -> String {
        let objects = FilePaths.directoryName(of: FilePaths.directoryName(of: path))
        return "restore it from the last commit that added it, with the messages before it: "
            + "git checkout \"$(git log --all -n 1 --format=%H --diff-filter=A -- '\(path)')\" -- '\(objects)' "
            + "(when .threadai is not in git: copy the file from another clone or a backup), then run '\(Remedy(.check))' again"
    }

    /// The sorted ids cut into runs of at most 64 that share their folder (their first byte): units
    /// of work small enough that the cores finish a window at about the same time.
    private static func folderRuns(_ ids: [ObjectID]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        while start < ids.count {
            let folder = ids[start].leadingByte
            var end = start + 1
            while end < ids.count && end - start < 64 && ids[end].leadingByte == folder { end += 1 }
            runs.append(start..<end)
            start = end
        }
        return runs
    }

    /// The reason alone, without the advice the error's description adds for other commands.
    private static func reason(_ error: ObjectError) -> String {
        switch error {
        case .missing: return "missing"
        case .corrupt(_, _, let actual): return "corrupt: the file hashes to \(actual.hex)"
        case .malformed(_, _, let reason): return "malformed: \(reason)"
        case .fileSystem(let error): return error.description
        }
    }
}

/// Ids in ascending order: membership without a hash table.
struct SortedIDs: Sendable {
    let ids: [ObjectID]

    init(_ sorted: [ObjectID]) {
        ids = sorted
    }

    func position(of id: ObjectID) -> Int? {
        ObjectID.position(of: id, count: ids.count) { ids[$0] }
    }
}
