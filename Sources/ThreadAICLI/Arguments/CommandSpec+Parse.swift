extension CommandSpec {
    /// Parses the words after the command's name.
    ///
    /// Accepts `-n`, `--no-stream`, `-abc` (short flags together, the last may be an option taking the rest
    /// or the next word), `-m VALUE`, `-mVALUE`, `--model VALUE`, `--model=VALUE`; `--` ends options and a
    /// lone `-` is a positional. When `-h` or `--help` appears before `--`, parsing succeeds with only
    /// `wantsHelp` set, whatever else is wrong, so a user can always reach the help.
    /// - Throws: `ArgumentError` for the first word that does not fit, or a missing required positional.
    /// `globals` are options accepted anywhere among the command's own (the program's global options, which
    /// may follow the command word); one whose long or short name the command uses itself is left out, so
    /// the command's own meaning wins.
    /// - Returns: the values, read through `ParsedArguments`'s accessors by the spec's names.
    public func parse(_ words: [String], globals: [ArgumentSpec] = []) throws(ArgumentError) -> ParsedArguments {
        var scanner = ArgumentScanner(command: name, specs: argumentsWithHelp + acceptedGlobals(globals))
        if asksForHelp(words) {
            var helpOnly = ParsedArguments(command: name, specs: argumentsWithHelp)
            helpOnly.setFlag(ArgumentSpec.help.name)
            return helpOnly
        }
        _ = try scanner.scan(words, stoppingAtPositional: false)
        try scanner.checkRequiredPositionals()
        return scanner.parsed
    }

    /// The options of `globals` whose names do not clash with the command's own.
    func acceptedGlobals(_ globals: [ArgumentSpec]) -> [ArgumentSpec] {
        let own = argumentsWithHelp
        return globals.filter { global in
            !global.isPositional && !own.contains { $0.name == global.name || ($0.short != nil && $0.short == global.short) }
        }
    }

    private func asksForHelp(_ words: [String]) -> Bool {
        words.prefix { $0 != "--" }.contains { $0 == "-h" || $0 == "--help" }
    }
}
