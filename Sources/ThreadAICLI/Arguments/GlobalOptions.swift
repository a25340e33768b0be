/// The global options of one command line, wherever they were given: before the command word
/// (`threadai --repo X log`) or after it among the command's own options (`threadai log --repo X`).
struct GlobalOptions {
    private let before: ParsedArguments
    private let after: ParsedArguments
    /// The global options the command accepted after its word (those whose names it does not use itself).
    private let acceptedAfter: Set<String>

    /// `before` is what `CommandLineSplit` read; `after` is the command's parse, made with `accepted`
    /// (`CommandSpec.acceptedGlobals`).
    /// - Throws: `ArgumentError.repeatedOption` when an option that takes one value is given on both sides
    ///   (`threadai --repo A log --repo B`): which one was meant cannot be guessed.
    init(before: ParsedArguments, after: ParsedArguments, accepted: [ArgumentSpec]) throws(ArgumentError) {
        for spec in accepted where spec.kind == .option && before.hasValue(for: spec.name) && after.hasValue(for: spec.name) {
            throw ArgumentError.repeatedOption(command: after.command, option: spec.longSpelling)
        }
        self.before = before
        self.after = after
        self.acceptedAfter = Set(accepted.map(\.name))
    }

    func flag(_ long: String) -> Bool {
        before.flag(long) || (acceptedAfter.contains(long) && after.flag(long))
    }

    func option(_ long: String) -> String? {
        (acceptedAfter.contains(long) ? after.option(long) : nil) ?? before.option(long)
    }
}
