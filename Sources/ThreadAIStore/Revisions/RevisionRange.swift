/// A range of history as `log` takes it, as git writes ranges:
/// - `A..B`: the messages in B's history that are not in A's (`A..` is `A..HEAD`, `..B` is `HEAD..B`);
/// - `A...B`: the messages in either history but not in both (each side after the fork point).
///
/// This type only splits the text; `Repository.selection(of:walker:)` resolves the two sides.
public struct RevisionRange: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `A..B`.
        case exclusive
        /// `A...B`.
        case symmetric
    }

    public var kind: Kind
    /// A, `HEAD` when it was left out.
    public var left: String
    /// B, `HEAD` when it was left out.
    public var right: String

    /// The range `text` writes, or nil when it has no `..` (a single revision).
    /// The first `...`, else the first `..`, separates the sides, as in git.
    public init?(parsing text: String) {
        let bytes = Array(text.utf8)
        func firstRun(of dots: Int) -> Int? {
            bytes.indices.first { start in start + dots <= bytes.count && bytes[start..<(start + dots)].allSatisfy { $0 == UInt8(ascii: ".") } }
        }
        let (start, dots, kind): (Int?, Int, Kind) = if let start = firstRun(of: 3) { (start, 3, .symmetric) } else { (firstRun(of: 2), 2, .exclusive) }
        guard let start else { return nil }
        // Dots are ASCII, so these cuts fall between characters.
        let (left, right) = (String(decoding: bytes[..<start], as: UTF8.self), String(decoding: bytes[(start + dots)...], as: UTF8.self))
        self.kind = kind
        self.left = left.isEmpty ? "HEAD" : left
        self.right = right.isEmpty ? "HEAD" : right
    }
}

/// What a range selects: walk back from `heads`, and stop at any message of `excluded` (the whole
/// history of the range's left side, or for `A...B` the history both sides share).
public struct RangeSelection: Sendable {
    public var heads: [ObjectID]
    public var excluded: Set<ObjectID>
}

extension Repository {
    /// The messages `text` selects when it is a range (`A..B`, `A...B`), or nil when it is a single
    /// revision. A thread an older version named with `..` in it is a single revision (docs/CLI.md).
    /// Each side may be a diverged thread: its history is then every head's.
    public func selection(of text: String, walker: HistoryWalker) throws(RevisionError) -> RangeSelection? {
        guard let range = range(text) else { return nil }
        let leftHeads = try resolveEach(range.left, walker: walker)
        let rightHeads = try resolveEach(range.right, walker: walker)
        let left = try histories(of: leftHeads, walker: walker)
        switch range.kind {
        case .exclusive:
            return RangeSelection(heads: rightHeads, excluded: left)
        case .symmetric:
            return RangeSelection(heads: leftHeads + rightHeads, excluded: left.intersection(try histories(of: rightHeads, walker: walker)))
        }
    }

    /// The range `text` writes, or nil when it is a single revision: no `..`, or the whole name of a
    /// thread an older version created with `..` in it (docs/CLI.md).
    public func range(_ text: String) -> RevisionRange? {
        threadNamed(text) == nil ? RevisionRange(parsing: text) : nil
    }

    /// Every message the heads reach (frontmatter only).
    private func histories(of heads: [ObjectID], walker: HistoryWalker) throws(RevisionError) -> Set<ObjectID> {
        var ids: Set<ObjectID> = []
        for head in heads where !ids.contains(head) {
            do {
                ids.formUnion(try walker.chain(to: head))
            } catch {
                throw .history(error)
            }
        }
        return ids
    }
}
