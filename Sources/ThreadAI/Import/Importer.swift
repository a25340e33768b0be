import ThreadAIStore

/// Writes `ImportConversation`s into a repository (docs/FORMAT.md §4.6): every object first, then
/// each thread's ref by compare-and-swap, so a failed import leaves no ref at a partial conversation.
/// Importing the same conversation again writes nothing; a grown one moves its refs forward.
public struct Importer: Sendable {
    public struct Summary: Sendable, Equatable {
        public var conversations = 0
        public var messages = 0
        public var newMessages = 0
        public var forks = 0
        public var movedRefs = 0
        public var skipped: [String] = []

        public init() {}
    }

    public let repository: Repository
    /// Every thread's name, read once per import at the first new thread and kept up to date as
    /// threads are created, so that creating thousands of them does not list every ref each time.
    private var threadNames: NewThreadNames?

    public init(repository: Repository) {
        self.repository = repository
    }

    /// Stores every message of `conversation` (through one `ObjectBatch`, flushed before any ref
    /// moves), then creates or moves its threads.
    public mutating func write(_ conversation: ImportConversation, into summary: inout Summary) throws(ImportError) {
        let item = "\(conversation.format) conversation \(conversation.id)"
        guard !conversation.nodes.isEmpty else {
            // Nothing to write: what the parser left out says why, or this does.
            summary.skipped += conversation.skipped.isEmpty ? ["\(item): no messages"] : conversation.skipped
            return
        }
        let main = try Self.threadName(for: conversation)
        let owners = try Self.owners(of: conversation, main: main)
        var ids: [String: ObjectID] = [:]
        var dates: [String: Timestamp] = [:]
        let epoch: Timestamp
        do {
            epoch = try conversation.date ?? Timestamp(secondsSinceEpoch: 0)
        } catch {
            throw ImportError(item: item, reason: "\(error)")
        }
        // Checked before anything is stored, so a broken conversation writes no object at all.
        var seen = Set<String>()
        for node in conversation.nodes {
            if let parent = node.parentSourceID, !seen.contains(parent) {
                throw ImportError(item: "\(item) item \(node.sourceID)", reason: "its parent \(parent) comes after it or is missing")
            }
            seen.insert(node.sourceID)
        }
        // Every message is encoded (its id known from its bytes) before the first is stored, so a
        // message that cannot be made writes nothing either.
        var encoded: [(sourceID: String, bytes: [UInt8])] = []
        for (index, node) in conversation.nodes.enumerated() {
            let parentID = node.parentSourceID.flatMap { ids[$0] }
            let date = node.date ?? node.parentSourceID.flatMap { dates[$0] } ?? epoch
            var fields = node.fields
            fields["source"] = "\(conversation.format):\(conversation.id)/\(node.sourceID)"
            if index == 0, let title = conversation.title, !title.isEmpty { fields["source-title"] = title }
            do {
                let message = try Message(
                    parent: parentID, thread: owners.thread[node.sourceID] ?? main, role: node.role, date: date,
                    fields: fields, content: node.content)
                let bytes = MessageCodec.encode(message)
                ids[node.sourceID] = ObjectID.of(bytes)
                encoded.append((node.sourceID, bytes))
            } catch {
                throw ImportError(item: "\(item) item \(node.sourceID)", reason: "cannot be stored: \(error)")
            }
            dates[node.sourceID] = date
        }
        let batch = ObjectBatch(store: repository.objects)
        for (sourceID, bytes) in encoded {
            do {
                if try batch.add(bytes).isNew { summary.newMessages += 1 }
            } catch {
                throw ImportError(item: "\(item) item \(sourceID)", reason: "cannot be stored: \(error)")
            }
        }
        do {
            try batch.flush()
        } catch {
            throw ImportError(item: item, reason: "cannot be stored: \(error)")
        }
        for (name, tip) in owners.tips {
            guard let id = ids[tip] else { continue }
            try moveRef(name, to: id, item: item, summary: &summary)
        }
        summary.conversations += 1
        summary.messages += conversation.nodes.count
        summary.forks += owners.tips.count - 1
        summary.skipped += conversation.skipped
    }

    /// Creates the thread at `id`, or moves it there when it is at an ancestor (a grown export).
    mutating func moveRef(_ name: ThreadName, to id: ObjectID, item: String, summary: inout Summary) throws(ImportError) {
        do {
            let heads = try repository.refs.heads(of: name)
            if heads == [id] { return }
            let message = "import: \(item)"
            if heads.isEmpty {
                var names = try threadNames ?? repository.newThreadNames()
                try names.check(name)
                try repository.refs.update(name, to: id, expecting: .absent, reflogMessage: message)
                names.insert(name)
                threadNames = names
            } else if heads.count == 1, try isAncestor(heads[0], of: id) {
                try repository.refs.update(name, to: id, expecting: .head(heads[0]), reflogMessage: message)
            } else {
                summary.skipped.append("thread \(name): already exists with other messages; left as it is")
                return
            }
            summary.movedRefs += 1
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(item: "thread \(name) (\(item))", reason: "\(error)")
        }
    }

    private func isAncestor(_ ancestor: ObjectID, of id: ObjectID) throws -> Bool {
        var current: ObjectID? = id
        while let next = current {
            if next == ancestor { return true }
            current = try repository.objects.header(next).parent
        }
        return false
    }

    /// `FORMAT/slug-of-title-IDPREFIX`: from the source alone, so a re-import finds the same thread.
    static func threadName(for conversation: ImportConversation) throws(ImportError) -> ThreadName {
        var slug = ""
        for scalar in (conversation.title ?? "").lowercased().unicodeScalars {
            let isWordCharacter = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            if isWordCharacter {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty && !slug.hasSuffix("-") {
                slug += "-"
            }
            if slug.count >= 48 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        let idPart = String(conversation.id.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.prefix(8))
        let raw = "\(conversation.format)/\(slug.isEmpty ? "untitled" : slug)-\(idPart.isEmpty ? "0" : idPart)"
        do {
            return try ThreadName(raw)
        } catch {
            throw ImportError(item: "\(conversation.format) conversation \(conversation.id)", reason: "no valid thread name: \(error)")
        }
    }

    /// Which thread owns each node: the path to the current node is `main`; every other leaf's
    /// branch, back to where it leaves an owned path, is a fork `main-N`, in the source's order.
    static func owners(of conversation: ImportConversation, main: ThreadName) throws(ImportError) -> (thread: [String: ThreadName], tips: [ThreadName: String]) {
        var parent: [String: String] = [:]
        var hasChild = Set<String>()
        for node in conversation.nodes {
            if let up = node.parentSourceID { parent[node.sourceID] = up; hasChild.insert(up) }
        }
        var thread: [String: ThreadName] = [:]
        var tips: [ThreadName: String] = [:]
        let leaves = conversation.nodes.map(\.sourceID).filter { !hasChild.contains($0) }
        let current = conversation.currentNode.flatMap { key in leaves.contains(key) || parent[key] != nil || conversation.nodes.contains { $0.sourceID == key } ? key : nil }
            ?? leaves.last
        var ordered = leaves.filter { $0 != current }
        if let current { ordered.insert(current, at: 0) }
        for (index, leaf) in ordered.enumerated() {
            let name: ThreadName
            do {
                name = index == 0 ? main : try ThreadName("\(main.rawValue)-\(index + 1)")
            } catch {
                throw ImportError(item: "\(conversation.format) conversation \(conversation.id)", reason: "\(error)")
            }
            tips[name] = leaf
            var node: String? = leaf
            while let key = node, thread[key] == nil {
                thread[key] = name
                node = parent[key]
            }
        }
        return (thread, tips)
    }
}
