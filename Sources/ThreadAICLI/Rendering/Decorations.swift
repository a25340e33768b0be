import ThreadAI

/// The labels `log` puts after a message id: thread heads (`HEAD -> main`, `alt`), tags
/// (`tag: v1`) and the threads forked at that message (`fork: alt`).
///
/// Finding them reads every ref, so views of one history print them as git's `log.decorate=auto`
/// does: on a terminal, or when asked (`wanted`); a pipe gets what the walk alone costs.
struct Decorations: Sendable {
    private var labels: [ObjectID: [String]] = [:]

    /// No labels.
    static let none = Decorations()

    /// The flags of the commands that follow `wanted`.
    static let arguments: [ArgumentSpec] = [
        .flag("decorate", help: "Label messages with the threads and tags at them and the forks made there (the default on a terminal)."),
        .flag("no-decorate", help: "No labels (the default when the output is not a terminal)."),
    ]

    /// Whether a view labels its messages: `--decorate`, `--no-decorate`, else `byDefault` (a view of
    /// every thread reads every ref anyway), else whether standard output is a terminal.
    static func wanted(_ arguments: ParsedArguments, _ context: CommandContext, byDefault: Bool = false) throws -> Bool {
        switch (arguments.flag("decorate"), arguments.flag("no-decorate")) {
        case (true, true): throw CLIError("--decorate and --no-decorate contradict each other; give one.", status: .usage)
        case (true, false): return true
        case (false, true): return false
        case (false, false): return byDefault || context.stdoutIsTerminal
        }
    }

    private init() {}

    /// Labels for the messages in `shown` (nil: every message), from `threads` (every thread whose
    /// ref reads, when not given: a ref damaged by hand is no label; `threads` and `fsck` name it).
    init(
        repository: Repository, walker: HistoryWalker, shown: Set<ObjectID>?,
        threads: [(name: ThreadName, heads: [ObjectID])]? = nil
    ) throws {
        let (head, tips) = try repository.currentHeads()
        let threads = try threads ?? repository.refs.allHeads(leavingOutMalformed: true).threads
        for (name, heads) in threads {
            for (index, id) in heads.enumerated() {
                let label = head == .thread(name) ? "HEAD -> \(name)" : name.rawValue
                // A diverged thread (docs/FORMAT.md §5.1) marks each of its heads.
                labels[id, default: []].append(heads.count > 1 ? "\(label) (head \(index + 1) of \(heads.count))" : label)
            }
        }
        if case .detached = head, let tip = tips.first { labels[tip, default: []].insert("HEAD", at: 0) }
        // A tag that does not read (a merge conflict left in it) is no label; `tag -l` and `fsck` name it.
        for tag in try repository.tags.allReadable().tags { labels[tag.target, default: []].append(Self.label(of: tag)) }
        for fork in try repository.forkPoints(of: threads, walker: walker, within: shown) {
            // A diverged thread's heads may leave its parent at one message: one label for it.
            let label = "fork: \(fork.thread)"
            if labels[fork.forkPoint]?.contains(label) != true { labels[fork.forkPoint, default: []].append(label) }
        }
    }

    /// How a tag is labelled beside its message, here and in exports: `tag: NAME`.
    static func label(of tag: Tag) -> String {
        "tag: \(tag.name)"
    }

    subscript(id: ObjectID) -> [String] {
        labels[id] ?? []
    }

    /// The tag labels alone, for JSON.
    func tags(at id: ObjectID) -> [String] {
        self[id].compactMap { $0.hasPrefix("tag: ") ? String($0.dropFirst(5)) : nil }
    }

    /// The fork labels alone, for JSON.
    func forks(at id: ObjectID) -> [String] {
        self[id].compactMap { $0.hasPrefix("fork: ") ? String($0.dropFirst(6)) : nil }
    }
}
