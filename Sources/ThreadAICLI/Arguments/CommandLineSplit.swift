/// A whole command line split into the global options before the command word, the command word, and the
/// words after it, which the command parses with its own spec.
///
/// `threadai --repo ../notes --no-color send -m x "hi"` splits into globals `--repo ../notes --no-color`,
/// command `send` and arguments `-m x hi`. Options after the command word belong to the command.
public struct CommandLineSplit: Sendable, Equatable {
    /// The global options given before the command word, read by their long names; `-h`/`--help` included.
    public var globals: ParsedArguments
    /// The first word that is not a global option, or nil when there is none (`threadai`, `threadai --help`).
    public var command: String?
    /// The words after the command word, untouched.
    public var arguments: [String]

    /// Splits `words`, the command line without the program name.
    ///
    /// Global options take the same forms as a command's options (`--repo DIR`, `--repo=DIR`, `-C DIR`,
    /// `-abc`); `--` ends them and the next word is the command even when it starts with `-`.
    /// Positional specs in `globalOptions` are ignored.
    /// - Throws: `ArgumentError` with an empty command name for the first global option that does not fit.
    public init(_ words: [String], globalOptions: [ArgumentSpec]) throws(ArgumentError) {
        let specs = globalOptions.filter { !$0.isPositional } + [ArgumentSpec.help]
        var scanner = ArgumentScanner(command: "", specs: specs)
        let commandIndex = try scanner.scan(words, stoppingAtPositional: true)
        self.globals = scanner.parsed
        self.command = commandIndex < words.count ? words[commandIndex] : nil
        self.arguments = commandIndex < words.count ? Array(words[(commandIndex + 1)...]) : []
    }
}
