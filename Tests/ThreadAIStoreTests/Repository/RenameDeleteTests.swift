import Testing
import ThreadAIStore

@Suite("Threads: rename and delete")
struct RenameDeleteTests {
    let conversation: ForkedConversation
    var repository: Repository { conversation.repository }
    var root: String { conversation.scratch.root }

    init() throws {
        conversation = try ForkedConversation()
    }

    func name(_ text: String) throws -> ThreadName { try ThreadName(text) }

    @Test("rename moves the ref and its reflog, records the rename, and HEAD follows")
    func rename() throws {
        try conversation.scratch.checkout("a")
        try repository.renameThread(name("a"), to: name("alpha"))
        #expect(try repository.singleHead(of: name("alpha")) == conversation.aa2)
        #expect(!repository.refs.exists(try name("a")))
        #expect(try Files.readText(root + "/renames") == "a\talpha\n")
        #expect(try Files.readText(root + "/HEAD") == "ref: refs/threads/alpha\n")
        #expect(try repository.currentPosition().tip == conversation.aa2)
        let reflog = try repository.refs.reflog(of: name("alpha")).entries()
        #expect(reflog.first?.message == "test: fork", "the reflog moved with the thread")
        #expect(reflog.last?.message == "rename: from a")
        #expect(try repository.renames().currentName(of: "a") == "alpha")
    }

    @Test("a lock held on any file a rename writes stops it before anything is written", arguments: [
        "refs/threads/a.lock", "refs/threads/alpha.lock", "renames.lock", "HEAD.lock",
    ])
    func renameBlockedByLock(_ lock: String) throws {
        try conversation.scratch.checkout("a")
        let holder = try Files.holdLock(root + "/" + lock)  // A live holder: a crashed one's lock is taken over.
        defer { Files.letGo(holder) }
        let before = try Files.snapshot(under: root)
        let error = try #require(throws: ThreadError.self) { try repository.renameThread(name("a"), to: name("alpha")) }
        guard case .ref(.lock(.held(let path))) = error else {
            Issue.record("expected a held lock, got \(error)")
            return
        }
        #expect(path == root + "/" + lock)
        #expect(try Files.snapshot(under: root) == before)
    }

    @Test("checkout -b with a lock held on HEAD or on the new ref creates nothing and leaves HEAD", arguments: [
        "HEAD.lock", "refs/threads/fresh.lock",
    ])
    func forkAndCheckoutBlockedByLock(_ lock: String) throws {
        let holder = try Files.holdLock(root + "/" + lock)  // A live holder: a crashed one's lock is taken over.
        defer { Files.letGo(holder) }
        let before = try Files.snapshot(under: root)
        #expect(throws: ThreadError.self) {
            try repository.createThreadAndCheckOut(
                name("fresh"), at: conversation.aa2, reflogMessage: "fork", checkoutMessage: "new thread")
        }
        #expect(try Files.snapshot(under: root) == before)
        try Files.remove(root + "/" + lock)
        try repository.createThreadAndCheckOut(name("fresh"), at: conversation.aa2, reflogMessage: "fork", checkoutMessage: "new thread")
        #expect(try Files.readText(root + "/HEAD") == "ref: refs/threads/fresh\n")
        #expect(try repository.singleHead(of: name("fresh")) == conversation.aa2)
    }

    @Test("renaming A to B and back to A restores the original ownership")
    func renameBack() throws {
        let before = try repository.threadSummaries()
        try repository.renameThread(name("a"), to: name("b2"))
        try repository.renameThread(name("b2"), to: name("a"))
        #expect(try repository.threadSummaries() == before)
        #expect(try Files.lines(root + "/renames") == ["a\tb2", "b2\ta"])
        #expect(try repository.renames().currentName(of: "a") == "a")
        #expect(try repository.renames().currentName(of: "b2") == "a")
    }

    @Test("a rename leaves the old name no reflog; onto a deleted thread's name, that thread's reflog is set aside, not continued")
    func renameOntoDeletedName() throws {
        try repository.renameThread(name("a"), to: name("b2"))
        #expect(!FilePaths.exists(repository.refs.reflog(of: try name("a")).path), "the old name keeps no reflog")
        try repository.renameThread(name("b2"), to: name("a"))
        let back = try repository.refs.reflog(of: name("a")).entries()
        #expect(back.suffix(2).map(\.message) == ["rename: from a", "rename: from b2"])
        #expect(!back.contains { $0.message.hasPrefix("rename: to") })

        let deletedHead = try #require(try repository.singleHead(of: name("b")))
        try repository.deleteThread(name("b"), force: true)
        try repository.renameThread(name("a"), to: name("b"))
        let reflog = try repository.refs.reflog(of: name("b")).entries()
        #expect(reflog.last?.message == "rename: from a")
        #expect(!reflog.contains { $0.message == "delete" || $0.new == deletedHead }, "only the renamed thread's own history")
        let aside = try Files.readText(root + "/logs/deleted/b.1")
        #expect(aside.contains("\tdelete\n") && aside.contains(deletedHead.hex), "the deleted thread's reflog is kept aside")
    }

    @Test("a chain of renames A→B→C keeps every message owned")
    func renameChain() throws {
        try repository.renameThread(name("a"), to: name("b2"))
        try repository.renameThread(name("b2"), to: name("c2"))
        let summary = try #require(try repository.threadSummaries().first { $0.name.rawValue == "c2" })
        #expect(summary.ownMessageCount == 4 && summary.parent == "main")
        #expect(try repository.renames().currentName(of: "a") == "c2")
    }

    struct RefusedRename: CustomTestStringConvertible, Sendable {
        let target: String
        /// The existing thread the error must name: taken (same name) or clashing.
        let clash: String
        var testDescription: String { "a → \(target) clashes with \(clash)" }
    }

    static let refusedRenames: [RefusedRename] = [
        .init(target: "main", clash: "main"), .init(target: "b", clash: "b"), .init(target: "a", clash: "a"),
        .init(target: "B", clash: "b"), .init(target: "main/x", clash: "main"), .init(target: "a/sub", clash: "a"),
    ]

    @Test("rename refuses a taken or clashing name, saying which, and changes nothing", arguments: refusedRenames)
    func renameRefused(_ refused: RefusedRename) throws {
        let refsBefore = Files.relativeFiles(under: root + "/refs")
        let logsBefore = Files.relativeFiles(under: root + "/logs")
        let error = try #require(throws: ThreadError.self) { try repository.renameThread(name("a"), to: name(refused.target)) }
        switch error {
        case .ref(.threadExists(let existing)), .ref(.conflictingName(_, let existing)):
            #expect(existing.rawValue == refused.clash)
        default:
            Issue.record("expected the name to be refused as taken or clashing, got: \(error)")
        }
        #expect(Files.relativeFiles(under: root + "/refs") == refsBefore)
        #expect(Files.relativeFiles(under: root + "/logs") == logsBefore)
        #expect(!Files.exists(root + "/renames"))
    }

    @Test("a name that was renamed away cannot be reused for a new thread")
    func renamedAwayName() throws {
        try repository.renameThread(name("a"), to: name("alpha"))
        let error = try #require(throws: ThreadError.self) { try conversation.scratch.fork("a", at: conversation.u1) }
        guard case .renamedAway(let old, let now) = error else {
            Issue.record("expected .renamedAway, got \(error)")
            return
        }
        #expect(old.rawValue == "a" && now == "alpha")
    }

    @Test("creating a thread whose name clashes with an existing one is refused", arguments: ["MAIN", "a/deeper", "b"])
    func clashingCreate(_ newName: String) throws {
        #expect(throws: ThreadError.self) { try conversation.scratch.fork(newName, at: conversation.u1) }
    }

    @Test("delete refuses a thread with messages no other thread reaches, unless forced")
    func deleteUnique() throws {
        let refPath = try repository.refs.path(of: name("b"))
        let error = try #require(throws: ThreadError.self) { try repository.deleteThread(name("b"), force: false) }
        guard case .wouldLoseMessages(let thread, let count, let head) = error else {
            Issue.record("expected .wouldLoseMessages, got \(error)")
            return
        }
        #expect(thread.rawValue == "b" && count == 3 && head == conversation.ab1)
        #expect(Files.exists(refPath))

        #expect(try repository.deleteThread(name("b"), force: true) == 3)
        #expect(!Files.exists(refPath))
        #expect(repository.objects.contains(conversation.ab1), "messages are never deleted")
        let last = try #require(try repository.refs.reflog(of: name("b")).entries().last)
        #expect(last.old == conversation.ab1 && last.new == nil && last.message == "delete")
    }

    @Test("delete counts only the messages no other thread reaches")
    func deleteCountsUnique() throws {
        // a's ua1 and aa1 are in b's history too; only ua2 and aa2 are a's alone.
        #expect(throws: ThreadError.self) { try repository.deleteThread(name("a"), force: false) }
        #expect(try repository.deleteThread(name("a"), force: true) == 2)
        let b = try #require(try repository.threadSummaries().first { $0.name.rawValue == "b" })
        #expect(b.parent == "a", "messages keep their owner's name after the owner is deleted")
    }

    @Test("a fork with no messages of its own is deleted without force")
    func deleteEmptyFork() throws {
        try conversation.scratch.fork("fresh", at: conversation.a2)
        #expect(try repository.deleteThread(name("fresh"), force: false) == 0)
        #expect(try repository.refs.names().map(\.rawValue) == ["a", "b", "main"])
    }

    @Test("delete refuses the current thread and an unknown thread")
    func deleteRefused() throws {
        try conversation.scratch.checkout("b")
        let current = try #require(throws: ThreadError.self) { try repository.deleteThread(name("b"), force: true) }
        guard case .currentThread = current else {
            Issue.record("expected .currentThread, got \(current)")
            return
        }
        let unknown = try #require(throws: ThreadError.self) { try repository.deleteThread(name("nosuch"), force: true) }
        guard case .ref(.noSuchThread) = unknown else {
            Issue.record("expected .noSuchThread, got \(unknown)")
            return
        }
        #expect(try repository.refs.names().map(\.rawValue) == ["a", "b", "main"])
    }
}
