import ThreadAIStore

extension Importer {
    /// Stores `nodes`, the messages of `conversation` that follow one another below the stored
    /// message `tip` (the first a child of it), as `write` of the whole conversation would store them
    /// (the same bytes: each on the tip's thread, dated as its parent when it has no date), then
    /// moves the thread `ref` from `tip` to the newest by compare-and-swap. What capture does with the
    /// lines a transcript gained (docs/FORMAT.md §16, "Going on from the record").
    /// - Returns: the ids of the messages, in order; nil when nothing was moved because the thread's
    ///   one head is no longer `tip` (a message sent on it, another process): write the whole then.
    public mutating func extend(
        _ conversation: ImportConversation, nodes: [ImportNode], below tip: ObjectID, ref: ThreadName, into summary: inout Summary
    ) throws(ImportError) -> [ObjectID]? {
        let item = "\(conversation.format) conversation \(conversation.id)"
        let stored: MessageHeader
        do {
            guard try repository.refs.heads(of: ref) == [tip] else { return nil }
            stored = try repository.objects.header(tip)
        } catch {
            throw ImportError(item: item, reason: "cannot read the message it goes on from: \(error)")
        }
        var parent = tip
        var date = stored.date
        var encoded: [[UInt8]] = []
        var ids: [ObjectID] = []
        var replacedNULs = 0
        for node in nodes {
            date = node.date ?? date
            let bytes = try Self.encode(node, of: conversation, parent: parent, thread: stored.thread, date: date, title: nil, replacedNULs: &replacedNULs)
            parent = ObjectID.of(bytes)
            ids.append(parent)
            encoded.append(bytes)
        }
        Self.noteNULs(replacedNULs, item: item, in: &summary)
        summary.conversations += 1
        summary.messages += nodes.count
        guard !nodes.isEmpty else { return [] }
        do {
            let written = try repository.store(encoded)
            summary.newMessages += written.new
            summary.stored += written.ids
            try repository.refs.update(ref, to: parent, expecting: .head(tip), reflogMessage: "import: \(item)")
        } catch let error as RefError {
            if case .concurrentChange = error { return nil }
            throw ImportError(item: item, reason: "cannot move thread \(ref): \(error)")
        } catch {
            throw ImportError(item: item, reason: "cannot be stored: \(error)")
        }
        summary.movedRefs += 1
        summary.threads.append(ref)
        return ids
    }
}
