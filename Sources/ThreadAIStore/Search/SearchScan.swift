/// The pass over every candidate message of a search: the blocks of `cache/search` in file order,
/// each read once and checked, then the messages the file lacks, from their objects. It only asks
/// whether a message has a matching line; the lines themselves are found for the few that do.
///
/// The blocks are read and searched on every core, a few at a time (`OrderedParallel`), and their
/// matches taken back in file order: the same matches in the same order as one pass, and memory
/// holds a window of blocks. A developer-year's 1.1 GB of content is a second of one core's work.
struct SearchScan {
    let catalog: SearchCatalog
    let query: SearchQuery
    /// Whether a message is in the search at all (reached by the refs, in the history asked for).
    let isCandidate: @Sendable (Int) -> Bool
    /// Whether a block failed its check (its messages were then read from their objects).
    private(set) var foundDamage = false

    /// Blocks (of about a megabyte, §12.3) in flight at once: a few for each core of most machines,
    /// so that a slow block does not leave the others idle, and 16 MB of content in memory.
    var window = 16

    init(catalog: SearchCatalog, query: SearchQuery, isCandidate: @escaping @Sendable (Int) -> Bool) {
        self.catalog = catalog
        self.query = query
        self.isCandidate = isCandidate
    }

    /// The global numbers of the matching messages, in catalog order.
    mutating func run() throws(ThreadError) -> [Int] {
        try run(inspect: { _, _ in () }, consume: { _, _ in })
    }

    /// The global numbers of the matching messages, in catalog order. `inspect` sees each match's
    /// content while it is in memory, on any thread (a digest counts its terms there, instead of
    /// reading it again); `consume` then gets what it made, match by match in catalog order, on
    /// the calling thread.
    mutating func run<Seen: Sendable>(
        inspect: @escaping @Sendable (Int, UnsafeRawBufferPointer) -> Seen, consume: (Int, Seen) -> Void
    ) throws(ThreadError) -> [Int] {
        var matched: [Int] = []
        if let index = catalog.index {
            // The blocks' work reads this scan from many threads: a copy, every part of it Sendable.
            let scan = self
            var damaged = false
            // A block's buffer is handed on to the next block: a fresh megabyte per block (zeroed,
            // and its pages faulted in) cost as much as searching it.
            let buffers = Locked<[[UInt8]]>([])
            try OrderedParallel.forEach(count: index.blockCount, window: window) { (block: Int) throws(ThreadError) -> BlockMatches<Seen> in
                var buffer = buffers.withLock { $0.popLast() } ?? []
                let found = Result { () throws(ThreadError) in try scan.search(block: block, of: index, inspect: inspect, buffer: &buffer) }
                // Emptied under the lock, so the buffer taken next is not shared (a copy to write).
                buffers.withLock {
                    $0.append(buffer)
                    buffer = []
                }
                return try found.get()
            } consume: { (found: BlockMatches<Seen>) throws(ThreadError) in
                damaged = damaged || found.damaged
                for (record, seen) in found.matches {
                    matched.append(record)
                    consume(record, seen)
                }
            }
            foundDamage = damaged
        }
        for number in catalog.base..<catalog.count where passes(number) {
            if let seen = try matchFromObject(number, inspect) {
                matched.append(number)
                consume(number, seen)
            }
        }
        return matched
    }

    /// What one block gave: its matches in order, with what `inspect` made of each.
    struct BlockMatches<Seen: Sendable>: Sendable {
        var matches: [(Int, Seen)] = []
        var damaged = false
    }

    /// The matches of block `block`: read from the file and checked, or, when it fails its check,
    /// each of its candidates read from its object.
    private func search<Seen: Sendable>(
        block: Int, of index: SearchIndex, inspect: (Int, UnsafeRawBufferPointer) -> Seen, buffer: inout [UInt8]
    ) throws(ThreadError) -> BlockMatches<Seen> {
        var found = BlockMatches<Seen>()
        let records = index.records(ofBlock: block)
        guard records.contains(where: passes) else { return found }
        guard index.readBlock(block, into: &buffer) else {
            found.damaged = true
            for record in records where passes(record) {
                if let seen = try matchFromObject(record, inspect) { found.matches.append((record, seen)) }
            }
            return found
        }
        let base = index.contentRange(records.lowerBound).lowerBound
        let length = index.contentRange(records.upperBound - 1).upperBound - base
        buffer.withUnsafeBytes { bytes in
            query.pattern.matchingRecords(
                in: UnsafeRawBufferPointer(rebasing: bytes[..<length]),
                ends: { index.contentRange(records.lowerBound + $0).upperBound - base }, count: records.count,
                isCandidate: { passes(records.lowerBound + $0) }
            ) { match in
                let record = records.lowerBound + match
                let range = index.contentRange(record)
                found.matches.append((record, inspect(record, UnsafeRawBufferPointer(rebasing: bytes[(range.lowerBound - base)..<(range.upperBound - base)]))))
            }
        }
        return found
    }

    private func passes(_ number: Int) -> Bool {
        guard isCandidate(number) else { return false }
        if let roles = query.roles, !roles.contains(catalog.role(number)) { return false }
        if let commits = query.codeCommits {
            // A message's own `code-commit` first; else its anchor note's (docs/FORMAT.md §4.7.1).
            guard catalog.codeCommit(number).map(commits.contains) ?? query.notedAtCode.contains(catalog.id(number)) else { return false }
        }
        return true
    }

    /// What `inspect` makes of message `number` read from its object, when it matches; else nil.
    private func matchFromObject<Seen>(_ number: Int, _ inspect: (Int, UnsafeRawBufferPointer) -> Seen) throws(ThreadError) -> Seen? {
        try catalog.contentFromObject(number).withUnsafeBytes { content in
            query.pattern.matchesAnyLine(content) ? inspect(number, content) : nil
        }
    }
}
