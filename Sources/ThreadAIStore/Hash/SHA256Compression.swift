import CSHA256

/// The SHA-256 compression function (FIPS 180-4 §6.2.2) and its constants,
/// kept apart from the buffering in `SHA256` so each stays readable.
///
/// Where the processor has SHA-256 instructions (x86-64's SHA extensions), `compress` hands the
/// blocks to them (the `CSHA256` target: Swift has no intrinsics for them), about six times as fast;
/// elsewhere it runs the portable rounds below, which are also the reference the other is tested
/// against.
///
/// Every object read is hashed, so this loop is on the path of every command that shows a message.
/// It works on raw memory and local words only: the state is eight stored words (no array), the
/// message schedule lives in a stack buffer, and the 64 rounds are unrolled eight at a time with the
/// roles of the working variables rotating instead of being moved (`round`), as in the reference
/// implementations of OpenSSL and the Linux kernel.
enum SHA256Compression {
    /// The eight working hash words H0…H7.
    struct State: Sendable {
        var h0, h1, h2, h3, h4, h5, h6, h7: UInt32

        /// H0…H7 in order, as the digest spells them.
        var words: [UInt32] { [h0, h1, h2, h3, h4, h5, h6, h7] }
    }

    /// FIPS 180-4 §5.3.3: first 32 bits of the fractional parts of the square roots of the first 8 primes.
    static let initialState = State(
        h0: 0x6a09_e667, h1: 0xbb67_ae85, h2: 0x3c6e_f372, h3: 0xa54f_f53a,
        h4: 0x510e_527f, h5: 0x9b05_688c, h6: 0x1f83_d9ab, h7: 0x5be0_cd19)

    /// FIPS 180-4 §4.2.2: first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// Whether `compress` uses the processor's SHA-256 instructions.
    static let usesHardware = threadai_sha256_hardware_available() == 1

    /// Compresses every 64-byte block of `blocks` into `state`.
    /// `blocks.count` must be a multiple of 64; a trailing partial block is ignored.
    static func compress(_ state: inout State, blocks: UnsafeRawBufferPointer) {
        if usesHardware {
            compressWithHardware(&state, blocks: blocks)
        } else {
            compressPortably(&state, blocks: blocks)
        }
    }

    /// `compress` with the processor's instructions; only where `usesHardware`.
    static func compressWithHardware(_ state: inout State, blocks: UnsafeRawBufferPointer) {
        let blockCount = blocks.count / 64
        guard blockCount > 0, let base = blocks.baseAddress else { return }
        // A homogeneous tuple is laid out as a C array, which a struct's stored properties need not be.
        var words = (state.h0, state.h1, state.h2, state.h3, state.h4, state.h5, state.h6, state.h7)
        withUnsafeMutableBytes(of: &words) { raw in
            guard let pointer = raw.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
            roundConstants.withUnsafeBufferPointer { constants in
                guard let constants = constants.baseAddress else { return }
                threadai_sha256_compress_hardware(pointer, base.assumingMemoryBound(to: UInt8.self), blockCount, constants)
            }
        }
        state = State(h0: words.0, h1: words.1, h2: words.2, h3: words.3, h4: words.4, h5: words.5, h6: words.6, h7: words.7)
    }

    /// `compress` in portable Swift.
    static func compressPortably(_ state: inout State, blocks: UnsafeRawBufferPointer) {
        let blockCount = blocks.count / 64
        guard blockCount > 0, let base = blocks.baseAddress else { return }
        var s = state
        roundConstants.withUnsafeBufferPointer { constants in
            guard let k = constants.baseAddress else { return }
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                guard let w = schedule.baseAddress else { return }
                for block in 0..<blockCount {
                    let bytes = base + block &* 64
                    for t in 0..<16 {
                        w[t] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: t &* 4, as: UInt32.self))
                    }
                    for t in 16..<64 {
                        let s0 = rotate(w[t &- 15], 7) ^ rotate(w[t &- 15], 18) ^ (w[t &- 15] >> 3)
                        let s1 = rotate(w[t &- 2], 17) ^ rotate(w[t &- 2], 19) ^ (w[t &- 2] >> 10)
                        w[t] = w[t &- 16] &+ s0 &+ w[t &- 7] &+ s1
                    }
                    var a = s.h0, b = s.h1, c = s.h2, d = s.h3, e = s.h4, f = s.h5, g = s.h6, h = s.h7
                    var t = 0
                    while t < 64 {
                        round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
                        round(h, a, b, &c, d, e, f, &g, k[t &+ 1] &+ w[t &+ 1])
                        round(g, h, a, &b, c, d, e, &f, k[t &+ 2] &+ w[t &+ 2])
                        round(f, g, h, &a, b, c, d, &e, k[t &+ 3] &+ w[t &+ 3])
                        round(e, f, g, &h, a, b, c, &d, k[t &+ 4] &+ w[t &+ 4])
                        round(d, e, f, &g, h, a, b, &c, k[t &+ 5] &+ w[t &+ 5])
                        round(c, d, e, &f, g, h, a, &b, k[t &+ 6] &+ w[t &+ 6])
                        round(b, c, d, &e, f, g, h, &a, k[t &+ 7] &+ w[t &+ 7])
                        t &+= 8
                    }
                    s.h0 &+= a; s.h1 &+= b; s.h2 &+= c; s.h3 &+= d
                    s.h4 &+= e; s.h5 &+= f; s.h6 &+= g; s.h7 &+= h
                }
            }
        }
        state = s
    }

    /// One round (FIPS 180-4 §6.2.2 step 3) with the variables in their current roles: instead of
    /// shifting all eight down, the caller names them rotated, and only `d` (which becomes `e`)
    /// and `h` (which becomes `a`) change.
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
        _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ constantPlusWord: UInt32
    ) {
        let bigSigma1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
        let choose = (e & f) ^ (~e & g)
        let temp1 = h &+ bigSigma1 &+ choose &+ constantPlusWord
        let bigSigma0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        d &+= temp1
        h = temp1 &+ bigSigma0 &+ majority
    }

    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 &- count))
    }
}
