import ThreadAI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `threadai export md [THREAD]` · `threadai export json` · `threadai export html [DIR]` ·
/// `threadai export claude-code [THREAD]`: threads out, readable, complete, as a site to browse, or
/// as a session an agent resumes.
enum ExportCommand: Command {
    static let name = "export"
    static let spec = CommandSpec(
        name: name,
        abstract: "Export a thread as Markdown or as a Claude Code session, or the whole repository as JSON or as a static site.",
        discussion: """
            md: the thread's messages, root first, each under a heading with its role, model, date and id, \
            and a marker where another thread forks off. json: every message object's exact text and every \
            thread's heads (docs/FORMAT.md §11); `threadai import threadai-json FILE` rebuilds the repository \
            from it, byte for byte. html: a static site in DIR (default: threadai-html) that opens from the \
            files alone: a paged index of threads, a page per thread (its own messages, 100 a page) with \
            the graph of its forks, and side-by-side word diffs of each fork against its parent and its \
            next sibling. json and html leave out local threads (threadai local), their own messages and \
            the tags on them, as git does, and say so; --include-local writes them too. claude-code: the \
            thread's history (root first, through the threads it forked from) as a new Claude Code session \
            in the project's folder of ~/.claude/projects (or $CLAUDE_CONFIG_DIR/projects), or in FILE with \
            -o; prints the command that resumes it. Capturing the session as it goes on extends the thread.
            """,
        arguments: [
            .option("page-size", valueName: "N", help: "html: messages per thread page and threads per index page (default: 100)."),
            .flag("include-local", help: "json, html: write local threads too (left out by default, as git leaves them out)."),
            .option("output", short: "o", valueName: "FILE", help: "claude-code: write the session to FILE instead of Claude Code's projects folder."),
            .positional("format", valueName: "md|json|html|claude-code", help: "What to write."),
            .positional("thread", valueName: "THREAD|DIR", arity: .optional,
                        help: "md, claude-code: the thread (default: the current one); html: the folder (default: threadai-html)."),
        ],
        examples: [.init("threadai export md main > main.md"), .init("threadai export json > backup.json"),
                   .init("threadai export html site && open site/index.html"), .init("threadai export claude-code fix-rounding")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        if arguments.option("page-size") != nil, arguments.positional("format") != "html" {
            throw CLIError("--page-size is for export html only.", status: .usage)
        }
        let format = arguments.positional("format")
        if arguments.option("output") != nil, format != ClaudeCodeExport.format {
            throw CLIError("-o FILE is for export claude-code only.", status: .usage)
        }
        if arguments.flag("include-local"), format != "json" && format != "html" {
            throw CLIError("--include-local is for export json and export html.", status: .usage)
        }
        let kept = format == "json" || format == "html" ? try privateContent(repository, arguments, context) : PrivateContent()
        switch format {
        case "json":
            if arguments.positional("thread") != nil { throw CLIError("export json takes no thread: it writes them all.", status: .usage) }
            try ThreadAIJSON.export(repository, leaving: kept, leftOut: { count in
                if count > 0 {
                    context.note("left out \(CountedNoun.phrase(count, "message")) that no thread reaches and whose history lacks a "
                        + "message (an import cut short; 'threadai fsck' lists them).")
                }
            }, write: { context.output.write(bytes: $0) })
        case "md":
            let revision = try threadToExport(repository, arguments)
            let walker = repository.walker()
            let tip = try repository.resolve(revision, walker: walker)
            let history = try walker.messages(from: tip).reversed()
            let shown = Set(history.map(\.id))
            var forks: [ObjectID: [String]] = [:]
            for fork in try repository.forkPoints(walker: walker, within: shown) where fork.thread.rawValue != revision {
                forks[fork.forkPoint, default: []].append(fork.thread.rawValue)
            }
            let summaries = try repository.threadSummaries(walker: walker)
            let own = summaries.first { $0.name.rawValue == revision }
            var shownContext = MarkdownTranscript.Context(forks: forks, merges: try MergeLabels(repository: repository))
            shownContext.forkedFrom = own.flatMap { summary in summary.forkPoint.map { (summary.parent ?? "?", $0) } }
            shownContext.sections = MarkdownTranscript.sections(thread: revision, history: history.map(\.id), summaries: summaries)
            for tag in try repository.tags.allReadable().tags where shown.contains(tag.target) {
                shownContext.tags[tag.target, default: []].append(tag)
            }
            let transcript = MarkdownTranscript.render(thread: revision, history: Array(history), context: shownContext)
            // The file keeps the exact text; a terminal is shown it as every view shows text.
            context.output.write(bytes: Array((context.stdoutIsTerminal ? TerminalSafe.text(transcript) : transcript).utf8))
        case "html":
            let folder = arguments.positional("thread") ?? "threadai-html"
            var site = HTMLSite(repository: repository, folder: folder, leaving: kept)
            if let size = try arguments.int("page-size", in: 1...1_000_000) {
                (site.messagesPerPage, site.threadsPerPage) = (size, size)
            }
            let written = try site.write()
            context.errors.line(TerminalSafe.text(
                "wrote \(CountedNoun.phrase(written.pages, "page")) for \(CountedNoun.phrase(written.threads, "thread")) and \(CountedNoun.phrase(written.diffs, "diff")) to \(folder)/ (open \(folder)/index.html)"))
        case ClaudeCodeExport.format:
            try claudeCodeSession(repository, arguments, context)
        default:
            throw CLIError("export writes md, json, html or claude-code: threadai export md [THREAD], threadai export json, "
                + "threadai export html [DIR], threadai export claude-code [THREAD] [-o FILE].", status: .usage)
        }
        return .success
    }

    /// The thread named, else the current one, by its name (a detached HEAD stays HEAD).
    private static func threadToExport(_ repository: Repository, _ arguments: ParsedArguments) throws -> String {
        let current: String? = if case .thread(let name)? = try? repository.head.read() { name.rawValue } else { nil }
        return arguments.positional("thread") ?? current ?? "HEAD"
    }

    /// `export claude-code`: the history up to the thread's head as a new session where Claude Code looks
    /// for the project's sessions (the folder holding `.threadai`, as `capture --all` finds them), or in
    /// `-o FILE`; the resume command on standard output, what was written on standard error.
    private static func claudeCodeSession(_ repository: Repository, _ arguments: ParsedArguments, _ context: CommandContext) throws {
        let revision = try threadToExport(repository, arguments)
        let walker = repository.walker()
        let tip = try repository.resolve(revision, walker: walker)
        let history = Array(try walker.messages(from: tip).reversed())
        // Where a continuation belongs: the thread named, else the thread of the message named.
        let named = try (try? ThreadName(revision)).flatMap { try repository.refs.heads(of: $0).isEmpty ? nil : $0 }
        guard let thread = named ?? history.last?.message.thread else { throw CLIError(TerminalSafe.text("\(revision) has no messages to export.")) }
        let project = CaptureCommand.projectFolder(of: repository)
        let session = UUID().uuidString.lowercased()
        let path: String
        if let output = arguments.option("output") {
            path = context.absolutePath(output)
            guard FilePaths.isDirectory(FilePaths.directoryName(of: path)) else {
                throw CLIError(TerminalSafe.text("cannot write \(output): its folder \(FilePaths.directoryName(of: path)) does not exist."))
            }
        } else {
            guard let claude = AgentFolders.claude(context) else {
                throw CLIError("export claude-code needs HOME (or CLAUDE_CONFIG_DIR), to find Claude Code's sessions; or give -o FILE.")
            }
            let folder = claude + "/projects/" + SessionCapture.claudeCodeProjectName(project)
            try FilePaths.makeDirectories(folder, mode: 0o700)
            path = folder + "/" + session + ".jsonl"
        }
        let bytes = ClaudeCodeExport.transcript(
            of: history, session: .init(id: session, folder: project, thread: thread), uuid: { UUID().uuidString.lowercased() })
        try TempFile.write(bytes, to: path, mode: 0o600)
        context.errors.line(TerminalSafe.text("wrote \(CountedNoun.phrase(history.count, "message")) of \(thread) to \(path) as Claude Code session \(session)"))
        if arguments.option("output") != nil {
            context.errors.line(TerminalSafe.text("Claude Code resumes it from \(project) once it is in its projects folder as \(session).jsonl"))
        }
        let resume = "claude --resume \(session)"
        context.output.line(context.currentDirectory == project ? resume : "cd \(HookScripts.quoted(project)) && \(resume)")
    }

    /// What the export leaves out: the local threads' private content, unless --include-local; either
    /// way a note says which local threads it concerns, so nothing private leaves without a word.
    private static func privateContent(_ repository: Repository, _ arguments: ParsedArguments, _ context: CommandContext) throws -> PrivateContent {
        let kept = try LocalThreads(repository: repository).privateContent()
        guard !kept.threads.isEmpty else { return kept }
        let names = kept.threads.map(\.rawValue).sorted().joined(separator: ", ")
        let count = CountedNoun.phrase(kept.threads.count, "local thread")
        if arguments.flag("include-local") {
            context.note(TerminalSafe.text("includes \(count), kept out of git: \(names); mind where the export goes."))
            return PrivateContent()
        }
        context.note(TerminalSafe.text("left out \(count) (\(names)), with \(CountedNoun.phrase(kept.objects.count, "message")) "
            + "and \(CountedNoun.phrase(kept.tags.count, "tag")) only they hold, as git leaves them out; --include-local writes them too."))
        return kept
    }
}
