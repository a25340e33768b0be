import Foundation
import Testing

/// The conformance set, `Fixtures/conformance/` (its README says what a reader must do with each
/// folder). The tests enumerate its folders, so a vector added there is run without a code change,
/// and fail when a folder holds fewer vectors than the set promises.
enum ConformanceSet {
    /// The least each part holds (issue 35): a part that shrinks below it fails its test.
    static let minimumValidObjects = 100
    static let minimumInvalidObjects = 50
    static let minimumNames = 200
    static let minimumRepositories = 8

    static func url(_ relativePath: String) -> URL {
        MessageFixtures.folder("conformance/" + relativePath)
    }

    /// The names in `folder` (sorted), keeping those that end in `suffix`, without it.
    static func entries(_ folder: String, suffix: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(folder).path)
            .filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }
            .map { String($0.dropLast(suffix.count)) }
            .sorted()
    }

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(relativePath)))
    }

    /// The lines of a text file, split at LF bytes (docs/FORMAT.md §2), each ended by one.
    static func lines(_ relativePath: String) throws -> [String] {
        let bytes = try bytes(relativePath)
        #expect(bytes.last == 0x0A, "\(relativePath) ends with LF")
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }
}
