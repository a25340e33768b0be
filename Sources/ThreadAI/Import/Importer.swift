import ThreadAIStore
import ThreadAISupport

/// Writes `ImportConversation`s into a repository (docs/FORMAT.md §4.6): every object first, then
/// each thread's ref by compare-and-swap, so a failed import leaves no ref at a partial conversation.
/// Importing the same conversation again writes nothing; a grown one moves its refs forward.
public struct Importer: Sendable {
    public struct Summary: Sendable, Equatable {
        public var conversations = 0
        /// `threadai-json` exports, which hold threads rather than conversations.
        public var exports = 0
        public var messages = 0
        public var newMessages = 0
        /// The ids of the messages this import newly wrote (`newMessages` of them, in the order stored).
        public var stored: [ObjectID] = []
        public var forks = 0
        public var movedRefs = 0
        /// The threads the conversations are on now (created, moved or already there), in the order placed.
        public var threads: [ThreadName] = []
        public var skipped: [String] = []
        /// What parsers decided that the sources did not say.
        public var notes: [String] = []

        public init() {}
    }

    public let repository: Repository
    /// Every thread's name, read once per import at the first new thread and kept up to date as
    /// threads are created, so that creating thousands of them does not list every ref each time.
    var threadNames: NewThreadNames?
    /// The renames, read once per import: a thread renamed since an earlier import of the same
    /// source is moved under its new name (its messages still record the old one).
    var renames: Renames?
    /// Where earlier imports of this format put their conversations, read at the first conversation
    /// whose derived name holds no thread.
    private var priorImports: [String: PriorImports] = [:]
    /// The names of the `threadai-json` export being placed, kept as they are (`ExportedNames`).
    var exportedNames = ExportedNames()

    public init(repository: Repository) {
        self.repository = repository
    }

    /// Stores every message of `conversation` (`Repository.store`: one pack when 100 or more are new,
    /// else loose files; durable before any ref moves), then creates or moves its threads.
    public mutating func write(_ conversation: ImportConversation, into summary: inout Summary) throws(ImportError) {
        let item = "\(conversation.format) conversation \(conversation.id)"
        summary.notes += conversation.notes
        guard !conversation.nodes.isEmpty else {
            // Nothing to write: what the parser left out says why, or this does.
            summary.skipped += conversation.skipped.isEmpty ? ["\(item): no messages"] : conversation.skipped
            return
        }
        let exported = storedExports(of: conversation)
        var main = try Self.threadName(for: conversation)
        var title = conversation.title
        if !exported.isEmpty, let thread = conversation.exportedThread {
            main = thread  // A session exported from this repository goes on on the thread it was exported from.
        } else if let prior = try priorImport(of: conversation, derived: main, item: item) {
            if prior.title != title {
                let kept = (try? currentName(of: prior.name, item: item)) ?? prior.name
                summary.notes.append("\(item) is titled \(prior.title.map { "'\($0)'" } ?? "nothing") in an earlier import, "
                    + "\(title.map { "'\($0)'" } ?? "nothing") now: kept in \(kept) as first imported ('\(Remedy(.renameThread))' renames it)")
            }
            (main, title) = (prior.name, prior.title)
        }
        let owners = try Self.owners(of: conversation, main: main, keeping: importedTip(of: conversation, on: main, item: item))
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
        var replacedNULs = 0
        for (index, node) in conversation.nodes.enumerated() {
            if let stored = exported[node.sourceID] {
                (ids[node.sourceID], dates[node.sourceID]) = (stored.id, stored.date)
                continue
            }
            let date = node.date ?? node.parentSourceID.flatMap { dates[$0] } ?? epoch
            let bytes = try Self.encode(
                node, of: conversation, parent: node.parentSourceID.flatMap { ids[$0] }, thread: owners.thread[node.sourceID] ?? main,
                date: date, title: index == 0 ? title : nil, replacedNULs: &replacedNULs)
            ids[node.sourceID] = ObjectID.of(bytes)
            encoded.append((node.sourceID, bytes))
            dates[node.sourceID] = date
        }
        Self.noteNULs(replacedNULs, item: item, in: &summary)
        do {
            let written = try repository.store(encoded.map(\.bytes))
            summary.newMessages += written.new
            summary.stored += written.ids
        } catch {
            throw ImportError(item: item, reason: "cannot be stored: \(error)")
        }
        // Only a name already taken needs the path to its tip: it is walked then, not for every thread.
        func path(to tip: String) -> [(source: String, id: ObjectID)] {
            let parents = Dictionary(conversation.nodes.map { ($0.sourceID, $0.parentSourceID) }, uniquingKeysWith: { first, _ in first })
            var path: [(source: String, id: ObjectID)] = []
            var node: String? = tip
            while let key = node, let nodeID = ids[key], path.count <= conversation.nodes.count {
                path.append((key, nodeID))
                node = parents[key] ?? nil
            }
            return path.reversed()
        }
        for (name, tip) in owners.tips.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let id = ids[tip] else { continue }
            try place(name, at: id, path: { path(to: tip) }, of: conversation, main: main, item: item, summary: &summary)
        }
        summary.conversations += 1
        summary.messages += conversation.nodes.count
        summary.forks += owners.tips.count - 1
        summary.skipped += conversation.skipped
    }

    /// The items of `conversation` that stand for messages stored here (docs/FORMAT.md §4.6, "Exported
    /// sessions"): each item a ThreadAI export made from a message this repository holds, whose parent
    /// is that message's parent's item (or which is a root, as the message is), by source id. Any
    /// other item, those of an export made elsewhere included, is a message of its own.
    func storedExports(of conversation: ImportConversation) -> [String: (id: ObjectID, date: Timestamp)] {
        var stored: [String: (id: ObjectID, date: Timestamp)] = [:]
        for node in conversation.nodes {
            guard let id = node.exportedFrom, let header = try? repository.objects.header(id),
                  header.parent == node.parentSourceID.flatMap({ stored[$0]?.id }),
                  (header.parent == nil) == (node.parentSourceID == nil) else { continue }
            stored[node.sourceID] = (id, header.date)
        }
        return stored
    }

    /// The bytes of the message `node` of `conversation` makes: its fields, `source`, and on the
    /// conversation's first message its `title` as `source-title`.
    static func encode(
        _ node: ImportNode, of conversation: ImportConversation, parent: ObjectID?, thread: ThreadName, date: Timestamp,
        title: String?, replacedNULs: inout Int
    ) throws(ImportError) -> [UInt8] {
        var fields = node.fields.mapValues { withoutNUL($0, counting: &replacedNULs) }
        fields["source"] = "\(conversation.format):\(conversation.id)/\(node.sourceID)"
        if let title, !title.isEmpty { fields["source-title"] = withoutNUL(title, counting: &replacedNULs) }
        do {
            let message = try Message(
                parent: parent, thread: thread, role: node.role, date: date,
                fields: fields, content: withoutNUL(node.content, counting: &replacedNULs))
            return MessageCodec.encode(message)
        } catch {
            throw ImportError(item: "\(conversation.format) conversation \(conversation.id) item \(node.sourceID)", reason: "cannot be stored: \(error)")
        }
    }

    static func noteNULs(_ replaced: Int, item: String, in summary: inout Summary) {
        guard replaced > 0 else { return }
        summary.notes.append("\(item): \(replaced) NUL character\(replaced == 1 ? "" : "s") replaced with U+FFFD (a message cannot hold NUL)")
    }

    /// `text` with each NUL replaced by U+FFFD, which an object can hold (docs/FORMAT.md §4.6): a source
    /// that holds one (a JSON `\u0000`) is imported, not refused halfway.
    static func withoutNUL(_ text: String, counting count: inout Int) -> String {
        guard text.utf8.contains(0) else { return text }
        count += text.utf8.count { $0 == 0 }
        return text.replacing("\u{0}", with: "\u{FFFD}")
    }

    /// The name and title an earlier import gave `conversation` when they differ from what its
    /// source gives now (`PriorImports`).
    private mutating func priorImport(of conversation: ImportConversation, derived: ThreadName, item: String) throws(ImportError) -> (name: ThreadName, title: String?)? {
        do {
            let prior = try priorImports[conversation.format]
                ?? PriorImports(repository: repository, renames: currentRenames(), format: conversation.format)
            priorImports[conversation.format] = prior
            return try prior.find(conversation, derived: derived, in: repository)
        } catch {
            throw ImportError(item: item, reason: "cannot read the threads of an earlier import: \(error)")
        }
    }

    /// The renames, read at the first need of the import.
    private mutating func currentRenames() throws(RepositoryError) -> Renames {
        if let renames { return renames }
        let read = try repository.renames()
        renames = read
        return read
    }

    /// The thread `recorded` is called now (docs/FORMAT.md §5.4).
    mutating func currentName(of recorded: ThreadName, item: String) throws(ImportError) -> ThreadName {
        do {
            return try ThreadName(currentRenames().currentName(of: recorded.rawValue))
        } catch {
            throw ImportError(item: "thread \(recorded) (\(item))", reason: "\(error)")
        }
    }

    /// Places the thread `name` of `conversation` at `id` (the message made from node `tip`). When that
    /// name already holds other messages, the thread takes another name derived from the source, so
    /// that no imported message is left where no thread reaches it: for another conversation whose
    /// name came out the same, the name with 16 characters of the conversation id instead of 8; for
    /// this conversation seen on another branch (a grown export whose current branch changed), the
    /// name followed by `-at-` and the source id of the first message where the imported path leaves
    /// the thread's history (so the same branch keeps its name as it grows). The summary says so.
    /// - Parameter path: the imported path, root to tip, as source ids and message ids (asked for only
    ///   when the name is taken).
    mutating func place(
        _ name: ThreadName, at id: ObjectID, path: () -> [(source: String, id: ObjectID)], of conversation: ImportConversation,
        main: ThreadName, item: String, summary: inout Summary
    ) throws(ImportError) {
        let head: ObjectID?
        switch try placeRef(name, at: id, item: item, summary: &summary) {
        case .created, .moved, .unchanged: return
        case .taken(let taken): head = taken
        case .clashes: head = nil  // Another thread's name, in another case: another conversation's.
        }
        // A head that cannot be read is not known to be this conversation's: it only picks the name.
        let source = head.flatMap { (try? repository.objects.header($0))?.fields["source"] } ?? ""
        let sameConversation = source.hasPrefix("\(conversation.format):\(conversation.id)/")
        let alternative: ThreadName
        do {
            if sameConversation {
                let held = Set(head.flatMap { try? repository.walker().chain(to: $0) } ?? [])
                let path = path()
                let leaves = path.first { !held.contains($0.id) }?.source ?? path.last?.source ?? ""
                alternative = try ThreadName("\(name.rawValue)-at-\(Self.namePart(of: leaves, length: 8))")
            } else {
                alternative = try ThreadName(Self.threadName(for: conversation, idLength: 16).rawValue + name.rawValue.dropFirst(main.rawValue.count))
            }
        } catch {
            throw ImportError(item: item, reason: "no valid thread name: \(error)")
        }
        switch try placeRef(alternative, at: id, item: item, summary: &summary) {
        case .created: summary.notes.append("thread \(name) already holds other messages: imported as \(alternative)")
        case .moved, .unchanged: return
        case .taken, .clashes:
            summary.skipped.append("thread \(name): already exists with other messages, and so does \(alternative); left as they are")
        }
    }

    /// `FORMAT/slug-of-title-IDPREFIX` (then `-LABEL` when the conversation has one): from the source
    /// alone, so a re-import finds the same thread (a conversation an earlier importer named with
    /// the title's ASCII letters alone is found by `PriorImports` and keeps that name).
    static func threadName(for conversation: ImportConversation, idLength: Int = 8) throws(ImportError) -> ThreadName {
        var slug = ""
        for scalar in (conversation.title ?? "").lowercased().unicodeScalars {
            // Letters and numbers of any script, and the marks that combine with them, as a thread
            // name holds them (docs/FORMAT.md §5.2): a Korean or Greek title names its thread too.
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber:
                slug.unicodeScalars.append(scalar)
            case .nonspacingMark, .spacingMark, .enclosingMark:
                // Only on a letter or number: a mark alone would make the name invalid.
                if !slug.isEmpty && !slug.hasSuffix("-") { slug.unicodeScalars.append(scalar) }
            default:
                if !slug.isEmpty && !slug.hasSuffix("-") { slug += "-" }
            }
            // 48 characters, and at most 144 bytes, so that the name stays within 200 bytes.
            if slug.count >= 48 || slug.utf8.count >= 144 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        let raw = "\(conversation.format)/\(slug.isEmpty ? "untitled" : slug)\(nameEnding(for: conversation, idLength: idLength))"
        do {
            return try ThreadName(raw)
        } catch {
            throw ImportError(item: "\(conversation.format) conversation \(conversation.id)", reason: "no valid thread name: \(error)")
        }
    }

    /// What follows the title's part in the thread name: `-`, the id's part, then `-LABEL` when the
    /// conversation has one. It does not change when the title does.
    static func nameEnding(for conversation: ImportConversation, idLength: Int = 8) -> String {
        let idPart = namePart(of: conversation.id, length: idLength)
        let label = conversation.label.map { "-" + $0.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } } ?? ""
        return "-\(idPart.isEmpty ? "0" : idPart)\(label)"
    }

    /// The first `length` ASCII letters and digits of a source id, lower-cased.
    static func namePart(of id: String, length: Int) -> String {
        String(id.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.prefix(length))
    }

    /// Which thread owns each node: the path to the current node is `main`; every other leaf's
    /// branch, back to where it leaves an owned path, is a fork `main-N`, in the source's order.
    /// When an earlier import put the node `kept` on `main`, `main` stays on that branch: the current
    /// node if it is below `kept`, else the first leaf below it. The current node is only the branch
    /// the user last viewed (ChatGPT `current_node`), so a re-export after viewing another one would
    /// otherwise give every message a new owner, thus a new id.
    static func owners(of conversation: ImportConversation, main: ThreadName, keeping kept: String? = nil) throws(ImportError) -> (thread: [String: ThreadName], tips: [ThreadName: String]) {
        var parent: [String: String] = [:]
        var hasChild = Set<String>()
        for node in conversation.nodes {
            if let up = node.parentSourceID { parent[node.sourceID] = up; hasChild.insert(up) }
        }
        var thread: [String: ThreadName] = [:]
        var tips: [ThreadName: String] = [:]
        let leaves = conversation.nodes.map(\.sourceID).filter { !hasChild.contains($0) }
        var current = conversation.currentNode.flatMap { key in leaves.contains(key) || parent[key] != nil || conversation.nodes.contains { $0.sourceID == key } ? key : nil }
            ?? leaves.last
        func isBelow(_ node: String?, _ ancestor: String) -> Bool {
            var next = node
            var steps = 0  // The parser's order (parents first) rules out a loop; the count bounds a broken one.
            while let key = next, steps <= conversation.nodes.count {
                if key == ancestor { return true }
                next = parent[key]
                steps += 1
            }
            return false
        }
        if let kept, !isBelow(current, kept), let leaf = leaves.first(where: { isBelow($0, kept) }) { current = leaf }
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
