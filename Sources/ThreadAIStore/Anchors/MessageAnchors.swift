/// The one way commands read a message's code anchor (docs/FORMAT.md §4.7, §4.7.1): its frontmatter's
/// when it has one, else its conversation's anchor note's. One per command (`Repository.anchors()`):
/// each note is read at most once, when the first message of its conversation without an anchor of
/// its own is asked about, so the cost follows what is shown, never the repository's size. A note that
/// cannot be read anchors nothing (`fsck` names what is wrong with it). Safe to share between threads
/// (a long `log` renders on every core).
public final class MessageAnchors: Sendable {
    private let notes: AnchorNotes
    private let read = Locked<[String: [ObjectID: CodeAnchor]]>([:])
    /// The formats that have notes (the folders of `anchors/`), listed at the first question: a
    /// repository that never captured opens no note for its imported messages.
    private let formats = Locked<Set<String>?>(nil)

    init(notes: AnchorNotes) {
        self.notes = notes
    }

    /// The anchor of the message `id`, whose frontmatter is `message`; nil when neither it nor a note has one.
    public func anchor(of id: ObjectID, _ message: some MessageFrontmatter) -> CodeAnchor? {
        if let own = CodeAnchor(frontmatter: message) { return own }
        guard let source = message.fields[FrontmatterKey.source], let name = AnchorNotes.name(ofSource: source) else { return nil }
        if let anchors = read.withLock({ $0[name] }) { return anchors[id] }
        guard noted(format: String(name.prefix { $0 != "/" })) else { return nil }
        // Read outside the lock: two threads may both read one note, once each, rather than wait.
        let anchors = (try? notes.read(name).anchors) ?? [:]
        read.withLock { $0[name] = anchors }
        return anchors[id]
    }

    private func noted(format: String) -> Bool {
        if let known = formats.withLock({ $0 }) { return known.contains(format) }
        let listed = Set(((try? FilePaths.entries(of: notes.directory)) ?? []).map(\.name))
        formats.withLock { $0 = listed }
        return listed.contains(format)
    }
}

extension Repository {
    /// What reads messages' code anchors for one command: frontmatter first, then anchor notes.
    public func anchors() -> MessageAnchors {
        MessageAnchors(notes: AnchorNotes(repository: self))
    }
}
