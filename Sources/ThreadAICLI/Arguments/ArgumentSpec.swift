/// One thing a command accepts on its command line: a flag, an option with a value, or a positional argument.
///
/// Flags and options are found by their long name (`--model`) or their one-character short name (`-m`);
/// `ParsedArguments` answers by the long name. Positionals are filled in the order the command lists them.
public struct ArgumentSpec: Sendable, Equatable {
    /// What the argument is and how often it may appear.
    public enum Kind: Sendable, Equatable {
        /// Present or absent: `-n`, `--no-stream`.
        case flag
        /// Takes one value, at most once: `-m VALUE`, `-mVALUE`, `--model VALUE`, `--model=VALUE`.
        case option
        /// Takes one value each time it is given, any number of times.
        case repeatableOption
        /// A value that is not an option, taken in order.
        case positional(Arity)
    }

    /// How many values a positional takes.
    public enum Arity: Sendable, Equatable {
        /// Exactly one; parsing fails without it.
        case required
        /// Zero or one.
        case optional
        /// All the remaining positional values, zero or more; only the last positional may be `rest`.
        case rest
    }

    /// For flags and options the long name without `--`; for positionals the name the accessors take.
    public var name: String
    /// The short name for `-x`, or nil.
    public var short: Character?
    public var kind: Kind
    /// The placeholder shown in help as `<valueName>`; flags have none.
    public var valueName: String
    /// One or two sentences for the help's ARGUMENTS or OPTIONS section.
    public var help: String

    public init(name: String, short: Character? = nil, kind: Kind, valueName: String = "", help: String) {
        self.name = name
        self.short = short
        self.kind = kind
        self.valueName = valueName
        self.help = help
    }

    /// A flag such as `--no-stream` / `-n`.
    public static func flag(_ long: String, short: Character? = nil, help: String) -> ArgumentSpec {
        ArgumentSpec(name: long, short: short, kind: .flag, help: help)
    }

    /// An option taking one value, given at most once.
    public static func option(
        _ long: String, short: Character? = nil, valueName: String, help: String
    ) -> ArgumentSpec {
        ArgumentSpec(name: long, short: short, kind: .option, valueName: valueName, help: help)
    }

    /// An option taking one value each time, given any number of times.
    public static func repeatableOption(
        _ long: String, short: Character? = nil, valueName: String, help: String
    ) -> ArgumentSpec {
        ArgumentSpec(name: long, short: short, kind: .repeatableOption, valueName: valueName, help: help)
    }

    /// A positional argument; `valueName` defaults to `name`.
    public static func positional(
        _ name: String, valueName: String? = nil, arity: Arity = .required, help: String
    ) -> ArgumentSpec {
        ArgumentSpec(name: name, kind: .positional(arity), valueName: valueName ?? name, help: help)
    }

    /// `-h` / `--help`, which every command and the global options accept without listing it.
    public static let help = ArgumentSpec.flag("help", short: "h", help: "Show help information.")

    var isPositional: Bool {
        if case .positional = kind { true } else { false }
    }

    var takesValue: Bool {
        kind == .option || kind == .repeatableOption
    }

    var longSpelling: String { "--" + name }

    var placeholder: String { "<\(valueName)>" }
}
