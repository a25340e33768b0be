/// An imported or captured conversation found again by the id its source gave it (docs/FORMAT.md
/// §4.6: `source: FORMAT:CONVERSATION/ITEM`), as a commit trailer names an agent's session
/// (`log --for-commit`, docs/CLI.md). Found without reading every message: through the thread names
/// the importer derives from the conversation id (current, or renamed away) and the conversation's
/// anchor note (§4.7.1), which lists what a capture stored with the code commit it was stored at.
public struct ImportedConversation: Sendable {
    /// A message of the conversation.
    public struct Found: Sendable {
        public var id: ObjectID
        public var header: MessageHeader
        /// The name of the message's thread now: its `thread`, followed through renames (§5.4).
        public var thread: String
    }

    /// The newest message of the conversation on each thread found holding it, in thread name order.
    public var newest: [Found] = []
    /// The messages the conversation's anchor note anchors, that this repository holds, in the order
    /// the note lists them (the order they were stored), with their anchors.
    public var noted: [(found: Found, anchor: CodeAnchor)] = []

    /// Nothing of the conversation was found.
    public var isEmpty: Bool { newest.isEmpty && noted.isEmpty }
}

extension Repository {
    /// The messages of the conversation `conversation` of the source format `format` (`claude-code`,
    /// a session id), found through the threads whose names begin `FORMAT/` and hold `nameMark` after
    /// a `-` (what the importer puts in the names it derives: `-` and the id's first letters and
    /// digits), and through the conversation's anchor note. A message counts when its `source` names
    /// the conversation.
    /// - Throws: a failure to read the refs, the renames, an object or the note.
    public func importedConversation(format: String, conversation: String, nameMark: String) throws -> ImportedConversation {
        let sourcePrefix = "\(format):\(conversation)/"
        var result = ImportedConversation()
        let renames = try renames()
        var candidates = Set<String>()
        for name in try refs.names().map(\.rawValue) + renames.renamedAwayNames
        where name.hasPrefix(format + "/") && name.contains("-" + nameMark) {
            candidates.insert(renames.currentName(of: name))
        }
        var seen = Set<ObjectID>()
        for name in candidates.sorted() {
            guard let thread = try? ThreadName(name) else { continue }
            for head in try refs.heads(of: thread) {
                // Down to the newest message of the conversation: a send after the import has no source.
                var next: ObjectID? = head
                while let id = next {
                    let header = try objects.header(id)
                    if let source = header.fields[FrontmatterKey.source] {
                        if source.hasPrefix(sourcePrefix), seen.insert(id).inserted {
                            result.newest.append(.init(id: id, header: header, thread: renames.currentName(of: header.thread.rawValue)))
                        }
                        break
                    }
                    next = header.parent
                }
            }
        }
        guard let note = AnchorNotes.name(ofSource: sourcePrefix + "-") else { return result }
        guard let bytes = try Self.bytes(ofNote: AnchorNotes(repository: self).path(of: note)) else { return result }
        // Every whole line in order; a malformed one is skipped, as every reader of a note does.
        var noted = Set<ObjectID>()
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        where line.endIndex < bytes.endIndex {
            guard case .anchor(let id, let anchor) = AnchorNoteLine.parse(line), noted.insert(id).inserted,
                  let header = try? objects.header(id), header.fields[FrontmatterKey.source]?.hasPrefix(sourcePrefix) == true
            else { continue }
            result.noted.append((.init(id: id, header: header, thread: renames.currentName(of: header.thread.rawValue)), anchor))
        }
        return result
    }

    /// The note's bytes; nil when there is none.
    private static func bytes(ofNote path: String) throws(FileSystemError) -> [UInt8]? {
        do {
            return try FilePaths.read(path)
        } catch where error.meansNoFile {
            return nil
        }
    }
}
