/// Writes a `cache/search` file (docs/FORMAT.md §12.3) holding every message of a catalog, merged in
/// id order: the index's records copied block by block (a damaged block's records read again from
/// their objects), the extras read from their objects. Streaming: memory holds one block of content
/// and the small columns, never the content of the whole file.
struct SearchIndexWriter {
    private let catalog: SearchCatalog
    /// Global numbers in ascending id order, and each global number's place in it.
    private let order: [Int32]
    private var place: [Int32]

    init(_ catalog: SearchCatalog) {
        self.catalog = catalog
        let extrasInOrder = catalog.extras.ids.indices.sorted { catalog.extras.ids[$0] < catalog.extras.ids[$1] }
        var order: [Int32] = []
        order.reserveCapacity(catalog.count)
        var (record, extra) = (0, 0)
        while record < catalog.base || extra < extrasInOrder.count {
            let takeRecord = extra == extrasInOrder.count
                || (record < catalog.base && catalog.id(record) < catalog.extras.ids[extrasInOrder[extra]])
            if takeRecord {
                order.append(Int32(record))
                record += 1
            } else {
                order.append(Int32(catalog.base + extrasInOrder[extra]))
                extra += 1
            }
        }
        self.order = order
        place = [Int32](repeating: 0, count: catalog.count)
        for (position, number) in order.enumerated() { place[Int(number)] = Int32(position) }
    }

    /// Writes the file at `path` through a temporary file and a rename.
    func write(to path: String) throws(ThreadError) {
        var failure: ThreadError?
        do {
            try TempFile.write(to: path) { file throws(FileSystemError) in
                do {
                    try writeAll(to: file)
                } catch let error as FileSystemError {
                    throw error
                } catch {
                    failure = error as? ThreadError
                    throw FileSystemError("write", path: path, code: 5)
                }
            }
        } catch {
            throw failure ?? .repository(.fileSystem(error))
        }
    }

    private func writeAll(to file: borrowing FileDescriptor) throws {
        var output = CheckedOutput()
        output.bytes += SearchIndexLayout.header
        // CONTENT, one block at a time: a block is kept in memory until closed, to compute its check.
        var ends: [UInt64] = []
        ends.reserveCapacity(order.count)
        var blocks: [(first: UInt32, check: UInt64)] = []
        var block: [UInt8] = []
        var blockFirst = 0, contentBytes = 0
        var source = ContentSource(catalog: catalog)
        /// Closes the block of records `blockFirst ..< position`, the first `length` bytes held.
        func closeBlock(length: Int, before position: Int) throws {
            guard position > blockFirst else { return }
            let check = block.withUnsafeBytes { SearchCheck.of(UnsafeRawBufferPointer(rebasing: $0[..<length])) }
            blocks.append((UInt32(blockFirst), check))
            try output.append(Array(block[..<length]), to: file)
            block.removeFirst(length)
            blockFirst = position
        }
        for (position, number) in order.enumerated() {
            let start = block.count
            try source.appendContent(of: Int(number), to: &block)
            contentBytes += block.count - start
            ends.append(UInt64(contentBytes))
            // A record of a block's size or more is a block of its own (§12.3): the ones before close theirs.
            if start > 0 && block.count - start >= SearchIndexLayout.blockTarget { try closeBlock(length: start, before: position) }
            if block.count >= SearchIndexLayout.blockTarget { try closeBlock(length: block.count, before: position + 1) }
        }
        try closeBlock(length: block.count, before: order.count)
        // The small sections, checked as one run with the header.
        let names = Set((0..<catalog.count).lazy.map { catalog.recordedThread($0) }).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let commits = Set((0..<catalog.count).lazy.compactMap { catalog.codeCommit($0) }).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let nameNumbers = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, UInt32($0)) })
        let commitNumbers = Dictionary(uniqueKeysWithValues: commits.enumerated().map { ($1, UInt32($0 + 1)) })
        let tables = SearchIndexLayout.table(names) + SearchIndexLayout.table(commits)
        let layout = SearchIndexLayout(count: order.count, blockCount: blocks.count, contentBytes: contentBytes,
                                       nameCount: names.count, commitCount: commits.count, tableBytes: tables.count)
        var check = SearchCheck(byteCount: SearchIndexLayout.header.count + layout.counts + SearchIndexLayout.countsSize + 1 - layout.ids)
        check.update(SearchIndexLayout.header)
        output.check = check
        for number in order { try output.append(digestOf: catalog.id(Int(number)), to: file) }
        for number in order {
            let parent = catalog.parent(Int(number)).map { UInt32(place[$0]) + 1 } ?? 0
            try output.append(uint32: parent, to: file)
        }
        for number in order { try output.append(uint64: UInt64(bitPattern: catalog.seconds(Int(number))), to: file) }
        for number in order { try output.append([RecordColumns.flags(catalog.role(Int(number)))], to: file) }
        for number in order { try output.append(uint32: nameNumbers[catalog.recordedThread(Int(number))] ?? 0, to: file) }
        for number in order { try output.append(uint32: catalog.codeCommit(Int(number)).flatMap { commitNumbers[$0] } ?? 0, to: file) }
        for end in ends { try output.append(uint64: end, to: file) }
        for block in blocks {
            try output.append(uint32: block.first, to: file)
            try output.append(uint64: block.check, to: file)
        }
        try output.append(tables, to: file)
        for value in [layout.count, layout.blockCount] { try output.append(uint32: UInt32(value), to: file) }
        try output.append(uint64: UInt64(contentBytes), to: file)
        for value in [layout.nameCount, layout.commitCount, layout.tableBytes] { try output.append(uint32: UInt32(value), to: file) }
        try output.append([0x0a], to: file)
        let digest = output.check?.finish() ?? 0
        output.check = nil
        try output.append(CacheFrame.checkLine(digest), to: file)
        try output.flush(to: file)
    }
}

/// Where the writer takes each message's content from: the old index's blocks (read and checked
/// once each, in order) or the message's object.
private struct ContentSource {
    let catalog: SearchCatalog
    private var block = -1
    private var blockIsSound = false
    private var blockBytes: [UInt8] = []
    private var blockRecords = 0..<0

    init(catalog: SearchCatalog) { self.catalog = catalog }

    mutating func appendContent(of number: Int, to output: inout [UInt8]) throws {
        guard let index = catalog.index, number < catalog.base else {
            output += try catalog.contentFromObject(number)
            return
        }
        if !blockRecords.contains(number) {
            while block + 1 < index.blockCount, !blockRecords.contains(number) {
                block += 1
                blockRecords = index.records(ofBlock: block)
            }
            blockIsSound = index.readBlock(block, into: &blockBytes)
        }
        guard blockIsSound, let first = blockRecords.first else {
            output += try catalog.contentFromObject(number)
            return
        }
        let base = index.contentRange(first).lowerBound
        let range = index.contentRange(number)
        output += blockBytes[(range.lowerBound - base)..<(range.upperBound - base)]
    }
}
