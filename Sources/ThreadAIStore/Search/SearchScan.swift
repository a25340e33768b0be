/// The pass over every candidate message of a search: the blocks of `cache/search` in file order,
/// each read once and checked, then the messages the file lacks, from their objects. It only asks
/// whether a message has a matching line; the lines themselves are found for the few that do.
struct SearchScan {
    let catalog: SearchCatalog
    let query: SearchQuery
    /// Whether a message is in the search at all (reached by the refs, in the history asked for).
    let isCandidate: (Int) -> Bool
    /// Whether a block failed its check (its messages were then read from their objects).
    private(set) var foundDamage = false

    init(catalog: SearchCatalog, query: SearchQuery, isCandidate: @escaping (Int) -> Bool) {
        self.catalog = catalog
        self.query = query
        self.isCandidate = isCandidate
    }

    /// The global numbers of the matching messages, in catalog order; `inspect` sees each one's
    /// content while it is in memory (a digest counts its terms there, instead of reading it again).
    mutating func run(inspect: ((Int, UnsafeRawBufferPointer) -> Void)? = nil) throws(ThreadError) -> [Int] {
        var matched: [Int] = []
        if let index = catalog.index {
            var buffer: [UInt8] = []
            for block in 0..<index.blockCount {
                let records = index.records(ofBlock: block)
                guard records.contains(where: passes) else { continue }
                guard index.readBlock(block, into: &buffer) else {
                    foundDamage = true
                    for record in records where passes(record) {
                        if try matchesFromObject(record, inspect) { matched.append(record) }
                    }
                    continue
                }
                let base = index.contentRange(records.lowerBound).lowerBound
                let length = index.contentRange(records.upperBound - 1).upperBound - base
                buffer.withUnsafeBytes { bytes in
                    query.pattern.matchingRecords(
                        in: UnsafeRawBufferPointer(rebasing: bytes[..<length]),
                        ends: { index.contentRange(records.lowerBound + $0).upperBound - base }, count: records.count,
                        isCandidate: { passes(records.lowerBound + $0) }
                    ) { found in
                        let record = records.lowerBound + found
                        matched.append(record)
                        if let inspect {
                            let range = index.contentRange(record)
                            inspect(record, UnsafeRawBufferPointer(rebasing: bytes[(range.lowerBound - base)..<(range.upperBound - base)]))
                        }
                    }
                }
            }
        }
        for number in catalog.base..<catalog.count where passes(number) {
            if try matchesFromObject(number, inspect) { matched.append(number) }
        }
        return matched
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

    private func matchesFromObject(_ number: Int, _ inspect: ((Int, UnsafeRawBufferPointer) -> Void)?) throws(ThreadError) -> Bool {
        try catalog.contentFromObject(number).withUnsafeBytes { content in
            guard query.pattern.matchesAnyLine(content) else { return false }
            inspect?(number, content)
            return true
        }
    }
}
