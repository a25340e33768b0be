import ThreadAISupport

/// What `grep` asks: a pattern, and which messages to look at.
public struct SearchQuery: Sendable {
    public var pattern: SearchPattern
    /// Only messages of these roles; nil for every role.
    public var roles: Set<Role>?
    /// Only messages whose `code-commit` is one of these (issue 9, `--at-code`), or whose anchor note
    /// says so when they have no `code-commit` (docs/FORMAT.md §4.7.1); nil for any.
    public var codeCommits: Set<String>?
    /// The messages anchor notes put at one of `codeCommits`, read by `search` itself.
    var notedAtCode: Set<ObjectID> = []
    /// Only the history of these messages (a thread's heads, a revision); nil for every thread.
    public var within: [ObjectID]?
    /// Never these messages: the other side of a range (`grep PATTERN main..alt`).
    public var excluded: Set<ObjectID> = []
    /// False when only which messages match is wanted (`grep -l`): their lines are not looked for.
    public var wantsLines = true

    public init(pattern: SearchPattern, roles: Set<Role>? = nil, codeCommits: Set<String>? = nil, within: [ObjectID]? = nil) {
        self.pattern = pattern
        self.roles = roles
        self.codeCommits = codeCommits
        self.within = within
    }
}

/// A message with at least one matching line.
public struct SearchHit: Sendable {
    /// The thread it is shown under (docs/FORMAT.md §12.3, `SearchMembership`).
    public let thread: String
    public let id: ObjectID
    public let role: Role
    public let date: Timestamp
    /// The matching lines; empty when the query did not want them.
    public let lines: [SearchLine]
}

extension Repository {
    /// Finds the messages the refs reach whose content has a line matching `query`, and hands each to
    /// `each`, grouped by thread (threads by name), oldest first within a thread.
    ///
    /// Answered from `cache/search` when it is sound (one sequential read of the packed content, each
    /// block checked), with the messages it lacks read from their objects; it is written or rewritten
    /// first when missing, or when it lacks many messages (§12.3). The result never depends on it.
    /// - Parameter threads: the threads to search (every thread when not given); a view that goes
    ///   past a damaged ref gives those whose refs read (`RefStore.allHeads(leavingOutMalformed:)`).
    /// - Returns: how many messages matched.
    @discardableResult
    public func search(
        _ query: SearchQuery, in given: [(name: ThreadName, heads: [ObjectID])]? = nil, each: (SearchHit) -> Void
    ) throws(ThreadError) -> Int {
        let prepared = try prepareSearch(query, in: given)
        let (catalog, membership) = (prepared.catalog, prepared.membership)
        var scan = prepared.scan()
        var matched = try scan.run()
        // By thread, oldest first; two messages as far from their heads (a diverged thread's) by date,
        // older first, then id: never by record number, which depends on what the cache holds.
        matched.sort { a, b in
            let (left, right) = ((membership.labels[a], membership.depths[b]), (membership.labels[b], membership.depths[a]))
            if left != right { return left < right }
            let (secondsOfA, secondsOfB) = (catalog.seconds(a), catalog.seconds(b))
            if secondsOfA != secondsOfB { return secondsOfA < secondsOfB }
            return catalog.id(a) < catalog.id(b)
        }
        var buffer: [UInt8] = []
        for number in matched {
            each(try prepared.hit(number, lines: query.wantsLines, damaged: scan.foundDamage, buffer: &buffer))
        }
        repairSearchIndex(after: scan, catalog)
        return matched.count
    }

    /// What every search reads before its pass: the catalog of what the threads reach, which thread
    /// each message is shown under, and which messages the query's history allows.
    struct PreparedSearch {
        let catalog: SearchCatalog
        let membership: SearchMembership
        let history: [Bool]?
        let query: SearchQuery

        /// Matched message `number` as a hit: its thread, id, role, date and (with `lines`) its
        /// matching lines, read from `cache/search` (unless a block was `damaged`) or its object.
        func hit(_ number: Int, lines wanted: Bool, damaged: Bool, buffer: inout [UInt8]) throws(ThreadError) -> SearchHit {
            let lines = wanted ? try withContent(number, damaged: damaged, buffer: &buffer) { query.pattern.matchingLines($0) } : []
            let date: Timestamp
            do {
                date = try Timestamp(secondsSinceEpoch: catalog.seconds(number))
            } catch {
                throw .unexpected("message \(catalog.id(number).hex) has a date out of range in the search catalog; run '\(Remedy(.clearCache))'.")
            }
            return SearchHit(thread: membership.threadName(number) ?? "", id: catalog.id(number), role: catalog.role(number),
                             date: date, lines: lines)
        }

        /// `body` given record `number`'s content, read from `cache/search` (unless a block was
        /// `damaged`) or its object.
        func withContent<Result>(
            _ number: Int, damaged: Bool, buffer: inout [UInt8], _ body: (UnsafeRawBufferPointer) -> Result
        ) throws(ThreadError) -> Result {
            if number < catalog.base, !damaged, let index = catalog.index {
                let count: Int
                do {
                    count = try index.readContent(number, into: &buffer)
                } catch {
                    throw .repository(.fileSystem(error))
                }
                return buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            }
            return try catalog.contentFromObject(number).withUnsafeBytes(body)
        }

        /// The pass over the messages the query may match.
        func scan() -> SearchScan {
            let (membership, history) = (membership, history)
            return SearchScan(catalog: catalog, query: query) { number in
                membership.labels[number] >= 0 && (history?[number] ?? true)
            }
        }
    }

    func prepareSearch(_ query: SearchQuery, in given: [(name: ThreadName, heads: [ObjectID])]?) throws(ThreadError) -> PreparedSearch {
        let threads: [(name: ThreadName, heads: [ObjectID])]
        if let given {
            threads = given
        } else {
            do {
                threads = try threadHeads()
            } catch {
                throw .ref(error)
            }
        }
        let renames = try renamesOrThrow()
        var catalog = try searchCatalog(reaching: threads.flatMap(\.heads))
        // A revision (a reflog entry, a tag) may name a message that left the store since the cache
        // recorded it: it fails as it would without the cache (§12 rule 7).
        try requireObjects((query.within ?? []) + query.excluded)
        var starts: [Int]?
        if let within = query.within {
            starts = []
            for id in within { starts?.append(try catalog.resolve(id)) }
        }
        var excludedNumbers: [Int] = []
        for id in query.excluded { excludedNumbers.append(try catalog.resolve(id)) }
        let membership = try SearchMembership(threads: threads, catalog: &catalog, renames: renames)
        var history = starts.map { SearchMembership.history(of: $0, in: catalog) }
        for number in excludedNumbers { history?[number] = false }
        var query = query
        if let commits = query.codeCommits { query.notedAtCode = AnchorNotes(repository: self).messages(at: commits) }
        return PreparedSearch(catalog: catalog, membership: membership, history: history, query: query)
    }

    /// Writes `cache/search` anew when a search found one of its blocks damaged (§12 rule 6).
    func repairSearchIndex(after scan: SearchScan, _ catalog: SearchCatalog) {
        if scan.foundDamage && cache.isEnabled { writeSearchIndexIfPossible(catalog) }
    }

    /// Writes `cache/search` anew from the objects the refs reach (`cache rebuild`).
    func rebuildSearchIndex(reaching heads: [ObjectID]) throws(ThreadError) {
        var catalog = SearchCatalog(index: nil, objects: objects)
        for head in heads { _ = try catalog.resolve(head) }
        try SearchIndexWriter(catalog).write(to: cache.path(of: SearchIndex.kind))
    }

    /// The catalog of what `heads` reach: `cache/search` plus what it lacks, after writing the file
    /// anew when it is missing or lacks many messages (§12.3), so that the search reads one file.
    private func searchCatalog(reaching heads: [ObjectID]) throws(ThreadError) -> SearchCatalog {
        let path = cache.path(of: SearchIndex.kind)
        // Two pieces of work that need nothing of each other, on two cores: finding every head's
        // object (a lookup each: 27,000 at a developer-year) and opening `cache/search` (its 60 MB
        // of columns read, hashed and checked).
        let (index, found) = OrderedParallel.both({ cache.isEnabled ? SearchIndex.open(path) : nil }) {
            Result { () throws(ThreadError) in try requireObjects(heads) }
        }
        try found.get()
        var catalog = SearchCatalog(index: index, objects: objects)
        for head in heads { _ = try catalog.resolve(head) }
        let missing = catalog.extras.ids.count
        guard cache.isEnabled, catalog.index == nil ? missing > 0 : (missing >= 1_000 || missing * 16 > catalog.base) else {
            return catalog
        }
        guard writeSearchIndexIfPossible(catalog) else { return catalog }
        // Only one catalog at a time: the extras of the old one are gone before the new file is read.
        catalog = SearchCatalog(index: nil, objects: objects)
        catalog = SearchCatalog(index: SearchIndex.open(path), objects: objects)
        for head in heads { _ = try catalog.resolve(head) }
        return catalog
    }

    /// Writes `catalog` as `cache/search`; false when the file could not be written (§12 rule 6).
    @discardableResult
    private func writeSearchIndexIfPossible(_ catalog: SearchCatalog) -> Bool {
        do {
            try FilePaths.makeDirectories(cache.directory)
            try SearchIndexWriter(catalog).write(to: cache.path(of: SearchIndex.kind))
            return true
        } catch {
            return false
        }
    }
}
