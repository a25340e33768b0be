import Foundation
import Testing
@testable import ThreadAIStore

/// `Fixtures/conformance/packs/multi-pack-index/`: each file beside its `.verdict`, whose first word
/// says whether a reader accepts its frame (`use`) or treats it as missing (`absent`), docs/FORMAT.md
/// §15.2 "The multi-pack index". A used file's entries are still checked against the packs of
/// `packs/valid/`: the sound file's all frame, `wrong-offsets`' none.
@Suite("Conformance set: multi-pack index verdicts")
struct ConformanceMultiPackIndexTests {
    static let folder = "packs/multi-pack-index"
    static let names = (try? ConformanceSet.entries(folder, suffix: ".verdict")) ?? []

    @Test("a sound file and at least ten others, each beside its verdict")
    func counts() throws {
        let entries = try ConformanceSet.entries(Self.folder)
        #expect(Self.names.count >= 10 && entries.count == 2 * Self.names.count && Self.names.contains("sound"))
    }

    @Test("a reader reaches the verdict the vector gives", arguments: names)
    func verdict(_ name: String) throws {
        let word = try #require(try ConformanceSet.lines("\(Self.folder)/\(name).verdict").first?.split(separator: " ").first)
        let index = MultiPackIndex.Mapped(try MappedFile(copying: try ConformanceSet.bytes("\(Self.folder)/\(name).idx")))
        #expect((index != nil) == (word == "use"), "\(name)")
        guard let index else { return }
        var framed = 0
        for position in 0..<index.count {
            let id = index.id(at: position)
            guard let (number, entry) = index.find(id) else { continue }
            let pack = try ConformanceSet.bytes("packs/valid/\(index.packs[number].name).pack")
            #expect(pack.count == index.packs[number].size)
            if pack.withUnsafeBufferPointer({ PackFraming.frames(entry, in: $0) }) { framed += 1 }
        }
        #expect(framed == (name == "wrong-offsets" ? 0 : index.count), "\(name)")
    }
}
