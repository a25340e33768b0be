#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAI

/// `threadai demo [DIR]`: a guided tour with the offline model; needs no API key.
enum DemoCommand: Command {
    static let name = "demo"
    static let spec = CommandSpec(
        name: name,
        abstract: "A tour for new users: init, three turns, a fork, log --graph and diff (offline, no key).",
        discussion: """
            Runs real threadai commands in DIR (default: a new temporary folder) and shows each one: \
            init, three turns on 'main', a fork 'shorter' at the second message with two turns of its own, \
            'log --graph --all', 'threads', 'context' and 'diff main shorter'. The built-in offline model \
            answers, describing the context it received, so you can see how forks inherit history.
            """,
        arguments: [.positional("dir", valueName: "DIR", arity: .optional, help: "An empty or new folder for the demo repository.")])

    static let steps: [[String]] = [
        ["init"],
        ["send", "-s", "You are a concise assistant.", "What is a Merkle chain?"],
        ["send", "Why does git use one?"],
        ["send", "How does ThreadAI use the same idea?"],
        ["checkout", "-b", "shorter", "main~4"],
        ["send", "Answer again, in one short sentence."],
        ["send", "And what does a fork inherit?"],
        ["log", "--graph", "--all"],
        ["threads"],
        ["context", "shorter"],
        ["diff", "main", "shorter"],
    ]

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let folder = try demoFolder(arguments.positional("dir"), context)
        context.output.line(context.style.bold("ThreadAI demo in \(folder)") + " (offline model, no API key)")
        for step in steps {
            context.output.line()
            context.output.line(context.style.heading("$ threadai " + step.map(quoted).joined(separator: " ")))
            context.output.flush()
            let status = await ThreadAICLI.run(
                arguments: ["--repo", folder] + (step == ["init"] ? ["init", folder] : step),
                output: context.output, errors: context.output, input: EmptyInput(), environment: context.environment,
                currentDirectory: folder, stdoutIsTerminal: context.stdoutIsTerminal, providers: .offlineOnly)
            guard status == 0 else {
                throw CLIError("the demo step 'threadai \(step.joined(separator: " "))' failed with status \(status).")
            }
        }
        context.output.line()
        context.output.line("The repository is in \(folder)/.threadai — try 'threadai --repo \(folder) show shorter'.")
        return .success
    }

    /// DIR, which must not hold a repository with threads yet; or a new temporary folder.
    private static func demoFolder(_ requested: String?, _ context: CommandContext) throws -> String {
        let manager = FileManager.default
        guard let requested else {
            let base = context.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            let folder = base + "/threadai-demo-" + String(UInt32.random(in: .min ... .max), radix: 36)
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return folder
        }
        let folder = context.absolutePath(requested)
        if manager.fileExists(atPath: folder + "/.threadai/refs/threads"),
           let contents = try? manager.contentsOfDirectory(atPath: folder + "/.threadai/refs/threads"), !contents.isEmpty {
            throw CLIError("\(folder) already holds a ThreadAI repository with threads; give the demo a new folder.")
        }
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func quoted(_ word: String) -> String {
        word.contains(" ") ? "\"\(word)\"" : word
    }
}

/// Standard input for commands the demo runs: nothing to read, never a terminal.
final class EmptyInput: TextInput {
    var isTerminal: Bool { false }
    func readAll() -> String { "" }
}
