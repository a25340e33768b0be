import Testing
import ThreadAIStore

@Suite("Thread tree: summaries and fork points")
struct ThreadTreeTests {
    let conversation: ForkedConversation

    init() throws {
        conversation = try ForkedConversation()
    }

    func summary(_ name: String, _ repository: Repository? = nil) throws -> ThreadSummary {
        let all = try (repository ?? conversation.repository).threadSummaries()
        return try #require(all.first { $0.name.rawValue == name }, "no summary for \(name) in \(all.map(\.name))")
    }

    @Test("each thread's parent, fork point, counts and title")
    func summaries() throws {
        let c = conversation
        #expect(try c.repository.threadSummaries().map(\.name.rawValue) == ["a", "b", "main"])

        let main = try summary("main")
        #expect(main.heads == [c.a2])
        #expect(main.forkPoint == nil && main.parent == nil)
        #expect(main.messageCount == 5 && main.ownMessageCount == 5)
        #expect(main.title == "What is a fork?", "the first line of the first user message")
        #expect(main.lastDate == (try c.repository.objects.header(c.a2).date))

        let a = try summary("a")
        #expect(a.heads == [c.aa2])
        #expect(a.forkPoint == c.a1 && a.parent == "main")
        #expect(a.messageCount == 7 && a.ownMessageCount == 4)
        #expect(a.title == "Say it longer.")

        let b = try summary("b")
        #expect(b.forkPoint == c.aa1 && b.parent == "a")
        #expect(b.messageCount == 8 && b.ownMessageCount == 3)
        #expect(b.title == "Encore ?")
    }

    @Test("a new fork with no messages of its own: fork point is its head, titled by the question it was forked at, not the root's")
    func emptyFork() throws {
        let c = conversation
        try c.scratch.fork("fresh", at: c.u2)
        let fresh = try summary("fresh")
        #expect(fresh.heads == [c.u2])
        #expect(fresh.forkPoint == c.u2 && fresh.parent == "main")
        #expect(fresh.messageCount == 4 && fresh.ownMessageCount == 0)
        #expect(fresh.title == "And a merge?")
    }

    @Test("forkPoints lists every fork with its parent")
    func forkPoints() throws {
        let c = conversation
        try c.scratch.fork("fresh", at: c.u2)
        let forks = try c.repository.forkPoints().map { "\($0.thread) \($0.forkPoint.short) \($0.parent)" }
        #expect(Set(forks) == ["a \(c.a1.short) main", "b \(c.aa1.short) a", "fresh \(c.u2.short) main"])
    }

    @Test("a long first line is cut to 60 characters with an ellipsis")
    func longTitle() throws {
        let c = conversation
        try c.scratch.fork("long", at: c.a2)
        try c.scratch.append(String(repeating: "word ", count: 30) + "\nsecond line", on: "long")
        let title = try summary("long").title
        #expect(title.count == 60)
        #expect(title.hasSuffix("…") && title.hasPrefix("word word"))
    }

    @Test("after a rename, ownership follows the new name")
    func renamedOwnership() throws {
        let c = conversation
        try c.repository.renameThread(ThreadName("a"), to: ThreadName("alpha"))
        #expect(try c.repository.threadSummaries().map(\.name.rawValue) == ["alpha", "b", "main"])
        let alpha = try summary("alpha")
        #expect(alpha.ownMessageCount == 4 && alpha.forkPoint == c.a1 && alpha.parent == "main")
        let b = try summary("b")
        #expect(b.parent == "alpha" && b.ownMessageCount == 3)
        let forks = try c.repository.forkPoints().map { "\($0.thread) \($0.parent)" }
        #expect(Set(forks) == ["alpha main", "b alpha"])
    }
}
