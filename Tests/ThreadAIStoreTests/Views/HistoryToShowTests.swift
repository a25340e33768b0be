import Testing
@testable import ThreadAIStore

/// `Repository.historyToShow`: what a view asks for (one head, a range, several heads) and what the
/// store hands back, whichever way it chose to read it.
@Suite("The history a view shows")
struct HistoryToShowTests {
    let scratch: ScratchRepository
    var repository: Repository { scratch.repository }
    /// main: four messages; alt: forked at main's second, then three of its own.
    let main: [ObjectID]
    let alt: [ObjectID]

    init() throws {
        scratch = try ScratchRepository()
        main = try scratch.appendTurns(4, prefix: "main")
        try scratch.fork("alt", at: main[1])
        alt = try scratch.appendTurns(3, prefix: "alt", on: "alt")
    }

    @Test("one head: its history, newest first, as the walk gives it")
    func oneHead() throws {
        let shown = try repository.historyToShow(HistorySelection(heads: [main[3]]), limit: nil, walker: repository.walker())
        #expect(shown.map(\.id) == main.reversed())
        let limited = try repository.historyToShow(HistorySelection(heads: [main[3]]), limit: 2, walker: repository.walker())
        #expect(limited.map(\.id) == [main[3], main[2]])
    }

    @Test("a range: the head's history down to the first message of the other side")
    func range() throws {
        let selection = HistorySelection(heads: [alt[2]], excluding: Set(main))
        let shown = try repository.historyToShow(selection, limit: nil, walker: repository.walker())
        #expect(shown.map(\.id) == alt.reversed())
    }

    @Test("several heads: every message once, children before their parent, each head's own line together")
    func severalHeads() throws {
        let shown = try repository.historyToShow(HistorySelection(heads: [main[3], alt[2]]), limit: nil, walker: repository.walker())
        let ids = shown.map(\.id)
        #expect(ids.count == 7 && Set(ids) == Set(main + alt))
        // alt's head is the newest: its line first, down to the fork point, then main's own line, then the shared root.
        #expect(ids == alt.reversed() + [main[3], main[2], main[1], main[0]])
        let limited = try repository.historyToShow(HistorySelection(heads: [main[3], alt[2]]), limit: 4, walker: repository.walker())
        #expect(limited.map(\.id) == Array(ids.prefix(4)))
    }

    @Test("a long history comes in parts the store sizes, and a view that has enough stops the walk")
    func parts() throws {
        let long = try scratch.appendTurns(600, prefix: "turn")
        _ = try repository.messageGraph(reaching: [long[599]])
        #expect(repository.graphWalkBudget() < 600, "the graph file is small: the walk must pass its budget")
        var parts: [[ObjectID]] = []
        try repository.historyToShow(HistorySelection(heads: [long[599]]), limit: nil, walker: repository.walker()) { part in
            parts.append(part.map(\.id))
            return true
        }
        #expect(parts.count > 1)
        #expect(parts.flatMap { $0 } == (main + long).reversed())
        var handed = 0
        try repository.historyToShow(HistorySelection(heads: [long[599]]), limit: nil, walker: repository.walker()) { _ in
            handed += 1
            return false
        }
        #expect(handed == 1)
    }

    @Test("a part holds about 4 MiB of content: 2,048 small messages at most, 64 large ones at least")
    func window() throws {
        func part(_ count: Int, bytes: Int) throws -> [(id: ObjectID, message: Message)] {
            try (0..<count).map { index in
                let message = try scratch.message(String(repeating: "x", count: bytes), parent: nil)
                return (ObjectID.of(Array("\(index)".utf8)), message)
            }
        }
        #expect(Repository.window(after: try part(10, bytes: 100)) == 2_048)
        #expect(Repository.window(after: try part(10, bytes: 20_000)) == (4 << 20) / 20_000)
        #expect(Repository.window(after: try part(3, bytes: 1 << 20)) == 64)
    }
}
