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
    public init() {}

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
        var finalState = state
        pending.withUnsafeBytes { Self.compressLast($0, messageByteCount: messageByteCount, into: &finalState) }
        return Self.digest(of: finalState)
    }

    /// Pads `tail` (the bytes after the last whole block, fewer than 64) with the message length and
    /// compresses the one or two blocks that make, in a stack buffer.
    private static func compressLast(
        _ tail: UnsafeRawBufferPointer, messageByteCount: UInt64, into state: inout SHA256Compression.State
    ) {
        // Room must remain for the 8-byte length at the end of the final block.
        let paddedCount = tail.count < blockByteCount - 8 ? blockByteCount : 2 * blockByteCount
        withUnsafeTemporaryAllocation(byteCount: paddedCount, alignment: 8) { padded in
            padded.initializeMemory(as: UInt8.self, repeating: 0)
            padded.copyMemory(from: tail)
            padded[tail.count] = 0x80
            padded.storeBytes(of: (messageByteCount &* 8).bigEndian, toByteOffset: paddedCount - 8, as: UInt64.self)
            SHA256Compression.compress(&state, blocks: UnsafeRawBufferPointer(padded))
        }
    }

    private static func digest(of state: SHA256Compression.State) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: digestByteCount) { buffer, count in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            for (index, word) in [state.h0, state.h1, state.h2, state.h3, state.h4, state.h5, state.h6, state.h7].enumerated() {
                raw.storeBytes(of: word.bigEndian, toByteOffset: index * 4, as: UInt32.self)
            }
            count = digestByteCount
        }
    }

    /// Returns the 32-byte SHA-256 digest of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        // The store hashes every object it reads: contiguous bytes take a path that allocates
        // nothing but the digest (whole blocks straight from storage, the tail padded on the stack).
        if let digest = bytes.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) { return digest }
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    private static func hash(_ buffer: UnsafeRawBufferPointer) -> [UInt8] {
        var state = SHA256Compression.initialState
        let wholeBlockBytes = buffer.count / blockByteCount * blockByteCount
        SHA256Compression.compress(&state, blocks: UnsafeRawBufferPointer(rebasing: buffer[0..<wholeBlockBytes]))
        compressLast(
            UnsafeRawBufferPointer(rebasing: buffer[wholeBlockBytes...]), messageByteCount: UInt64(buffer.count), into: &state)
        return digest(of: state)
    }
}
