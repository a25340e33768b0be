import Testing
@testable import ThreadAIStore

@Suite("SHA-256 with the processor's instructions agrees with the portable rounds")
struct SHA256HardwareTests {
    @Test("random states and 1…40 blocks at every alignment give the same state",
          .enabled(if: SHA256Compression.usesHardware, "this processor has no SHA-256 instructions"))
    func agreesWithPortable() {
        var generator = SeededGenerator(seed: 256)
        for round in 0..<400 {
            let blockCount = 1 + round % 40
            let offset = round % 7  // Blocks need not be aligned.
            let bytes = (0..<(offset + blockCount * 64)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let start = SHA256Compression.State(
                h0: .random(in: 0...UInt32.max, using: &generator), h1: .random(in: 0...UInt32.max, using: &generator),
                h2: .random(in: 0...UInt32.max, using: &generator), h3: .random(in: 0...UInt32.max, using: &generator),
                h4: .random(in: 0...UInt32.max, using: &generator), h5: .random(in: 0...UInt32.max, using: &generator),
                h6: .random(in: 0...UInt32.max, using: &generator), h7: .random(in: 0...UInt32.max, using: &generator))
            var portable = start, hardware = start
            bytes.withUnsafeBytes { raw in
                let blocks = UnsafeRawBufferPointer(rebasing: raw[offset...])
                SHA256Compression.compressPortably(&portable, blocks: blocks)
                SHA256Compression.compressWithHardware(&hardware, blocks: blocks)
            }
            #expect(hardware.words == portable.words, "round \(round): \(blockCount) blocks at offset \(offset)")
        }
    }

    @Test("a partial block after the whole ones is left alone, as by the portable rounds",
          .enabled(if: SHA256Compression.usesHardware, "this processor has no SHA-256 instructions"))
    func partialBlockIgnored() {
        let bytes = [UInt8](repeating: 0x61, count: 64 + 63)
        var portable = SHA256Compression.initialState, hardware = SHA256Compression.initialState
        bytes.withUnsafeBytes { raw in
            SHA256Compression.compressPortably(&portable, blocks: raw)
            SHA256Compression.compressWithHardware(&hardware, blocks: raw)
        }
        #expect(hardware.words == portable.words)
        #expect(hardware.words != SHA256Compression.initialState.words)
    }
}
