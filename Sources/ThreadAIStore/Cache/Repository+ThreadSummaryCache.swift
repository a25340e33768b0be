extension Repository {
    /// The summaries of `threads` (each with the heads its ref holds now): from `cache/threads` where
    /// a line was computed from exactly these heads and the current `renames`, computed from the
    /// objects otherwise; the refreshed file is written back when anything was computed
    /// (docs/FORMAT.md §12.1).
    ///
    /// - Parameter strict: when true, a thread whose history cannot be read fails the call; when
    ///   false it is left out of the result (a `log` of a sound thread still works).
    /// - Parameter stored: `cache/threads` as `storedSummaries(renames:)` read it, when the caller
    ///   read it already (beside reading the refs); read here otherwise.
    /// - Parameter unreadable: when not strict, told of each thread left out and why.
    func cachedSummaries(
        of threads: [(name: ThreadName, heads: [ObjectID])], renames: Renames, strict: Bool,
        stored: ThreadSummaryFile?? = nil, unreadable: ((ThreadName, ThreadError) -> Void)? = nil
    ) throws(ThreadError) -> [ThreadName: CachedThreadSummary] {
        let file = stored ?? storedSummaries(renames: renames)
        var result: [ThreadName: CachedThreadSummary] = [:]
        var builder = ThreadSummaryBuilder(objects: objects, renames: renames)
        var computed = false
        let folder = ObjectFolder(wholeStoreOf: objects)
        for (name, heads) in threads where !heads.isEmpty {
            // A head that is not stored any more is read (and fails) as it would be without the cache.
            if let entry = file?.entries[name], entry.summary.heads == heads, heads.allSatisfy({ folder.contains($0) }) {
                result[name] = entry
                continue
            }
            do {
                result[name] = try builder.summary(of: name, heads: heads)
                computed = true
            } catch {
                if strict { throw .history(error) }
                unreadable?(name, .history(error))
            }
        }
        if let key = renames.cacheKey, computed || file == nil || file?.entries.count != result.count {
            cache.writeIfPossible(ThreadSummaryFile.kind, ThreadSummaryFile(renamesFingerprint: key, entries: result).encoded())
        }
        return result
    }

    /// `cache/threads` when it checks and was computed with the current `renames`; nil otherwise.
    func storedSummaries(renames: Renames) -> ThreadSummaryFile? {
        renames.cacheKey.flatMap { key in
            cache.read(ThreadSummaryFile.kind).flatMap(ThreadSummaryFile.decode).flatMap { $0.renamesFingerprint == key ? $0 : nil }
        }
    }

    /// Every thread with the heads of its ref, in the order of `refs.names()` (`RefStore.allHeads`).
    public func threadHeads() throws(RefError) -> [(name: ThreadName, heads: [ObjectID])] {
        try refs.allHeads()
    }

    /// After `append` moved `thread` from `message.parent` to `id`: derives the thread's new line of
    /// `cache/threads` from its old one without reading history, or drops the line when it cannot
    /// (§12.1). Best effort: the cache is never the source of truth, so a failure here costs only a
    /// later recomputation and must not fail the write that succeeded.
    func updateCachedSummary(of thread: ThreadName, appending id: ObjectID, _ message: Message) {
        guard usesCache, let bytes = cache.read(ThreadSummaryFile.kind), var file = ThreadSummaryFile.decode(bytes),
              let renames = try? renames(), renames.cacheKey == file.renamesFingerprint else { return }
        let owned = renames.currentName(of: message.thread.rawValue) == thread.rawValue
        if let old = file.entries[thread] {
            file.entries[thread] = old.appending(id, message, ownedByThread: owned)
        } else if message.parent == nil && owned {
            file.entries[thread] = .root(thread, id, message)
        } else {
            return
        }
        cache.writeIfPossible(ThreadSummaryFile.kind, file.encoded())
    }
}
