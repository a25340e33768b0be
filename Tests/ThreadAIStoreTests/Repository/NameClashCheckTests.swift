import Foundation
import Testing
@testable import ThreadAIStore

@Suite("check: names that clash on macOS and Windows (FORMAT §5.2)")
struct NameClashCheckTests {
    @Test("case, Unicode form and a name beside a folder of names are each named once; distinct names are not")
    func clashes() throws {
        let scratch = try ScratchRepository()
        let head = try scratch.append("hello")
        let refs = scratch.root + "/refs/threads/"
        for name in ["Feature", "feature", "notes", "Notes/draft", "caf\u{E9}", "cafe\u{301}", "other", "other2/x"] {
            try FileManager.default.createDirectory(atPath: ((refs + name) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data((head.hex + "\n").utf8).write(to: URL(fileURLWithPath: refs + name))
        }
        let clashes = try scratch.repository.check().problems.filter { $0.message.contains("clash") }.map(\.message)
        #expect(clashes.count == 3, "\(clashes)")
        #expect(clashes.contains { $0.contains("'Feature' and 'feature'") })
        #expect(clashes.contains { $0.contains("'notes' and 'Notes/draft'") })
        #expect(!clashes.contains { $0.contains("'other") })
    }
}
