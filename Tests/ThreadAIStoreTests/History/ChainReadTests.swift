import Testing
@testable import ThreadAIStore

/// A long history whose ids the message graph already names is read on every core at once
/// (`HistoryWalker.messages(along:then:limit:)`, `Repository.history(from:limit:walker:)`): it must
/// give exactly what the one-by-one walk gives, whatever the chain it was handed says.
@Suite("Reading a history whose ids are known, on every core")
struct ChainReadTests {
    let scratch: ScratchRepository
    var repository: Repository { scratch.repository }
    /// Thread `main`, newest first: 450 messages, stored without moving the ref at each one.
    let history: [ObjectID]

    init() throws {
        scratch = try ScratchRepository()
        var parent: ObjectID?
        var ids: [ObjectID] = []
        for index in 0..<450 {
            let role: Role = index == 0 ? .system : index % 2 == 1 ? .user : .assistant
            let id = try scratch.repository.objects.write(try scratch.message("message \(index)", role: role, parent: parent))
            ids.append(id)
            parent = id
        }
        history = ids.reversed()
        try scratch.fork("main", at: history[0])
    }

    func oneByOne(_ head: ObjectID, limit: Int?) throws(HistoryError) -> [(id: ObjectID, message: Message)] {
        try repository.walker().messages(from: head, limit: limit, budget: .max).read
    }

    func expectSame(
        _ read: [(id: ObjectID, message: Message)], _ walked: [(id: ObjectID, message: Message)], _ note: String
    ) {
        #expect(read.map(\.id) == walked.map(\.id), "\(note)")
        #expect(read.map(\.message) == walked.map(\.message), "\(note)")
    }

    @Test("the true chain gives the one-by-one walk's messages, for every limit around the batch size")
    func trueChain() throws {
        for start in [0, 17, 418, 449] {
            let chain = Array(history[start...])
            for limit in [nil, 1, 31, 32, 33, 64, 100, 432, 433] as [Int?] {
                let cut = Array(chain.prefix(limit ?? Int.max))
                let next = cut.count < chain.count ? chain[cut.count] : nil
                let read = try repository.walker().messages(along: cut, then: next, limit: limit)
                expectSame(read, try oneByOne(chain[0], limit: limit), "start \(start), limit \(String(describing: limit))")
            }
        }
    }

    @Test("a chain that is wrong anywhere (an id left out, one too many or in its place, one twice, a wrong last link) changes nothing")
    func wrongChains() throws {
        let truth = try oneByOne(history[0], limit: nil)
        let stranger = ObjectID.of(Array("not in this history".utf8))
        let wrong: [(chain: [ObjectID], next: ObjectID?)] = [
            (Array(history[..<100] + history[101...]), nil),
            (Array(history[..<40] + [stranger] + history[40...]), nil),
            (Array(history[..<300]), stranger),
            (Array(history[..<300]), nil),
            (Array(history[..<63] + [stranger] + history[64...]), nil),
            (Array(history[..<10] + [history[5]] + history[11...]), nil),
        ]
        for (index, (chain, next)) in wrong.enumerated() {
            expectSame(try repository.walker().messages(along: chain, then: next, limit: nil), truth, "chain \(index)")
        }
    }

    @Test("a damaged or missing message is the error the one-by-one walk gives, wherever it lies")
    func damageFound() throws {
        for damaged in [history[3], history[200], history[300], history[449]] {
            let path = repository.objects.path(of: damaged)
            let original = try Files.read(path)
            for damage in [Array("---\nparent: 0\n---\nnot the message\n".utf8), original.dropLast() + [0x20, 0x0A], nil] {
                if let damage { try Files.write(Array(damage), to: path) } else { try Files.remove(path) }
                let walked = #expect(throws: HistoryError.self) { try oneByOne(history[0], limit: nil) }
                let read = #expect(throws: HistoryError.self) {
                    try repository.walker().messages(along: history, then: nil, limit: nil)
                }
                #expect(read.map(String.init(describing:)) == walked.map(String.init(describing:)))
                #expect(read.map(String.init(describing:))?.contains(damaged.hex) == true)
            }
            try Files.write(original, to: path)
        }
    }

    @Test("messages(_:) of any list of ids is a loop over message(_:): the same messages, the first failure in order")
    func anyList() throws {
        let objects = repository.objects
        let lists: [[ObjectID]] = [[], [history[7]], Array(history[..<32]), Array(history[..<33]), history.shuffled(), history + history]
        for ids in lists {
            #expect(try objects.messages(ids) == ids.map { try objects.message($0) })
        }
        let stranger = ObjectID.of(Array("not stored".utf8))
        for broken in [[stranger] + history, Array(history[..<100]) + [stranger] + history, history + [stranger]] {
            let looped = #expect(throws: ObjectError.self) { try broken.map { try objects.message($0) } }
            let read = #expect(throws: ObjectError.self) { try objects.messages(broken) }
            #expect(read.map(String.init(describing:)) == looped.map(String.init(describing:)))
        }
        let damaged = objects.path(of: history[200])
        let original = try Files.read(damaged)
        try Files.write(Array("---\nparent: 0\n---\nnot the message\n".utf8), to: damaged)
        let looped = #expect(throws: ObjectError.self) { try history.reversed().map { try objects.message($0) } }
        let read = #expect(throws: ObjectError.self) { try objects.messages(history.reversed()) }
        #expect(read.map(String.init(describing:)) == looped.map(String.init(describing:)))
        try Files.write(original, to: damaged)
    }

    @Test("the repository reads a long history through the message graph, and gives the walk's messages")
    func throughTheGraph() throws {
        _ = try repository.messageGraph(reaching: [history[0]])
        #expect(repository.graphWalkBudget() < history.count, "the graph file is small: the walk must pass its budget")
        for limit in [nil, 5, 250, 449, 450, 451] as [Int?] {
            let read = try repository.history(from: history[0], limit: limit, walker: repository.walker())
            expectSame(read, try oneByOne(history[0], limit: limit), "limit \(String(describing: limit))")
        }
        // Without a cache, the same.
        try Files.remove(repository.cache.path(of: Repository.messageGraphKind))
        expectSame(try repository.history(from: history[0], limit: nil, walker: repository.walker()), try oneByOne(history[0], limit: nil), "no graph")
    }

    @Test("a history handed over a window at a time is the whole history, in windows of at most that size past the walk")
    func inWindows() throws {
        _ = try repository.messageGraph(reaching: [history[0]])
        for (limit, window) in [(nil, 64), (nil, 1), (300, 64), (449, 250), (nil, 1_000)] as [(Int?, Int)] {
            var parts: [[(id: ObjectID, message: Message)]] = []
            try repository.history(from: history[0], limit: limit, walker: repository.walker(), packed: true) { part in
                parts.append(part)
                return window
            }
            expectSame(parts.flatMap { $0 }, try oneByOne(history[0], limit: limit), "limit \(String(describing: limit)), window \(window)")
            #expect(parts.dropFirst().allSatisfy { $0.count <= window } && parts.count > 1, "\(parts.map(\.count))")
        }
        var handed = 0
        try repository.history(from: history[0], limit: nil, walker: repository.walker(), packed: false) { part in
            handed += 1
            return handed < 2 ? 64 : 0
        }
        #expect(handed == 2, "0 stops the walk")
    }
}
