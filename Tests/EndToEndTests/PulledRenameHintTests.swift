import Foundation
import Testing

/// A rename pulled from another clone while this one went on with the old name leaves both names:
/// `threads reconcile OLD` settles it. Only `fsck` said so; `status`, `threads` and `send` now do
/// too, as they do for a diverged thread.
@Suite("CLI: a pulled rename that needs reconcile is named where the thread is used")
struct PulledRenameHintTests {
    @Test("status, threads and send name 'threads reconcile OLD'; after it, none does")
    func hints() throws {
        let sandbox = try CLISandbox.initialized(sending: "first")
        try sandbox.succeed(["checkout", "-b", "draft"])
        try sandbox.succeed(["send", "on draft"])
        // As a pull leaves it: the other clone renamed draft to final, this one kept sending on draft.
        try FileManager.default.copyItem(
            atPath: sandbox.repository + "/refs/threads/draft", toPath: sandbox.repository + "/refs/threads/final")
        try Data("draft\tfinal\n".utf8).write(to: URL(fileURLWithPath: sandbox.repository + "/renames"))
        try sandbox.succeed(["send", "more on draft"])
        let hint = "threadai threads reconcile draft"
        let status = try sandbox.succeed(["status"]).stdout
        #expect(status.contains(hint), "\(status)")
        #expect(try sandbox.succeed(["threads"]).stdout.contains(hint))
        #expect(try sandbox.succeed(["send", "again"]).stderr.contains(hint))
        try sandbox.succeed(["threads", "reconcile", "draft"])
        #expect(!(try sandbox.succeed(["status"]).stdout.contains("reconcile")))
        #expect(!(try sandbox.succeed(["threads"]).stdout.contains("reconcile")))
    }
}
