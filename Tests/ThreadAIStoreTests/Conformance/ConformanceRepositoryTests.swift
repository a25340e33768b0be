import Foundation
import Testing
@testable import ThreadAIStore

/// `Fixtures/conformance/repos/<case>/`: each repository (its `threadai/` folder, copied to a
/// temporary `.threadai`, since reading may write caches) resolves every revision of its
/// `expected.json` to the id given, fails on every revision of `errors`, and builds every thread's
/// context with the turns and the system prompt given.
@Suite("Conformance set: repositories")
struct ConformanceRepositoryTests {
    struct Expected: Decodable {
        struct Context: Decodable {
            let ids: [String]
            let system: String?
        }

        let revisions: [String: String]
        let contexts: [String: Context]
        let errors: [String]?
    }

    static let cases = (try? ConformanceSet.entries("repos")) ?? []

    /// The case's repository, copied, and what it must give.
    static func open(_ name: String) throws -> (folder: TemporaryDirectory, repository: Repository, expected: Expected) {
        let folder = try TemporaryDirectory("conformance-\(name)")
        let copy = folder.child(".threadai")
        try FileManager.default.copyItem(atPath: ConformanceSet.url("repos/\(name)/threadai").path, toPath: copy)
        let expected = try JSONDecoder().decode(Expected.self, from: Data(ConformanceSet.bytes("repos/\(name)/expected.json")))
        return (folder, try Repository(directory: copy), expected)
    }

    @Test("the set holds at least the promised number of repositories, each with its expected.json")
    func counts() throws {
        #expect(Self.cases.count >= ConformanceSet.minimumRepositories)
        for name in Self.cases {
            #expect(try ConformanceSet.entries("repos/\(name)").contains("expected.json"), "\(name)")
        }
    }

    @Test("every revision resolves to the id expected.json gives, and every error names nothing", arguments: cases)
    func revisions(_ name: String) throws {
        let (folder, repository, expected) = try Self.open(name)
        defer { withExtendedLifetime(folder) {} }
        #expect(!expected.revisions.isEmpty)
        for (revision, id) in expected.revisions.sorted(by: { $0.key < $1.key }) {
            #expect((try? repository.resolve(revision).hex) == id, "\(name): \(revision)")
        }
        for revision in expected.errors ?? [] {
            #expect(throws: RevisionError.self, "\(name): \(revision)") { try repository.resolve(revision) }
        }
    }

    @Test("every thread's context holds the turns and the system prompt expected.json gives", arguments: cases)
    func contexts(_ name: String) throws {
        let (folder, repository, expected) = try Self.open(name)
        defer { withExtendedLifetime(folder) {} }
        #expect(!expected.contexts.isEmpty)
        for (thread, want) in expected.contexts.sorted(by: { $0.key < $1.key }) {
            let head = try #require(try repository.singleHead(of: ThreadName(thread)), "\(name): \(thread)")
            let context = try repository.context(of: head, budget: nil)
            #expect(context.turns.map(\.id.hex) == want.ids, "\(name): \(thread)")
            #expect(context.system == want.system, "\(name): \(thread)")
        }
    }
}
