/// Every message a set of refs reaches, as `log --graph --all` needs it — id, parent, date, role,
/// how a partial reply ended, and its headline — read from the image of a `cache/messages` file
/// (docs/FORMAT.md §12.2) without decoding it into objects: each accessor reads its column in place.
///
/// Records are numbered 0..<count in ascending order of id, so comparing numbers compares ids.
public struct MessageGraph: Sendable {
    /// The whole file, header and checksum included.
    private let image: LittleEndianBytes<[UInt8]>
    public let count: Int
    let layout: MessageGraphLayout

    init(image: [UInt8], layout: MessageGraphLayout) {
        self.image = LittleEndianBytes(image)
        self.count = layout.count
        self.layout = layout
    }

    public func id(_ record: Int) -> ObjectID {
        let start = layout.ids + record * 32
        return ObjectID(digest: image.bytes[start..<(start + 32)])
    }

    /// The record of the message's parent, or nil for a root.
    public func parent(_ record: Int) -> Int? {
        // Sizes were checked when the file was opened: nil (past the end) cannot happen there.
        let value = Int(image.uint32(at: layout.parents + record * 4) ?? 0)
        return value == 0 ? nil : value - 1
    }

    /// Seconds since 1970, as `Timestamp.secondsSinceEpoch`.
    public func seconds(_ record: Int) -> Int64 {
        Int64(bitPattern: image.uint64(at: layout.dates + record * 8) ?? 0)
    }

    public func role(_ record: Int) -> Role {
        RecordColumns.role(flags(record))
    }

    /// `interrupted` or `error` for a partial reply, else nil (other finish values are not kept).
    public func partialFinish(_ record: Int) -> String? {
        let flags = flags(record)
        return flags & MessageGraphLayout.interrupted != 0 ? "interrupted" : flags & MessageGraphLayout.error != 0 ? "error" : nil
    }

    /// True when the message records `merged-from` (docs/FORMAT.md §4.8): read its header for the link.
    public func recordsMerge(_ record: Int) -> Bool {
        flags(record) & MessageGraphLayout.merged != 0
    }

    public func headline(_ record: Int) -> Headline {
        let span = layout.spans + record * 8
        let start = layout.headlines + Int(image.uint32(at: span) ?? 0), length = Int(image.uint32(at: span + 4) ?? 0)
        return Headline(text: String(decoding: image.slice(at: start, length: length) ?? [], as: UTF8.self),
                        isCut: flags(record) & MessageGraphLayout.cut != 0)
    }

    /// The record of message `id`, or nil when the graph does not hold it. A binary search.
    public func record(of id: ObjectID) -> Int? {
        ObjectID.position(of: id, count: count, idAt: self.id)
    }

    func flags(_ record: Int) -> UInt8 {
        image.uint8(at: layout.flags + record) ?? 0
    }

    func spanBytes(_ record: Int) -> (start: Int, length: Int) {
        let span = layout.spans + record * 8
        return (Int(image.uint32(at: span) ?? 0), Int(image.uint32(at: span + 4) ?? 0))
    }

    /// The raw sections, for writing a merged file without copying them.
    var headlineBytes: ArraySlice<UInt8> { image.slice(at: layout.headlines, length: layout.headlineByteCount) ?? [] }
}

/// Where the sections of a `cache/messages` image begin (docs/FORMAT.md §12.2): the headlines first,
/// so a writer can stream them as it reads messages, then the fixed-size columns, then the counts.
struct MessageGraphLayout: Sendable {
    static let version = 2
    static let header = CacheFrame.header(kind: Repository.messageGraphKind, version: version)
    static let bytesPerRecord = RecordColumns.bytesPerRecord + 8
    /// `LF` `checksum ` 64 hex digits `LF`.
    static let trailerSize = 1 + CacheFrame.checksumLineSize
    static let interrupted: UInt8 = 1 << 2
    static let error: UInt8 = 1 << 3
    static let cut: UInt8 = 1 << 4
    static let merged: UInt8 = 1 << 5

    let count: Int
    let headlineByteCount: Int
    var headlines: Int { Self.header.count }
    var columns: RecordColumns { RecordColumns(start: headlines + headlineByteCount, count: count) }
    var ids: Int { columns.ids }
    var parents: Int { columns.parents }
    var dates: Int { columns.dates }
    var flags: Int { columns.flags }
    var spans: Int { columns.end }
    /// COUNT and HEADLINE-BYTES, two u32.
    var footer: Int { spans + count * 8 }
    var totalSize: Int { footer + 8 + Self.trailerSize }
}
