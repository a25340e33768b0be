import Foundation
import Testing
import ThreadAI
import ThreadAITestSupport

/// `Fixtures/conformance/export/` (docs/FORMAT.md §11): each valid export imports into an empty
/// repository, which then holds exactly the threads, tags and renames its `NAME.expected.json`
/// gives; each invalid export is refused, and the repository is left as it was (empty).
@Suite("Conformance set: threadai-json exports")
struct ConformanceExportTests {
    struct Expected: Decodable, Equatable {
        let threads: [String: String]
        let tags: [String: String]
        let renames: String?
    }

    static let folder = PackageSources.root.appendingPathComponent("Fixtures/conformance/export")

    static func names(_ kind: String, suffix: String) -> [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(kind).path)) ?? []
        return all.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }.sorted()
    }

    static let valid = names("valid", suffix: ".expected.json")
    static let invalid = names("invalid", suffix: ".rule")

    /// An empty repository, and what importing `export` into it did.
    static func importing(_ export: String) throws -> (folder: ScratchFolder, repository: Repository, result: Result<Void, ImportError>) {
        let scratch = try ScratchFolder()
        let repository = try Repository.initialize(in: scratch.path).repository
        var importer = Importer(repository: repository)
        var summary = Importer.Summary()
        let result = Result { () throws(ImportError) in
            try ThreadAIJSON.load(path: folder.appendingPathComponent(export).path, into: &importer, summary: &summary)
        }
        return (scratch, repository, result)
    }

    /// What `repository` holds, in the shape of `NAME.expected.json`.
    static func contents(_ repository: Repository) throws -> Expected {
        var threads: [String: String] = [:]
        for (name, heads) in try repository.refs.allHeads() {
            #expect(heads.count == 1, "\(name)")
            threads[name.rawValue] = heads.first?.hex
        }
        var tags: [String: String] = [:]
        for tag in try repository.tags.all() { tags[tag.name.rawValue] = tag.target.hex }
        let renames = try? String(contentsOfFile: repository.directory + "/renames", encoding: .utf8)
        return Expected(threads: threads, tags: tags, renames: renames)
    }

    @Test("the set holds valid and invalid exports, each with its expected file or rule")
    func counts() throws {
        #expect(Self.valid.count >= 5)
        #expect(Self.invalid.count >= 10)
        #expect(Self.names("valid", suffix: ".json").count == 2 * Self.valid.count)
        #expect(Self.names("invalid", suffix: ".json") == Self.invalid)
    }

    @Test("a valid export imports into an empty repository, which then holds what it expects", arguments: valid)
    func validExport(_ name: String) throws {
        let (folder, repository, result) = try Self.importing("valid/\(name).json")
        defer { withExtendedLifetime(folder) {} }
        try result.get()
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: Self.folder.appendingPathComponent("valid/\(name).expected.json")))
        #expect(try Self.contents(repository) == expected)
    }

    @Test("an invalid export is refused and leaves the repository empty", arguments: invalid)
    func invalidExport(_ name: String) throws {
        let (folder, repository, result) = try Self.importing("invalid/\(name).json")
        defer { withExtendedLifetime(folder) {} }
        #expect(throws: ImportError.self) { try result.get() }
        #expect(try Self.contents(repository) == Expected(threads: [:], tags: [:], renames: nil))
        let objects = FileManager.default.enumerator(atPath: repository.directory + "/objects")?.compactMap { $0 as? String } ?? []
        #expect(objects.filter { $0.hasSuffix(".md") }.isEmpty, "no object stored")
        let rule = try String(contentsOf: Self.folder.appendingPathComponent("invalid/\(name).rule"), encoding: .utf8)
        #expect(rule.hasPrefix("§") && rule.hasSuffix("\n") && rule.dropLast().allSatisfy { $0 != "\n" })
    }
}
