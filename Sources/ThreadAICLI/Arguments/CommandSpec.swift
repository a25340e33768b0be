/// What a command accepts and how its help reads; a command type keeps one as its static configuration.
public struct CommandSpec: Sendable, Equatable {
    /// One example in the help's EXAMPLES section.
    public struct Example: Sendable, Equatable {
        /// The command line exactly as a user would type it.
        public var commandLine: String
        /// What it does, shown above the command line; nil for none.
        public var explanation: String?

        public init(_ commandLine: String, explanation: String? = nil) {
            self.commandLine = commandLine
            self.explanation = explanation
        }
    }

    /// The words after the program name that select the command, such as `send` or `thread list`.
    public var name: String
    /// One line: what the command does.
    public var abstract: String
    /// Longer text; each line is wrapped on its own and blank lines separate paragraphs.
    public var discussion: String?
    /// Flags, options and positionals; `-h`/`--help` is added by the parser and the help.
    public var arguments: [ArgumentSpec]
    public var examples: [Example]

    public init(
        name: String, abstract: String, discussion: String? = nil,
        arguments: [ArgumentSpec] = [], examples: [Example] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.examples = examples
    }

    /// The arguments the parser knows, help included.
    var argumentsWithHelp: [ArgumentSpec] {
        arguments + [ArgumentSpec.help]
    }

    /// Mistakes in the spec itself, for a test over every command to check; empty when the spec is sound.
    ///
    /// Finds empty or dashed names, names or short names used twice (including `help` and `h`), and
    /// positionals in an order the parser cannot fill (a required one after an optional or rest one,
    /// a rest one that is not last).
    public var problems: [String] {
        var problems: [String] = []
        var names: Set<String> = []
        var shorts: Set<Character> = []
        for argument in argumentsWithHelp {
            if argument.name.isEmpty || argument.name.hasPrefix("-") || argument.name.contains("=") {
                problems.append("'\(argument.name)' is not a usable name: use letters, digits and inner '-'.")
            }
            if !names.insert(argument.name).inserted {
                problems.append("the name '\(argument.name)' is used twice.")
            }
            if let short = argument.short, !shorts.insert(short).inserted {
                problems.append("the short name '-\(short)' is used twice.")
            }
            if argument.isPositional && argument.short != nil {
                problems.append("the positional '\(argument.name)' cannot have a short name.")
            }
        }
        var previous: ArgumentSpec.Arity?
        for argument in arguments {
            guard case .positional(let arity) = argument.kind else { continue }
            if previous == .rest {
                problems.append("the positional '\(argument.name)' comes after a rest positional.")
            } else if previous == .optional && arity == .required {
                problems.append("the required positional '\(argument.name)' comes after an optional one.")
            }
            previous = arity
        }
        return problems
    }
}
