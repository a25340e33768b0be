/// What the shell completion scripts complete, read from the same command specs that drive `--help`
/// (docs/CLI.md, "Shell completion"): the commands, each one's options (the global ones included, as they
/// are accepted after the command word too), and what each value may be.
struct CompletionModel {
    /// What a value (of an option or a positional) completes to.
    struct Values: Equatable {
        /// Thread and tag names, read at completion time with `threadai completion --refs`.
        var references = false
        /// File and folder names.
        var files = false
        /// A fixed set of words.
        var words: [String] = []

        static let none = Values()
    }

    struct Option {
        var long: String
        var short: Character?
        var help: String
        /// nil for a flag.
        var value: Values?
        var valueName: String
        var isRepeatable: Bool
    }

    struct Positional {
        var valueName: String
        var help: String
        var values: Values
        var isRest: Bool
        var isOptional: Bool
    }

    struct Command {
        var name: String
        var abstract: String
        var options: [Option]
        var positionals: [Positional]
    }

    var commands: [Command]
    var globalOptions: [Option]

    init(commands: [CommandSpec], globalOptions: [ArgumentSpec]) {
        let globals = globalOptions.filter { !$0.isPositional }
        self.globalOptions = globals.map(Self.option)
        self.commands = commands.map { spec in
            let own = spec.argumentsWithHelp.filter { !$0.isPositional }
            return Command(
                name: spec.name, abstract: spec.abstract,
                options: (own + spec.acceptedGlobals(globals)).map(Self.option),
                positionals: spec.arguments.compactMap(Self.positional))
        }
    }

    private static func option(_ spec: ArgumentSpec) -> Option {
        Option(
            long: spec.name, short: spec.short, help: spec.help,
            value: spec.takesValue ? values(spec) : nil, valueName: spec.valueName,
            isRepeatable: spec.kind == .repeatableOption)
    }

    private static func positional(_ spec: ArgumentSpec) -> Positional? {
        guard case .positional(let arity) = spec.kind else { return nil }
        return Positional(
            valueName: spec.valueName, help: spec.help, values: values(spec),
            isRest: arity == .rest, isOptional: arity != .required)
    }

    /// Reads what a value is from its placeholder, the convention every spec follows: `REV`, `THREAD`,
    /// `SUBTHREAD`, `A`/`B` and a positional `NAME` (or `--thread NAME`) are revisions or names;
    /// `DIR`, `PATH` and `FILE` are files; `a|b|c` in lower case lists the words; an `ACTION` lists
    /// its words in its help ("get, set, unset or list."). Anything else (a message, a model) is free text.
    static func values(_ spec: ArgumentSpec) -> Values {
        let parts = spec.valueName.split(whereSeparator: { $0 == "|" || $0 == " " }).map(String.init)
        var values = Values()
        if parts.count > 1, parts.allSatisfy({ $0 == $0.lowercased() }) {
            values.words = parts
            return values
        }
        for part in parts {
            switch part {
            case "REV", "THREAD", "SUBTHREAD", "A", "B", "HEAD": values.references = true
            case "NAME" where spec.isPositional || spec.name == "thread": values.references = true
            case "DIR", "PATH", "FILE": values.files = true
            case "ACTION": values.words = actionWords(spec.help)
            default: break
            }
        }
        return values
    }

    /// `get`, `set`, `unset`, `list` from "get, set, unset or list."
    private static func actionWords(_ help: String) -> [String] {
        let sentence = help.prefix { $0 != "." }
        return sentence.split(whereSeparator: { $0 == "," || $0 == " " })
            .map(String.init)
            .filter { $0 != "or" && $0.allSatisfy { $0.isLetter || $0 == "-" } }
    }

    /// The first sentence of a help text, without its full stop: what a shell shows beside a word.
    static func summary(_ text: String) -> String {
        guard let end = text.firstRange(of: ". ") else { return text.hasSuffix(".") ? String(text.dropLast()) : text }
        return String(text[..<end.lowerBound])
    }
}
