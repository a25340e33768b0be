/// The result of parsing a command line against a `CommandSpec`, read by the long names in the spec.
///
/// Asking for a name the spec does not have answers false, nil or empty.
public struct ParsedArguments: Sendable, Equatable {
    /// The command these arguments belong to, as error messages name it; empty for the global options.
    public let command: String
    private var flagsGiven: Set<String> = []
    private var values: [String: [String]] = [:]
    private let specs: [ArgumentSpec]

    init(command: String, specs: [ArgumentSpec]) {
        self.command = command
        self.specs = specs
    }

    /// True when `-h` or `--help` was given: show the command's help instead of running it.
    public var wantsHelp: Bool { flag(ArgumentSpec.help.name) }

    /// Whether the flag named `long` was given.
    public func flag(_ long: String) -> Bool {
        flagsGiven.contains(long)
    }

    /// The value of the option named `long`, or nil when absent; for a repeatable option, its last value.
    public func option(_ long: String) -> String? {
        values[long]?.last
    }

    /// Every value given to the option named `long`, in order.
    public func options(_ long: String) -> [String] {
        values[long] ?? []
    }

    /// The value of the positional named `name`, or nil when absent; for a rest positional, its first value.
    public func positional(_ name: String) -> String? {
        values[name]?.first
    }

    /// Every value of the positional named `name`, in order.
    public func positionals(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// The value of the option or positional `name` as a whole number, or nil when absent.
    /// - Throws: `ArgumentError.invalidInteger` when the value is not a decimal integer or is outside `range`.
    public func int(_ name: String, in range: ClosedRange<Int>? = nil) throws(ArgumentError) -> Int? {
        guard let text = values[name]?.last else { return nil }
        guard let value = Int(text), range?.contains(value) ?? true else {
            let spec = specs.first { $0.name == name }
            let label = spec.map { $0.isPositional ? $0.placeholder : $0.longSpelling } ?? name
            throw ArgumentError.invalidInteger(command: command, argument: label, value: text, range: range)
        }
        return value
    }

    mutating func setFlag(_ long: String) {
        flagsGiven.insert(long)
    }

    mutating func append(_ value: String, to name: String) {
        values[name, default: []].append(value)
    }

    func hasValue(for name: String) -> Bool {
        values[name] != nil
    }
}
