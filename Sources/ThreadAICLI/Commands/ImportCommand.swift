import ThreadAI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `threadai import [FORMAT] PATH…`: conversations from other tools, branches kept (docs/FORMAT.md §4.6).
enum ImportCommand: Command {
    static let name = "import"
    static let traits: CommandTraits = [.writesThreads]
    static let spec = CommandSpec(
        name: name,
        abstract: "Import conversations from other tools (ChatGPT, Claude Code, Codex, Gemini CLI, aider, llm), every branch a fork.",
        discussion: """
            Each conversation becomes a thread FORMAT/TITLE-ID whose history is the conversation as the source \
            last showed it; every other branch (edits, regenerations) is a fork THREAD-2, THREAD-3, … at the \
            message where it branches. Messages keep their source id, time and model, so importing again \
            writes nothing and a grown export adds only what is new. Objects are written first and refs last: \
            a failed import leaves no thread at a partial conversation.
            """,
        arguments: [
            .positional("paths", valueName: "[FORMAT] PATH", arity: .rest, help: "The format (\(ImportSources.names().joinedText(separator: ", ")); detected when left out) and the files or folders."),
        ] + SecretFlags.arguments,
        examples: [
            .init("threadai import chatgpt conversations.json"),
            .init("threadai import ~/.claude/projects/-home-me-src-app"),
            .init("threadai import \"$(llm logs path)\""),
            .init("threadai import .aider.chat.history.md"),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        var paths = arguments.positionals("paths")
        var format: (any ImportSource)?
        if let first = paths.first, let named = ImportSources.named(first) {
            format = named
            paths.removeFirst()
        }
        guard !paths.isEmpty else { throw CLIError("Name the file to import: threadai import [FORMAT] PATH.", status: .usage) }
        // `import chatgtp FILE`: a first word that is no file, before one that is, was meant as a format.
        if format == nil, paths.count > 1, let first = paths.first, !FileManager.default.fileExists(atPath: first),
           FileManager.default.fileExists(atPath: paths[1]) {
            throw CLIError(TerminalSafe.text("'\(first)' is not a format this version imports: give one of "
                + "\(ImportSources.names().joinedText(separator: ", ")), or leave it out to detect it."), status: .usage)
        }
        var importer = Importer(repository: repository)
        var summary = Importer.Summary()
        let progress = ImportProgress(errors: context.errors, isShown: isatty(2) == 1)
        defer { progress.clear() }  // an error's message starts on a clean line
        let hooks = ImportHooks(
            secrets: try SecretFlags.policy(arguments), toolSearchPath: context.environment["PATH"],
            checked: { progress.checking($0, $1.rawValue) }, progress: progress.update)
        for path in paths {
            for file in try files(at: path) {
                // An empty file holds no conversation of any format: said so, not read as a broken one.
                if Self.isEmpty(file) {
                    guard file == path else {
                        summary.skipped.append("\(file): empty (0 bytes)")
                        continue
                    }
                    throw CLIError(TerminalSafe.text("cannot import \(file): the file is empty (0 bytes); nothing to import."))
                }
                do {
                    let source = try format ?? detectedSource(of: file)
                    progress.begin(file: file)
                    try source.importFile(at: file, into: &importer, summary: &summary, hooks: hooks)
                } catch let error as ImportFileError {
                    throw CLIError(TerminalSafe.text("\(error); nothing was imported from it."))
                } catch let error as SecretsFound {
                    throw CLIError(TerminalSafe.text("cannot import \(file): \(error) Conversations before it were imported whole."))
                } catch let error as CLIError {
                    throw error
                } catch let error as ImportError where !error.item.hasPrefix(file) {
                    // The writer names the conversation and the item; the user also needs the file.
                    throw CLIError(TerminalSafe.text("cannot import \(file): \(error)"), status: ExitStatus(for: error))
                } catch {
                    // With the status the store's error has in every command: a held lock is 4, as in send.
                    throw CLIError(TerminalSafe.text("cannot import \(error)"), status: ExitStatus(for: error))
                }
            }
        }
        progress.clear()
        for line in ImportProgress.summary(summary) {
            context.errors.line(line)
        }
        // Conversations of fewer than 100 messages stay loose (docs/FORMAT.md §15.3): many of them
        // (a chat export) make packing due, as do many new threads, whose refs gc packs (§5.7).
        AutoPacking.startIfDue(repository, context, movedRefs: summary.movedRefs)
        return .success
    }

    /// `path` itself, or for a folder every file in it that a source collects, in the sources' order
    /// (`ImportSources.collected`): a ChatGPT export's `conversations*.json` at its top, then every
    /// Claude Code session (`.jsonl`) below it.
    static func files(at path: String) throws -> [String] {
        let type: FileAttributeType?
        do {
            type = try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
        } catch {
            throw CLIError(TerminalSafe.text("cannot import \(path): no such file or folder."))
        }
        guard type == .typeDirectory else { return [path] }
        let below: [String]
        do {
            below = try FileManager.default.subpathsOfDirectory(atPath: path)
        } catch {
            throw CLIError(TerminalSafe.text("cannot read the folder \(path): one of its folders cannot be listed (permissions?)."))
        }
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        let collected = ImportSources.collected(inFolder: below)
        guard !collected.isEmpty else {
            throw CLIError(TerminalSafe.text(
                "nothing to import in the folder \(path): it holds no Claude Code session (.jsonl) and no ChatGPT "
                    + "conversations.json (or conversations-NNN.json). Name the file itself, or the folder that holds them."))
        }
        return collected.map { folder + "/" + $0 }
    }

    /// The source of the file at `path` (`ImportSources.detect`): `.db` files are llm's logs, `.jsonl`
    /// files Claude Code sessions, ThreadAI's own exports say so in their first bytes; other files
    /// are ChatGPT exports.
    static func detectedSource(of path: String) throws -> any ImportSource {
        guard let source = try ImportSources.detect(path) else {
            throw CLIError(TerminalSafe.text("cannot import \(path): it is in no format this version imports ("
                + "\(ImportSources.names().joinedText(separator: ", "))); name the format."))
        }
        return source
    }

    /// Whether the file at `path` holds no byte; false when it cannot be read (reading it says why).
    static func isEmpty(_ path: String) -> Bool {
        do {
            return try FileChunks(path: path, chunkSize: 16).next()?.isEmpty ?? true
        } catch {
            return false
        }
    }
}
