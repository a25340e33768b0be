#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAISupport

/// One thing `fsck` found wrong, with where it is.
public struct RepositoryProblem: Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }
    public var severity: Severity
    public var id: ObjectID?
    public var path: String
    public var message: String
    /// The command or step that fixes it, when there is one.
    public var remedy: String?

    public init(severity: Severity, id: ObjectID?, path: String, message: String, remedy: String? = nil) {
        (self.severity, self.id, self.path, self.message, self.remedy) = (severity, id, path, message, remedy)
    }

    public var description: String {
        "\(severity.rawValue): \(id.map { "message \($0.hex): " } ?? "")\(message) (\(path))"
            + (remedy.map { "\n  fix: \($0)" } ?? "")
    }
}

extension Repository {
    /// Verifies every object's id and syntax, every parent link, every ref and `HEAD`
    /// (docs/FORMAT.md). Reads the whole repository; reports every problem instead of stopping at one.
    public func check() throws(RepositoryError) -> (problems: [RepositoryProblem], objectCount: Int) {
        var problems: [RepositoryProblem] = []
        func problem(_ severity: RepositoryProblem.Severity, _ id: ObjectID?, _ path: String, _ message: String) {
            problems.append(RepositoryProblem(severity: severity, id: id, path: path, message: message))
        }
        var ids: [ObjectID]
        do {
            let inventory = try objects.inventory()
            ids = inventory.ids
            problems += strayProblems(inventory.strays)
            problems += packProblems()
        } catch {
            throw .fileSystem(error)
        }
        // One sorted array and a flag per object, not sets of ids: a quarter of a million objects
        // stay within a few megabytes.
        ids.sort()
        let known = SortedIDs(ids)
        // The refs, tags and leftovers need no object's content: they are read beside the objects.
        let refSide = BackgroundWork { [self] in refCheck(known: known) }
        let objectCheck = checkObjects(known)
        problems += objectCheck.problems
        let refFindings = refSide.wait()
        if objectCheck.anyMissingParent, let tips = refFindings.tips {
            problems = Self.unreachableGapsAsWarnings(problems, check: objectCheck, known: known, tips: tips)
        }
        problems += refFindings.problems
        // An unreadable message hides which message is its parent, and a missing one (a parent, or
        // a thread's head) cuts its history in two: which messages the threads reach is unknown
        // then, so none is called "on no thread" (the errors above say what to restore).
        if !objectCheck.anyUnreadable, !objectCheck.anyMissingParent, let tips = refFindings.tips,
           tips.allSatisfy({ known.position(of: $0) != nil }) {
            problems += danglingProblems(
                ids.indices.lazy.filter { !objectCheck.hasChild[$0] }.map { ids[$0] }, tips: tips.union(refFindings.replacedPartials))
        }
        problems += try refFindings.leftovers.get()
        problems += anchorNoteProblems(known: known)
        return (problems, ids.count)
    }

    /// A missing parent under a message no thread reaches is what an import or a write cut short
    /// leaves (its objects are stored in id order, not parents first): every thread is whole, so it is
    /// a warning, with the remedy that fits; under a message a thread reaches it stays an error.
    private static func unreachableGapsAsWarnings(
        _ problems: [RepositoryProblem], check: ObjectCheck, known: SortedIDs, tips: Set<ObjectID>
    ) -> [RepositoryProblem] {
        var reached = [Bool](repeating: false, count: known.ids.count)
        for tip in tips {
            var next = known.position(of: tip)
            while let position = next, !reached[position] {
                reached[position] = true
                let parent = Int(check.parentPosition[position])
                next = parent >= 0 ? parent : nil
            }
        }
        let cutShort = Set(check.missingParents.filter { !reached[$0] }.map { known.ids[$0] })
        return problems.map { problem in
            // A message whose parent is missing parsed, so the missing parent is its one error.
            guard problem.severity == .error, let id = problem.id, cutShort.contains(id) else { return problem }
            return RepositoryProblem(
                severity: .warning, id: id, path: problem.path,
                message: problem.message + ", and no thread reaches this message: an import or a write was cut short "
                    + "before it stored the rest (every thread is whole)",
                remedy: "run the import again, which stores what is missing; or leave it: nothing uses it")
        }
    }

    /// Files among the objects that are not objects. Temporary files are what a writer killed before
    /// it renamed them leaves (an import leaves thousands): past `strayListLimit` they are one
    /// warning, with one command that removes them all, not a line each.
    private func strayProblems(_ strays: [String]) -> [RepositoryProblem] {
        let isTemporary = { (path: String) in path.split(separator: "/").last?.hasPrefix(".tmp-") == true }
        let temporaryCount = strays.count(where: isTemporary)
        let listed = temporaryCount > Self.strayListLimit ? strays.filter { !isTemporary($0) } : strays
        var problems = listed.map { stray in
            RepositoryProblem(severity: .warning, id: nil, path: stray,
                              message: "not an object (a left-over temporary file or a stray); it can be removed")
        }
        if temporaryCount > Self.strayListLimit {
            problems.append(RepositoryProblem(
                severity: .warning, id: nil, path: objects.directory,
                message: "\(temporaryCount) temporary files left by writes that were stopped (an import or a send killed "
                    + "part way); the objects they were for are unchanged",
                remedy: "while no \(Remedy.program) process runs on this repository: find '\(objects.directory)' -name '.tmp-*' -delete"))
        }
        return problems
    }

    /// How many temporary files among the objects `fsck` names one by one.
    static let strayListLimit = 10

    /// What `fsck` finds in the refs, the tags and what crashes left behind.
    private struct RefCheck: Sendable {
        /// The refs' and tags' problems, in the order `fsck` reports them.
        var problems: [RepositoryProblem] = []
        /// What keeps messages reachable: every thread's heads, a detached HEAD, every tag; nil
        /// when a ref cannot be read (then nothing can be called unreachable).
        var tips: Set<ObjectID>?
        /// The partial replies `retry` and `continue` replaced, which stay apart by design.
        var replacedPartials: Set<ObjectID> = []
        var leftovers: Result<[RepositoryProblem], RepositoryError>
    }

    /// The thread refs and `HEAD`, read once for both the reachability and the ref checks.
    private struct RefReading {
        var names: Result<[ThreadName], RefError>
        /// Each thread's heads, or why they could not be read; empty when the names could not be.
        var heads: [(name: ThreadName, heads: Result<[ObjectID], RefError>)]
        var head: Result<Head, RefError>
    }

    private func readRefs() -> RefReading {
        let names = Result { () throws(RefError) in try refs.names() }
        let heads: [(name: ThreadName, heads: Result<[ObjectID], RefError>)]
        if let all = try? refs.allHeads(leavingOutMalformed: true) {
            // One pass over the refs and one read of `.packed` (§5.7), not one of each per thread.
            heads = (all.threads.map { (name: $0.name, heads: Result<[ObjectID], RefError>.success($0.heads)) }
                + all.malformed.map { (name: $0.name, heads: .failure($0.error)) }).sorted { $0.name < $1.name }
        } else {
            // A ref that cannot be read stops the listing: each thread read alone says which.
            heads = ((try? names.get()) ?? []).map { name in
                (name: name, heads: Result { () throws(RefError) in try refs.heads(of: name) })
            }
        }
        return RefReading(names: names, heads: heads, head: Result { () throws(RefError) in try head.read() })
    }

    private func refCheck(known: SortedIDs) -> RefCheck {
        let reading = readRefs()
        let tagReading = readTags()
        var check = RefCheck(
            tips: reachableTips(reading, tagged: tagReading.targets),
            leftovers: Result { () throws(RepositoryError) in try leftoverProblems() })
        checkRefs(reading, known: known, problems: &check.problems)
        check.replacedPartials = replacedPartialReplies((try? reading.names.get()) ?? [])
        check.problems += tagProblems(tagReading, threads: (try? reading.names.get()) ?? [], isKnown: { known.position(of: $0) != nil })
        return check
    }

    /// Messages no thread reaches: every unreachable message is an ancestor of (or is) one that has
    /// no child and is no thread's head, so those tips are named, as git names dangling commits.
    /// A write stopped between storing a message and moving its thread leaves one; so does
    /// deleting a thread. Nothing is lost: each can be kept on a thread of its own.
    /// - Parameter childless: the messages that are no message's parent, in id order.
    /// - Parameter tips: `reachableTips()`.
    private func danglingProblems(_ childless: some Sequence<ObjectID>, tips: Set<ObjectID>) -> [RepositoryProblem] {
        childless.filter { !tips.contains($0) }.map { id in
            RepositoryProblem(
                severity: .warning, id: id, path: objects.path(of: id),
                message: "is on no thread (a write stopped before its thread moved, or its thread was deleted)",
                remedy: "to keep it and its history: \(Remedy(.fork, "NAME", id.short))")
        }
    }

    /// The partial replies that `retry` and `continue` replaced: they stay in the store and in the
    /// thread's reflog by design (docs/PROVIDERS.md), so they are not "on no thread" by accident.
    private func replacedPartialReplies(_ names: [ThreadName]) -> Set<ObjectID> {
        var replaced = Set<ObjectID>()
        for name in names {
            // A reflog is advisory: one that cannot be read names nothing replaced.
            for entry in (try? refs.reflog(of: name).entries()) ?? []
            where entry.message.hasPrefix(Self.retryReflogPrefix) || entry.message.hasPrefix(Self.continueReflogPrefix) {
                if let old = entry.old { replaced.insert(old) }
            }
        }
        return replaced
    }

    /// How the reflog names a move from a partial reply to the reply that replaced it (`Reply.link`).
    public static let retryReflogPrefix = "retry: reply replacing"
    public static let continueReflogPrefix = "continue: reply completing"

    /// Every thread's heads, a detached HEAD and every tag's message (`tagged`); nil when a ref cannot
    /// be read (`checkRefs` reports it; without its heads, nothing can be called unreachable).
    private func reachableTips(_ reading: RefReading, tagged: [ObjectID]) -> Set<ObjectID>? {
        var tips = Set<ObjectID>()
        guard case .success = reading.names else { return nil }
        for thread in reading.heads {
            guard case .success(let found) = thread.heads else { return nil }
            tips.formUnion(found)
        }
        if case .success(.detached(let id)) = reading.head { tips.insert(id) }
        tips.formUnion(tagged)  // A bookmark keeps its message (docs/FORMAT.md §5.6).
        return tips
    }

    private func checkRefs(_ reading: RefReading, known: SortedIDs, problems: inout [RepositoryProblem]) {
        func problem(_ severity: RepositoryProblem.Severity, _ id: ObjectID?, _ path: String, _ message: String) {
            problems.append(RepositoryProblem(severity: severity, id: id, path: path, message: message))
        }
        if case .failure(let error) = reading.names {
            problem(.error, nil, refs.threadsDirectory, error.description)
            return
        }
        for (name, result) in reading.heads {
            do {
                let heads = try result.get()
                for head in heads where known.position(of: head) == nil {
                    problems.append(RepositoryProblem(
                        severity: .error, id: head, path: refs.path(of: name), message: "thread '\(name)' points at a missing message",
                        remedy: Self.restoreRemedy(objects.path(of: head)) + "; "
                            + "else put the thread back where git last had it (git checkout -- '\(refs.path(of: name))'), or "
                            + "delete it: \(Remedy(.deleteThread, "--force", name))"))
                }
                if heads.count > 1 {
                    let markers = refs.holdsConflictMarkers(name)
                    problems.append(RepositoryProblem(
                        severity: .warning, id: nil, path: refs.path(of: name),
                        message: "thread '\(name)' has diverged into \(heads.count) heads (\(heads.map(\.short).joined(separator: ", "))), "
                            + (markers
                                ? "from a git merge that left conflict markers in its ref (read as both sides' heads); nothing is lost"
                                : "probably from a git merge; nothing is lost"),
                        remedy: "\(Remedy(.reconcileThread, name, "[KEEP-ID]"))" + (markers ? " (it rewrites the ref without the markers)" : "")))
                } else if refs.holdsConflictMarkers(name) {
                    // Both sides of the merge kept the same head (or one side none): nothing diverged, but
                    // the file is not what a writer writes (docs/FORMAT.md §5.1).
                    problems.append(RepositoryProblem(
                        severity: .warning, id: nil, path: refs.path(of: name),
                        message: "thread '\(name)' holds git's conflict markers around its one head (\(heads.map(\.short).joined())), "
                            + "from a git merge that did not use the union driver; it reads as that head, nothing is lost",
                        remedy: "\(Remedy(.reconcileThread, name)) (it rewrites the ref without the markers)"))
                }
            } catch {
                problem(.error, nil, refs.path(of: name), error.description)
            }
        }
        do {
            if case .detached(let id) = try reading.head.get(), known.position(of: id) == nil {
                problem(.error, id, head.path, "HEAD points at a missing message")
            }
        } catch {
            problem(.error, nil, head.path, error.description)
        }
    }
}
