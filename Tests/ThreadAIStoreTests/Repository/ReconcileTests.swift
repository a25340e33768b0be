import Foundation
import Testing
@testable import ThreadAIStore

/// `reconcile` and the readers of a diverged thread (docs/FORMAT.md §5.1).
@Suite("Reconcile and diverged reads")
struct ReconcileTests {
    let scratch: ScratchRepository

    init() throws {
        scratch = try ScratchRepository()
    }

    /// Writes the ref of `thread` with these heads, one per line, as git's union merge does.
    private func diverge(_ thread: String, _ heads: [ObjectID]) throws {
        try Data(heads.map { $0.hex + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: try scratch.refPath(thread)))
    }

    @Test("currentHeads and resolveEach give every head, with ~N applied to each; resolve refuses")
    func readers() throws {
        let base = try scratch.appendTurns(2, prefix: "base")
        let side = try scratch.repository.append(
            try scratch.message("side", parent: base[1]), to: .main, reflogMessage: "test")
        try diverge("main", [side, base[1]])
        #expect(try scratch.repository.currentHeads().tips == [side, base[1]])
        #expect(try scratch.repository.resolveEach("HEAD") == [side, base[1]])
        #expect(try scratch.repository.resolveEach("main~1") == [base[1], base[0]])
        #expect(try scratch.repository.resolveEach(side.hex) == [side])
        #expect(throws: RevisionError.self) { try scratch.repository.resolve("main") }
    }

    @Test("a head in another head's history is fast-forwarded past: no thread of its own")
    func fastForward() throws {
        let ids = try scratch.appendTurns(3, prefix: "t")
        try diverge("main", [ids[0], ids[2], ids[1]])
        let result = try scratch.repository.reconcile(.main)
        #expect(result.kept == ids[2] && result.newThreads.isEmpty && Set(result.contained) == [ids[0], ids[1]])
        #expect(try scratch.repository.refs.names() == [.main])
        #expect(try scratch.head(of: "main") == ids[2])
    }

    @Test("two tips and an ancestor: the newest stays, the other gets NAME-<id>, the ancestor nothing")
    func tipsAndAncestor() throws {
        let base = try scratch.appendTurns(2, prefix: "base")
        let left = try scratch.repository.objects.write(try scratch.message("left", parent: base[1]))
        let right = try scratch.repository.objects.write(try scratch.message("right", parent: base[1]))
        try diverge("main", [left, base[0], right])
        let result = try scratch.repository.reconcile(.main)
        #expect(result.kept == right, "the newest")
        #expect(result.contained == [base[0]])
        #expect(result.newThreads == [try ThreadName("main-\(left.short)")])
        #expect(try scratch.head(of: "main-\(left.short)") == left)
    }

    @Test("heads of the same date: the greatest id stays, in whichever order the ref lists them (FORMAT §5.1)")
    func sameDateKeepsTheGreatestID() throws {
        let base = try scratch.appendTurns(2, prefix: "base")
        let date = try scratch.nextDate()
        let tips = try ["one", "two", "three"].map { content in
            try scratch.repository.objects.write(try Message(parent: base[1], thread: .main, role: .user, date: date, content: content))
        }
        let greatest = try #require(tips.max())
        for order in [tips, tips.reversed()] {
            try diverge("main", Array(order))
            #expect(try scratch.repository.reconcile(.main).kept == greatest)
            for tip in tips where tip != greatest { _ = try scratch.repository.deleteThread(ThreadName("main-\(tip.short)"), force: true) }
        }
    }

    @Test("a thread under a name renamed away joins its current name; HEAD follows")
    func renamedAwayJoins() throws {
        let ids = try scratch.appendTurns(2, prefix: "t")
        try scratch.repository.renameThread(.main, to: try ThreadName("renamed"))
        let later = try scratch.repository.objects.write(try scratch.message("went on", parent: ids[1]))
        try diverge("main", [later])  // What a merge leaves when another clone went on with main.
        try scratch.repository.checkout(.thread(.main), reflogMessage: "test")
        let result = try scratch.repository.reconcile(.main)
        #expect(result.thread == (try ThreadName("renamed")) && result.kept == later && result.newThreads.isEmpty)
        #expect(!scratch.repository.refs.exists(.main))
        #expect(try scratch.repository.head.read() == .thread(try ThreadName("renamed")))
    }
}
