import Foundation
import Testing

/// What real ChatGPT exports hold that the importer got wrong (issue 33): a re-export after viewing
/// another branch, replies cut short, code languages, titles in other scripts.
@Suite("import chatgpt: fidelity")
struct ImportChatGPTFidelityTests {
    typealias Export = ImportChatGPTTests

    /// A conversation with a regenerated answer, `current` the node the user last viewed.
    static func branches(current: String) -> String {
        """
        [{"id": "c1", "title": "branches", "current_node": "\(current)", "mapping": {
          \(Export.node("u1", parent: nil, children: ["a1", "a1b"], role: "user", text: "Q1")),
          \(Export.node("a1", parent: "u1", children: ["u2"], role: "assistant", text: "A1")),
          \(Export.node("u2", parent: "a1", children: [], role: "user", text: "Q2")),
          \(Export.node("a1b", parent: "u1", children: [], role: "assistant", text: "A1 again"))}}]
        """
    }

    @Test("an export whose conversation only changed its viewed branch writes nothing new", arguments: ["a1b", "a1", "u1"])
    func viewedBranchChanged(current: String) throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["import", Export.written(Self.branches(current: "u2"), as: "old.json", in: sandbox)])
        let before = try DirectorySnapshot(sandbox.repository)
        let again = try sandbox.succeed(["import", Export.written(Self.branches(current: current), as: "new.json", in: sandbox)])
        #expect(again.stderr.contains("4 messages (0 new), 1 fork, 0 threads created or moved"), "\(again.stderr)")
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }
}
