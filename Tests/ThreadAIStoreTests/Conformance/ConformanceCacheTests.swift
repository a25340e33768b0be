import Foundation
import Testing
@testable import ThreadAIStore

/// `Fixtures/conformance/cache/<kind>/`: each cache file beside its `.verdict`, whose first word
/// says what a reader must conclude: `use` (every check passes) or `absent` (§12 rule 3: the file
/// is treated as missing). Further lines `unusable ID` (§12.4) name records a reader must read from
/// their objects instead; `block-check-fails` (§12.3) has a first block that fails its CHECK.
@Suite("Conformance set: cache verdicts")
struct ConformanceCacheTests {
    struct Vector: CustomTestStringConvertible, Sendable {
        let kind: String
        let name: String
        var testDescription: String { "\(kind)/\(name)" }
        var path: String { ConformanceSet.url("cache/\(kind)/\(name)").path }
    }

    static let kinds = ["threads", "messages", "search", "objects"]
    static let vectors: [Vector] = kinds.flatMap { kind in
        ((try? ConformanceSet.entries("cache/\(kind)", suffix: ".verdict")) ?? []).map { Vector(kind: kind, name: $0) }
    }

    @Test("every kind has a sound file and damaged ones, each beside its verdict")
    func counts() throws {
        for kind in Self.kinds {
            let names = try ConformanceSet.entries("cache/\(kind)")
            let verdicts = names.filter { $0.hasSuffix(".verdict") }
            #expect(verdicts.count >= 10, "\(kind)")
            #expect(names.count == 2 * verdicts.count, "\(kind): each file beside its verdict, and nothing else")
            #expect(names.contains("sound"), "\(kind)")
        }
    }

    @Test("a reader reaches the verdict the vector gives", arguments: vectors)
    func verdict(_ vector: Vector) throws {
        let lines = try ConformanceSet.lines("cache/\(vector.kind)/\(vector.name).verdict")
        let word = try #require(lines.first?.split(separator: " ").first.map(String.init))
        #expect(["use", "absent"].contains(word))
        #expect(try Self.usable(vector, unusable: lines.dropFirst()) == (word == "use"))
    }

    /// Whether the reader of `vector.kind` uses the file, after checking the records the verdict
    /// names unusable (and only those) fail and the rest pass.
    static func usable(_ vector: Vector, unusable: ArraySlice<String>) throws -> Bool {
        switch vector.kind {
        case "threads":
            return ThreadSummaryFile.decode(try ConformanceSet.bytes("cache/threads/\(vector.name)")) != nil
        case "messages":
            return MessageGraphCodec.decode(try ConformanceSet.bytes("cache/messages/\(vector.name)")) != nil
        case "search":
            guard let index = SearchIndex.open(vector.path) else { return false }
            var buffer: [UInt8] = []
            let failing = (0..<index.blockCount).filter { !index.readBlock($0, into: &buffer) }
            #expect(failing == (vector.name == "block-check-fails" ? [0] : []))
            return true
        default:
            guard let packed = PackedObjects.open(vector.path) else { return false }
            let bad = Set(unusable.map { $0.replacingOccurrences(of: "unusable ", with: "") })
            for record in 0..<packed.count {
                #expect(packed.isSound(record) == !bad.contains(packed.id(record).hex), "record \(record)")
            }
            return true
        }
    }
}
