import Testing
import ThreadAIStore

@Suite("CountedNoun: a count with its noun")
struct CountedNounTests {
    @Test("the noun takes an s unless the count is 1", arguments: [(0, "0 messages"), (1, "1 message"), (2, "2 messages"), (-1, "-1 messages")])
    func phrase(count: Int, expected: String) {
        #expect(CountedNoun.phrase(count, "message") == expected)
    }
}
