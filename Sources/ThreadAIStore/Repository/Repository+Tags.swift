extension Repository {
    /// The tags (docs/FORMAT.md §5.6).
    public var tags: TagStore { TagStore(root: directory) }

    /// Creates the tag `name` at message `target` with an optional note; with `force`, moves an
    /// existing tag of that name instead of refusing.
    /// - Throws: `TagError` when the name is reserved, clashes with another tag or a thread, or is
    ///   taken (without `force`); nothing is written then.
    @discardableResult
    public func createTag(
        _ name: ThreadName, at target: ObjectID, note: String?, force: Bool = false, date: Timestamp = .now()
    ) throws(TagError) -> (tag: Tag, replaced: Tag?) {
        do {
            try ThreadNameError.checkNewName(name)
        } catch {
            throw .name(error.naming("tag"))
        }
        let threads: [ThreadName]
        do {
            threads = try refs.names()
        } catch {
            throw .refs(error)
        }
        if let thread = threads.first(where: { $0 == name }) ?? name.conflict(among: threads) {
            throw .threadNamed(name, existing: thread)
        }
        let existingNames = try tags.names()
        if let clash = name.conflict(among: existingNames) { throw .conflictingName(name, existing: clash) }
        let replaced = try tags.tag(name)
        if let replaced, !force { throw .tagExists(name, at: replaced.target) }
        guard objects.contains(target) else { throw .missingMessage(name, target) }
        let tag = Tag(name: name, target: target, date: date, note: note)
        try tags.write(tag, replacing: replaced?.target)
        return (tag, replaced)
    }

    /// Places a tag brought by an import (docs/FORMAT.md §11) as it is, date, note and all: created
    /// when absent; nothing when the repository has it at the same message.
    /// - Returns: whether it was created.
    /// - Throws: `TagError` when it clashes with a thread or another tag, is here at another
    ///   message (`tagExists`), or its message is missing; nothing is written then.
    public func placeImportedTag(_ tag: Tag) throws(TagError) -> Bool {
        let threads: [ThreadName]
        do {
            threads = try refs.names()
        } catch {
            throw .refs(error)
        }
        if let thread = threads.first(where: { $0 == tag.name }) ?? tag.name.conflict(among: threads) {
            throw .threadNamed(tag.name, existing: thread)
        }
        if let existing = try tags.tag(tag.name) {
            guard existing.target == tag.target else { throw .tagExists(tag.name, at: existing.target) }
            return false
        }
        if let clash = tag.name.conflict(among: try tags.names()) { throw .conflictingName(tag.name, existing: clash) }
        guard objects.contains(tag.target) else { throw .missingMessage(tag.name, tag.target) }
        try tags.write(tag, replacing: nil)
        return true
    }

    /// Deletes the tag `name` and returns what it was, so it can be made again.
    @discardableResult
    public func deleteTag(_ name: ThreadName) throws(TagError) -> Tag {
        guard let tag = try tags.tag(name) else { throw .noSuchTag(name) }
        try tags.delete(name, expected: tag.target)
        return tag
    }

    /// The tag a revision word names: `NAME`, `tags/NAME` or `refs/tags/NAME`; nil when none.
    func tagNamed(_ word: String) throws(RevisionError) -> Tag? {
        var candidates = [word]
        for prefix in ["refs/tags/", "tags/"] where word.hasPrefix(prefix) {
            candidates.insert(String(word.dropFirst(prefix.count)), at: 0)
        }
        for candidate in candidates {
            guard let name = try? ThreadName(candidate) else { continue }
            do {
                if let tag = try tags.tag(name) { return tag }
            } catch {
                throw .tag(error)
            }
        }
        return nil
    }
}
