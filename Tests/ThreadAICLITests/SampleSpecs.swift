import ThreadAICLI

/// Specs shaped like the real commands, so the tests exercise every kind of argument.
enum SampleSpecs {
    static let send = CommandSpec(
        name: "send",
        abstract: "Send a message on the current thread and stream the reply.",
        discussion: """
            The message is stored first, then the model's reply is stored as its child, so a reply that \
            fails halfway leaves the thread at your message and you can send again.

            The model comes from, in order:
              - the --model option,
              - the thread's configuration, which 'threadai config' shows and changes for every thread \
            in this repository,
              - the offline model.
            """,
        arguments: [
            .flag("no-stream", short: "n", help: "Print the reply when it is complete instead of streaming it."),
            .flag("quiet", short: "q", help: "Print nothing but the reply."),
            .option("model", short: "m", valueName: "model", help: "The model to answer, such as 'offline'."),
            .option("limit", valueName: "count", help: "Send at most this many earlier messages as context."),
            .repeatableOption(
                "attach", short: "a", valueName: "file",
                help: "A file whose text is added to the message; give it once for each file."),
            .flag("include-system-prompt-from-configuration", help: ""),
            .positional("message", help: "The message; '-' reads it from standard input."),
            .positional("notes", valueName: "note", arity: .rest, help: "More lines appended to the message."),
        ],
        examples: [
            .init("threadai send \"Why is the sky blue?\"", explanation: "Ask on the current thread:"),
            .init("git diff | threadai send -m offline --no-stream -"),
        ])

    static let log = CommandSpec(
        name: "log",
        abstract: "Show the messages of a thread, newest first.",
        arguments: [
            .option("max-count", short: "c", valueName: "n", help: "Show at most n messages."),
            .positional("revision", arity: .optional, help: "Where to start; the current thread when omitted."),
        ])

    static let trim = CommandSpec(
        name: "thread trim",
        abstract: "Drop the newest messages from a thread.",
        arguments: [.positional("count", help: "How many to drop.")])

    static let globals: [ArgumentSpec] = [
        .option("repo", short: "C", valueName: "dir", help: "Use the .threadai folder in dir."),
        .flag("no-color", help: "Print without colors."),
        .flag("version", help: "Print the version and exit."),
    ]
}
