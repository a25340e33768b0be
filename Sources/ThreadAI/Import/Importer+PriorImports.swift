import ThreadAIStore

/// A conversation imported before under another name: its title changed in the source since (a
/// ChatGPT chat renamed, a Claude Code session that gained a title line), so the name and the
/// `source-title` the importer derives now would make every message a new object. The earlier
/// import's name and title are taken again instead (docs/FORMAT.md §4.6), found by the `source`
/// its messages record.
struct PriorImports {
    /// Every thread name, current or renamed away, of the import's format, by each of its endings
    /// from a `-` on (`-67a1b2c3`, `-67a1b2c3-agent-x`): where a conversation's id part may end it.
    private var namesByEnding: [Substring: [String]] = [:]
    /// The threads there are, and the renames, when the import began.
    private let existing: Set<String>
    private let renames: Renames

    init(repository: Repository, renames: Renames, format: String) throws {
        self.renames = renames
        let current = try repository.refs.names().map(\.rawValue)
        existing = Set(current)
        for name in current + renames.renamedAwayNames where name.hasPrefix(format + "/") {
            var index = name.startIndex
            while let dash = name[index...].firstIndex(of: "-") {
                namesByEnding[name[dash...], default: []].append(name)
                index = name.index(after: dash)
            }
        }
    }

    /// The thread name and title an earlier import gave `conversation`, when one did under another
    /// name than `derived`, the one its title gives now (both end in `Importer.nameEnding`). Looked
    /// for only when no thread holds `derived` and it was not renamed away: else the derived name
    /// is the one an earlier import gave (or none did).
    func find(_ conversation: ImportConversation, derived: ThreadName, in repository: Repository) throws -> (name: ThreadName, title: String?)? {
        guard !existing.contains(derived.rawValue), !renames.isRenamedAway(derived) else { return nil }
        let candidates = namesByEnding[Substring(Importer.nameEnding(for: conversation))] ?? []
        let sourcePrefix = "\(conversation.format):\(conversation.id)/"
        for recorded in candidates where recorded != derived.rawValue {
            for head in try repository.refs.heads(of: ThreadName(renames.currentName(of: recorded))) {
                // Down to the newest imported message: a send after the import records no source.
                var next: ObjectID? = head
                var found: MessageHeader?
                while let id = next, found == nil {
                    let header = try repository.objects.header(id)
                    if let source = header.fields["source"] {
                        guard source.hasPrefix(sourcePrefix) else { break }
                        found = header
                    }
                    next = header.parent
                }
                guard let found else { continue }
                // Its first message holds the title it was imported with.
                var root = found
                while let parent = root.parent { root = try repository.objects.header(parent) }
                guard root.fields["source"]?.hasPrefix(sourcePrefix) == true else { continue }
                return (found.thread, root.fields["source-title"])
            }
        }
        return nil
    }
}

extension Importer {
    /// The source item of the newest message of `conversation` on the thread `main` (under its
    /// current name), when an earlier import put it there: where `owners` keeps `main`. A message
    /// written after the import (a `send`) records no source and is passed over; a thread that holds
    /// something else, has several heads or cannot be read gives none (placing it says what is wrong).
    mutating func importedTip(of conversation: ImportConversation, on main: ThreadName, item: String) -> String? {
        let prefix = "\(conversation.format):\(conversation.id)/"
        guard let name = try? currentName(of: main, item: item), let heads = try? repository.refs.heads(of: name), heads.count == 1 else {
            return nil
        }
        var next: ObjectID? = heads[0]
        while let id = next, let header = try? repository.objects.header(id) {
            if let source = header.fields["source"] { return source.hasPrefix(prefix) ? String(source.dropFirst(prefix.count)) : nil }
            next = header.parent
        }
        return nil
    }
}
