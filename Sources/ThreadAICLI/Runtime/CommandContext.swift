import ThreadAI

/// Everything a command may touch outside its arguments, injected so tests can replace all of it.
final class CommandContext {
    let output: any TextOutput
    let errors: any TextOutput
    let input: any TextInput
    let environment: [String: String]
    let currentDirectory: String
    /// `--repo DIR`, when given.
    let repositoryOverride: String?
    /// Whether standard output is a terminal and colours are wanted.
    let style: Style
    let stdoutIsTerminal: Bool
    /// Makes the provider a send uses; the composition root decides what real providers exist.
    let providers: ProviderFactory
    /// The thread this command uses in place of `HEAD` (`--thread`, `THREADAI_THREAD`), if any.
    var threadPin: ThreadPin?
    /// The pinned `HEAD`s handed out, to tell after the command whether one skipped a move.
    var pinnedHeads: [HeadStore] = []

    init(
        output: any TextOutput, errors: any TextOutput, input: any TextInput, environment: [String: String],
        currentDirectory: String, repositoryOverride: String?, style: Style, stdoutIsTerminal: Bool,
        providers: ProviderFactory
    ) {
        self.output = output
        self.errors = errors
        self.input = input
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.repositoryOverride = repositoryOverride
        self.style = style
        self.stdoutIsTerminal = stdoutIsTerminal
        self.providers = providers
    }

    /// The repository the command works on (docs/FORMAT.md §1.1). When `HEAD` names a thread that a pull renamed away,
    /// `HEAD` follows it first and a note says so (docs/CLI.md, `threads rename`).
    func repository() throws -> Repository {
        var repository = try RepositoryChoice.discover(
            option: repositoryOverride, environment: environment, currentDirectory: currentDirectory)
        if let threadPin {
            repository = try threadPin.apply(to: repository)
            pinnedHeads.append(repository.head)
        }
        if let followed = repository.followRenamedHead() {
            note(TerminalSafe.text("thread '\(followed.from)' was renamed to '\(followed.to)' (in another clone?); HEAD now follows it."))
        }
        return repository
    }

    /// Resolves a path the user typed against the current directory.
    func absolutePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory + "/" + path
    }

    /// A one-line note on stderr (`threadai: …`), for things the user should know but that are not errors.
    /// Flushed at once: a note may say why the command is waiting, and must be seen while it waits.
    func note(_ text: String) {
        errors.line("threadai: \(text)")
        errors.flush()
    }
}
