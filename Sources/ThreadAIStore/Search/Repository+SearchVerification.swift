extension Repository {
    /// Compares every record of `cache/search` with its message: parent, date, role, thread, code
    /// commit and content (reading every object, as `fsck` does); changes nothing.
    func verifySearchIndex(into report: inout CacheVerification) {
        guard let path = cache.existingFile(SearchIndex.kind) else { return }
        guard let index = SearchIndex.open(path) else {
            report.searchFile = .damaged
            return
        }
        report.searchFile = .readable
        report.searchRecords = index.count
        var buffer: [UInt8] = []
        for block in 0..<index.blockCount {
            let records = index.records(ofBlock: block)
            let isSound = index.readBlock(block, into: &buffer)
            let base = records.first.map { index.contentRange($0).lowerBound } ?? 0
            for record in records {
                let id = index.id(record)
                let range = index.contentRange(record)
                // A damaged block is wrong whatever its records name.
                guard isSound else {
                    report.wrongSearchRecords.append(id)
                    continue
                }
                guard let matches = recordMatches(index, record, content: buffer[(range.lowerBound - base)..<(range.upperBound - base)])
                else {
                    // Unreadable: wrong, unless the store lacks the message altogether.
                    if objects.contains(id) { report.wrongSearchRecords.append(id) } else { report.searchRecordsWithoutObject += 1 }
                    continue
                }
                if !matches { report.wrongSearchRecords.append(id) }
            }
        }
    }

    /// Whether record `record` says what its message says; nil when the message cannot be read
    /// (a damaged object makes its record unverifiable, which counts as wrong).
    private func recordMatches(_ index: SearchIndex, _ record: Int, content: ArraySlice<UInt8>) -> Bool? {
        let id = index.id(record)
        guard let bytes = try? objects.bytes(of: id), let header = try? MessageCodec.decodeHeader(bytes) else { return nil }
        let code = index.codeNumber(record)
        return index.parent(record).map(index.id) == header.parent
            && index.seconds(record) == header.date.secondsSinceEpoch
            && index.role(record) == header.role
            && index.names[index.threadNumber(record)] == header.thread.rawValue
            && (code == 0 ? nil : index.commits[code - 1]) == header.fields["code-commit"]
            && bytes[header.contentOffset..<(header.contentOffset + header.contentByteCount)].elementsEqual(content)
    }
}
