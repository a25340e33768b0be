/// The names a new thread may not take: every thread's name indexed by its folded components
/// (docs/FORMAT.md §5.2, conflicts) and by each of their prefixes, plus the renames (§5.4).
///
/// Checking a name costs a few hash lookups instead of a comparison with every thread, so a writer
/// that creates thousands of threads (an import) reads the refs and `renames` once, checks each new
/// name here and `insert`s it after creating it.
public struct NewThreadNames: Sendable {
    private var exact: Set<ThreadName> = []
    /// Each thread's folded components, and each proper prefix of them, to a thread that has them.
    private var folded: [[String]: ThreadName] = [:]
    private var prefixes: [[String]: ThreadName] = [:]
    private let renames: Renames

    init(names: some Sequence<ThreadName>, renames: Renames) {
        self.renames = renames
        for name in names { insert(name) }
    }

    /// Records a thread that now exists.
    public mutating func insert(_ name: ThreadName) {
        exact.insert(name)
        let components = name.foldedComponents
        if folded[components] == nil { folded[components] = name }
        for length in 1..<max(components.count, 1) where prefixes[Array(components.prefix(length))] == nil {
            prefixes[Array(components.prefix(length))] = name
        }
    }

    /// Checks that a new thread may be called `name`: free, not clashing with another name on
    /// case-insensitive or normalizing filesystems, and not a name renamed away (unless `renamed` is
    /// the thread being renamed back to it). A name a repository's export brings (`exported`) is that
    /// repository's, kept as it is: it may hold the `..` that older writers could make (§5.2), and be
    /// a name renamed away whose ref was still there (§5.4: two clones renamed crosswise).
    public func check(_ name: ThreadName, renaming renamed: ThreadName? = nil, exported: Bool = false) throws(ThreadError) {
        do {
            if !exported { try ThreadNameError.checkNewName(name) }
        } catch {
            throw .name(error)
        }
        if exact.contains(name) { throw .ref(.threadExists(name)) }
        if let clash = clash(with: name) { throw .ref(.conflictingName(name, existing: clash)) }
        if !exported, renames.isRenamedAway(name), renames.currentName(of: name.rawValue) != renamed?.rawValue {
            throw .renamedAway(name, now: renames.currentName(of: name.rawValue))
        }
    }

    /// A thread whose folded components equal `name`'s, or are a prefix of them, or the reverse.
    private func clash(with name: ThreadName) -> ThreadName? {
        let components = name.foldedComponents
        if let other = folded[components] ?? prefixes[components] { return other }
        for length in 1..<max(components.count, 1) {
            if let other = folded[Array(components.prefix(length))] { return other }
        }
        return nil
    }
}

extension Repository {
    /// The names of every thread but `renamed` (a thread about to be renamed), and the renames.
    public func newThreadNames(ignoring renamed: ThreadName? = nil) throws(ThreadError) -> NewThreadNames {
        try newThreadNames(ignoringAll: renamed.map { [$0] } ?? [])
    }

    /// The names of every thread but those in `ignored`, and the renames.
    public func newThreadNames(ignoringAll ignored: Set<ThreadName>) throws(ThreadError) -> NewThreadNames {
        let existing: [ThreadName]
        do {
            existing = try refs.names()
        } catch {
            throw .ref(error)
        }
        return NewThreadNames(names: existing.filter { !ignored.contains($0) }, renames: try renamesOrThrow())
    }
}
