import Testing
@testable import ThreadAIStore

@Suite("SHA-1 and git blob ids")
struct SHA1Tests {
    struct Vector: CustomTestStringConvertible, Sendable {
        let name: String
        let message: [UInt8]
        let expectedHex: String
        var testDescription: String { name }
    }

    /// Known answers: FIPS 180-4 examples, and block-boundary lengths from Python's hashlib.
    static let vectors: [Vector] = [
        Vector(name: "empty message", message: [], expectedHex: "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        Vector(name: "\"abc\"", message: Array("abc".utf8), expectedHex: "a9993e364706816aba3e25717850c26c9cd0d89d"),
        Vector(
            name: "448-bit message (two blocks)",
            message: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            expectedHex: "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        Vector(name: "55 bytes (one block exactly)", message: Array(repeating: 0x61, count: 55),
               expectedHex: "c1c8bbdc22796e28c0e15163d20899b65621d65a"),
        Vector(name: "64 bytes", message: Array(repeating: 0x61, count: 64),
               expectedHex: "0098ba824b5c16427bd7a1122a5a442a25ec644d"),
        Vector(name: "a million a's", message: Array(repeating: 0x61, count: 1_000_000),
               expectedHex: "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
    ]

    @Test("known answers", arguments: vectors)
    func knownAnswers(_ vector: Vector) {
        #expect(SHA256.hexString(SHA1.hash(vector.message)) == vector.expectedHex)
    }

    @Test("blob ids equal what git hash-object prints, in SHA-1 and SHA-256 repositories")
    func blobIDs() {
        #expect(GitBlobID.of([]) == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")
        #expect(GitBlobID.of(Array("hello world\n".utf8)) == "3b18e512dba79e4c8300dd08aeb37f8e728b8dad")
        #expect(GitBlobID.of(Array("print(\"hello\")\n".utf8)) == "11b15b1a4584b08fa423a57964bdbf018b0da0d5")
        let bytes = Array((0..<40).flatMap { _ in (0...255).map(UInt8.init) })
        #expect(GitBlobID.of(bytes) == "c24b5240932db6bddd91a9aecd36e95ffb2e8f0e")
        #expect(GitBlobID.of(Array("hello world\n".utf8), algorithm: .sha256)
            == "0bd69098bd9b9cc5934a610ab65da429b525361147faa7b5b922919e9a23143d")
    }
}
