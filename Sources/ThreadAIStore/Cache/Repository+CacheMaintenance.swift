/// What `verifyCache` found in `cache/threads` (docs/FORMAT.md §12.1).
public struct CacheVerification: Sendable, Equatable {
    public enum FileState: Sendable, Equatable {
        /// No file: the next command that needs it builds it.
        case absent
        /// Not a `threads` cache of this version, truncated, or failing its checksum: it is ignored.
        case damaged
        /// Written under other renames: every line is stale and will be recomputed.
        case renamesChanged
        /// Readable; see the counts.
        case readable
    }

    public var file: FileState
    /// Threads whose line matches a fresh computation.
    public var current = 0
    /// Threads whose line is missing or was computed from other heads (normal after a pull): recomputed on use.
    public var stale = 0
    /// Lines computed from exactly the current heads that disagree with a fresh computation: a defect.
    public var wrong: [ThreadName] = []

    /// Whether every line the cache would use is right (stale lines are never used).
    public var isSound: Bool { file != .damaged && wrong.isEmpty }
}

extension Repository {
    /// Recomputes `cache/threads` from the objects alone, ignoring what it held, and writes it.
    /// - Returns: how many threads it summarises.
    @discardableResult
    public func rebuildCache() throws(ThreadError) -> Int {
        let (threads, renames) = try threadsAndRenames()
        guard let key = renames.cacheKey else { return 0 }
        var builder = ThreadSummaryBuilder(objects: objects, renames: renames)
        var entries: [ThreadName: CachedThreadSummary] = [:]
        for (name, heads) in threads where !heads.isEmpty {
            do {
                entries[name] = try builder.summary(of: name, heads: heads)
            } catch {
                throw .history(error)
            }
        }
        do {
            try cache.write(ThreadSummaryFile.kind, ThreadSummaryFile(renamesFingerprint: key, entries: entries).encoded())
        } catch {
            throw .repository(.fileSystem(error))
        }
        return entries.count
    }

    /// Compares `cache/threads` with a fresh computation from the objects; changes nothing.
    public func verifyCache() throws(ThreadError) -> CacheVerification {
        let (threads, renames) = try threadsAndRenames()
        guard let bytes = cache.read(ThreadSummaryFile.kind) else { return CacheVerification(file: .absent) }
        guard let file = ThreadSummaryFile.decode(bytes) else { return CacheVerification(file: .damaged) }
        guard file.renamesFingerprint == renames.cacheKey else { return CacheVerification(file: .renamesChanged) }
        var report = CacheVerification(file: .readable)
        var builder = ThreadSummaryBuilder(objects: objects, renames: renames)
        for (name, heads) in threads where !heads.isEmpty {
            guard let entry = file.entries[name], entry.summary.heads == heads else {
                report.stale += 1
                continue
            }
            do {
                if try builder.summary(of: name, heads: heads) == entry {
                    report.current += 1
                } else {
                    report.wrong.append(name)
                }
            } catch {
                throw .history(error)
            }
        }
        return report
    }

    /// Deletes `cache/` with every kind of cache in it; the next commands rebuild what they need.
    public func clearCache() throws(RepositoryError) {
        do {
            try cache.clear()
        } catch {
            throw .fileSystem(error)
        }
    }

    private func threadsAndRenames() throws(ThreadError) -> ([(name: ThreadName, heads: [ObjectID])], Renames) {
        let renames = try renamesOrThrow()
        do {
            return (try threadHeads(), renames)
        } catch {
            throw .ref(error)
        }
    }
}
