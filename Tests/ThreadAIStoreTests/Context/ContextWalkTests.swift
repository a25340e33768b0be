import Testing
import ThreadAIStore

@Suite("Context: the walk through forks")
struct ContextWalkTests {
    let conversation: ForkedConversation

    init() throws {
        conversation = try ForkedConversation()
    }

    @Test("a fork of a fork gets the grandparent's messages to the first fork, the parent's to the second, then its own")
    func threeLevels() throws {
        let c = conversation
        let context = try c.repository.context(of: c.ab1, budget: nil)
        #expect(context.turns.map(\.id) == [c.u1, c.a1, c.ua1, c.aa1, c.ub1, c.ab1])
        #expect(context.turns.map(\.thread) == ["main", "main", "a", "a", "b", "b"])
        #expect(context.turns.map(\.role) == [.user, .assistant, .user, .assistant, .user, .assistant])
        #expect(context.turns.map(\.content) == [
            "What is a fork?\nAsk me anything.", "A copy that goes its own way.", "Say it longer.",
            "A fork starts from a message and keeps its history.", "Encore ?", "Une copie qui garde son histoire.",
        ])
        #expect(context.dropped.isEmpty)
        #expect(context.budget == nil && !context.exceedsBudget)
    }

    @Test("the middle thread's context stops at its own head and never includes the sub-fork's messages")
    func middleLevel() throws {
        let c = conversation
        let context = try c.repository.context(of: c.aa2, budget: nil)
        #expect(context.turns.map(\.id) == [c.u1, c.a1, c.ua1, c.aa1, c.ua2, c.aa2])
        #expect(context.turns.map(\.thread) == ["main", "main", "a", "a", "a", "a"])
        let mainContext = try c.repository.context(of: c.a2, budget: nil)
        #expect(mainContext.turns.map(\.id) == [c.u1, c.a1, c.u2, c.a2])
    }

    @Test("a fork inherits the system prompt, and replaces it by adding its own")
    func systemPrompt() throws {
        let c = conversation
        for (head, system, systemID) in [(c.a2, "You are terse.", c.s1), (c.aa2, "You are terse.", c.s1),
                                         (c.ub1, "Answer in French.", c.s2), (c.ab1, "Answer in French.", c.s2)] {
            let context = try c.repository.context(of: head, budget: nil)
            #expect(context.system == system)
            #expect(context.systemID == systemID)
            #expect(context.systemTokens == TokenEstimate.of(system))
            #expect(!context.turns.contains { $0.role == .system }, "system messages are not turns")
            #expect(try c.repository.systemPrompt(at: head) == system)
        }
        // At the fork point itself, before b's own system message, the inherited prompt applies.
        #expect(try c.repository.context(of: c.aa1, budget: nil).system == "You are terse.")
    }

    @Test("a history without a system message has no system prompt")
    func noSystem() throws {
        let scratch = try ScratchRepository()
        let question = try scratch.append("plain question")
        let context = try scratch.repository.context(of: question, budget: nil)
        #expect(context.system == nil && context.systemID == nil && context.systemTokens == 0)
        #expect(context.turns.map(\.id) == [question])
        #expect(context.estimatedTokens == TokenEstimate.of("plain question"))
    }

    @Test("turns are labelled with the current name of their thread after a rename")
    func afterRename() throws {
        let c = conversation
        try c.repository.renameThread(ThreadName("a"), to: ThreadName("alpha"))
        let context = try c.repository.context(of: c.ab1, budget: nil)
        #expect(context.turns.map(\.thread) == ["main", "main", "alpha", "alpha", "b", "b"])
    }

    @Test("the context of a corrupt history fails with the corrupt object's id")
    func corruptHistory() throws {
        let c = conversation
        try Files.flipByte(in: c.repository.objects.path(of: c.ua1), at: -3)
        let error = try #require(throws: ThreadError.self) { try c.repository.context(of: c.ab1, budget: nil) }
        #expect(error.description.contains(c.ua1.hex))
    }
}
