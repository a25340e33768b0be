extension Repository {
    static let messageGraphKind = "messages"

    /// Every message `heads` reach, as one compact graph (docs/FORMAT.md §12.2): read from
    /// `cache/messages`, with the messages it lacks read from their objects (each once, verified) and
    /// merged into a new file, which is written back. Memory is the file's size plus the columns of
    /// the messages added, not the messages themselves.
    public func messageGraph(reaching heads: [ObjectID]) throws(ThreadError) -> MessageGraph {
        try requireObjects(heads)
        var old = storedMessageGraph()
        var additions = try additions(reaching: heads, known: old)
        if additions.isEmpty, let old { return old }
        if cache.isEnabled && (try? writeMessageGraph(old: old, additions: additions)) != nil {
            // Read back rather than kept: only one copy of the graph is ever in memory.
            (old, additions) = (nil, MessageGraphAdditions())
            old = storedMessageGraph()
            if let old, heads.allSatisfy({ old.record(of: $0) != nil }) { return old }
            // Another writer replaced the file meanwhile with one lacking these heads: add them in memory.
            additions = try self.additions(reaching: heads, known: old)
        }
        guard let graph = MessageGraphCodec.decode(MessageGraphCodec.image(old: old, additions: additions)) else {
            throw .unexpected("the message graph built in memory does not read back; please report this bug.")
        }
        return graph
    }

    /// Fails as reading `heads` from their objects would when one of them is not stored, so that a
    /// view answered from a cache fails where the same view without it does (§12 rule 1): a ref at a
    /// message that is gone (a `git reset` behind a thread made since) is found by one `stat` a head.
    func requireObjects(_ heads: some Sequence<ObjectID>) throws(ThreadError) {
        let folder = ObjectFolder(wholeStoreOf: objects)
        // In id order: the lookups of thousands of heads (every thread's) then read the sorted id
        // column of a pack index from front to back, a page once, not a page anywhere each.
        for head in heads.sorted() where !folder.contains(head) {
            throw .object(.missing(head, path: objects.path(of: head)))
        }
    }

    /// `cache/messages` as it is, without the messages it lacks; nil when absent, damaged or turned off.
    func storedMessageGraph() -> MessageGraph? {
        cache.read(Self.messageGraphKind).flatMap(MessageGraphCodec.decode)
    }

    private func additions(reaching heads: [ObjectID], known old: MessageGraph?) throws(ThreadError) -> MessageGraphAdditions {
        // Building from nothing: the number of stored objects bounds the messages, and reserving it
        // saves copying columns of a quarter of a million entries as they grow.
        var additions = MessageGraphAdditions(expectedCount: old == nil ? storedObjectCount() : 0)
        for head in heads {
            try collect(from: head, known: old, into: &additions)
        }
        return additions
    }

    /// Walks from `head` towards the root until a message the old graph or the additions hold,
    /// adding each message met on the way.
    private func collect(from head: ObjectID, known old: MessageGraph?, into additions: inout MessageGraphAdditions)
        throws(ThreadError)
    {
        var child: Int?
        var next: ObjectID? = head
        while let id = next {
            let parent: MessageGraphAdditions.Parent
            if let record = old?.record(of: id) {
                parent = .old(record)
            } else if let index = additions.index(of: id) {
                parent = .added(index)
            } else {
                let message: Message
                do {
                    message = try objects.message(id)
                } catch {
                    throw .object(error)
                }
                let index = additions.add(id, message)
                if let child { additions.setParent(of: child, to: .added(index)) }
                child = index
                next = message.parent
                continue
            }
            if let child { additions.setParent(of: child, to: parent) }
            return
        }
    }

    /// Writes the merged file; false when it cannot be written (§12 rule 6: then it is only computed again).
    /// `cache rebuild`'s part: `cache/messages` built anew from the objects `heads` reach; a file that
    /// cannot be written is an error here, where the views above only compute again.
    func rebuildMessageGraph(reaching heads: [ObjectID]) throws(ThreadError) {
        try requireObjects(heads)
        let additions = try additions(reaching: heads, known: nil)
        do {
            try writeMessageGraph(old: nil, additions: additions)
        } catch {
            throw .repository(.fileSystem(error))
        }
    }

    private func writeMessageGraph(old: MessageGraph?, additions: MessageGraphAdditions) throws(FileSystemError) {
        try FilePaths.makeDirectories(cache.directory)
        try TempFile.write(to: cache.path(of: Self.messageGraphKind)) { file throws(FileSystemError) in
            try MessageGraphCodec.encode(old: old, additions: additions) { chunk throws(FileSystemError) in
                try file.writeAll(chunk)
            }
        }
    }

    /// How many object files the store holds (one folder listing per fan-out folder), or 0 when unknown.
    private func storedObjectCount() -> Int {
        let packed = objects.packs.current().packs.reduce(0) { $0 + $1.entries.count }
        guard let folders = try? FilePaths.contents(of: objects.directory) else { return packed }
        return folders.reduce(packed) { total, folder in
            total + ((try? FilePaths.contents(of: objects.directory + "/" + folder))?.count ?? 0)
        }
    }
}
