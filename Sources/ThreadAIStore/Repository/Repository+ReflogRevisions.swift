extension Repository {
    /// The reflog a revision's base names: `HEAD@{N}` reads `logs/HEAD`, `@{N}` the current
    /// thread's, `NAME@{N}` thread NAME's — also when NAME was deleted, as its reflog is kept.
    public func reflog(forRevisionBase base: Revision.Base) throws(RevisionError) -> (label: String, log: Reflog) {
        switch base {
        case .head:
            return ("HEAD", head.reflog)
        case .currentThread:
            let current: Head
            do {
                current = try head.read()
            } catch {
                throw .ref(error)
            }
            guard case .thread(let name) = current else { throw .detachedHasNoThreadReflog }
            return (name.rawValue, refs.reflog(of: name))
        case .name(let word):
            guard let name = threadNamed(word) ?? (try? ThreadName(word)) else { throw .unknown(word) }
            return (name.rawValue, refs.reflog(of: name))
        }
    }

    /// The message `base@{index}` names: the new value of the reflog's entry `index` back from the newest.
    func reflogValue(_ base: Revision.Base, index: Int, text: String) throws(RevisionError) -> ObjectID {
        // `logs/HEAD` records checkouts, not sends: HEAD@{0} is HEAD now, as in git.
        if case .head = base, index == 0 { return try resolve("HEAD") }
        let (label, log) = try reflog(forRevisionBase: base)
        let entries = try entriesNewestFirst(log)
        guard index < entries.count else { throw .beyondReflog(text, label: label, count: entries.count) }
        guard let id = entries[index].new else { throw .reflogDeletion(text, label: label) }
        return id
    }

    /// What was checked out `count` checkouts ago (`@{-count}`, `checkout -`), read from `logs/HEAD`:
    /// a thread, or a message for a detached `HEAD`.
    public func previousCheckout(_ count: Int) throws(RevisionError) -> Head {
        var found = 0
        for entry in try entriesNewestFirst(head.reflog) {
            guard let from = Self.checkoutSource(entry.message) else { continue }
            found += 1
            guard found == count else { continue }
            if let id = try? ObjectID(hex: from) { return .detached(id) }
            guard let name = try? ThreadName(from) else { break }
            return .thread(name)
        }
        throw .noPreviousCheckout(count)
    }

    /// `A` in a `logs/HEAD` line `checkout: moving from A to B…` (what `checkout(_:reflogMessage:)` writes).
    static func checkoutSource(_ message: String) -> String? {
        checkoutEnds(message)?.from
    }

    /// `A` and `B` in a `logs/HEAD` line `checkout: moving from A to B` or `… to B (WHY)`: thread
    /// names, or full ids for a detached `HEAD` (neither holds a space).
    static func checkoutEnds(_ message: String) -> (from: String, to: String)? {
        let prefix = "checkout: moving from "
        guard message.hasPrefix(prefix) else { return nil }
        let words = message.dropFirst(prefix.count).split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard words.count >= 3, words[1] == "to", !words[0].isEmpty, !words[2].isEmpty else { return nil }
        return (String(words[0]), String(words[2]))
    }

    /// How `logs/HEAD` names what `HEAD` says: the thread's name, or the detached message's full id.
    static func checkoutLabel(_ head: Head) -> String {
        switch head {
        case .thread(let name): name.rawValue
        case .detached(let id): id.hex
        }
    }

    private func entriesNewestFirst(_ log: Reflog) throws(RevisionError) -> [Reflog.Entry] {
        do {
            return try log.entries().reversed()
        } catch {
            throw .ref(.fileSystem(error))
        }
    }
}
