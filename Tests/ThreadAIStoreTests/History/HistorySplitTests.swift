import Testing
@testable import ThreadAIStore

/// `diff`'s split of two histories at their fork point, walked over the objects or over the parent
/// column of `cache/messages`: both ways must give what the plain definition gives.
@Suite("Splitting two histories at their fork point")
struct HistorySplitTests {
    let conversation: ForkedConversation
    var repository: Repository { conversation.repository }
    /// Every message of the conversation, each a possible side of a diff.
    var everyMessage: [ObjectID] {
        let c = conversation
        return [c.s1, c.u1, c.a1, c.u2, c.a2, c.ua1, c.aa1, c.ua2, c.aa2, c.s2, c.ub1, c.ab1]
    }

    init() throws {
        conversation = try ForkedConversation()
    }

    /// The split by definition: whole chains, the newest shared message, the rest of each chain.
    func expected(_ a: ObjectID, _ b: ObjectID) throws -> HistorySplit {
        let walker = repository.walker()
        let chainOfA = try walker.chain(to: a), chainOfB = try walker.chain(to: b)
        let shared = zip(chainOfA, chainOfB).prefix { $0 == $1 }.map(\.0)
        let lastUser = try shared.last { try walker.header($0).role == .user }
        return HistorySplit(
            forkPoint: shared.last, sharedCount: shared.count, lastSharedUserMessage: lastUser,
            left: Array(chainOfA.dropFirst(shared.count)), right: Array(chainOfB.dropFirst(shared.count)))
    }

    @Test("every pair of messages: the walk over objects and the walk over the graph agree with the definition")
    func everyPair() throws {
        let graph = try repository.messageGraph(reaching: [conversation.a2, conversation.aa2, conversation.ab1])
        for a in everyMessage {
            for b in everyMessage {
                let expected = try expected(a, b)
                #expect(try repository.walker().split(a, b) == expected)
                #expect(graph.split(a, b) == expected)
                #expect(try repository.split(a, b, walker: repository.walker(), budget: 0) == expected)
                #expect(try repository.split(a, b, walker: repository.walker()) == expected)
            }
        }
        let c = conversation
        #expect(try repository.walker().split(c.ab1, c.a2) == HistorySplit(
            forkPoint: c.a1, sharedCount: 3, lastSharedUserMessage: c.u1, left: [c.ua1, c.aa1, c.s2, c.ub1, c.ab1], right: [c.u2, c.a2]))
    }

    @Test("histories with no common root share nothing, both ways")
    func noCommonRoot() throws {
        let other = try conversation.scratch.appendTurns(3, prefix: "elsewhere", on: "other")
        let expected = HistorySplit(
            forkPoint: nil, sharedCount: 0, lastSharedUserMessage: nil,
            left: [conversation.s1, conversation.u1, conversation.a1], right: other)
        #expect(try repository.walker().split(conversation.a1, other[2]) == expected)
        #expect(try repository.split(conversation.a1, other[2], walker: repository.walker(), budget: 0) == expected)
    }

    @Test("a walk past its budget builds cache/messages, adds what it lacks, and survives a damaged one")
    func longWalkUsesTheGraph() throws {
        let c = conversation
        #expect(!Files.exists(repository.cache.path(of: "messages")))
        #expect(try repository.split(c.aa2, c.ab1, walker: repository.walker(), budget: 2) == expected(c.aa2, c.ab1))
        #expect(Files.exists(repository.cache.path(of: "messages")), "the graph was built for the walk")

        let later = try conversation.scratch.appendTurns(2, prefix: "later", on: "b")
        #expect(try repository.split(c.aa2, later[1], walker: repository.walker(), budget: 2) == expected(c.aa2, later[1]))
        let graph = try #require(MessageGraphCodec.decode(Files.read(repository.cache.path(of: "messages"))))
        #expect(graph.record(of: later[1]) != nil, "the new messages were added to the file")

        try Files.write("threadai-cache messages 1\nnot a graph", to: repository.cache.path(of: "messages"))
        #expect(try repository.split(later[1], c.a2, walker: repository.walker(), budget: 2) == expected(later[1], c.a2))
    }

    @Test("the messages a split read whole are kept exactly as the store reads them, the sides first of all")
    func keptMessages() throws {
        let c = conversation
        for budget in [0, 2, Int.max] {
            var kept = KeptMessages()
            let split = try repository.split(c.ab1, c.a2, walker: repository.walker(), budget: budget, keeping: &kept)
            #expect(split == (try expected(c.ab1, c.a2)))
            let walked = budget == Int.max ? split.left + split.right : []
            for id in walked {
                #expect(kept[id] == (try repository.objects.message(id)), "budget \(budget)")
            }
            for id in everyMessage where kept[id] != nil {
                #expect(kept[id] == (try repository.objects.message(id)))
            }
        }
    }

    @Test("a history of several batches, read on two cores: the same split for every budget around its length, and its first damaged message is the error")
    func longHistoryReadInBatches() throws {
        let c = conversation
        let long = try conversation.scratch.appendTurns(150, prefix: "long", on: "b")
        let head = try #require(long.last)
        let length = try repository.walker().chain(to: head).count
        let whole = try expected(head, c.a2)
        for budget in [0, 2, 31, 32, 33, 100, length - 1, length, length + 1, 400, Int.max] {
            #expect(try repository.split(head, c.a2, walker: repository.walker(), budget: budget) == expected(head, c.a2), "budget \(budget)")
            #expect(try repository.split(c.a2, head, walker: repository.walker(), budget: budget) == expected(c.a2, head), "budget \(budget)")
            // Read in chunks smaller than a batch, than the history, and on a chunk's edge.
            for chunk in [1, 7, 33, 79, length] {
                var kept = KeptMessages()
                let walked = try repository.walker().split(head, c.a2, budget: budget, keeping: &kept, chunk: chunk)
                // The budget counts both sides' steps: the first history, then the second down to the fork point.
                let finishes = budget >= length + whole.right.count
                #expect(finishes ? walked == whole : walked == nil, "budget \(budget), chunk \(chunk)")
            }
        }
        let damaged = long[100]
        let path = repository.objects.path(of: damaged)
        try Files.remove(path)
        try Files.write("damaged", to: path)
        for budget in [400, Int.max] {
            do {
                var kept = KeptMessages()
                _ = try repository.walker().split(head, c.a2, budget: budget, keeping: &kept)
                Issue.record("the damaged message was not found, budget \(budget)")
            } catch {
                guard case .object(.corrupt(let id, _, _)) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(id == damaged, "budget \(budget)")
            }
        }
    }

    @Test("the graph's split is nil for a message it does not hold")
    func graphLacksMessage() throws {
        let graph = try repository.messageGraph(reaching: [conversation.a2])
        #expect(graph.split(conversation.a2, conversation.ab1) == nil)
        #expect(graph.split(conversation.a2, conversation.u1) != nil)
    }
}
