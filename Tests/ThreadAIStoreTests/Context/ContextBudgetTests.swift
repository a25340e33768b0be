import Testing
import ThreadAIStore

@Suite("Context: token budget and calibration")
struct ContextBudgetTests {
    /// 36 bytes: (36 + 3) / 4 + 4 = 13 estimated tokens.
    static func text(_ label: String) -> String {
        label + String(repeating: ".", count: 36 - label.utf8.count)
    }

    /// An 8-byte system prompt (6 tokens), then 3 turns of a user message and a reply, 13 tokens each,
    /// except that the second turn has two replies: 6 + 13 × 7 = 97 tokens in all.
    struct Fixture {
        let scratch: ScratchRepository
        let turns: [ObjectID]

        init() throws {
            scratch = try ScratchRepository()
            try scratch.append("System!!", role: .system)
            var ids: [ObjectID] = []
            for (content, role) in [("u1", Role.user), ("a1", .assistant), ("u2", .user), ("a2", .assistant),
                                    ("a2 again", .assistant), ("u3", .user), ("a3", .assistant)] {
                ids.append(try scratch.append(ContextBudgetTests.text(content), role: role))
            }
            turns = ids
        }
    }

    struct BudgetCase: CustomTestStringConvertible, Sendable {
        let budget: Int
        let keptFrom: Int
        let exceeds: Bool
        var testDescription: String { "budget \(budget) keeps messages \(keptFrom)…" }
    }

    static let budgets: [BudgetCase] = [
        .init(budget: 97, keptFrom: 0, exceeds: false),
        .init(budget: 96, keptFrom: 2, exceeds: false),   // drops turn 1 (2 messages): 71
        .init(budget: 71, keptFrom: 2, exceeds: false),
        .init(budget: 70, keptFrom: 5, exceeds: false),   // drops turn 2 whole (3 messages): 32
        .init(budget: 32, keptFrom: 5, exceeds: false),
        .init(budget: 31, keptFrom: 5, exceeds: true),    // never drops the newest turn
        .init(budget: 1, keptFrom: 5, exceeds: true),
    ]

    @Test("the oldest whole turns are dropped until the context fits, never the newest", arguments: budgets)
    func truncation(_ testCase: BudgetCase) throws {
        let fixture = try Fixture()
        let head = try #require(fixture.turns.last)
        let full = try fixture.scratch.repository.context(of: head, budget: nil)
        #expect(full.estimatedTokens == 97)
        #expect(full.turns.map(\.estimatedTokens) == Array(repeating: 13, count: 7))

        let context = try fixture.scratch.repository.context(of: head, budget: testCase.budget)
        #expect(context.budget == testCase.budget)
        #expect(context.turns.map(\.id) == Array(fixture.turns[testCase.keptFrom...]))
        #expect(context.dropped.map(\.id) == Array(fixture.turns[..<testCase.keptFrom]))
        #expect(context.turns.first?.role == .user, "a turn starts with the user's message")
        #expect(context.system == "System!!", "the system prompt is never dropped")
        #expect(context.exceedsBudget == testCase.exceeds)
        #expect(context.estimatedTokens == 6 + 13 * context.turns.count)
        if !testCase.exceeds { #expect(context.estimatedTokens <= testCase.budget) }
    }

    @Test("a system prompt alone over the budget is kept, with nothing to drop")
    func systemPromptAlone() throws {
        let scratch = try ScratchRepository()
        let prompt = try scratch.append(String(repeating: "p", count: 400), role: .system)
        let context = try scratch.repository.context(of: prompt, budget: 10)
        #expect(context.turns.isEmpty && context.dropped.isEmpty)
        #expect(context.exceedsBudget)
    }

    @Test("estimates are scaled by the usage that the newest reply recorded")
    func calibration() throws {
        let scratch = try ScratchRepository()
        let long = String(repeating: "x", count: 396)  // (396 + 3) / 4 + 4 = 103 tokens.
        try scratch.append(long)
        // Estimated 206 so far; the provider counted 412, twice as many.
        try scratch.append(long, role: .assistant, fields: ["input-tokens": "300", "output-tokens": "112"])
        let question = try scratch.append(long)
        let context = try scratch.repository.context(of: question, budget: nil)
        #expect(context.turns.map(\.estimatedTokens) == [206, 206, 206])

        // A newer reply's usage replaces the older one's: 1236 of 412 estimated is 3 times.
        try scratch.append(long, role: .assistant, fields: ["input-tokens": "1200", "output-tokens": "36"])
        let next = try scratch.append(long)
        #expect(try scratch.repository.context(of: next, budget: nil).turns.map(\.estimatedTokens) == Array(repeating: 309, count: 5))
    }

    @Test("a reply to a history over the budget does not calibrate: it was given only what fit")
    func calibrationWithinBudget() throws {
        let scratch = try ScratchRepository()
        let long = String(repeating: "x", count: 396)  // 103 tokens each.
        try scratch.append(long)
        // Its history, 103, fits a budget of 300: the provider counted 412 of 206, twice the estimate.
        try scratch.append(long, role: .assistant, fields: ["input-tokens": "300", "output-tokens": "112"])
        try scratch.append(long)
        // Its history, 309, does not: it was given the newest turn alone, and its 103 tokens of 412
        // estimated for the whole history would scale estimates to a quarter.
        try scratch.append(long, role: .assistant, fields: ["input-tokens": "100", "output-tokens": "3"])
        let question = try scratch.append(long)
        let fitted = try scratch.repository.context(of: question, budget: 300)
        #expect(fitted.turns.map(\.estimatedTokens) == [206], "scaled by the reply within the budget")
        #expect(fitted.estimatedTokens <= 300)
        let whole = try scratch.repository.context(of: question, budget: nil)
        #expect(whole.turns.map(\.estimatedTokens) == Array(repeating: 26, count: 5), "no budget: the newest reply calibrates")
        #expect(try scratch.repository.context(of: question, budget: 102).turns.map(\.estimatedTokens) == [103], "none within it: no scaling")
    }

    @Test("calibration is clamped to between a quarter and four times the estimate", arguments: [
        (reported: 1_000_000, expected: 412), (reported: 1, expected: 26),
    ])
    func calibrationClamp(reported: Int, expected: Int) throws {
        let scratch = try ScratchRepository()
        let long = String(repeating: "x", count: 396)
        try scratch.append(long)
        let reply = try scratch.append(long, role: .assistant, fields: ["input-tokens": String(reported), "output-tokens": "0"])
        #expect(try scratch.repository.context(of: reply, budget: nil).turns.map(\.estimatedTokens) == [expected, expected])
    }

    @Test("recorded usage of zero tokens does not calibrate")
    func zeroUsage() throws {
        let scratch = try ScratchRepository()
        try scratch.append(Self.text("question"))
        let reply = try scratch.append(Self.text("answer"), role: .assistant, fields: ["input-tokens": "0", "output-tokens": "0"])
        #expect(try scratch.repository.context(of: reply, budget: nil).turns.map(\.estimatedTokens) == [13, 13])
    }
}
