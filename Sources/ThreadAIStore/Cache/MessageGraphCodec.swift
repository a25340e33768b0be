/// Reads and writes `cache/messages` (docs/FORMAT.md §12.2). Writing streams: the headlines of new
/// messages go out as they are read, and every column is emitted in id order from the old file and
/// the additions, so memory holds the old file and the additions' small columns, never a second
/// copy of the whole file.
enum MessageGraphCodec {
    /// The graph in `image`, or nil when it is not a sound file of this version (§12 rule 3).
    static func decode(_ image: [UInt8]) -> MessageGraph? {
        // The frame (header, `checksum` line) first; the body then ends with the counts and a line feed.
        guard let body = CacheFrame.open(image, kind: Repository.messageGraphKind, version: MessageGraphLayout.version),
              body.count >= 8 + 1, body.last == 0x0a else { return nil }
        let footer = body.endIndex - 1 - 8
        let reader = LittleEndianBytes(image)
        guard let count = reader.uint32(at: footer), let headlineByteCount = reader.uint32(at: footer + 4) else { return nil }
        let layout = MessageGraphLayout(count: Int(count), headlineByteCount: Int(headlineByteCount))
        guard layout.totalSize == image.count, layout.footer == footer else { return nil }
        let graph = MessageGraph(image: image, layout: layout)
        var previous: ObjectID?
        for record in 0..<layout.count {
            let span = graph.spanBytes(record)
            let id = graph.id(record)
            // Lookups are binary searches: ids out of order would hide messages the file holds. A record
            // that is its own parent, or flags no writer sets (bits 6–7, two finishes), is a writer's defect.
            let flags = graph.flags(record)
            guard (graph.parent(record) ?? 0) < layout.count, graph.parent(record) != record, flags & 0b11 != 0b11,
                  flags & 0b1100_0000 == 0, flags & 0b1100 != 0b1100,
                  span.start + span.length <= layout.headlineByteCount, previous.map({ $0 < id }) ?? true else { return nil }
            previous = id
        }
        return graph
    }

    /// Writes the records of `old` and of `additions`, merged in id order, to `sink`.
    static func encode(
        old: MessageGraph?, additions: MessageGraphAdditions, emit: ([UInt8]) throws(FileSystemError) -> Void
    ) throws(FileSystemError) {
        let outcome = withoutActuallyEscaping(emit) { emit in
            Result { () throws(FileSystemError) in try encode(old: old, additions: additions, writer: HashingWriter(emit: emit)) }
        }
        try outcome.get()
    }

    private static func encode(
        old: MessageGraph?, additions: MessageGraphAdditions, writer: consuming HashingWriter
    ) throws(FileSystemError) {
        let order = MergedOrder(old: old, additions: additions)
        try writer.append(MessageGraphLayout.header)
        if let old { try writer.append(old.headlineBytes) }
        for chunk in additions.headlineChunks { try writer.append(chunk) }
        for position in 0..<order.count {
            switch order.source(position) {
            case .old(let record): try writer.append(digestOf: old?.id(record))
            case .added(let index): try writer.append(digestOf: additions.ids[index])
            }
        }
        for position in 0..<order.count {
            let parent: Int?
            switch order.source(position) {
            case .old(let record): parent = old?.parent(record).map { order.position(ofOld: $0) }
            case .added(let index): parent = additions.parentPosition(of: index, in: order)
            }
            try writer.append(uint32: UInt32(parent.map { $0 + 1 } ?? 0))
        }
        for position in 0..<order.count {
            switch order.source(position) {
            case .old(let record): try writer.append(uint64: UInt64(bitPattern: old?.seconds(record) ?? 0))
            case .added(let index): try writer.append(uint64: UInt64(bitPattern: additions.seconds[index]))
            }
        }
        for position in 0..<order.count {
            switch order.source(position) {
            case .old(let record): try writer.append([old?.flags(record) ?? 0])
            case .added(let index): try writer.append([additions.flags[index]])
            }
        }
        let oldHeadlineBytes = old?.headlineBytes.count ?? 0
        for position in 0..<order.count {
            switch order.source(position) {
            case .old(let record):
                let span = old?.spanBytes(record) ?? (start: 0, length: 0)
                try writer.append(uint32: UInt32(span.start))
                try writer.append(uint32: UInt32(span.length))
            case .added(let index):
                try writer.append(uint32: UInt32(oldHeadlineBytes + Int(additions.headlineStarts[index])))
                try writer.append(uint32: additions.headlineLengths[index])
            }
        }
        try writer.append(uint32: UInt32(order.count))
        try writer.append(uint32: UInt32(oldHeadlineBytes + additions.headlineByteCount))
        try writer.append([0x0a])
        try writer.finish()
    }

    /// The whole file in memory, for when it cannot be written (caches off, a read-only repository).
    static func image(old: MessageGraph?, additions: MessageGraphAdditions) -> [UInt8] {
        var image: [UInt8] = []
        do {
            try encode(old: old, additions: additions) { chunk throws(FileSystemError) in image += chunk }
        } catch {
            // Appending to memory cannot fail; only a file sink throws.
        }
        return image
    }
}

/// Buffers small writes into chunks for `emit`, hashes everything, and ends with the `checksum` line.
/// `emit` is non-escaping, so the writer lives only inside one `encode` call.
private struct HashingWriter {
    let emit: ([UInt8]) throws(FileSystemError) -> Void
    private var hasher = SHA256()
    private var buffer: [UInt8] = []

    init(emit: @escaping ([UInt8]) throws(FileSystemError) -> Void) {
        self.emit = emit
        buffer.reserveCapacity(1 << 16)
    }

    mutating func append(_ bytes: some Collection<UInt8>) throws(FileSystemError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { try flush() }
    }

    mutating func append(digestOf id: ObjectID?) throws(FileSystemError) {
        id?.appendDigest(to: &buffer)
        if buffer.count >= 1 << 16 { try flush() }
    }

    mutating func append(uint32 value: UInt32) throws(FileSystemError) {
        try appendLittleEndian(value)
    }

    mutating func append(uint64 value: UInt64) throws(FileSystemError) {
        try appendLittleEndian(value)
    }

    private mutating func appendLittleEndian(_ value: some FixedWidthInteger & UnsignedInteger) throws(FileSystemError) {
        buffer.appendLittleEndian(value)
        if buffer.count >= 1 << 16 { try flush() }
    }

    mutating func finish() throws(FileSystemError) {
        try flush()
        try emit(CacheFrame.checksumLine(ObjectID(digest: hasher.finalize())))
    }

    private mutating func flush() throws(FileSystemError) {
        buffer.withUnsafeBytes { hasher.update($0) }
        try emit(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
