/// The little-endian integers of the binary cache files (docs/FORMAT.md §12.2–§12.4: every count,
/// column and offset), read by one bounded reader and written by one appender, so that no cache
/// kind carries its own copy of either.
///
/// A read lies inside the bytes the system returned or gives nil, never a trap: a damaged file's
/// counts can point anywhere, and a reader that trusted them would crash where it should find the
/// file absent (§12 rule 3). Offsets count from the first byte of `bytes`, whatever its indices.
struct LittleEndianBytes<Bytes: RandomAccessCollection<UInt8>>: Sendable where Bytes.Index == Int, Bytes: Sendable {
    let bytes: Bytes

    init(_ bytes: Bytes) {
        self.bytes = bytes
    }

    var count: Int { bytes.count }

    @inline(__always)
    func uint32(at offset: Int) -> UInt32? { load(at: offset) }

    @inline(__always)
    func uint64(at offset: Int) -> UInt64? { load(at: offset) }

    /// The `count` 32-bit numbers from `offset` on, or nil when they do not all lie inside: a column
    /// read whole, for a walk that reads it a million times.
    func uint32s(at offset: Int, count: Int) -> [UInt32]? {
        guard offset >= 0, offset <= bytes.count, count >= 0, count <= (bytes.count - offset) / 4 else { return nil }
        // In one pass over contiguous storage (the guard above bounds every load), as `load` reads one.
        if let column = bytes.withContiguousStorageIfAvailable({ buffer in
            let raw = UnsafeRawBufferPointer(buffer)
            return (0..<count).map { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + $0 * 4, as: UInt32.self)) }
        }) {
            return column
        }
        return (0..<count).map { uint32(at: offset + $0 * 4) ?? 0 }
    }

    /// The byte at `offset`, or nil past the end.
    @inline(__always)
    func uint8(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[bytes.startIndex + offset] : nil
    }

    /// `length` bytes from `offset`, or nil when they do not all lie inside.
    func slice(at offset: Int, length: Int) -> Bytes.SubSequence? {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else { return nil }
        let start = bytes.startIndex + offset
        return bytes[start..<(start + length)]
    }

    @inline(__always)
    private func load<Value: FixedWidthInteger & UnsignedInteger>(at offset: Int) -> Value? {
        let size = MemoryLayout<Value>.size
        guard offset >= 0, offset <= bytes.count - size else { return nil }
        // Loaded straight from contiguous storage (arrays and their slices): a search reads a few
        // columns of every record, where a byte-by-byte loop cost a visible share of the time.
        if let value = bytes.withContiguousStorageIfAvailable({ buffer in
            Value(littleEndian: UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: offset, as: Value.self))
        }) {
            return value
        }
        let start = bytes.startIndex + offset
        return (0..<size).reduce(Value(0)) { $0 | Value(bytes[start + $1]) << (8 * $1) }
    }
}

extension [UInt8] {
    /// Appends `value` as its `Value.bitWidth / 8` bytes, least significant first: the one writer of
    /// the binary caches' integers.
    mutating func appendLittleEndian<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value) {
        for shift in 0..<(Value.bitWidth / 8) { append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
    }
}
