import Foundation
import Testing
@testable import ThreadAIStore

/// The fuzz target of the checked cache files seals what the fuzzer gives it (Tests/Fuzz): if the
/// seal were wrong, every input would stop at the check and the target would fuzz nothing behind it.
@Suite struct PackedCachesFuzzTargetTests {
    @Test(arguments: [("cache/objects", PackedObjects.header), ("cache/search", SearchIndexLayout.header)])
    func sealingTheBodyOfARealFileGivesTheFileBack(fixture: String, header: [UInt8]) throws {
        let file = Array(try Data(contentsOf: MessageFixtures.folder(fixture)))
        #expect(file.starts(with: header))
        let body = Array(file[header.count..<(file.count - CacheFrame.checkTrailerSize)])
        #expect(StoreFuzzing.sealed(body, kind: header) == file)
        var damaged = body
        damaged[damaged.count / 2] ^= 1
        #expect(StoreFuzzing.sealed(damaged, kind: header) != file)
    }

    @Test func aBodyTooShortForItsCountsIsNotSealed() {
        #expect(StoreFuzzing.sealed([1, 2, 3], kind: PackedObjects.header) == nil)
        #expect(StoreFuzzing.packedCaches([1, 2, 3]) == nil)
    }
}
