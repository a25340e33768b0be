extension Repository {
    /// What `reconcile` did.
    public struct Reconciliation: Sendable {
        /// The head the thread now names.
        public var kept: ObjectID
        /// The threads made for the other heads that are not in the kept head's history.
        public var newThreads: [ThreadName]
        /// Heads dropped because another head contains them: nothing of theirs is lost.
        public var contained: [ObjectID]
    }

    /// Reconciles a diverged thread (docs/FORMAT.md §5.1). A head that is in another head's history
    /// is dropped: the thread fast-forwards past it. Of the rest, `keep` (default: the head written
    /// last) stays the thread's head, and every other head becomes a thread of its own, named
    /// `NAME-<first 8 hex of its id>`, so every message stays on a thread and nothing is lost.
    @discardableResult
    public func reconcile(_ name: ThreadName, keep: ObjectID? = nil) throws(ThreadError) -> Reconciliation {
        let heads: [ObjectID]
        do {
            heads = try refs.heads(of: name)
        } catch {
            throw .ref(error)
        }
        guard heads.count > 1 else { throw .notDiverged(name) }
        if let keep, !heads.contains(keep) { throw .notDiverged(name) }
        let contained = try headsInOtherHistories(heads).filter { $0 != keep }
        let tips = heads.filter { !contained.contains($0) }
        let kept: ObjectID
        if let keep { kept = keep } else { kept = try newestHead(tips) }
        var created: [ThreadName] = []
        for head in tips where head != kept {
            let newName: ThreadName
            do {
                newName = try ThreadName("\(name.rawValue)-\(head.short)")
            } catch {
                throw .name(error)
            }
            if !(try singleHeadOrNil(newName) == head) {
                try createThread(newName, at: head, reflogMessage: "reconcile: head of \(name) kept apart")
            }
            created.append(newName)
        }
        let message = tips.count == 1 ? "reconcile: fast-forward to \(kept.short)" : "reconcile: kept \(kept.short)"
        do {
            try refs.update(name, to: kept, expecting: .heads(heads), reflogMessage: message)
        } catch {
            throw .ref(error)
        }
        return Reconciliation(kept: kept, newThreads: created, contained: contained)
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
        do {
            return try refs.heads(of: name).first
        } catch {
            throw .ref(error)
        }
    }
}
