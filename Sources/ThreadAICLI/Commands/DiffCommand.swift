import ThreadAI

/// `threadai diff A B`: how two threads (or two messages) differ after their fork point, word by word.
enum DiffCommand: Command {
    static let name = "diff"
    static let traits: CommandTraits = [.paged]
    static let spec = CommandSpec(
        name: name,
        abstract: "Compare two threads from their fork point, turn by turn, word by word.",
        discussion: """
            Finds the fork point of A and B (the newest message both histories share), summarises the \
            shared history, then aligns the messages each side has after it, turn by turn, and shows a \
            word-level diff of each pair: [-removed-]{+added+} (in colour on a terminal). Two unrelated \
            texts (sharing less than a fifth of their word pairs) are shown whole, marked rewritten. \
            A..B (or A...B) is the same as A B, as in git. \
            With --messages, compares the contents of the two messages A and B alone; the summary still \
            says where their histories meet.
            """,
        arguments: [
            .flag("line", help: "Diff line by line instead of word by word."),
            .flag("stat", help: "Only summarise: words added and removed per turn."),
            .flag("json", help: "Print the comparison as JSON."),
            .flag("messages", help: "Compare the two messages themselves, not their threads."),
            .flag("minimal", help: "Find the smallest word diff of every pair, even of unrelated texts (slower)."),
            .positional("a", valueName: "A", help: "One thread or message."),
            .positional("b", valueName: "B", arity: .optional, help: "The other (default: HEAD)."),
        ],
        examples: [.init("threadai diff main shorter"), .init("threadai diff main..shorter"), .init("threadai diff --stat main shorter"), .init("threadai diff --messages 3f2a 9e8d")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let walker = repository.walker()
        var names = (arguments.positional("a") ?? "HEAD", arguments.positional("b") ?? "HEAD")
        // git's `diff A..B` is `diff A B`; a comparison here always starts at the fork point, so `A...B` is too.
        if arguments.positional("b") == nil, let range = repository.range(names.0) { names = (range.left, range.right) }
        let a = try repository.resolve(names.0, walker: walker)
        let b = try repository.resolve(names.1, walker: walker)
        let granularity: TextDiffGranularity = arguments.flag("line") ? .line : .word
        let minimal = arguments.flag("minimal")
        let comparison = try ThreadComparison(
            a, b, names: names, messagesAlone: arguments.flag("messages"), repository: repository, walker: walker,
            by: granularity, minimal: minimal)
        if arguments.flag("json") {
            try JSONOutput.write(DiffJSON(comparison, statOnly: arguments.flag("stat")), to: context.output)
        } else {
            DiffRenderer(style: context.style, statOnly: arguments.flag("stat"), granularity: granularity)
                .write(comparison, to: context.output)
        }
        return .success
    }
}

/// Two histories set side by side from their fork point.
struct ThreadComparison {
    var names: (left: String, right: String)
    var ids: (left: ObjectID, right: ObjectID)
    var forkPoint: ObjectID?
    /// Messages both share, root to fork point.
    var sharedCount: Int
    /// The first line of the last shared user message, to remind the reader where they split.
    var sharedSummary: String?
    var turns: [AlignedTurn]
    /// The two compared messages' code anchors (docs/FORMAT.md §4.7, their own or their anchor notes').
    var code: (left: CodeAnchor?, right: CodeAnchor?)?
    /// Whether the two messages themselves are compared (`--messages`), not what follows the fork point.
    var comparesMessagesAlone = false

    /// `a` and `b` set side by side: what each history holds after their fork point, or with
    /// `messagesAlone` the two messages' contents (`--messages`). Either way the summary says truthfully
    /// where the two histories meet, or that they do not.
    init(
        _ a: ObjectID, _ b: ObjectID, names: (String, String), messagesAlone: Bool, repository: Repository,
        walker: HistoryWalker, by granularity: TextDiffGranularity, minimal: Bool
    ) throws {
        self.names = names
        self.ids = (a, b)
        // The messages the split's walk read whole (after the fork point) need not be read again.
        var kept = KeptMessages()
        let split = try repository.split(a, b, walker: walker, keeping: &kept)
        func message(_ id: ObjectID) throws -> Message { try kept[id] ?? repository.objects.message(id) }
        let lookup = repository.anchors()
        func anchors(_ left: Message, _ right: Message) -> (left: CodeAnchor?, right: CodeAnchor?) {
            (lookup.anchor(of: a, left), lookup.anchor(of: b, right))
        }
        (forkPoint, sharedCount) = (split.forkPoint, split.sharedCount)
        sharedSummary = try split.lastSharedUserMessage.map { Summary.oneLine(try message($0).content, limit: 70) }
        comparesMessagesAlone = messagesAlone
        guard !messagesAlone else {
            let (left, right) = (try message(a), try message(b))
            code = anchors(left, right)
            // Two single messages are compared whatever their roles; a message against itself has no turn.
            turns = a == b ? [] : [ConversationDiff.compare(
                DiffTurn(id: a.hex, role: left.role.rawValue, content: left.content),
                DiffTurn(id: b.hex, role: right.role.rawValue, content: right.content), by: granularity, minimal: minimal)]
            return
        }
        func side(_ ids: [ObjectID]) throws -> [DiffTurn] {
            // The messages the split's walk did not keep are read on every core at once.
            var messages = ids.map { kept[$0] }
            let unread = messages.indices.filter { messages[$0] == nil }
            for (index, read) in zip(unread, try repository.objects.messages(unread.map { ids[$0] })) { messages[index] = read }
            return zip(ids, messages).compactMap { id, message in
                message.map { DiffTurn(id: id.hex, role: $0.role.rawValue, content: $0.content) }
            }
        }
        turns = ConversationDiff.align(try side(split.left), try side(split.right), by: granularity, minimal: minimal)
        code = anchors(try message(a), try message(b))
    }
}
