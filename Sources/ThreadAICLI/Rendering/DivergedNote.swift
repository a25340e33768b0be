import ThreadAI

/// What read commands say about a diverged thread (docs/FORMAT.md §5.1): that they show every head,
/// and how to settle the thread.
enum DivergedNote {
    /// The note for `heads` of the thread `name` (or of HEAD's thread when nil).
    static func text(_ name: ThreadName?, heads: [ObjectID], showing what: String) -> String {
        let thread = name.map { "thread '\($0)'" } ?? "this thread"
        let named = name?.rawValue ?? "NAME"
        return "\(thread) has diverged into \(heads.count) heads (\(heads.map(\.short).joined(separator: ", "))), "
            + "probably from a git merge of two clones; nothing is lost. \(what) "
            + "Settle it with 'threadai threads reconcile \(named)' (keeps the newest head; a head already in "
            + "another's history is dropped, every other head gets a thread of its own) or "
            + "'threadai threads reconcile \(named) ID' to keep head ID."
    }

    /// The thread `text` names when it is a diverged thread, given as a name or through HEAD, with
    /// or without suffixes (`main~1`, `@^`).
    static func thread(named text: String?, in repository: Repository) throws -> ThreadName? {
        let base = text.flatMap { try? Revision(parsing: $0) }?.base ?? .head
        guard case .name(let word) = base else {
            if case .thread(let name) = try repository.head.read() { return name }
            return nil
        }
        return repository.threadNamed(word) ?? (try? ThreadName(word))
    }
}
