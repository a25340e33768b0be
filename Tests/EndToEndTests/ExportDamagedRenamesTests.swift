import Foundation
import Testing

/// docs/FORMAT.md §11: an export of a repository always imports. A `renames` file may hold lines that
/// every reader skips (§5.4: a hand edit, a bad merge); an importer refuses such a line, so an export
/// holds the lines readers read, and nothing else.
@Suite("export json: renames that readers skip")
struct ExportDamagedRenamesTests {
    @Test("a renames file with lines readers skip exports the rest, and the export imports into an empty repository")
    func skippedLinesStayBehind() throws {
        let sandbox = try CLISandbox.initialized(sending: "the question")
        try sandbox.succeed(["threads", "rename", "main", "trunk"])
        let path = sandbox.repository + "/renames"
        let recorded = try String(contentsOfFile: path, encoding: .utf8)
        try (recorded + "not a rename\n\ntoo\tmany\ttabs\nok\t..bad\n").write(toFile: path, atomically: true, encoding: .utf8)
        let export = try sandbox.succeed(["export", "json"])
        let renames = try #require(try JSON.object(export)["renames"] as? String)
        #expect(renames == recorded, "\(renames)")
        let copy = try CLISandbox.initialized()
        let file = copy.work + "/export.json"
        try Data(export.stdoutBytes).write(to: URL(fileURLWithPath: file))
        let imported = try copy.run(["import", file])
        #expect(imported.status == 0, "\(imported)")
        #expect(try copy.succeed(["log", "--oneline", "trunk"]).stdout.contains("the question"))
    }
}
