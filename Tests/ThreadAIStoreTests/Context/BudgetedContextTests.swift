import Testing
@testable import ThreadAIStore

@Suite("Context: reading only what the budget needs")
struct BudgetedContextTests {
    /// A 300-message history of random sizes: turns of a question and one or more replies, some
    /// replies with recorded usage (calibrations from a quarter to four times), a few system prompts.
    static func history(seed: UInt64) throws -> (scratch: ScratchRepository, ids: [ObjectID]) {
        let scratch = try ScratchRepository()
        var random = SeededGenerator(seed: seed)
        var ids: [ObjectID] = []
        var role = Role.user
        for index in 0..<300 {
            let content = "m\(index) " + String(repeating: "w ", count: Int.random(in: 1...200, using: &random))
            var fields: [String: String] = [:]
            if role == .assistant, Int.random(in: 0..<3, using: &random) == 0 {
                fields = ["input-tokens": "\(Int.random(in: 1...20_000, using: &random))", "output-tokens": "\(Int.random(in: 1...500, using: &random))"]
            }
            ids.append(try scratch.append(content, role: role, fields: fields))
            let draw = Int.random(in: 0..<20, using: &random)
            role = draw == 0 ? .system : draw < 4 ? .assistant : role == .user ? .assistant : .user
        }
        return (scratch, ids)
    }

    @Test("the context is the one a whole read gives, for any budget and head", arguments: [1, 2, 3] as [UInt64])
    func sameContext(seed: UInt64) throws {
        let (scratch, ids) = try Self.history(seed: seed)
        let repository = scratch.repository
        // With cache/messages written, a walk longer than 200 messages goes through it.
        _ = try repository.messageGraph(reaching: [try #require(ids.last)])
        var partlyRead = 0
        for head in [ids[299], ids[260], ids[150]] {
            for budget in [1, 40, 300, 1_000, 2_500, 6_000, 1_000_000] {
                let whole = try repository.contextBuilder(upTo: head).build(budget: budget)
                let part = try repository.contextBuilder(upTo: head, budget: budget).build(budget: budget)
                #expect(part.turns == whole.turns, "head \(head.short), budget \(budget)")
                #expect(part.system == whole.system && part.systemID == whole.systemID && part.systemTokens == whole.systemTokens)
                #expect(part.estimatedTokens == whole.estimatedTokens && part.exceedsBudget == whole.exceedsBudget)
                #expect(part.droppedCount == whole.dropped.count && whole.droppedCount == whole.dropped.count)
                #expect(Array(whole.dropped.suffix(part.dropped.count)) == part.dropped)
                if part.dropped.count < part.droppedCount { partlyRead += 1 }
            }
        }
        #expect(partlyRead >= 5, "the budgets above leave most messages unread on this history")
    }

    @Test("messages added after a partial read give the context of the whole", arguments: [4, 5] as [UInt64])
    func addingMessages(seed: UInt64) throws {
        let (scratch, ids) = try Self.history(seed: seed)
        let repository = scratch.repository
        let head = try #require(ids.last)
        _ = try repository.messageGraph(reaching: [head])
        let prompt = try scratch.message("A short prompt.", role: .system, parent: head)
        let promptID = ObjectID.of(Array("prompt".utf8))
        let question = try scratch.message("And then?", role: .user, parent: promptID)
        let questionID = ObjectID.of(Array("question".utf8))
        for budget in [60, 500, 3_000] {
            var whole = try repository.contextBuilder(upTo: head)
            var part = try repository.contextBuilder(upTo: head, budget: budget)
            whole.add(promptID, prompt)
            whole.add(questionID, question)
            part.add(promptID, prompt)
            part.add(questionID, question)
            let expected = whole.build(budget: budget), built = part.build(budget: budget)
            #expect(built.turns == expected.turns && built.system == "A short prompt.")
            #expect(built.estimatedTokens == expected.estimatedTokens && built.droppedCount == expected.dropped.count)
            #expect(built.dropped.count < built.droppedCount, "budget \(budget): the middle is not read")
        }
    }

    @Test("cache/messages written before the newest messages serves as it is, not rewritten")
    func staleGraph() throws {
        let (scratch, ids) = try Self.history(seed: 7)
        let repository = scratch.repository
        _ = try repository.messageGraph(reaching: [try #require(ids.last)])
        var head = try #require(ids.last)
        for index in 0..<6 { head = try scratch.append("later \(index) " + String(repeating: "w ", count: 40), role: index % 2 == 0 ? .user : .assistant) }
        for budget in [40, 300, 2_500] {
            let whole = try repository.contextBuilder(upTo: head).build(budget: budget)
            let part = try repository.contextBuilder(upTo: head, budget: budget).build(budget: budget)
            #expect(part.turns == whole.turns && part.system == whole.system && part.estimatedTokens == whole.estimatedTokens)
            #expect(part.droppedCount == whole.dropped.count && part.dropped.count < part.droppedCount)
        }
        #expect(repository.storedMessageGraph()?.record(of: head) == nil, "cache/messages is the file written before the newest messages")
        #expect(repository.storedMessageGraph()?.record(of: ids[299]) != nil)
    }

    @Test("with the cache turned off the history is read whole, every dropped turn with it")
    func wholeRead() throws {
        let (scratch, ids) = try Self.history(seed: 6)
        let head = try #require(ids.last)
        let partly = try scratch.repository.contextBuilder(upTo: head, budget: 300).build(budget: 300)
        #expect(partly.dropped.count < partly.droppedCount, "the cache on, the middle is not read")
        var uncached = scratch.repository
        uncached.usesCache = false
        let whole = try uncached.contextBuilder(upTo: head, budget: 300).build(budget: 300)
        #expect(whole.dropped.count == whole.droppedCount && whole.droppedCount == partly.droppedCount)
        #expect(whole.turns == partly.turns)
    }
}
