import Foundation
import Testing
import ThreadAITestSupport

/// `gc` killed at every step that changes the file system (the fault seam, THREADAI_TEST_FAULT), and
/// run beside sends: no message is ever lost, every reading command prints what it printed before,
/// `fsck` stays clean (a leftover is a warning), and the next `gc` finishes the work
/// (docs/FORMAT.md §15.3).
@Suite("CLI: gc against crashes and concurrent sends", .slow)
struct GcCrashTests {
    static let killed: Int32 = 86

    static func outputs(_ sandbox: CLISandbox) throws -> [String] {
        try [["log", "--all", "--json"], ["threads", "--json"], ["grep", "question"], ["export", "json"], ["reflog", "main"], ["reflog", "side"]]
            .map { arguments in
            let result = try sandbox.run(arguments)
            return "\(arguments) → \(result.status)\n\(result.stdout)\(result.stderr)"
        }
    }

    static func expectSound(_ sandbox: CLISandbox, _ truth: [String], _ label: String) throws {
        #expect(try outputs(sandbox) == truth, "\(label)")
        let fsck = try sandbox.run(["fsck"])
        #expect(fsck.status == 0, "\(label): \(fsck)")
    }

    @Test("gc killed at every write step loses nothing; fsck is clean; the next gc finishes",
          arguments: [false, true])
    func killedAtEveryStep(rewritingAPack: Bool) throws {
        // With a small pack that the gc rewrites together with the loose messages (§15.5).
        let sandbox = try rewritingAPack ? GcTests.smallPackAndLoose() : GcTests.conversation()
        let truth = try Self.outputs(sandbox)
        let pristine = sandbox.work + "/../pristine"
        try FileManager.default.copyItem(atPath: sandbox.repository, toPath: pristine)
        var step = 1
        while step < 200 {
            try FileManager.default.removeItem(atPath: sandbox.repository)
            try FileManager.default.copyItem(atPath: pristine, toPath: sandbox.repository)
            let result = try sandbox.run(["gc"], environment: ["THREADAI_TEST_FAULT": "\(step):kill"])
            if result.status != Self.killed {
                #expect(result.status == 0, "step \(step): \(result)")
                break
            }
            try Self.expectSound(sandbox, truth, "killed at step \(step)")
            let again = try sandbox.run(["gc"])
            #expect(again.status == 0, "after step \(step): \(again)")
            #expect(GcTests.looseFiles(sandbox).isEmpty, "after step \(step)")
            #expect(GcTests.looseReflogs(sandbox).isEmpty, "after step \(step)")
            try Self.expectSound(sandbox, truth, "gc again after step \(step)")
            step += 1
        }
        #expect(step > 10, "a gc takes many write steps; the seam must count them")
    }

    @Test("gcs and sends at once: every question keeps its reply, every message stays readable")
    func besideSends() throws {
        let sandbox = try GcTests.conversation()
        let reflogBefore = try sandbox.succeed(["reflog", "main"]).stdout.split(separator: "\n").count
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let arguments = index % 4 == 0 ? ["gc"] : ["send", "question \(index)"]
            results.append(Result { try sandbox.run(arguments) })
        }
        for result in try results.all().map({ try $0.get() }) {
            let refused = result.arguments.first == "gc" && result.stderr.contains("another gc is running")
            #expect(result.status == 0 || refused, "\(result)")
        }
        try sandbox.succeed(["gc"])
        #expect(GcTests.looseFiles(sandbox).isEmpty)
        let log = try sandbox.succeed(["log", "--all", "--json"]).stdout
        for index in 0..<16 where index % 4 != 0 { #expect(log.contains("question \(index)"), "\(index)") }
        // Every send logged its two moves, whether its line went into logs/packed or stayed in a file.
        #expect(try sandbox.succeed(["reflog", "main"]).stdout.split(separator: "\n").count == reflogBefore + 2 * 12)
        #expect(GcTests.looseReflogs(sandbox).isEmpty)
        #expect(try sandbox.run(["fsck"]).status == 0)
    }
}
