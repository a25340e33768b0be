import Foundation
import Testing
import ThreadAIStore

/// `.threadai/format` (docs/FORMAT.md §15.4): announced once, in bytes two clones agree on, and a
/// repository that names a feature this version does not know refused before anything is read.
@Suite("Repository format features")
struct RepositoryFormatTests {
    let scratch: ScratchRepository
    var path: String { scratch.root + "/format" }

    init() throws {
        scratch = try ScratchRepository()
    }

    @Test("a repository without the file names no feature; announcing packs writes one sorted line, once")
    func announce() throws {
        #expect(try RepositoryFormat.read(in: scratch.root).features == [])
        #expect(try RepositoryFormat.announce(RepositoryFormat.packs, in: scratch.root))
        #expect(try Files.readText(path) == "feature packs\n")
        #expect(try !RepositoryFormat.announce(RepositoryFormat.packs, in: scratch.root))
        #expect(try RepositoryFormat.read(in: scratch.root).features == ["packs"])
        #expect(!Files.exists(path + ".lock"))
        #expect(RepositoryFormat(features: ["b", "a", "b"]).bytes == Array("feature a\nfeature b\n".utf8))
    }

    @Test("a feature this version does not know is refused, named, with the upgrade remedy")
    func unknownFeature() throws {
        try Files.write("feature packs\nfeature zstd-packs\n", to: path)
        do {
            _ = try Repository(directory: scratch.root)
            Issue.record("opened a repository with an unknown feature")
        } catch {
            guard case .format(.unknownFeature(let feature, _)) = error else { Issue.record("\(error)"); return }
            #expect(feature == "zstd-packs")
            #expect(error.description.contains("'zstd-packs'"))
            #expect(Remedy.suggested(by: error).map(\.action) == [.upgrade])
        }
    }

    @Test("a format file not of its form is refused", arguments: [
        "feature packs", "features packs\n", "feature packs\nfeature packs\n", "feature b\nfeature a\n",
        "feature Packs\n", "feature \n", "\n", "feature packs\r\n",
    ])
    func unreadable(_ text: String) throws {
        try Files.write(text, to: path)
        #expect(throws: RepositoryError.self) { try Repository(directory: scratch.root) }
        #expect(throws: FormatError.self) { try RepositoryFormat.read(in: scratch.root) }
    }
}
