extension Repository {
    /// Reconciles a diverged thread (docs/FORMAT.md §5.1): `keep` (default: the head written last)
    /// stays the thread's head, and every other head becomes a thread of its own, named
    /// `NAME-<first 8 hex of its id>`, so every message stays on a thread and nothing is lost.
    /// - Returns: the kept head and the threads made for the others.
    @discardableResult
    public func reconcile(
        _ name: ThreadName, keep: ObjectID? = nil
    ) throws(ThreadError) -> (kept: ObjectID, newThreads: [ThreadName]) {
        let heads: [ObjectID]
        do {
            heads = try refs.heads(of: name)
        } catch {
            throw .ref(error)
        }
        guard heads.count > 1 else { throw .notDiverged(name) }
        let kept: ObjectID
        if let keep {
            guard heads.contains(keep) else { throw .notDiverged(name) }
            kept = keep
        } else {
            kept = try newestHead(heads)
        }
        var created: [ThreadName] = []
        for head in heads where head != kept {
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
        do {
            try refs.update(name, to: kept, expecting: .heads(heads), reflogMessage: "reconcile: kept \(kept.short)")
        } catch {
            throw .ref(error)
        }
        return (kept, created)
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
