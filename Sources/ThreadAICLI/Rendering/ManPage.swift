import ThreadAI
import ThreadAISupport
/// threadai(1) in roff (`man -l`), generated from the command specs that drive `--help`: every command
/// with its usage, description, arguments, options and examples, then the global options, the
/// environment and the exit statuses (docs/CLI.md, "Manual page").
enum ManPage {
    static func render(commands: [CommandSpec], globalOptions: [ArgumentSpec], version: String) -> String {
        var lines: [String] = [
            #".TH THREADAI 1 "" "threadai \#(version)" "ThreadAI Manual""#,
            ".SH NAME",
            #"threadai \- git for AI conversations: record, fork, diff and search threads of messages"#,
            ".SH SYNOPSIS",
            ".B threadai",
            #"[\fIglobal options\fR] \fIcommand\fR [\fIoptions\fR] [\fIarguments\fR]"#,
            ".br",
            ".B threadai",
            #"\fIcommand\fR \-\-help"#,
            ".SH DESCRIPTION",
            text("threadai keeps conversations with language models as content-addressed messages in a "
                + ".threadai folder beside your code, with threads, forks, tags and a reflog, as git keeps "
                + "commits. Each command below is also described by 'threadai COMMAND --help'."),
            ".SH GLOBAL OPTIONS",
            text("Given before the command, or after it among the command's own options."),
        ]
        for option in globalOptions.filter({ !$0.isPositional }) + [ArgumentSpec.help] {
            lines += item(HelpFormatter.optionLabel(option), option.help)
        }
        lines.append(".SH COMMANDS")
        for spec in commands { lines += command(spec) }
        lines += [
            ".SH ENVIRONMENT",
        ]
        for (name, meaning) in environment { lines += item(name, meaning) }
        lines.append(".SH EXIT STATUS")
        for (status, meaning) in exitStatuses { lines += item(status, meaning) }
        lines += [
            ".SH FILES",
        ] + item(".threadai/", "The repository: objects/, refs/threads/, refs/tags/, HEAD, logs/, cache/ (docs/FORMAT.md).")
        lines += [
            ".SH SEE ALSO",
            #".BR git (1),"#,
            #".BR less (1)"#,
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func command(_ spec: CommandSpec) -> [String] {
        var lines = [".SS " + quoted("threadai " + spec.name), ".B threadai \(escaped(spec.name))"]
        let usage = HelpFormatter.usageWords(spec)
        if !usage.isEmpty { lines.append(escaped(usage.joined(separator: " "))) }
        lines.append(".PP")
        lines.append(text(spec.abstract))
        for paragraph in (spec.discussion ?? "").components(separatedBy: "\n\n") where !paragraph.isEmpty {
            lines.append(".PP")
            let rows: [[String]] = paragraph.split(separator: "\n").map { [text(String($0))] }
            lines += Array(rows.joined(separator: [".br"]))
        }
        for argument in spec.arguments where argument.isPositional {
            lines += item(argument.placeholder, argument.help)
        }
        for option in spec.arguments where !option.isPositional {
            lines += item(HelpFormatter.optionLabel(option), option.help)
        }
        if !spec.examples.isEmpty {
            lines += [".PP", "Examples:"]
            for example in spec.examples {
                if let explanation = example.explanation { lines += [".PP", text(explanation)] }
                lines += [".PP", ".RS 4", ".nf", escaped(example.commandLine), ".fi", ".RE"]
            }
        }
        return lines
    }

    /// A `.TP` entry: the label in bold, its help indented below.
    private static func item(_ label: String, _ help: String) -> [String] {
        [".TP", #"\fB"# + escaped(label) + #"\fR"#, text(help)]
    }

    /// Running text: escaped, and kept from starting a line with a control character.
    private static func text(_ text: String) -> String {
        let body = escaped(text)
        return body.hasPrefix(".") || body.hasPrefix("'") ? #"\&"# + body : body
    }

    /// Backslashes and hyphens as roff wants them (a `-` in an option is a real minus sign, `\-`), and
    /// anything beyond ASCII as `\[uXXXX]`, which groff reads without a preprocessor.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += #"\e"#
            case "-": result += #"\-"#
            case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += #"\[u"# + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return result
    }

    private static func quoted(_ text: String) -> String {
        "\"" + escaped(text).replacingEvery("\"", with: #"\(dq"#) + "\""
    }

    private static let environment: [(String, String)] = [
        ("THREADAI_DIR", "The repository to use when --repo is not given (else the nearest .threadai folder)."),
        ("THREADAI_THREAD", "The thread this terminal's commands use in place of HEAD, which they neither read nor move (--thread wins)."),
        ("THREADAI_PAGER, PAGER", "The pager for log, show, diff, grep and context on a terminal (default: less -FRX); empty or cat for none."),
        ("LESS, LV", "Set to FRX and -c for the pager when unset."),
        ("NO_COLOR, TERM", "Any non-empty NO_COLOR, or TERM=dumb, turns the colours off."),
        ("VISUAL, EDITOR", "The editor for messages written in an editor."),
        (ProviderRegistry.keyVariables.joinedText(separator: ", "), "Provider keys, when not stored with 'threadai keys set'; never written to .threadai."),
        ("THREADAI_KEY_STORE", "Where 'threadai keys' keeps keys (file: a private file in the configuration folder)."),
        ("XDG_CONFIG_HOME, HOME", "Where the user configuration and keys live."),
    ]

    private static let exitStatuses: [(String, String)] = [
        ("0", "Success."),
        ("1", "The command could not do what was asked, or found nothing (grep, as grep does)."),
        ("2", "The command line was wrong."),
        ("3", "The repository holds a corrupt, malformed or missing object or ref."),
        ("4", "Another process changed the thread or holds its lock; nothing was written: try again."),
        ("5", "The provider failed; the message is stored, any partial reply kept."),
        ("130", "Interrupted by Ctrl-C (129 and 143 for SIGHUP and SIGTERM while a reply streamed)."),
    ]
}
