/// A command line that does not fit its command's spec. Each message names the command, says what is wrong
/// and ends by pointing at the command's help.
public enum ArgumentError: Error, CustomStringConvertible, Equatable, Sendable {
    /// `option` as typed (`--modle`, `-x`); `suggestion` is a close long spelling such as `--model`.
    case unknownOption(command: String, option: String, suggestion: String?)
    /// `option` as typed, with no value after it.
    /// `next` is the word that followed the option, when it was taken for an option of its own.
    case missingValue(command: String, option: String, valueName: String, next: String? = nil)
    /// A flag written with `=value`.
    case flagWithValue(command: String, flag: String)
    /// A word that starts with `-` but reads as text (`-5 apples`, `-not an option`): meant as a
    /// positional, which `--` lets through.
    case dashedText(command: String, word: String)
    /// A positional value the command has no place for.
    case unexpectedPositional(command: String, value: String)
    /// A required positional that was not given.
    case missingPositional(command: String, valueName: String)
    /// `argument` is `--limit` or `<count>`; `range` is the allowed range when there is one.
    case invalidInteger(command: String, argument: String, value: String, range: ClosedRange<Int>?)
    /// A non-repeatable option given a second time.
    case repeatedOption(command: String, option: String)

    /// The program name that starts every message.
    public static let programName = "threadai"

    /// The command the message names; empty for the global options.
    public var command: String {
        switch self {
        case .unknownOption(let command, _, _), .missingValue(let command, _, _, _), .flagWithValue(let command, _),
            .dashedText(let command, _),
            .unexpectedPositional(let command, _), .missingPositional(let command, _),
            .invalidInteger(let command, _, _, _), .repeatedOption(let command, _):
            command
        }
    }

    public var description: String {
        "\(invocation): \(problem) See '\(invocation) --help'."
    }

    private var invocation: String {
        command.isEmpty ? Self.programName : "\(Self.programName) \(command)"
    }

    private var problem: String {
        switch self {
        case .unknownOption(_, let option, let suggestion?):
            "unknown option '\(option)'; did you mean '\(suggestion)'?"
        case .unknownOption(_, let option, nil):
            "unknown option '\(option)'."
        case .missingValue(_, let option, let valueName, nil):
            "option '\(option)' needs a value, as in '\(option) <\(valueName)>'."
        case .missingValue(_, let option, let valueName, let next?):
            "option '\(option)' needs a value, as in '\(option) <\(valueName)>': '\(next)' starts with '-', so it is read as an option, not as the value."
        case .flagWithValue(_, let flag):
            "'\(flag)' is a flag and takes no value."
        case .dashedText(_, let word):
            "'\(word)' is not an option. Text that starts with '-' goes after '--': '\(invocation) -- \"\(word)\"'."
        case .unexpectedPositional(_, let value):
            "unexpected argument '\(value)'."
        case .missingPositional(_, let valueName):
            "missing <\(valueName)>."
        case .invalidInteger(_, let argument, let value, let range?):
            "'\(argument)' needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(value)'."
        case .invalidInteger(_, let argument, let value, nil):
            "'\(argument)' needs a whole number, not '\(value)'."
        case .repeatedOption(_, let option):
            "option '\(option)' was given more than once; give it once."
        }
    }
}
