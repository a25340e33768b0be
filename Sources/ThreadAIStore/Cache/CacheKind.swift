/// One kind of file in `cache/` (docs/FORMAT.md §12) as `cache rebuild` and `cache verify` see it:
/// `Repository.rebuildCache` and `verifyCache` go through `CacheKinds.all` in order, and `cache clear`
/// removes the folder with every kind in it. Adding a kind is one conformance and one line in `all`;
/// its reading and writing stay the kind's own, behind `CacheFrame` and `LittleEndianBytes`.
protocol CacheKind: Sendable {
    /// The file's name in `cache/`.
    var name: String { get }
    /// Writes the file again from the objects alone, for the threads `threads` lists.
    func rebuild(in repository: Repository, for threads: ThreadsToCache) throws(ThreadError)
    /// Compares the file with a fresh computation from the objects, into `report`; changes nothing.
    func verify(in repository: Repository, for threads: ThreadsToCache, into report: inout CacheVerification) throws(ThreadError)
}

/// What every kind is computed from: each thread's heads, and the renames the summaries are keyed by.
struct ThreadsToCache {
    let threads: [(name: ThreadName, heads: [ObjectID])]
    let renames: Renames
    var heads: [ObjectID] { threads.flatMap(\.heads) }
}

enum CacheKinds {
    /// In rebuild order: the summaries first, whose working memory is gone before the message graph
    /// is built, so the two never add up.
    static let all: [any CacheKind] = [ThreadSummaryKind(), MessageGraphKind(), SearchIndexKind(), PackedObjectsKind(), MultiPackIndexKind(), WrittenIndexKind()]
}

/// `cache/threads` (§12.1).
struct ThreadSummaryKind: CacheKind {
    var name: String { ThreadSummaryFile.kind }

    func rebuild(in repository: Repository, for threads: ThreadsToCache) throws(ThreadError) {
        _ = try repository.rebuildThreadSummaries(threads.threads, renames: threads.renames)
    }

    func verify(in repository: Repository, for threads: ThreadsToCache, into report: inout CacheVerification) throws(ThreadError) {
        try repository.verifyThreadSummaries(threads, into: &report)
    }
}

/// `cache/messages` (§12.2).
struct MessageGraphKind: CacheKind {
    var name: String { Repository.messageGraphKind }

    func rebuild(in repository: Repository, for threads: ThreadsToCache) throws(ThreadError) {
        try repository.rebuildMessageGraph(reaching: threads.heads)
    }

    func verify(in repository: Repository, for threads: ThreadsToCache, into report: inout CacheVerification) {
        repository.verifyMessageGraph(into: &report)
    }
}

/// `cache/search` (§12.3).
struct SearchIndexKind: CacheKind {
    var name: String { SearchIndex.kind }

    func rebuild(in repository: Repository, for threads: ThreadsToCache) throws(ThreadError) {
        try repository.rebuildSearchIndex(reaching: threads.heads)
    }

    func verify(in repository: Repository, for threads: ThreadsToCache, into report: inout CacheVerification) {
        repository.verifySearchIndex(into: &report)
    }
}

/// `cache/written` (§12.5).
struct WrittenIndexKind: CacheKind {
    var name: String { WrittenIndex.kind }

    func rebuild(in repository: Repository, for threads: ThreadsToCache) throws(ThreadError) {
        try repository.rebuildWrittenIndex(threads.threads)
    }

    func verify(in repository: Repository, for threads: ThreadsToCache, into report: inout CacheVerification) throws(ThreadError) {
        try repository.verifyWrittenIndex(threads.threads, into: &report)
    }
}

/// `cache/objects` (§12.4).
struct PackedObjectsKind: CacheKind {
    var name: String { PackedObjects.kind }

    func rebuild(in repository: Repository, for threads: ThreadsToCache) throws(ThreadError) {
        try repository.rebuildPackedObjects()
    }

    func verify(in repository: Repository, for threads: ThreadsToCache, into report: inout CacheVerification) {
        repository.verifyPackedObjects(into: &report)
    }
}

/// `cache/packs/multi-pack.idx` (§15.2).
struct MultiPackIndexKind: CacheKind {
    var name: String { MultiPackIndex.kind }

    func rebuild(in repository: Repository, for threads: ThreadsToCache) throws(ThreadError) {
        repository.objects.packs.writeMultiIndex()
    }

    func verify(in repository: Repository, for threads: ThreadsToCache, into report: inout CacheVerification) {
        repository.objects.packs.verifyMultiIndex(into: &report)
    }
}
