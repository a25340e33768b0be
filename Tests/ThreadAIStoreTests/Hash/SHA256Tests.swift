import Foundation
import Testing
@testable import ThreadAIStore

@Suite("SHA-256")
struct SHA256Tests {
    struct Vector: CustomTestStringConvertible, Sendable {
        let name: String
        let message: [UInt8]
        let expectedHex: String
        var testDescription: String { name }
    }

    /// Known-answer vectors from the NIST SHA-256 examples (FIPS 180-4 / CSRC).
    static let nistVectors: [Vector] = [
        Vector(
            name: "empty message",
            message: [],
            expectedHex: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        ),
        Vector(
            name: "\"abc\" (one block)",
            message: Array("abc".utf8),
            expectedHex: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        ),
        Vector(
            name: "448-bit message (two blocks)",
            message: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            expectedHex: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        Vector(
            name: "896-bit message",
            message: Array(
                ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                    + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu").utf8),
            expectedHex: "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
        Vector(
            name: "one million \"a\"",
            message: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000),
            expectedHex: "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        ),
    ]

    @Test("NIST known-answer vectors", arguments: nistVectors)
    func nistVector(_ vector: Vector) {
        #expect(SHA256.hexDigest(vector.message) == vector.expectedHex)
        #expect(SHA256.hash(vector.message).count == SHA256.digestByteCount)
    }

    @Test("Non-contiguous sequences hash like the same bytes in an array", arguments: nistVectors)
    func nonContiguousInput(_ vector: Vector) {
        let lazyBytes = vector.message.lazy.map { $0 }
        #expect(SHA256.hexDigest(lazyBytes) == vector.expectedHex)
    }

    @Test("ArraySlice and Data inputs take the contiguous path and agree")
    func sliceAndData() {
        let bytes = Array("xxabcxx".utf8)
        let expected = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        #expect(SHA256.hexDigest(bytes[2..<5]) == expected)
        #expect(SHA256.hexDigest(Data("abc".utf8)) == expected)
        var hasher = SHA256()
        Array("abc".utf8).withUnsafeBytes { hasher.update($0) }
        #expect(SHA256.hexString(hasher.finalize()) == expected)
    }

    @Test("Incremental updates split at every position equal the one-shot digest")
    func incrementalSplits() {
        let message = (0..<203).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let oneShot = SHA256.hash(message)
        for split in 0...message.count {
            var hasher = SHA256()
            hasher.update(message[..<split])
            hasher.update(message[split...])
            #expect(hasher.finalize() == oneShot, "split at \(split)")
        }
    }

    @Test("Byte-at-a-time and three-way splits equal the one-shot digest")
    func manySmallUpdates() {
        let message = (0..<203).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let oneShot = SHA256.hash(message)
        var byteByByte = SHA256()
        for byte in message { byteByByte.update(CollectionOfOne(byte)) }
        #expect(byteByByte.finalize() == oneShot)
        for first in stride(from: 0, through: message.count, by: 17) {
            for second in stride(from: first, through: message.count, by: 23) {
                var hasher = SHA256()
                hasher.update(message[..<first])
                hasher.update(message[first..<second])
                hasher.update(message[second...])
                #expect(hasher.finalize() == oneShot, "splits at \(first), \(second)")
            }
        }
    }

    @Test("Every length 0…299, one-shot and streamed, matches Python's hashlib (digest of the digests)")
    func everyLengthOneShotAndStreamed() {
        let message = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var oneShot: [UInt8] = []
        var streamed: [UInt8] = []
        for length in 0..<300 {
            // Contiguous input takes the path that pads on the stack; a lazy sequence is gathered
            // through `update` and `finalize`.
            oneShot += SHA256.hash(message[..<length])
            streamed += SHA256.hash(message[..<length].lazy.map { $0 })
        }
        // hashlib.sha256(b"".join(hashlib.sha256(m[:n]).digest() for n in range(300))).hexdigest()
        let expected = "82d1c86ef5eb80a2f7cb650e4770f5293bdbe86a5b577e54026c9295bbcf0e8d"
        #expect(SHA256.hexDigest(oneShot) == expected)
        #expect(SHA256.hexDigest(streamed) == expected)
    }

    @Test("Lengths 0…130 match the system sha256sum (block and padding edges)")
    func matchesSystemSHA256Sum() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sha256-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var files: [URL] = []
        var expected: [String] = []
        for length in 0...130 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ length) }
            let file = directory.appendingPathComponent("message-\(length).bin")
            try Data(bytes).write(to: file)
            files.append(file)
            expected.append(SHA256.hexDigest(bytes))
        }

        let digests = try Self.systemDigests(of: files)
        try #require(digests.count == files.count)
        for (length, digest) in digests.enumerated() {
            #expect(digest == expected[length], "length \(length)")
        }
    }

    /// Runs `sha256sum` once over all files and returns the digests in file order.
    private static func systemDigests(of files: [URL]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum"] + files.map(\.path)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
            .split(separator: "\n")
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }
}
