import Foundation
import Testing

/// docs/FORMAT.md §5.1: git's conflict markers in a thread ref are reported by `fsck` whatever the
/// ids between them, also when they surround a single id (both sides kept the same head, or one side
/// is empty): nothing diverged, but the file is not what a writer writes, and `threads reconcile`
/// rewrites it.
@Suite("CLI: fsck on a thread ref with conflict markers around one id")
struct ConflictedRefFsckTests {
    @Test("fsck warns with the fix; threads reconcile rewrites the ref as the one id", arguments: [
        "<<<<<<< HEAD\nID\n=======\nID\n>>>>>>> origin/main\n",
        "<<<<<<< HEAD\nID\n=======\n>>>>>>> origin/main\n",
        "<<<<<<<\nID\n|||||||\nID\n=======\nID\n>>>>>>>\n",
    ])
    func markersAroundOneID(_ template: String) throws {
        let sandbox = try CLISandbox.initialized(sending: "question")
        let ref = sandbox.repository + "/refs/threads/main"
        let id = try String(contentsOfFile: ref, encoding: .utf8).trimmingCharacters(in: .newlines)
        try Data(template.replacingOccurrences(of: "ID", with: id).utf8).write(to: URL(fileURLWithPath: ref))
        let fsck = try sandbox.run(["fsck"])
        #expect(fsck.status == 0, "a warning: nothing is lost \(fsck)")
        #expect(fsck.stdout.contains("warning: ") && fsck.stdout.contains("conflict markers") && fsck.stdout.contains(ref), "\(fsck)")
        #expect(fsck.stdout.contains("fix: threadai threads reconcile main"), "\(fsck)")
        try sandbox.succeed(["threads", "reconcile", "main"])
        #expect(try String(contentsOfFile: ref, encoding: .utf8) == id + "\n")
        let after = try sandbox.succeed(["fsck"])
        #expect(!after.stdout.contains("conflict markers"), "\(after)")
    }
}
