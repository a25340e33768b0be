import Testing
import ThreadAICLI

struct ErrorCase: CustomTestStringConvertible, Sendable {
    let words: [String]
    let message: String
    var testDescription: String { words.isEmpty ? "(nothing)" : words.joined(separator: " ") }
}

@Suite("Argument parsing: error messages")
struct ArgumentErrorTests {
    static let sendErrors: [ErrorCase] = [
        .init(words: ["--modle", "x", "hi"], message: "unknown option '--modle'; did you mean '--model'?"),
        .init(words: ["--Model=x", "hi"], message: "unknown option '--Model'; did you mean '--model'?"),
        .init(words: ["--no-steam", "hi"], message: "unknown option '--no-steam'; did you mean '--no-stream'?"),
        .init(words: ["--hlep"], message: "unknown option '--hlep'; did you mean '--help'?"),
        .init(words: ["--verbose", "hi"], message: "unknown option '--verbose'."),
        .init(words: ["--x", "hi"], message: "unknown option '--x'."),
        .init(words: ["-x", "hi"], message: "unknown option '-x'."),
        .init(words: ["-nx", "hi"], message: "unknown option '-x'."),
        .init(words: ["-no-stream", "hi"], message: "unknown option '-o'; did you mean '--no-stream'?"),
        .init(words: ["-m"], message: "option '-m' needs a value, as in '-m <model>'."),
        .init(words: ["-5 apples"], message: "'-5 apples' is not an option. Text that starts with '-' goes after '--': 'threadai send -- \"-5 apples\"'."),
        .init(words: ["-not an option"], message: "'-not an option' is not an option. Text that starts with '-' goes after '--': 'threadai send -- \"-not an option\"'."),
        .init(words: ["hi", "--model"], message: "option '--model' needs a value, as in '--model <model>'."),
        .init(words: ["--model", "--no-stream", "hi"], message: "option '--model' needs a value, as in '--model <model>': '--no-stream' starts with '-', so it is read as an option, not as the value."),
        .init(words: ["--model", "--", "hi"], message: "option '--model' needs a value, as in '--model <model>'."),
        .init(words: ["-nm"], message: "option '-m' needs a value, as in '-m <model>'."),
        .init(words: ["-a", "-q", "hi"], message: "option '-a' needs a value, as in '-a <file>': '-q' starts with '-', so it is read as an option, not as the value."),
        .init(words: ["--no-stream=yes", "hi"], message: "'--no-stream' is a flag and takes no value."),
        .init(words: ["--help=x"], message: "'--help' is a flag and takes no value."),
        .init(words: [], message: "missing <message>."),
        .init(words: ["-n", "--", ], message: "missing <message>."),
        .init(words: ["-m", "a", "-m", "b", "hi"], message: "option '--model' was given more than once; give it once."),
        .init(words: ["--model=a", "-mb", "hi"], message: "option '--model' was given more than once; give it once."),
    ]

    @Test("send", arguments: sendErrors)
    func sendMessages(_ example: ErrorCase) {
        expectMessage(
            "threadai send: \(example.message) See 'threadai send --help'.",
            from: { () throws(ArgumentError) in _ = try SampleSpecs.send.parse(example.words) })
    }

    @Test func unexpectedPositional() {
        expectMessage(
            "threadai log: unexpected argument 'extra'. See 'threadai log --help'.",
            from: { () throws(ArgumentError) in _ = try SampleSpecs.log.parse(["main", "extra"]) })
    }

    @Test func unexpectedPositionalWithNoPositionals() {
        let status = CommandSpec(name: "status", abstract: "Show where you are.")
        expectMessage(
            "threadai status: unexpected argument '-'. See 'threadai status --help'.",
            from: { () throws(ArgumentError) in _ = try status.parse(["-"]) })
    }

    @Test("integers", arguments: [
        (["--limit", "ten", "hi"], nil, "'--limit' needs a whole number, not 'ten'."),
        (["--limit", "1.5", "hi"], nil, "'--limit' needs a whole number, not '1.5'."),
        (["--limit=", "hi"], nil, "'--limit' needs a whole number, not ''."),
        (["--limit", "99999999999999999999", "hi"], nil, "'--limit' needs a whole number, not '99999999999999999999'."),
        (["--limit", "0", "hi"], 1...100, "'--limit' needs a whole number from 1 to 100, not '0'."),
        (["--limit", "101", "hi"], 1...100, "'--limit' needs a whole number from 1 to 100, not '101'."),
    ] as [([String], ClosedRange<Int>?, String)])
    func integerMessages(_ words: [String], _ range: ClosedRange<Int>?, _ message: String) throws {
        let parsed = try SampleSpecs.send.parse(words)
        expectMessage(
            "threadai send: \(message) See 'threadai send --help'.",
            from: { () throws(ArgumentError) in _ = try parsed.int("limit", in: range) })
    }

    @Test func positionalIntegerNamesThePlaceholderAndTheSubcommand() throws {
        let parsed = try SampleSpecs.trim.parse(["many"])
        expectMessage(
            "threadai thread trim: '<count>' needs a whole number, not 'many'. See 'threadai thread trim --help'.",
            from: { () throws(ArgumentError) in _ = try parsed.int("count") })
    }

    @Test func errorsAreTyped() {
        #expect(throws: ArgumentError.unknownOption(command: "send", option: "--modle", suggestion: "--model")) {
            try SampleSpecs.send.parse(["--modle", "x"])
        }
        #expect(throws: ArgumentError.missingPositional(command: "send", valueName: "message")) {
            try SampleSpecs.send.parse([])
        }
    }
}

/// Expects `body` to throw an `ArgumentError` whose description is exactly `message`.
func expectMessage(
    _ message: String, from body: () throws(ArgumentError) -> Void, sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        try body()
        Issue.record("expected an error: \(message)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.description == message, sourceLocation: sourceLocation)
    }
}
