/// SHA-256 as specified in FIPS 180-4, written in plain Swift so the store
/// hashes objects identically on every platform without CryptoKit or swift-crypto.
///
/// Feed bytes with `update` as many times as needed, then call `finalize` once.
/// Contiguous inputs (`[UInt8]`, `ArraySlice<UInt8>`, `Data`, raw buffers) are
/// compressed straight from their storage, whole 64-byte blocks at a time.
public struct SHA256: Sendable {
    /// Size in bytes of the digest `finalize` returns.
    public static let digestByteCount = 32

    private static let blockByteCount = 64

    private var state = SHA256Compression.initialState
    /// Bytes of an incomplete block waiting for more input; always fewer than 64.
    private var pending: [UInt8] = []
    /// Total message length so far, in bytes; FIPS 180-4 defines the length modulo 2^64 bits.
    private var messageByteCount: UInt64 = 0

    /// Starts an empty hash computation.
    public init() {
        pending.reserveCapacity(Self.blockByteCount)
    }

    /// Appends `bytes` to the message being hashed.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let handledContiguously: Void? = bytes.withContiguousStorageIfAvailable { storage in
            update(UnsafeRawBufferPointer(storage))
        }
        if handledContiguously != nil { return }
        // A non-contiguous sequence is gathered in chunks so the block loop still
        // runs over raw memory rather than byte by byte.
        var chunk: [UInt8] = []
        chunk.reserveCapacity(4096)
        for byte in bytes {
            chunk.append(byte)
            if chunk.count == 4096 {
                chunk.withUnsafeBytes { update($0) }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        chunk.withUnsafeBytes { update($0) }
    }

    /// Appends the bytes in `buffer` to the message being hashed.
    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard !buffer.isEmpty else { return }
        messageByteCount &+= UInt64(buffer.count)
        var offset = 0
        if !pending.isEmpty {
            let taken = min(Self.blockByteCount - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<taken])
            offset = taken
            guard pending.count == Self.blockByteCount else { return }
            pending.withUnsafeBytes { SHA256Compression.compress(&state, blocks: $0) }
            pending.removeAll(keepingCapacity: true)
        }
        let wholeBlockBytes = (buffer.count - offset) / Self.blockByteCount * Self.blockByteCount
        if wholeBlockBytes > 0 {
            let blocks = UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + wholeBlockBytes)])
            SHA256Compression.compress(&state, blocks: blocks)
            offset += wholeBlockBytes
        }
        if offset < buffer.count {
            pending.append(contentsOf: buffer[offset...])
        }
    }

    /// Pads the message, compresses the last block(s) and returns the 32-byte digest.
    public consuming func finalize() -> [UInt8] {
        let bitLength = messageByteCount &* 8
        var tail = pending
        tail.append(0x80)
        // Room must remain for the 8-byte length at the end of the final block.
        while tail.count % Self.blockByteCount != Self.blockByteCount - 8 {
            tail.append(0)
        }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        var finalState = state
        tail.withUnsafeBytes { SHA256Compression.compress(&finalState, blocks: $0) }

        var digest: [UInt8] = []
        digest.reserveCapacity(Self.digestByteCount)
        for word in finalState.words {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// Returns the 32-byte SHA-256 digest of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }
}
