import Foundation
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

    #if os(Linux) && arch(x86_64)
    /// The kernel's view of the processor, which the detection (glibc's record of CPUID) must share:
    /// else a machine with the instructions would skip the tests above and use the portable rounds.
    @Test("the instructions are used exactly where the kernel lists sha_ni, ssse3 and sse4_1")
    func detectionAgreesWithTheKernel() throws {
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = try #require(cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") })
        let listed = Set(flags.split(separator: " ").map(String.init))
        #expect(SHA256Compression.usesHardware == ["sha_ni", "ssse3", "sse4_1"].allSatisfy(listed.contains), "\(flags)")
    }
    #endif
}
