/// Renders the help a user sees for `threadai COMMAND --help` and for `threadai --help`, wrapped to 80 columns.
public enum HelpFormatter {
    /// The width help is wrapped to.
    public static let width = 80
    /// Labels longer than this put their help text on the next line.
    static let widestLabelOnSameLine = 26

    /// The help for one command: overview, discussion, usage, ARGUMENTS, OPTIONS (with `-h, --help`) and
    /// EXAMPLES, separated by blank lines, without a final newline.
    public static func render(_ spec: CommandSpec, programName: String) -> String {
        var sections = [overviewLines(spec.abstract)]
        if let discussion = spec.discussion {
            sections.append(TextWrapping.wrapParagraphs(discussion, width: width))
        }
        sections.append(usageLines(for: spec, invocation: "\(programName) \(spec.name)"))
        let arguments = spec.arguments.filter(\.isPositional).map { ($0.placeholder, $0.help) }
        let options = spec.argumentsWithHelp.filter { !$0.isPositional }.map { (optionLabel($0), $0.help) }
        let table = ColumnTable(rows: arguments + options)
        if !arguments.isEmpty {
            sections.append(["ARGUMENTS:"] + table.lines(for: arguments))
        }
        sections.append(["OPTIONS:"] + table.lines(for: options))
        if !spec.examples.isEmpty {
            sections.append(["EXAMPLES:"] + exampleLines(spec.examples))
        }
        return joined(sections)
    }

    /// The help for the program itself: usage, COMMANDS with their abstracts, GLOBAL OPTIONS (with
    /// `-h, --help`) and a pointer to each command's help, without a final newline.
    public static func renderOverview(
        commands: [(name: String, abstract: String)], globalOptions: [ArgumentSpec],
        programName: String = ArgumentError.programName, abstract: String? = nil
    ) -> String {
        var sections: [[String]] = []
        if let abstract {
            sections.append(overviewLines(abstract))
        }
        sections.append(["USAGE: \(programName) [<global options>] <command> [<arguments>]"])
        let commandRows = commands.map { ($0.name, $0.abstract) }
        let optionRows = (globalOptions.filter { !$0.isPositional } + [ArgumentSpec.help]).map {
            (optionLabel($0), $0.help)
        }
        let table = ColumnTable(rows: commandRows + optionRows)
        if !commandRows.isEmpty {
            sections.append(["COMMANDS:"] + table.lines(for: commandRows))
        }
        sections.append(["GLOBAL OPTIONS:"] + table.lines(for: optionRows))
        sections.append(TextWrapping.wrapParagraphs(
            "See '\(programName) <command> --help' for a command's arguments and options.", width: width))
        return joined(sections)
    }

    private static func joined(_ sections: [[String]]) -> String {
        sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    private static func overviewLines(_ abstract: String) -> [String] {
        let prefix = "OVERVIEW: "
        return TextWrapping.wrap(
            TextWrapping.words(abstract), firstPrefix: prefix,
            restPrefix: String(repeating: " ", count: prefix.count), width: width)
    }

    private static func usageLines(for spec: CommandSpec, invocation: String) -> [String] {
        let prefix = "USAGE: \(invocation) "
        let continuation = String(repeating: " ", count: prefix.count <= width / 2 ? prefix.count : 8)
        return TextWrapping.wrap(usageWords(spec), firstPrefix: prefix, restPrefix: continuation, width: width)
    }

    /// The words of a usage line after the command: `[--oneline]`, `[--max-count <N>]`, `[<REV>]`.
    static func usageWords(_ spec: CommandSpec) -> [String] {
        let options = spec.arguments.filter { !$0.isPositional }.map { "[\(optionUsage($0))]" }
        let positionals = spec.arguments.compactMap { argument -> String? in
            guard case .positional(let arity) = argument.kind else { return nil }
            switch arity {
            case .required: return argument.placeholder
            case .optional: return "[\(argument.placeholder)]"
            case .rest: return "[\(argument.placeholder) ...]"
            }
        }
        return options + positionals
    }

    /// `--model <model>`, `--attach <file> ...` or `--no-stream`, as the usage line shows it.
    private static func optionUsage(_ spec: ArgumentSpec) -> String {
        switch spec.kind {
        case .flag, .positional: spec.longSpelling
        case .option: "\(spec.longSpelling) \(spec.placeholder)"
        case .repeatableOption: "\(spec.longSpelling) \(spec.placeholder) ..."
        }
    }

    /// `-m, --model <model>`: the usage form with the short name first when there is one.
    static func optionLabel(_ spec: ArgumentSpec) -> String {
        spec.short.map { "-\($0), " + optionUsage(spec) } ?? optionUsage(spec)
    }

    private static func exampleLines(_ examples: [CommandSpec.Example]) -> [String] {
        let blocks = examples.map { example -> [String] in
            let explanation = example.explanation.map {
                TextWrapping.wrap(TextWrapping.words($0), firstPrefix: "  ", restPrefix: "  ", width: width)
            }
            // Command lines are never wrapped, so they can be copied as they are.
            return (explanation ?? []) + ["    " + example.commandLine]
        }
        return Array(blocks.joined(separator: [""]))
    }
}

/// Two aligned columns, a label and its wrapped help, sharing one help column across sections.
struct ColumnTable {
    let helpColumn: Int

    init(rows: [(label: String, help: String)]) {
        let widest = rows.map(\.label.count).filter { $0 <= HelpFormatter.widestLabelOnSameLine }.max() ?? 0
        helpColumn = 2 + widest + 2
    }

    func lines(for rows: [(label: String, help: String)]) -> [String] {
        rows.flatMap { row -> [String] in
            let label = "  " + row.label
            let helpIndent = String(repeating: " ", count: helpColumn)
            let words = TextWrapping.words(row.help)
            let helpWidth = HelpFormatter.width
            guard label.count + 2 <= helpColumn else {
                return [label] + (words.isEmpty ? [] : TextWrapping.wrap(
                    words, firstPrefix: helpIndent, restPrefix: helpIndent, width: helpWidth))
            }
            let padded = label + String(repeating: " ", count: helpColumn - label.count)
            return TextWrapping.wrap(words, firstPrefix: padded, restPrefix: helpIndent, width: helpWidth)
        }
    }
}
