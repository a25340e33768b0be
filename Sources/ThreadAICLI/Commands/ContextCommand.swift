import ThreadAI

/// `threadai context [REV]`: exactly what a provider would receive for a reply at REV.
enum ContextCommand: Command {
    static let name = "context"
    static let traits: CommandTraits = [.paged]
    static let spec = CommandSpec(
        name: name,
        abstract: "Show exactly what the model would receive: system prompt, messages, token estimate.",
        discussion: """
            The context of a message is its history from the root: for a sub-thread of a sub-thread, \
            the grandparent's messages up to the first fork, the parent's up to the second, then the \
            sub-thread's own. The newest system message is the system prompt. With a budget, the oldest \
            whole turns are left out until the estimate fits.

            With --digest QUERY, it prints instead what the whole history says about QUERY, as compact \
            Markdown to paste into any agent: the messages that hold any of its words (a "quoted \
            phrase" as one; case ignored; words like 'the' left out), those holding the most of them \
            first, then the most often, then the newest, each as a short excerpt with its id, thread, \
            role and date.
            """,
        arguments: [
            .flag("json", help: "Print a JSON object: messages (id, role, thread, content, tokens), system, estimate, dropped."),
            .option("budget", valueName: "TOKENS", help: "Token budget (default: the model's context window)."),
            .option("model", short: "m", valueName: "MODEL", help: "The model whose budget applies."),
            .option("provider", valueName: "NAME", help: "The provider whose model applies."),
            .option("digest", valueName: "QUERY", help: "Instead: what every thread says about QUERY, best first, as excerpts."),
            .option("max-count", short: "n", valueName: "N", help: "With --digest: at most N messages (default 5)."),
            .option("skip", valueName: "N", help: "With --digest: leave out the N best first (the next page)."),
            .repeatableOption("role", valueName: "ROLE", help: "With --digest: only messages of this role (repeatable)."),
            .positional("revision", valueName: "REV", arity: .optional, help: "The message (default: HEAD)."),
        ],
        examples: [.init("threadai context"), .init("threadai context --digest 'retry backoff' -n 10")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        if let query = arguments.option("digest") { return try digest(query, arguments, repository, context) }
        guard arguments.option("max-count") == nil, arguments.option("skip") == nil, arguments.options("role").isEmpty else {
            throw CLIError("-n, --skip and --role go with --digest QUERY.", status: .usage)
        }
        try CLIError.refuseRange(arguments.positional("revision"), command: "context", in: repository)
        let id = try repository.resolve(arguments.positional("revision") ?? "HEAD")
        let choice = try context.chooseProvider(arguments, repository: repository)
        let budget = try arguments.int("budget", in: 1...100_000_000) ?? choice.contextBudget
        let built = try repository.context(of: id, budget: budget)
        if arguments.flag("json") {
            try JSONOutput.write(ContextJSON(built, at: id, model: choice.model), to: context.output)
            return .success
        }
        write(built, at: id, style: context.style, to: context.output)
        return .success
    }

    private static func digest(_ text: String, _ arguments: ParsedArguments, _ repository: Repository, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.positional("revision") == nil, arguments.option("budget") == nil, arguments.option("model") == nil,
              arguments.option("provider") == nil else {
            throw CLIError("--digest searches every thread: it takes no REV, --budget, --model or --provider.", status: .usage)
        }
        let query: DigestQuery
        do {
            query = try DigestQuery(text)
        } catch {
            throw CLIError(TerminalSafe.text("--digest: \(error)"), status: .usage)
        }
        let limit = try arguments.int("max-count", in: 1...1000) ?? 5
        let skip = try arguments.int("skip", in: 0...100_000) ?? 0
        let threads = try ReadableThreads(repository, context)
        let digest = try repository.digest(
            query, skip: skip, limit: limit, roles: try GrepCommand.roles(arguments.options("role")), in: threads.threads)
        if arguments.flag("json") {
            try JSONOutput.write(DigestOutput.JSON(digest, query: text), to: context.output)
        } else {
            DigestOutput.write(digest, query: text, to: context.output)
        }
        return .success
    }

    static func write(_ built: Context, at id: ObjectID, style: Style, to output: any TextOutput) {
        let budget = built.budget.map { " of a \($0)-token budget" } ?? ""
        output.line(style.bold("Context at \(id.short): \(built.turns.count) messages, about \(built.estimatedTokens) tokens\(budget)"))
        if !built.dropped.isEmpty {
            output.line(style.dim("Left out to fit the budget: \(built.dropped.count) oldest messages (\(built.dropped.map(\.id.short).joined(separator: ", ")))"))
        }
        if built.exceedsBudget { output.line(style.removed("The newest turn alone exceeds the budget; it is sent anyway.")) }
        output.line()
        if let system = built.system {
            output.line(style.heading("system") + style.dim(" \(built.systemID?.short ?? "")"))
            TerminalSafe.writeIndented(system, to: output)
        }
        var lastThread: String?
        for turn in built.turns {
            if turn.thread != lastThread {
                output.line(style.thread("── thread \(turn.thread) ──"))
                lastThread = turn.thread
            }
            output.line(style.role(turn.role.rawValue) + style.dim(" \(turn.id.short) · ~\(turn.estimatedTokens) tokens"))
            TerminalSafe.writeIndented(turn.content, to: output)
        }
    }

}

/// `context --json`.
struct ContextJSON: Encodable {
    struct Item: Encodable {
        var id: String
        var role: String
        var thread: String
        var content: String
        var estimatedTokens: Int
    }

    var at: String
    var model: String
    var system: String?
    var systemId: String?
    var messages: [Item]
    var estimatedTokens: Int
    var budget: Int?
    var dropped: [Item]

    init(_ context: Context, at id: ObjectID, model: String) {
        func item(_ turn: Context.Turn) -> Item {
            Item(id: turn.id.hex, role: turn.role.rawValue, thread: turn.thread, content: turn.content,
                 estimatedTokens: turn.estimatedTokens)
        }
        self.at = id.hex
        self.model = model
        self.system = context.system
        self.systemId = context.systemID?.hex
        self.messages = context.turns.map(item)
        self.estimatedTokens = context.estimatedTokens
        self.budget = context.budget
        self.dropped = context.dropped.map(item)
    }
}
