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

/// The `threadai` command line: the composition root, where the store, the providers and the
/// terminal meet. `main.swift` calls `run` and exits with what it returns.
public enum ThreadAICLI {
    public static let version = "0.1.0"

    /// Every command, in the order `threadai --help` lists them: the one place a command is registered
    /// (docs/DESIGN.md, "Adding a command"). Its name and traits are its own (`Command.name`,
    /// `.traits`), so finding the command to run builds only its own spec, not those listed before it.
    static var commands: [any Command.Type] {[
        InitCommand.self, SendCommand.self, ChatCommand.self, LogCommand.self, GrepCommand.self, ShowCommand.self,
        CheckoutCommand.self, ThreadsCommand.self, DiffCommand.self, StatusCommand.self, ContextCommand.self,
        RetryCommand.self, EditCommand.self, RegenerateCommand.self, ContinueCommand.self, MergeCommand.self,
        ModelsCommand.self, ConfigCommand.self, KeysCommand.self, FsckCommand.self, ScanCommand.self,
        TrailerCommand.self, HooksCommand.self, LocalCommand.self, ImportCommand.self, ExportCommand.self,
        DemoCommand.self, CacheCommand.self, TagCommand.self, ReflogCommand.self, CompletionCommand.self,
        ManCommand.self, GcCommand.self, CaptureCommand.self, MCPCommand.self, BlameCommand.self, TraceCommand.self,
    ]}

    static let globalOptions: [ArgumentSpec] = [
        .option("repo", valueName: "DIR", help: "Use the repository in DIR (a .threadai folder or one containing it)."),
        .option("thread", valueName: "NAME", help: "Use thread NAME for this command instead of HEAD, which it neither reads nor moves (also THREADAI_THREAD): one thread per terminal."),
        .flag("color", help: "Colour the output even when it is not a terminal (for less -R); --no-color wins."),
        .flag("no-color", help: "Never colour the output."),
        .flag("no-pager", help: "Never send the output through a pager."),
        .flag("version", help: "Print the version."),
    ]

    /// Runs this process's command line against the real process (its arguments, environment,
    /// terminal) and returns the exit status; `main.swift` exits with it. Synchronous, so that a
    /// command that never waits runs on the main thread and starts no other (`RunToCompletion`).
    public static func runProcess() -> Int32 {
        signal(SIGPIPE, SIG_IGN)  // A closed pipe ends output quietly instead of killing the process.
        // Stopped by Ctrl-C, SIGTERM or SIGHUP outside a reply, a command leaves no lock or temporary
        // file behind: they are removed, and the process dies of the signal (128 + its number).
        SignalCleanup.installHandlers()
        RemedyWording.use(CommandRemedies.wording)  // The libraries' remedies read as threadai commands.
        TestFault.arm(from: getenv("THREADAI_TEST_FAULT").map { String(cString: $0) })
        // A lock left by a dead process is taken over by the store (docs/FORMAT.md §10); the user hears of it.
        LockTakeovers.report { lockPath in
            let line = Array(TerminalSafe.text("threadai: took over '\(lockPath)': the process that left it is gone.\n").utf8)
            _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }
        return RunToCompletion.wait { await runLive() }
    }

    private static func runLive() async -> Int32 {
        let output = FileDescriptorOutput(descriptor: 1)
        let errors = FileDescriptorOutput(descriptor: 2, unbufferedAfter: output)
        defer {
            output.flush()
            errors.flush()
        }
        let arguments: [String]
        switch ProcessInputs.arguments() {
        case .success(let valid): arguments = valid
        case .failure(let bad):
            errors.line("threadai: argument \(bad.position) (counting the command as 1) is not valid UTF-8 (first bad byte at offset \(bad.byteOffset)); "
                + "nothing was done. Pass text in UTF-8 (convert it with iconv).")
            return ExitStatus.usage.rawValue
        }
        let stdoutIsTerminal = isatty(1) == 1
        let pager = PagerProcess()
        let status = await run(
            arguments: arguments, output: output, errors: errors, input: StandardInput(),
            environment: ProcessInputs.environment(), currentDirectory: FilePaths.currentDirectory(),
            stdoutIsTerminal: stdoutIsTerminal, providers: .live, paging: pager)
        output.flush()
        errors.flush()
        pager.finish()
        return status
    }

    /// Runs `arguments` with everything injected.
    static func run(
        arguments: [String], output: any TextOutput, errors: any TextOutput, input: any TextInput,
        environment: [String: String], currentDirectory: String, stdoutIsTerminal: Bool, providers: ProviderFactory,
        paging: any Paging = NoPaging()
    ) async -> Int32 {
        // Also in process (tests), where the process keeps the libraries' plain wording.
        await RemedyWording.using(CommandRemedies.wording) {
            await runWorded(
                arguments: arguments, output: output, errors: errors, input: input, environment: environment,
                currentDirectory: currentDirectory, stdoutIsTerminal: stdoutIsTerminal, providers: providers, paging: paging)
        }
    }

    private static func runWorded(
        arguments: [String], output: any TextOutput, errors: any TextOutput, input: any TextInput,
        environment: [String: String], currentDirectory: String, stdoutIsTerminal: Bool, providers: ProviderFactory,
        paging: any Paging
    ) async -> Int32 {
        GitCommand.search(in: environment["PATH"])  // The library reads no environment: git is looked for where the user's is.
        var repositoryOverride: String?  // for the suggestion an error may get
        do {
            let split = try CommandLineSplit(arguments, globalOptions: globalOptions)
            if split.globals.flag("version") {
                output.line("threadai \(version)")
                return ExitStatus.success.rawValue
            }
            guard let name = split.command, !split.globals.wantsHelp || name == "help" else {
                output.write(overview())
                return ExitStatus.success.rawValue
            }
            // `help`, `help --help` and `help COMMAND`: an option after `help` asks for help itself.
            let helpTopic = split.arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "help"
            let command = try command(named: name == "help" ? helpTopic : name)
            guard let command else {
                output.write(overview())
                return ExitStatus.success.rawValue
            }
            let arguments = try command.spec.parse(name == "help" ? ["--help"] : split.arguments, globals: globalOptions)
            let globals = try GlobalOptions(
                before: split.globals, after: arguments, accepted: command.spec.acceptedGlobals(globalOptions))
            if globals.flag("version") {
                output.line("threadai \(version)")
                return ExitStatus.success.rawValue
            }
            if arguments.wantsHelp {
                let help = HelpFormatter.render(command.spec, programName: "threadai")
                output.write(help.hasSuffix("\n") ? help : help + "\n")
                return ExitStatus.success.rawValue
            }
            repositoryOverride = globals.option("repo")
            if globals.option("repo")?.isEmpty == true {
                throw CLIError("--repo needs a folder: --repo=PATH (an empty value would quietly mean the current folder).", status: .usage)
            }
            // As git's --color=always: asked for, colour goes wherever the output goes.
            let colorWanted = !globals.flag("no-color") && (globals.flag("color")
                || (stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"))
            let context = CommandContext(
                output: output, errors: errors, input: input, environment: environment,
                currentDirectory: currentDirectory, repositoryOverride: globals.option("repo"),
                style: Style(enabled: colorWanted), stdoutIsTerminal: stdoutIsTerminal,
                providers: providers)
            context.threadPin = try ThreadPin.chosen(option: globals.option("thread"), environment: environment)
            defer { context.noteSkippedHeadMove() }
            let threadsBefore = command.traits.contains(.writesThreads) ? context.threadsBefore() : nil
            defer { context.keepLocalThreadsOut(after: threadsBefore) }
            if stdoutIsTerminal, command.traits.contains(.paged), !globals.flag("no-pager"),
               let pager = PagerChoice.command(environment: environment) {
                if let missing = PagerChoice.missingProgram(in: pager, environment: environment) {
                    context.note(TerminalSafe.text("cannot run the pager '\(missing)' (not found); showing the output without it."))
                } else {
                    paging.start(pager, environment: environment)
                }
            }
            return try await command.run(arguments, context).rawValue
        } catch {
            output.flush()
            // Argument errors already name the program and the command (`threadai log: …`).
            errors.line(error is ArgumentError ? "\(error)" : "threadai: \(error)")
            if let suggestion = RevisionSuggestion.sentence(
                for: error, repositoryOverride: repositoryOverride, environment: environment,
                currentDirectory: currentDirectory) {
                errors.line(TerminalSafe.text(suggestion))
            }
            return ExitStatus(for: error).rawValue
        }
    }

    /// The command called `name`; nil for `help` itself.
    private static func command(named name: String) throws -> (any Command.Type)? {
        if name == "help" { return nil }
        if let found = commands.first(where: { $0.name == name }) { return found }
        let suggestion = gitWords[name].map { " \($0)" }
            ?? OptionSuggestion.closestName(to: name, among: commands.map { $0.name }).map { " Did you mean '\($0)'?" }
        throw CLIError("'\(name)' is not a threadai command." + (suggestion ?? "") + " See 'threadai --help'.", status: .usage)
    }

    /// Words a git user (or this tool's own vocabulary: a fork is a thread) reaches for that name no
    /// command here, with the command that does it: spelling suggestions would offer `fsck` for `fork`.
    private static let gitWords = [
        "fork": "To fork, start a thread at a message: 'threadai checkout -b NAME [AT]' (AT: a message, a thread, HEAD~2).",
        "branch": "Threads are the branches: 'threadai threads' lists them, 'threadai checkout -b NAME [AT]' starts one.",
        "switch": "To move to a thread, use 'threadai checkout NAME'; 'threadai checkout -b NAME [AT]' starts one.",
        "commit": "Every message is stored as it is sent: 'threadai send TEXT' adds a question and its answer.",
    ]

    static func overview() -> String {
        let text = HelpFormatter.renderOverview(
            commands: commands.map { ($0.spec.name, $0.spec.abstract) }, globalOptions: globalOptions)
        return text.hasSuffix("\n") ? text : text + "\n"
    }
}
