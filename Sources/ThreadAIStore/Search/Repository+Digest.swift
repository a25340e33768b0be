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
    /// the hits ranked by `Ranked.precedes`, `limit` of them after the first `skip`.
    ///
    /// One pass as `search` makes it, each match's terms counted while its content is in memory;
    /// only the page's messages are read again, for their excerpts.
    public func digest(
        _ query: DigestQuery, skip: Int = 0, limit: Int = 5, roles: Set<Role>? = nil,
        in threads: [(name: ThreadName, heads: [ObjectID])]? = nil
    ) throws(ThreadError) -> Digest {
        let stems = query.stems.map { LiteralFinder(Array($0.utf8), ignoringCase: true) }
        let prepared = try prepareSearch(SearchQuery(pattern: query.pattern, roles: roles), in: threads)
        let catalog = prepared.catalog
        var best = BoundedRanking<Ranked>(keeping: max(0, skip) + max(0, limit), precedes: Ranked.precedes)
        var scan = prepared.scan()
        let matched = try scan.run { _, content in
            let counts = stems.map { $0.occurrences(in: content) }
            return (terms: counts.count { $0 > 0 }, occurrences: counts.reduce(0, +))
        } consume: { number, counted in
            best.offer(Ranked(number: number, terms: counted.terms, occurrences: counted.occurrences, seconds: catalog.seconds(number), id: catalog.id(number)))
        }
        repairSearchIndex(after: scan, catalog)
        var buffer: [UInt8] = []
        var hits: [DigestHit] = []
        for ranked in best.ranked.dropFirst(skip) {
            let hit = try prepared.hit(ranked.number, lines: true, damaged: scan.foundDamage, buffer: &buffer)
            hits.append(Self.digestHit(hit, terms: ranked, stems: stems))
        }
        return Digest(terms: query.terms, hits: hits, total: matched.count, skipped: min(skip, best.ranked.count))
    }

    /// A match as the ranking sees it: its terms and occurrences counted in the pass.
    struct Ranked {
        let number: Int
        let terms: Int
        let occurrences: Int
        let seconds: Int64
        let id: ObjectID

        /// Better first: more terms, then more occurrences, then newer, then by id (so every page is stable).
        static func precedes(_ a: Ranked, _ b: Ranked) -> Bool {
            if a.terms != b.terms { return a.terms > b.terms }
            if a.occurrences != b.occurrences { return a.occurrences > b.occurrences }
            if a.seconds != b.seconds { return a.seconds > b.seconds }
            return a.id < b.id
        }
    }

    /// The hit of a ranked match: its counts, and the excerpt of its line holding the most terms.
    private static func digestHit(_ hit: SearchHit, terms ranked: Ranked, stems: [LiteralFinder]) -> DigestHit {
        var bestLine: (line: SearchLine, terms: Int)?
        for line in hit.lines {
            let inLine = line.text.withUnsafeBytes { text in stems.count { $0.find(in: text, from: 0) != nil } }
            if inLine > bestLine?.terms ?? 0 { bestLine = (line, inLine) }
        }
        let line = bestLine?.line ?? hit.lines.first
        return DigestHit(
            thread: hit.thread, id: hit.id, role: hit.role, date: hit.date, termsFound: ranked.terms, occurrences: ranked.occurrences,
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

/// The best `keeping` elements offered so far, in order: a sorted array with insertion, since a page
/// is a few dozen and matches may be hundreds of thousands.
struct BoundedRanking<Element> {
    let keeping: Int
    let precedes: (Element, Element) -> Bool
    private(set) var ranked: [Element] = []

    init(keeping: Int, precedes: @escaping (Element, Element) -> Bool) {
        self.keeping = keeping
        self.precedes = precedes
    }

    mutating func offer(_ element: Element) {
        guard keeping > 0 else { return }
        if ranked.count == keeping, let last = ranked.last, !precedes(element, last) { return }
        var low = 0, high = ranked.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(ranked[middle], element) { low = middle + 1 } else { high = middle }
        }
        ranked.insert(element, at: low)
        if ranked.count > keeping { ranked.removeLast() }
    }
}
