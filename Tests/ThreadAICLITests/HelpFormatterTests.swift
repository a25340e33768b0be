import Testing
@testable import ThreadAICLI

@Suite("Help output")
struct HelpFormatterTests {
    @Test func commandHelpSnapshot() {
        let expected = """
            OVERVIEW: Send a message on the current thread and stream the reply.

            The message is stored first, then the model's reply is stored as its child, so a
            reply that fails halfway leaves the thread at your message and you can send
            again.

            The model comes from, in order:
              - the --model option,
              - the thread's configuration, which 'threadai config' shows and changes for
                every thread in this repository,
              - the offline model.

            USAGE: threadai send [--no-stream] [--quiet] [--model <model>] [--limit <count>]
                                 [--attach <file> ...]
                                 [--include-system-prompt-from-configuration] <message>
                                 [<note> ...]

            ARGUMENTS:
              <message>                The message; '-' reads it from standard input.
              <note>                   More lines appended to the message.

            OPTIONS:
              -n, --no-stream          Print the reply when it is complete instead of
                                       streaming it.
              -q, --quiet              Print nothing but the reply.
              -m, --model <model>      The model to answer, such as 'offline'.
              --limit <count>          Send at most this many earlier messages as context.
              -a, --attach <file> ...  A file whose text is added to the message; give it
                                       once for each file.
              --include-system-prompt-from-configuration
              -h, --help               Show help information.

            EXAMPLES:
              Ask on the current thread:
                threadai send "Why is the sky blue?"

                git diff | threadai send -m offline --no-stream -
            """
        #expect(HelpFormatter.render(SampleSpecs.send, programName: "threadai") == expected)
    }

    @Test func shortCommandHelpSnapshot() {
        let expected = """
            OVERVIEW: Show the messages of a thread, newest first.

            USAGE: threadai log [--max-count <n>] [<revision>]

            ARGUMENTS:
              <revision>           Where to start; the current thread when omitted.

            OPTIONS:
              -c, --max-count <n>  Show at most n messages.
              -h, --help           Show help information.
            """
        #expect(HelpFormatter.render(SampleSpecs.log, programName: "threadai") == expected)
    }

    @Test func helpWithoutArgumentsHasNoArgumentsSection() {
        let status = CommandSpec(name: "status", abstract: "Show where you are.")
        let expected = """
            OVERVIEW: Show where you are.

            USAGE: threadai status

            OPTIONS:
              -h, --help  Show help information.
            """
        #expect(HelpFormatter.render(status, programName: "threadai") == expected)
    }

    @Test func overviewSnapshot() {
        let commands = [("send", SampleSpecs.send.abstract), ("log", SampleSpecs.log.abstract)]
        let expected = """
            OVERVIEW: Git for AI conversations.

            USAGE: threadai [<global options>] <command> [<arguments>]

            COMMANDS:
              send              Send a message on the current thread and stream the reply.
              log               Show the messages of a thread, newest first.

            GLOBAL OPTIONS:
              -C, --repo <dir>  Use the .threadai folder in dir.
              --no-color        Print without colors.
              --version         Print the version and exit.
              -h, --help        Show help information.

            See 'threadai <command> --help' for a command's arguments and options.
            """
        let text = HelpFormatter.renderOverview(
            commands: commands, globalOptions: SampleSpecs.globals, abstract: "Git for AI conversations.")
        #expect(text == expected)
    }

    @Test func wordLongerThanALineStandsAloneUnbroken() {
        let url = "https://example.invalid/" + String(repeating: "x", count: 70)
        let spec = CommandSpec(name: "open", abstract: "Open \(url) in a browser.")
        let lines = HelpFormatter.render(spec, programName: "threadai").split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == ["OVERVIEW: Open", "          \(url)", "          in a browser."])
    }

    @Test("every line fits 80 columns and has no trailing space", arguments: [
        HelpFormatter.render(SampleSpecs.send, programName: "threadai"),
        HelpFormatter.render(SampleSpecs.log, programName: "threadai"),
        HelpFormatter.renderOverview(commands: [], globalOptions: SampleSpecs.globals),
    ])
    func layout(_ text: String) {
        for line in text.split(separator: "\n") {
            #expect(line.count <= HelpFormatter.width || !line.dropFirst(2).contains(" "), "\(line)")
            #expect(line.last != " ", "\(line)")
        }
    }
}

@Suite("The command table")
struct CommandTableTests {
    @Test("each command is listed once, under its spec's name")
    func namesAreTheSpecsNames() {
        let table = ThreadAICLI.commands
        for command in table {
            #expect(command.spec.name == command.name)
        }
        #expect(Set(table.map { $0.name }).count == table.count)
    }

    @Test("the commands that print long text are paged, and those that write threads say so")
    func traits() {
        let paged = ThreadAICLI.commands.filter { $0.traits.contains(.paged) }.map { $0.name }
        #expect(Set(paged) == ["log", "show", "diff", "grep", "context", "blame"])
        let writing = ThreadAICLI.commands.filter { $0.traits.contains(.writesThreads) }.map { $0.name }
        #expect(Set(writing) == ["send", "retry", "checkout", "threads", "import", "chat", "edit", "regenerate", "continue", "merge", "tag", "capture"])
    }
}
