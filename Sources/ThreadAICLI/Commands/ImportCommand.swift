import ThreadAI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `threadai import [FORMAT] PATH…`: conversations from other tools, branches kept (docs/FORMAT.md §4.6).
enum ImportCommand: Command {
    static let formats = ["chatgpt"]

    static let spec = CommandSpec(
        name: "import",
        abstract: "Import conversations from other tools (ChatGPT's conversations.json), every branch a fork.",
        discussion: """
            Each conversation becomes a thread FORMAT/TITLE-ID whose history is the conversation as the source \
            last showed it; every other branch (edits, regenerations) is a fork THREAD-2, THREAD-3, … at the \
            message where it branches. Messages keep their source id, time and model, so importing again \
            writes nothing and a grown export adds only what is new. Objects are written first and refs last: \
            a failed import leaves no thread at a partial conversation.
            """,
        arguments: [
            .positional("paths", valueName: "[FORMAT] PATH", arity: .rest, help: "The format (chatgpt; detected when left out) and the files."),
        ],
        examples: [.init("threadai import chatgpt conversations.json"), .init("threadai import conversations.json")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        var paths = arguments.positionals("paths")
        if let first = paths.first, formats.contains(first) { paths.removeFirst() }
        guard !paths.isEmpty else { throw CLIError("Name the file to import: threadai import [chatgpt] PATH.", status: .usage) }
        let importer = Importer(repository: repository)
        var summary = Importer.Summary()
        for path in paths {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw CLIError("cannot read \(path): \(error.localizedDescription); nothing was imported from it.")
            }
            do {
                for conversation in try ChatGPTParser.parse(data, name: path) {
                    try importer.write(conversation, into: &summary)
                }
            } catch {
                throw CLIError(TerminalSafe.text("cannot import \(error)"))
            }
        }
        for reason in summary.skipped {
            context.errors.line(TerminalSafe.text("skipped \(reason)"))
        }
        context.errors.line("imported \(summary.conversations) conversation\(summary.conversations == 1 ? "" : "s"): \(summary.messages) messages (\(summary.newMessages) new), \(summary.forks) forks, \(summary.movedRefs) threads created or moved, \(summary.skipped.count) items skipped")
        return .success
    }
}
