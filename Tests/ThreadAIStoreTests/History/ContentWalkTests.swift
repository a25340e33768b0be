import Testing
@testable import ThreadAIStore

/// `Repository.messages(from:limit:walker:)`: a long history read ahead from the parent column of
/// `cache/messages` on every core must give exactly what the one-by-one walk gives, error for error.
@Suite("Reading a history whole, with the graph choosing what to read ahead")
struct ContentWalkTests {
    let scratch: ScratchRepository
    var repository: Repository { scratch.repository }
    /// Thread `main`, oldest first: a system prompt and 39 messages of questions and answers.
    let chain: [ObjectID]

    init() throws {
        scratch = try ScratchRepository()
        chain = [try scratch.append("Be brief.", role: .system)] + (try scratch.appendTurns(39, prefix: "turn"))
    }

    func ids(_ messages: [(id: ObjectID, message: Message)]) -> [ObjectID] { messages.map(\.id) }

    func expectSameAsTheWalk(_ head: ObjectID, budgets: [Int] = [0, 1, 5, 17, Int.max]) throws {
        for limit in [nil, 1, 6, 20, 39, 40, 41, 200] as [Int?] {
            let walked = try repository.walker().messages(from: head, limit: limit)
            for budget in budgets {
                let read = try repository.messages(from: head, limit: limit, walker: repository.walker(), budget: budget)
                #expect(ids(read) == ids(walked), "limit \(String(describing: limit)), budget \(budget)")
                #expect(read.map(\.message) == walked.map(\.message))
            }
        }
    }

    @Test("without a graph, with a current one, and with one that lacks the newest messages")
    func sameAsTheWalk() throws {
        try expectSameAsTheWalk(chain[39])
        _ = try repository.messageGraph(reaching: [chain[19]])
        try expectSameAsTheWalk(chain[39])  // Past the budget, the graph lacks the next message or holds it.
        _ = try repository.messageGraph(reaching: [chain[39]])
        try expectSameAsTheWalk(chain[39])
        try expectSameAsTheWalk(chain[7])
    }

    @Test("a graph whose links skip messages (damaged, yet checked) changes nothing")
    func graphThatDisagrees() throws {
        var additions = MessageGraphAdditions()
        var previous: Int?
        for (position, id) in chain.enumerated() where position != 12 && position != 30 {
            let index = additions.add(id, try repository.objects.message(id))
            additions.setParent(of: index, to: previous.map { .added($0) } ?? .root)
            previous = index
        }
        try Files.write(MessageGraphCodec.image(old: nil, additions: additions), to: repository.cache.path(of: "messages"))
        let graph = try #require(repository.storedMessageGraph())
        #expect(graph.history(from: chain[39], limit: nil)?.count == 38, "the graph skips two messages")
        try expectSameAsTheWalk(chain[39])
    }

    @Test("a damaged message is the error the walk gives, wherever it lies and whatever reads ahead")
    func damageFound() throws {
        _ = try repository.messageGraph(reaching: [chain[39]])
        for damaged in [chain[3], chain[25], chain[38]] {
            let path = repository.objects.path(of: damaged)
            let original = try Files.read(path)
            try Files.write(Array("not the message".utf8), to: path)
            let walked = #expect(throws: HistoryError.self) { try repository.walker().messages(from: chain[39]) }
            for budget in [0, 5, Int.max] {
                let read = #expect(throws: ThreadError.self) {
                    try repository.messages(from: chain[39], limit: nil, walker: repository.walker(), budget: budget)
                }
                #expect(read.map(String.init(describing:)) == walked.map(String.init(describing:)))
            }
            try Files.write(original, to: path)
        }
    }
}
