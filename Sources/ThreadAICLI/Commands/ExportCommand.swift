import ThreadAI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `threadai export md [THREAD]` · `threadai export json`: threads out, readable or complete.
enum ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Export a thread as Markdown, or the whole repository as JSON.",
        discussion: """
            md: the thread's messages, root first, each under a heading with its role, model, date and id, \
            and a marker where another thread forks off. json: every message object's exact text and every \
            thread's heads (docs/FORMAT.md §11); `threadai import threadai-json FILE` rebuilds the repository \
            from it, byte for byte.
            """,
        arguments: [
            .positional("format", valueName: "md|json", help: "What to write."),
            .positional("thread", valueName: "THREAD", arity: .optional, help: "md: the thread (default: the current one)."),
        ],
        examples: [.init("threadai export md main > main.md"), .init("threadai export json > backup.json")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        switch arguments.positional("format") {
        case "json":
            if arguments.positional("thread") != nil { throw CLIError("export json takes no thread: it writes them all.", status: .usage) }
            context.output.write(bytes: Array(try ThreadAIJSON.export(repository)))
        case "md":
            let revision = arguments.positional("thread") ?? "HEAD"
            let walker = repository.walker()
            let tip = try repository.resolve(revision, walker: walker)
            let history = try walker.messages(from: tip).reversed()
            let shown = Set(history.map(\.id))
            var forks: [ObjectID: [String]] = [:]
            for fork in try repository.forkPoints(walker: walker, within: shown) where fork.thread.rawValue != revision {
                forks[fork.forkPoint, default: []].append(fork.thread.rawValue)
            }
            let own = try repository.threadSummaries(walker: walker).first { $0.name.rawValue == revision }
            let forkedFrom = own.flatMap { summary in summary.forkPoint.map { (summary.parent ?? "?", $0) } }
            context.output.write(bytes: Array(MarkdownTranscript.render(
                thread: revision, history: Array(history), forks: forks, forkedFrom: forkedFrom).utf8))
        default:
            throw CLIError("export writes md or json: threadai export md [THREAD] or threadai export json.", status: .usage)
        }
        return .success
    }
}
