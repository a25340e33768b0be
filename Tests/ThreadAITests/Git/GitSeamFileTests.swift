import Foundation
import Testing
import ThreadAI
import ThreadAITestSupport

/// The git seam's `file(_:in:around:)`: a file of another branch's tree (Entire keeps its checkpoints
/// on `entire/checkpoints/v1`), alike from every backend.
@Suite("Git seam: a file at a revision")
struct GitSeamFileTests {
    @Test("a branch's file, byte for byte; nil for a missing branch, path or folder, and outside git", arguments: GitBackends.all)
    func fileAtRevision(_ backend: any GitBackend) throws {
        let repository = try GitSeamTests.Fixture()
        defer { repository.remove() }
        try repository.run(["commit", "-q", "--allow-empty", "-m", "first"])
        try repository.run(["checkout", "-q", "--orphan", "data/v1"])
        try repository.write("ab/cdef/metadata.json", "{\"é\": 1}\n")
        try repository.write("empty", "")
        try repository.run(["add", "-A"])
        try repository.run(["commit", "-q", "-m", "data"])
        try repository.run(["checkout", "-q", "main"])
        #expect(try backend.file("ab/cdef/metadata.json", in: "data/v1", around: repository.top) == Array("{\"é\": 1}\n".utf8))
        #expect(try backend.file("empty", in: "data/v1", around: repository.top) == [])
        #expect(try backend.file("ab/cdef/other.json", in: "data/v1", around: repository.top) == nil)
        #expect(try backend.file("ab/cdef", in: "data/v1", around: repository.top) == nil, "a folder is no file")
        #expect(try backend.file("ab/cdef/metadata.json", in: "no/such/branch", around: repository.top) == nil)
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("no-git-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        #expect(try backend.file("a", in: "HEAD", around: outside) == nil)
    }
}
