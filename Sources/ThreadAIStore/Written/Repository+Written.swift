extension Repository {
    /// Every piece of evidence of docs/FORMAT.md §4.9 that the threads' messages hold: what each wrote
    /// to which path. Answered from `cache/written` (§12.5) when its heads are the refs'; otherwise the
    /// messages it lacks are read and the file is written anew. Without the file, one pass over every
    /// message (`search`'s) finds the few that hold an edit or an attached file. The result never
    /// depends on the cache.
    public func writtenEvidence() throws(ThreadError) -> [WrittenEntry] {
        let fingerprint = refs.fingerprint()
        let path = cache.path(of: WrittenIndex.kind)
        let cached = cache.isEnabled ? WrittenIndex.open(path) : nil
        // The refs as stored are those it was written from: current, without reading every head.
        if let cached, let fingerprint, cached.refs == fingerprint { return cached.entries }
        let threads: [(name: ThreadName, heads: [ObjectID])]
        do {
            threads = try threadHeads()
        } catch {
            throw .ref(error)
        }
        let heads = Self.distinctHeads(threads)
        let index: WrittenIndex
        if let cached, cached.heads == heads {
            index = cached.adding([], refs: fingerprint, heads: heads, entries: [])
        } else if let cached, let extended = try extended(cached, to: heads, refs: fingerprint) {
            index = extended
        } else {
            index = try writtenIndexFromSearch(threads, heads: heads, refs: fingerprint)
        }
        if cache.isEnabled {
            // A cache that cannot be written (a read-only repository, a full disk) is only slower (§12 rule 6).
            try? FilePaths.makeDirectories(cache.directory)
            try? TempFile.write(index.encoded(), to: path)
        }
        return index.entries
    }

    /// Messages at most this many above a reply are searched for the question that attached files (§4.9).
    static let replyReach = 16

    /// `index` with the evidence of the messages `heads` reach that it did not see, read from their
    /// objects; nil when there are so many that one pass over every message costs less.
    private func extended(_ index: WrittenIndex, to heads: [ObjectID], refs fingerprint: ObjectID?) throws(ThreadError) -> WrittenIndex? {
        let known = Set(index.heads)
        // Each new message read once, head first; the questions above a reply are looked for among them
        // before any object is read again.
        var fresh: [(id: ObjectID, header: MessageHeader, content: String)] = []
        var attached: [ObjectID: (parent: ObjectID?, paths: [String])] = [:]
        for head in heads where !known.contains(head) {
            var next: ObjectID? = head
            while let id = next, !index.hasSeen(id.leadingWord), attached[id] == nil {
                let (header, content) = try message(id)
                fresh.append((id, header, content))
                attached[id] = (header.parent, WrittenCode.attachedPaths(role: header.role, content: content[...]))
                if fresh.count > 20_000 { return nil }
                next = header.parent
            }
        }
        var added: [WrittenEntry] = []
        for (id, header, content) in fresh {
            var lines = WrittenCode.lines(role: header.role, content: content[...])
            if let anchored = WrittenCode.anchored(role: header.role, content: content[...], codeCommit: header.fields["code-commit"]) {
                lines.append(anchored)
            }
            if header.role == .assistant {
                let paths = try Self.questionPaths(above: header.parent) { (id: ObjectID) throws(ThreadError) in
                    if let known = attached[id] { return known }
                    let (header, content) = try message(id)
                    return (header.parent, WrittenCode.attachedPaths(role: header.role, content: content[...]))
                }
                let keys = paths.isEmpty ? [] : WrittenCode.replyKeys(content: content[...])
                if !keys.isEmpty { lines += paths.map { WrittenLines(path: $0, kind: .reply, keys: keys) } }
            }
            added += lines.map { WrittenEntry(id: id, seconds: header.date.secondsSinceEpoch, lines: $0) }
        }
        return index.adding(fresh.map(\.id.leadingWord), refs: fingerprint, heads: heads, entries: added)
    }

    /// The paths of the nearest question at most `replyReach` messages up from `start` that attached
    /// files (§4.9); `step` gives a message's parent and the paths it attached (from objects, or from
    /// a search pass).
    static func questionPaths<Node>(
        above start: Node?, _ step: (Node) throws(ThreadError) -> (parent: Node?, paths: [String])
    ) throws(ThreadError) -> [String] {
        var next = start
        for _ in 0..<replyReach {
            guard let node = next else { return [] }
            let (parent, paths) = try step(node)
            if !paths.isEmpty { return paths }
            next = parent
        }
        return []
    }

    private func message(_ id: ObjectID) throws(ThreadError) -> (MessageHeader, String) {
        do {
            let bytes = try objects.bytes(of: id)
            let header = try objects.header(of: id, decoding: bytes)
            let content = bytes[header.contentOffset..<(header.contentOffset + header.contentByteCount)]
            return (header, String(decoding: content, as: UTF8.self))
        } catch {
            throw .object(error)
        }
    }

    /// The evidence of every message `threads` reach, from one pass of `search` for what may hold an
    /// edit or an attached file, then the replies below the questions that attached one.
    func writtenIndexFromSearch(
        _ threads: [(name: ThreadName, heads: [ObjectID])], heads: [ObjectID], refs fingerprint: ObjectID?
    ) throws(ThreadError) -> WrittenIndex {
        let pattern: SearchPattern
        do {
            pattern = try SearchPattern(anyOf: WrittenCode.markers + WrittenCode.codeBlockMarkers, ignoringCase: false)
        } catch {
            throw .unexpected("the markers of written code are not a search pattern: \(error)")
        }
        let prepared = try prepareSearch(SearchQuery(pattern: pattern), in: threads)
        let catalog = prepared.catalog
        var scan = prepared.scan()
        var entries: [WrittenEntry] = []
        var attaching: [Int: [String]] = [:]
        _ = try scan.run { number, content in
            let text = String(decoding: content, as: UTF8.self)
            let role = catalog.role(number)
            let paths = WrittenCode.attachedPaths(role: role, content: text[...])
            // A code block alone (most replies) gives only an anchored entry: the parts and files are looked for only where they may be.
            var found = WrittenCode.markers.contains(where: { text.contains($0) }) ? WrittenCode.lines(role: role, content: text[...]) : []
            if let anchored = WrittenCode.anchored(role: role, content: text[...], codeCommit: catalog.codeCommit(number)) {
                found.append(anchored)
            }
            return (paths: paths, found: found)
        } consume: { number, written in
            if !written.paths.isEmpty { attaching[number] = written.paths }
            for lines in written.found {
                entries.append(WrittenEntry(id: catalog.id(number), seconds: catalog.seconds(number), lines: lines))
            }
        }
        repairSearchIndex(after: scan, catalog)
        var seen: [UInt64] = []
        var buffer: [UInt8] = []
        for number in 0..<catalog.count where prepared.membership.labels[number] >= 0 {
            seen.append(catalog.id(number).leadingWord)
            guard !attaching.isEmpty, catalog.role(number) == .assistant else { continue }
            let paths = try Self.questionPaths(above: catalog.parent(number)) { (current: Int) throws(ThreadError) in
                (catalog.parent(current), attaching[current] ?? [])
            }
            guard !paths.isEmpty else { continue }
            let keys = try prepared.withContent(number, damaged: scan.foundDamage, buffer: &buffer) { bytes in
                WrittenCode.replyKeys(content: String(decoding: bytes, as: UTF8.self)[...])
            }
            guard !keys.isEmpty else { continue }
            for path in paths {
                entries.append(WrittenEntry(id: catalog.id(number), seconds: catalog.seconds(number),
                                            lines: WrittenLines(path: path, kind: .reply, keys: keys)))
            }
        }
        seen.sort()
        return WrittenIndex(refs: fingerprint, heads: heads, seen: seen.enumerated().filter { $0.offset == 0 || seen[$0.offset - 1] != $0.element }.map(\.element),
                            entries: entries)
    }
}
