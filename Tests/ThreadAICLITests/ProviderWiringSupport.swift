import Foundation
import Testing
import ThreadAITestSupport
import ThreadAILibraryTestSupport
import ThreadAI
@testable import ThreadAICLI

/// Standard input that is a pipe holding `text`.
final class PipedInput: TextInput {
    let text: String
    init(_ text: String) { self.text = text }
    var isTerminal: Bool { false }
    func readAll() -> String { text }
}

/// The outcome of one in-process run of the CLI.
struct CLIResult {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs `threadai ARGUMENTS` in process in `folder`, with `environment` (HOME and
/// XDG_CONFIG_HOME default to folders inside `folder`, and keys go to a file store).
func runCLI(
    _ arguments: [String], in folder: ScratchFolder, environment: [String: String] = [:], input: String = "",
    providers: ProviderFactory = .live, stdoutIsTerminal: Bool = false
) async -> CLIResult {
    var environment = environment
    environment["HOME"] = environment["HOME"] ?? folder.at("home")
    environment["XDG_CONFIG_HOME"] = environment["XDG_CONFIG_HOME"] ?? folder.at("config")
    environment["THREADAI_KEY_STORE"] = "file"
    let output = BufferOutput()
    let errors = BufferOutput()
    let status = await ThreadAICLI.run(
        arguments: arguments, output: output, errors: errors, input: PipedInput(input), environment: environment,
        currentDirectory: folder.at("work"), stdoutIsTerminal: stdoutIsTerminal, providers: providers)
    return CLIResult(status: status, output: output.text, errors: errors.text)
}
