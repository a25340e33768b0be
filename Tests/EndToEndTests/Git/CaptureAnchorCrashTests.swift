import Foundation
import Testing
import ThreadAITestSupport

/// A capture killed at every step that changes the file system (THREADAI_TEST_FAULT), its anchor
/// note's steps included (docs/FORMAT.md §4.7.1): the next capture stores the rest, `fsck` passes, and
/// the note holds no line that is malformed or anchors anything but where the code stood — a line a
/// kill cut short is cut off, never ended into another anchor.
@Suite("CLI: capture's anchor notes against crashes", .slow)
struct CaptureAnchorCrashTests {
    static let killed: Int32 = 86

    @Test("killed at every write step, the next capture finishes; every note line is a whole anchor at HEAD")
    func killedAtEveryStep() throws {
        let clones = try GitClones()
        try clones.start("app")
        let commit = try clones.head("app")
        let transcript = try clones.sandbox.folder.folder("claude") + "/\(CaptureTests.session).jsonl"
        try FileManager.default.copyItem(atPath: CaptureTests.fixture, toPath: transcript)
        let repository = clones.path("app") + "/.threadai"
        let pristine = clones.sandbox.folder.path + "/pristine"
        try FileManager.default.copyItem(atPath: repository, toPath: pristine)
        let note = repository + "/anchors/claude-code/\(CaptureTests.session)"
        var step = 1
        var noteSteps = 0
        while step < 400 {
            try FileManager.default.removeItem(atPath: repository)
            try FileManager.default.copyItem(atPath: pristine, toPath: repository)
            let capture = ["capture", "--transcript", transcript]
            let result = try clones.sandbox.run(capture, in: clones.path("app"), environment: ["THREADAI_TEST_FAULT": "\(step):kill"])
            if result.status != Self.killed {
                #expect(result.status == 0, "step \(step): \(result)")
                break
            }
            if FileManager.default.fileExists(atPath: note) { noteSteps += 1 }
            let again = try clones.sandbox.run(capture, in: clones.path("app"))
            #expect(again.status == 0, "after step \(step): \(again)")
            let stored = try clones.sandbox.run(["log", "--oneline", CaptureAnchorTests.thread], in: clones.path("app"))
            #expect(stored.stdout.split(separator: "\n").count == 12, "after step \(step): \(stored)")
            let fsck = try clones.sandbox.run(["fsck"], in: clones.path("app"))
            #expect(fsck.status == 0, "after step \(step): \(fsck)")
            #expect(!fsck.stdout.contains("anchor note") && !fsck.stderr.contains("anchor note"), "after step \(step): \(fsck)")
            let lines = ((try? String(contentsOfFile: note, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.last == "", "after step \(step): the note ends with a whole line")
            for line in lines.dropLast() {
                #expect(line.hasSuffix(" \(commit) clean main") && line.count == 64 + 1 + 40 + " clean main".count, "after step \(step): \(line)")
            }
            step += 1
        }
        #expect(step > 10, "a capture takes many write steps; the seam must count them")
        #expect(noteSteps >= 2, "some kills fell inside the note's writing")
    }
}
