/// Which small packs a `gc` rewrites (docs/FORMAT.md §15.5): git's geometric repacking with a
/// factor of 2, so the packs' sizes grow at least geometrically and a byte is rewritten a few times
/// at most before it lies in a large pack, which is never rewritten. Every pack written stays in the
/// host's git history for good: rewriting little matters more than having the fewest files.
enum PackRollup {
    /// A pack of this size or more is large: never rewritten. Half the pack limit, so that the full
    /// packs a rewrite writes (all but its last) are large.
    static let largeSize = PackWriter.sizeLimit / 2

    /// More small packs than this make packing due (git's `gc.autoPackLimit`).
    static let smallPackLimit = 50

    /// A candidate: a small pack (its name) or, with a nil name, the loose objects about to be packed.
    struct Candidate: Equatable {
        let name: String?
        let size: Int
    }

    /// The names of the small packs to rewrite, given the small packs and the bytes of the loose
    /// objects being packed (0 for none): sorted by size, the first `k` candidates, `k` the smallest
    /// number such that each later candidate is at least twice all those before it together. None
    /// when that is one candidate alone (nothing to put together).
    static func chosen(smallPacks: [(name: String, size: Int)], looseBytes: Int) -> [String] {
        var candidates = smallPacks.map { Candidate(name: $0.name, size: $0.size) }
        if looseBytes > 0 { candidates.append(Candidate(name: nil, size: looseBytes)) }
        // Ties by name, the loose objects first: the same packs give the same choice everywhere.
        candidates.sort { ($0.size, $0.name ?? "") < ($1.size, $1.name ?? "") }
        var count = 1
        var total = 0
        for (position, candidate) in candidates.enumerated() {
            if position > 0, candidate.size < 2 * total { count = position + 1 }
            total += candidate.size
        }
        guard count >= 2 else { return [] }
        return candidates.prefix(count).compactMap(\.name)
    }
}
