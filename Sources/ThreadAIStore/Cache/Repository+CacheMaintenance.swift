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
    /// The state of `cache/messages` (§12.2); `.readable` with its record count when sound.
    /// The state of `cache/packs/multi-pack.idx` (§15.2), how many of the packs in `packs/` it
    /// covers, and its entries that disagree with those packs.
    public var multiPackIndexFile: FileState = .absent
    public var multiPackIndexCovers = 0
    public var packCount = 0
    public var wrongMultiPackEntries: [ObjectID] = []
    public var messagesFile: FileState = .absent
    public var messageRecords = 0
    /// Records of `cache/messages` that disagree with their message (a defect, or a damaged object).
    public var wrongMessages: [ObjectID] = []
    /// Records of `cache/messages` for messages the store does not hold (a cache copied from elsewhere,
    /// or objects removed since): facts about ids, never wrong, used only for messages a ref reaches —
    /// whose objects `fsck` checks. `cache rebuild` drops them.
    public var messageRecordsWithoutObject = 0
    /// The state of `cache/search` (§12.3); `.readable` with its record count when its small sections are sound.
    public var searchFile: FileState = .absent
    public var searchRecords = 0
    /// Records of `cache/search` that disagree with their message, or whose block fails its check.
    public var wrongSearchRecords: [ObjectID] = []
    /// Records of `cache/search` for messages the store does not hold, as `messageRecordsWithoutObject`.
    public var searchRecordsWithoutObject = 0
    /// The state of `cache/objects` (§12.4); `.readable` with its record count when its small sections are sound.
    public var objectsFile: FileState = .absent
    public var objectRecords = 0
    /// Records of `cache/objects` whose bytes do not hash to their id (never used: the object is read instead).
    public var wrongObjectRecords: [ObjectID] = []
    /// The state of `cache/written` (§12.5); `.readable` with how many messages its evidence names.
    public var writtenFile: FileState = .absent
    public var writtenMessages = 0
    /// Messages whose evidence in `cache/written` differs from a fresh computation.
    public var wrongWrittenMessages: [ObjectID] = []
    /// Threads whose line matches a fresh computation.
    public var current = 0
    /// Threads whose line is missing or was computed from other heads (normal after a pull): recomputed on use.
    public var stale = 0
    /// Lines computed from exactly the current heads that disagree with a fresh computation: a defect.
    public var wrong: [ThreadName] = []

    /// Whether every line the cache would use is right (stale lines are never used).
    public var isSound: Bool {
        file != .damaged && wrong.isEmpty && messagesFile != .damaged && wrongMessages.isEmpty
            && searchFile != .damaged && wrongSearchRecords.isEmpty && objectsFile != .damaged && wrongObjectRecords.isEmpty
            && multiPackIndexFile != .damaged && wrongMultiPackEntries.isEmpty
            && writtenFile != .damaged && wrongWrittenMessages.isEmpty
    }
}

extension Repository {
    /// Recomputes every kind of cache (`CacheKinds.all`) from the objects alone, ignoring what they
    /// held (so the message graph loses messages no thread reaches any more), and writes them;
    /// `cache/objects` keeps the loose messages it held, each read again from its object.
    /// - Returns: how many threads `cache/threads` summarises.
    @discardableResult
    public func rebuildCache() throws(ThreadError) -> Int {
        let threads = try threadsToCache()
        for kind in CacheKinds.all { try kind.rebuild(in: self, for: threads) }
        return threads.renames.cacheKey == nil ? 0 : threads.threads.filter { !$0.heads.isEmpty }.count
    }

    func rebuildThreadSummaries(_ threads: [(name: ThreadName, heads: [ObjectID])], renames: Renames) throws(ThreadError) -> Int {
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

    /// Compares the cache with a fresh computation from the objects (reading every message the
    /// message graph holds, as `fsck` does); changes nothing.
    public func verifyCache() throws(ThreadError) -> CacheVerification {
        let threads = try threadsToCache()
        var report = CacheVerification(file: .absent)
        for kind in CacheKinds.all { try kind.verify(in: self, for: threads, into: &report) }
        return report
    }

    func verifyThreadSummaries(_ threadsToCache: ThreadsToCache, into report: inout CacheVerification) throws(ThreadError) {
        let (threads, renames) = (threadsToCache.threads, threadsToCache.renames)
        guard let bytes = cache.read(ThreadSummaryFile.kind) else { return report.file = .absent }
        guard let file = ThreadSummaryFile.decode(bytes) else { return report.file = .damaged }
        guard file.renamesFingerprint == renames.cacheKey else { return report.file = .renamesChanged }
        report.file = .readable
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
    }

    /// Checks every record of `cache/messages` against its message.
    func verifyMessageGraph(into report: inout CacheVerification) {
        guard let bytes = cache.read(Self.messageGraphKind) else { return }
        guard let graph = MessageGraphCodec.decode(bytes) else {
            report.messagesFile = .damaged
            return
        }
        report.messagesFile = .readable
        report.messageRecords = graph.count
        for record in 0..<graph.count {
            let id = graph.id(record)
            var fresh = MessageGraphAdditions()
            // A message that cannot be read makes its record unverifiable, which counts as wrong here,
            // unless the store lacks it altogether.
            guard let message = try? objects.message(id) else {
                if objects.contains(id) { report.wrongMessages.append(id) } else { report.messageRecordsWithoutObject += 1 }
                continue
            }
            _ = fresh.add(id, message)
            let parentMatches = graph.parent(record).map(graph.id) == message.parent
            if !parentMatches || fresh.seconds[0] != graph.seconds(record) || fresh.flags[0] != graph.flags(record)
                || fresh.headlineChunks.first ?? [] != Array(graph.headline(record).text.utf8) {
                report.wrongMessages.append(id)
            }
        }
    }

    /// Deletes `cache/` with every kind of cache in it; the next commands rebuild what they need.
    public func clearCache() throws(RepositoryError) {
        do {
            try cache.clear()
        } catch {
            throw .fileSystem(error)
        }
    }

    private func threadsToCache() throws(ThreadError) -> ThreadsToCache {
        let renames = try renamesOrThrow()
        do {
            return ThreadsToCache(threads: try threadHeads(), renames: renames)
        } catch {
            throw .ref(error)
        }
    }
}
