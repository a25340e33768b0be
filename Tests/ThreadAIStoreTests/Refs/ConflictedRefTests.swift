import Foundation
import Testing
import ThreadAIStore

/// docs/FORMAT.md §5.1: a ref that a merge left with git's conflict markers (`Fixtures/refs/`) reads
/// as the heads the `union` driver would have kept; `fsck` says so and `reconcile` rewrites it.
@Suite("Thread refs: conflict markers from a merge")
struct ConflictedRefTests {
    static let fixtures = GoldenRepository.fixtureDirectory.replacing("/golden", with: "/refs")
    static let five = "7705d57a7cb108d96a988efa4310baaa0a7b05d0739b4d3a7bd831dd79a1ca6e"
    static let four = "4edb3492cacbf317b789fe7f9802998d7d2c0d6ad1299aaf7305605b0d6eb25f"
    static let eight = "750b2fc7e74c37c658859c83191b942f1c2891dab9ad01130e10f1b5ea6a2b19"

    @Test("both conflict styles read as every id between the markers, in order; fsck warns; reconcile rewrites the ref",
          arguments: [("conflicted", [five, eight]), ("conflicted-diff3", [five, four, eight])])
    func readsAsDiverged(_ fixture: String, _ heads: [String]) throws {
        let folder = try TemporaryDirectory("conflicted-ref")
        let (repository, _) = try GoldenRepository.build(in: folder.path)
        let main = try ThreadName("main")
        try Files.write(try Files.read(Self.fixtures + "/" + fixture), to: repository.refs.path(of: main))
        #expect(try repository.refs.heads(of: main).map(\.hex) == heads)
        #expect(try repository.refs.allHeads().first { $0.name == main }?.heads.map(\.hex) == heads)
        #expect(repository.refs.holdsConflictMarkers(main))
        let warning = try #require(try repository.check().problems.first { $0.path == repository.refs.path(of: main) })
        #expect(warning.severity == .warning && warning.message.contains("conflict markers"), "\(warning)")

        let settled = try repository.reconcile(main, keep: try ObjectID(hex: Self.five))
        #expect(settled.kept.hex == Self.five && settled.contained.map(\.hex) == (heads.contains(Self.four) ? [Self.four] : []))
        #expect(try Files.readText(repository.refs.path(of: main)) == Self.five + "\n")
        #expect(!repository.refs.holdsConflictMarkers(main))
    }

    @Test("markers alone, or lines that only look like markers, are malformed", arguments: [
        "<<<<<<< ours\n=======\n>>>>>>> theirs\n",
        "<<<<<< six\n" + five + "\n",
        "<<<<<<<no-space\n" + five + "\n",
        "<<<<=== mixed\n" + five + "\n",
    ])
    func notMarkers(_ text: String) throws {
        let scratch = try ScratchRepository()
        try Files.write(text, to: scratch.repository.refs.path(of: .main))
        #expect(throws: RefError.self) { try scratch.repository.refs.heads(of: .main) }
    }
}
