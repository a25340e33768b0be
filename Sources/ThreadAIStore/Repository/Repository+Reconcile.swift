extension Repository {
    /// What `reconcile` did.
    public struct Reconciliation: Sendable {
        /// The thread settled: the one named, or the name it was renamed to.
        public var thread: ThreadName
        /// The head the thread now names.
        public var kept: ObjectID
        /// The threads made for the other heads that are not in the kept head's history.
        public var newThreads: [ThreadName]
        /// Heads dropped because another head contains them: nothing of theirs is lost.
        public var contained: [ObjectID]
    }

    /// Reconciles a diverged thread (docs/FORMAT.md §5.1). A head that is in another head's history
    /// is dropped: the thread fast-forwards past it. Of the rest, `keep` (default: the head written
    /// last, by its `date`; of heads with the same date, the greatest id, so every clone keeps the
    /// same one) stays the thread's head, and every other head becomes a thread of its own, named
    /// `NAME-<first 8 hex of its id>`, so every message stays on a thread and nothing is lost. A ref
    /// that holds one head between git's conflict markers is written again without them.
    ///
    /// A thread that still exists under a name that was renamed away (a rename cut short, or a clone
    /// that extended it merged after the rename, §5.4) is settled into its current name: its heads
    /// join that thread's, the same way, and the old ref goes.
    @discardableResult
    public func reconcile(_ name: ThreadName, keep: ObjectID? = nil) throws(ThreadError) -> Reconciliation {
        let renames = try renamesOrThrow()
        let target: ThreadName
        do {
            target = try ThreadName(renames.currentName(of: name.rawValue))
        } catch {
            throw .name(error)
        }
        // A reply streaming on either name would find its thread moved: refused meanwhile, as a rename is.
        var turns = [try turnForRefChange(of: target, action: "reconcile")]
        if name != target { turns.append(try turnForRefChange(of: name, action: "reconcile")) }
        defer { turns.forEach { $0.release() } }
        let (targetHeads, joining) = try (headsOf(target), target == name ? [] : headsOf(name))
        let heads = targetHeads + joining.filter { !targetHeads.contains($0) }
        if heads.isEmpty { throw .ref(.noSuchThread(name)) }
        // One head between git's conflict markers is settled too: the ref is written again without them (§5.1).
        guard heads.count > 1 || !joining.isEmpty || refs.holdsConflictMarkers(target) else { throw .notDiverged(name) }
        if let keep, !heads.contains(keep) { throw .notAHead(keep, of: name, heads: heads) }
        let contained = try headsInOtherHistories(heads).filter { $0 != keep }
        let tips = heads.filter { !contained.contains($0) }
        let kept: ObjectID
        if let keep { kept = keep } else { kept = try newestHead(tips) }
        var created: [ThreadName] = []
        for head in tips where head != kept {
            let newName: ThreadName
            do {
                newName = try ThreadName("\(target.rawValue)-\(head.short)")
            } catch {
                throw .name(error)
            }
            if !(try singleHeadOrNil(newName) == head) {
                try createThread(newName, at: head, reflogMessage: "reconcile: head of \(target) kept apart")
            }
            created.append(newName)
        }
        let message = tips.count == 1 ? "reconcile: fast-forward to \(kept.short)" : "reconcile: kept \(kept.short)"
        do {
            try refs.update(target, to: kept, expecting: targetHeads.isEmpty ? .absent : .heads(targetHeads), reflogMessage: message)
            if target != name {
                try refs.update(name, to: nil, expecting: .heads(joining), reflogMessage: "reconcile: joined \(target)")
                if case .thread(name) = try head.read() {
                    try checkout(.thread(target), reflogMessage: "reconcile: \(name) joined \(target)")
                }
            }
        } catch {
            throw ThreadError(wrapping: error)
        }
        return Reconciliation(thread: target, kept: kept, newThreads: created, contained: contained)
    }

    private func headsOf(_ name: ThreadName) throws(ThreadError) -> [ObjectID] {
        do {
            return try refs.heads(of: name)
        } catch {
            throw .ref(error)
        }
    }

    /// The heads that lie in the history of another head.
    private func headsInOtherHistories(_ heads: [ObjectID]) throws(ThreadError) -> [ObjectID] {
        let walker = walker()
        var contained: Set<ObjectID> = []
        for head in heads {
            let history: [ObjectID]
            do {
                history = try walker.chain(to: head)
            } catch {
                throw .history(error)
            }
            contained.formUnion(history.dropLast().filter { heads.contains($0) })
        }
        return heads.filter { contained.contains($0) }
    }

    private func newestHead(_ heads: [ObjectID]) throws(ThreadError) -> ObjectID {
        let walker = walker()
        var best: (date: Timestamp, id: ObjectID)?
        for head in heads {
            let date: Timestamp
            do {
                date = try walker.header(head).date
            } catch {
                throw .object(error)
            }
            if best == nil || (date, head) > (best?.date ?? date, best?.id ?? head) { best = (date, head) }
        }
        guard let best else { throw .notDiverged(ThreadName.main) }
        return best.id
    }

    private func singleHeadOrNil(_ name: ThreadName) throws(ThreadError) -> ObjectID? {
        try headsOf(name).first
    }
}
