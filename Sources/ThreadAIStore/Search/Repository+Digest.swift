/// What the history says about a query, best first (`context --digest`, the MCP server's search):
/// the messages that hold any of the query's terms, ranked, each as a short excerpt with its thread,
/// date and id. One pass of `search` over every message (`cache/search`), keeping only the page
/// asked for: memory holds that page, whatever the number of matches.
public struct Digest: Sendable {
    /// The terms looked for, as `DigestTerms` took them from the query.
    public let terms: [String]
    /// The page: the hits after the first `skip`, at most `limit` of them.
    public let hits: [DigestHit]
    /// How many messages matched in all.
    public let total: Int
    /// How many better hits came before the page.
    public let skipped: Int
}

/// One message of a digest.
public struct DigestHit: Sendable, Equatable {
    public let thread: String
    public let id: ObjectID
    public let role: Role
    public let date: Timestamp
    /// How many of the query's terms its content holds, and how often they occur in all.
    public let termsFound: Int
    public let occurrences: Int
    /// Its line that holds the most terms (the first such), cut to about `DigestHit.excerptLength`
    /// characters around the first term, `…` where it was cut, runs of white space made one space.
    public let excerpt: String
    /// The number of that line in the content (from 1).
    public let line: Int

    public static let excerptLength = 200

    /// Better first: more terms, then more occurrences, then newer, then by id (so every page is stable).
    static func precedes(_ a: DigestHit, _ b: DigestHit) -> Bool {
        if a.termsFound != b.termsFound { return a.termsFound > b.termsFound }
        if a.occurrences != b.occurrences { return a.occurrences > b.occurrences }
        if a.date.secondsSinceEpoch != b.date.secondsSinceEpoch { return a.date.secondsSinceEpoch > b.date.secondsSinceEpoch }
        return a.id < b.id
    }
}

/// A digest's question: the terms of a query (`DigestTerms`), each looked for by its stem, as plain
/// text without case.
public struct DigestQuery: Sendable {
    /// The terms as typed.
    public let terms: [String]
    /// What is looked for, one per term.
    let stems: [String]
    let pattern: SearchPattern

    /// - Throws: `SearchPatternError.noTerms` when the query has no term to look for.
    public init(_ text: String) throws(SearchPatternError) {
        terms = DigestTerms.parse(text)
        stems = terms.map(DigestTerms.stem)
        pattern = try SearchPattern(anyOf: stems, ignoringCase: true)
    }
}

extension Repository {
    /// The digest of `query` over every thread (or `threads`), messages of `roles` only when given:
    /// the hits ranked by `DigestHit.precedes`, `limit` of them after the first `skip`.
    public func digest(
        _ query: DigestQuery, skip: Int = 0, limit: Int = 5, roles: Set<Role>? = nil,
        in threads: [(name: ThreadName, heads: [ObjectID])]? = nil
    ) throws(ThreadError) -> Digest {
        let folded = query.stems.map { Array($0.utf8).map(LiteralFinder.lowercased) }
        var best = BoundedRanking(keeping: max(0, skip) + max(0, limit))
        let total = try search(SearchQuery(pattern: query.pattern, roles: roles), in: threads) { hit in
            best.offer(Self.digestHit(hit, terms: folded))
        }
        let ranked = best.ranked
        return Digest(terms: query.terms, hits: Array(ranked.dropFirst(skip)), total: total, skipped: min(skip, ranked.count))
    }

    private static func digestHit(_ hit: SearchHit, terms: [[UInt8]]) -> DigestHit {
        var found = Set<Int>(), occurrences = 0
        var bestLine: (line: SearchLine, terms: Int)?
        for line in hit.lines {
            let lowered = line.text.map(LiteralFinder.lowercased)
            var inLine = 0
            for (index, term) in terms.enumerated() {
                let count = lowered.occurrences(of: term)
                guard count > 0 else { continue }
                inLine += 1
                occurrences += count
                found.insert(index)
            }
            if inLine > bestLine?.terms ?? 0 { bestLine = (line, inLine) }
        }
        let line = bestLine?.line ?? hit.lines.first
        return DigestHit(
            thread: hit.thread, id: hit.id, role: hit.role, date: hit.date, termsFound: found.count, occurrences: occurrences,
            excerpt: line.map(Self.excerpt) ?? "", line: line?.number ?? 0)
    }

    /// The line around its first match, at most `excerptLength` characters, white space made single spaces.
    static func excerpt(_ line: SearchLine) -> String {
        let text = String(decoding: line.text, as: UTF8.self)
        let words = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let characters = Array(words)
        guard characters.count > DigestHit.excerptLength else { return words }
        // Where the first match falls, counted in characters of the text before white space was joined.
        let matchStart = line.marks.first.map { String(decoding: line.text[..<$0.lowerBound], as: UTF8.self).count } ?? 0
        let start = max(0, min(matchStart - DigestHit.excerptLength / 4, characters.count - DigestHit.excerptLength))
        let end = min(characters.count, start + DigestHit.excerptLength)
        return (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
    }
}

/// The best `keeping` hits seen so far, in order: a sorted array with insertion, since a page is a
/// few dozen hits and matches may be hundreds of thousands.
struct BoundedRanking {
    let keeping: Int
    private(set) var ranked: [DigestHit] = []

    init(keeping: Int) {
        self.keeping = keeping
    }

    mutating func offer(_ hit: DigestHit) {
        guard keeping > 0 else { return }
        if ranked.count == keeping, let last = ranked.last, !DigestHit.precedes(hit, last) { return }
        var low = 0, high = ranked.count
        while low < high {
            let middle = (low + high) / 2
            if DigestHit.precedes(ranked[middle], hit) { low = middle + 1 } else { high = middle }
        }
        ranked.insert(hit, at: low)
        if ranked.count > keeping { ranked.removeLast() }
    }
}

extension Array where Element == UInt8 {
    /// How many times `needle` occurs, not overlapping.
    func occurrences(of needle: [UInt8]) -> Int {
        guard !needle.isEmpty, needle.count <= count else { return 0 }
        var found = 0, position = 0
        while position + needle.count <= count {
            if self[position] == needle[0], self[position..<(position + needle.count)].elementsEqual(needle) {
                found += 1
                position += needle.count
            } else {
                position += 1
            }
        }
        return found
    }
}
