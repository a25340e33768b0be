import Testing
@testable import ThreadAIStore

/// The one reader and writer of the binary caches' integers (docs/FORMAT.md §12.2–§12.4): values
/// round-trip, and a read that passes the end of the bytes is nil, never a trap.
@Suite("LittleEndianBytes: the binary caches' integers, bounded")
struct LittleEndianBytesTests {
    @Test("what appendLittleEndian writes reads back, least significant byte first, at any offset")
    func roundTrip() {
        var bytes: [UInt8] = [0xff]
        bytes.appendLittleEndian(UInt32(0x0403_0201))
        bytes.appendLittleEndian(UInt64(0x0807_0605_0403_0201))
        #expect(bytes == [0xff, 1, 2, 3, 4, 1, 2, 3, 4, 5, 6, 7, 8])
        let reader = LittleEndianBytes(bytes)
        #expect(reader.uint32(at: 1) == 0x0403_0201)
        #expect(reader.uint64(at: 5) == 0x0807_0605_0403_0201)
        #expect(reader.uint8(at: 0) == 0xff)
    }

    @Test("offsets count from a slice's first byte, not from its indices in the array")
    func sliceOffsets() {
        let bytes: [UInt8] = [9, 9, 9, 1, 0, 0, 0, 2, 0, 0, 0]
        let reader = LittleEndianBytes(bytes[3...])
        #expect(reader.uint32(at: 0) == 1)
        #expect(reader.uint32(at: 4) == 2)
        #expect(reader.uint32(at: 5) == nil)
        #expect(reader.slice(at: 4, length: 4).map(Array.init) == [2, 0, 0, 0])
    }

    @Test("a read past the end, or before the start, is nil, never a trap")
    func outOfBounds() {
        let reader = LittleEndianBytes([UInt8](repeating: 7, count: 8))
        for offset in [-1, 5, 8, Int.max - 2, Int.max, Int.min] { #expect(reader.uint32(at: offset) == nil) }
        for offset in [-1, 1, 8, Int.max - 6, Int.min] { #expect(reader.uint64(at: offset) == nil) }
        for offset in [-1, 8, Int.max, Int.min] { #expect(reader.uint8(at: offset) == nil) }
        #expect(reader.slice(at: 4, length: 5) == nil)
        #expect(reader.slice(at: 9, length: 0) == nil)
        #expect(reader.slice(at: 1, length: Int.max) == nil)
        #expect(reader.slice(at: 0, length: -1) == nil)
        #expect(reader.uint32(at: 4) == 0x0707_0707)
        #expect(reader.uint64(at: 0) == 0x0707_0707_0707_0707)
    }

    @Test("empty bytes hold no integer")
    func empty() {
        let reader = LittleEndianBytes([UInt8]())
        #expect(reader.uint32(at: 0) == nil)
        #expect(reader.uint64(at: 0) == nil)
        #expect(reader.uint8(at: 0) == nil)
        #expect(reader.slice(at: 0, length: 0).map(Array.init) == [])
    }
}
