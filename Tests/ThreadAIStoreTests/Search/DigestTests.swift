import Testing
@testable import ThreadAIStore

/// `Repository.digest` (`context --digest`, the MCP server's search): the terms taken from a query,
/// any of several literals found in one block pass, ranking, pages and excerpts.
@Suite("Digest: what the history says about a query")
struct DigestTests {
    @Test("terms: words and quoted phrases, punctuation trimmed, common words and repeats left out, at most eight")
    func terms() {
        #expect(DigestTerms.parse("Where do the retries go?") == ["retries", "go"])
        #expect(DigestTerms.parse(#"the "exponential backoff" policy, PackWriter.write()"#) == ["exponential backoff", "policy", "PackWriter.write"])
        #expect(DigestTerms.parse("Retry retry RETRY a I") == ["Retry"])
        #expect(DigestTerms.parse("the and of").isEmpty)
        #expect(DigestTerms.parse("one two three four five six seven eight nine ten").count == DigestTerms.limit)
        #expect(DigestTerms.stem("retries") == "retr" && DigestTerms.stem("retry") == "retr" && DigestTerms.stem("Retrying") == "retr")
        #expect(DigestTerms.stem("backoff") == "backoff" && DigestTerms.stem("go") == "go" && DigestTerms.stem("PackWriter.write") == "PackWriter.write")
        #expect(throws: SearchPatternError.noTerms) { try DigestQuery("the of") }
    }

    @Test("several literals in one block pass find the records a record-by-record scan finds")
    func anyOfBlockScan() throws {
        let contents = ["abc", "zep", "pelin", "say ZEPPELIN\nx", "", "rare", "no", "zeppelin", "zep\npelin", "a rare zeppelin"]
        let packed = Array(contents.joined().utf8)
        var ends: [Int] = []
        for content in contents { ends.append((ends.last ?? 0) + content.utf8.count) }
        let pattern = try SearchPattern(anyOf: ["zeppelin", "rare"], ignoringCase: true)
        var found: [Int] = []
        packed.withUnsafeBytes { block in
            pattern.matchingRecords(in: block, ends: { ends[$0] }, count: contents.count, isCandidate: { $0 != 7 }) { found.append($0) }
        }
        #expect(found == [3, 5, 9])
        #expect(found == contents.indices.filter { $0 != 7 && pattern.matches(contents[$0]) })
        let lines = Array("a rare zeppelin, rare".utf8).withUnsafeBytes { pattern.matchingLines($0) }
        #expect(lines.first?.marks == [2..<6, 7..<15, 17..<21])
    }

    @Test("more terms first, then more occurrences, then newer; pages of the same ranking; the total counts every match")
    func ranking() throws {
        let scratch = try ScratchRepository()
        let oneTerm = try scratch.append("We retry once.")
        let both = try scratch.append("Retries with backoff.", role: .assistant)
        let often = try scratch.append("retry, retry, retry", on: "side")
        let newerOne = try scratch.append("Backoff alone.", on: "side")
        _ = try scratch.append("Nothing relevant here.")
        let repository = scratch.repository
        let query = try DigestQuery("retry backoff")
        let all = try repository.digest(query, limit: 10)
        #expect(all.total == 4)
        #expect(all.hits.map(\.id) == [both, often, newerOne, oneTerm])
        #expect(all.hits.first?.termsFound == 2 && all.hits[1].occurrences == 3)
        let second = try repository.digest(query, skip: 1, limit: 2)
        #expect(second.hits.map(\.id) == [often, newerOne] && second.skipped == 1 && second.total == 4)
        #expect(try repository.digest(query, skip: 10, limit: 2).hits.isEmpty)
        let users = try repository.digest(query, limit: 10, roles: [.user])
        #expect(!users.hits.map(\.id).contains(both) && users.total == 3)
    }

    @Test("an excerpt is the line with the most terms, white space made single, cut around the first match")
    func excerpts() throws {
        let scratch = try ScratchRepository()
        let long = String(repeating: "filler words ", count: 40) + "the zeppelin   landed " + String(repeating: "more words ", count: 40)
        try scratch.append("zeppelin alone\n" + long + "with backoff\nnothing")
        let hit = try #require(try scratch.repository.digest(try DigestQuery("zeppelin backoff")).hits.first)
        #expect(hit.line == 2 && hit.termsFound == 2)
        #expect(hit.excerpt.hasPrefix("…") && hit.excerpt.hasSuffix("…") && hit.excerpt.contains("the zeppelin landed"))
        #expect(hit.excerpt.count <= DigestHit.excerptLength + 2)
    }
}
