import ThreadAIStore

/// Code anchors for captured messages (docs/FORMAT.md §4.7.1): a captured message must have the id
/// `import` of the whole transcript gives it, so its anchor cannot be in its frontmatter; it goes in
/// its conversation's anchor note instead. `threadai capture` reads the anchor once (when it stored
/// something) and hands it here with the messages it newly stored (`SessionCapture.Outcome.stored`).
public enum CaptureAnchors {
    /// Appends `anchor` for each of `ids` to the note of its conversation (named by its `source`); a
    /// message without a `source`, which no capture writes, is left out.
    /// - Throws: `CaptureAnchorError`; the messages stay stored, without the anchors not written.
    public static func record(_ anchor: CodeAnchor, for ids: [ObjectID], in repository: Repository) throws(CaptureAnchorError) {
        var byNote: [String: [ObjectID]] = [:]
        var order: [String] = []
        for id in ids {
            let header: MessageHeader
            do {
                header = try repository.objects.header(id)
            } catch {
                throw CaptureAnchorError(reason: "cannot read message \(id.short): \(error)")
            }
            guard let source = header.fields["source"], let name = AnchorNotes.name(ofSource: source) else { continue }
            if byNote[name] == nil { order.append(name) }
            byNote[name, default: []].append(id)
        }
        let notes = AnchorNotes(repository: repository)
        for name in order {
            do {
                try notes.append(anchor, to: byNote[name] ?? [], note: name)
            } catch {
                throw CaptureAnchorError(reason: "cannot write the anchor note \(notes.path(of: name)): \(error)")
            }
        }
    }
}

/// Why a capture's messages were stored without their code anchors.
public struct CaptureAnchorError: Error, CustomStringConvertible, Sendable, Equatable {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
