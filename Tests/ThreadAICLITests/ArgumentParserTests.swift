import Testing
import ThreadAICLI

struct ParseCase: CustomTestStringConvertible, Sendable {
    let words: [String]
    let expected: String
    var testDescription: String { words.isEmpty ? "(nothing)" : words.joined(separator: " ") }
}

/// Everything `send`'s spec can hold, read through the public accessors, as one comparable line.
func summary(of parsed: ParsedArguments) -> String {
    var parts: [String] = []
    for flag in ["help", "no-stream", "quiet", "include-system-prompt-from-configuration"] where parsed.flag(flag) {
        parts.append(flag)
    }
    if let model = parsed.option("model") { parts.append("model=\(model)") }
    if let limit = parsed.option("limit") { parts.append("limit=\(limit)") }
    let attached = parsed.options("attach")
    if !attached.isEmpty { parts.append("attach=\(attached)") }
    if let message = parsed.positional("message") { parts.append("message=\(message)") }
    let notes = parsed.positionals("notes")
    if !notes.isEmpty { parts.append("notes=\(notes)") }
    return parts.joined(separator: " ")
}

@Suite("Argument parsing: accepted forms")
struct ArgumentParserTests {
    static let accepted: [ParseCase] = [
        .init(words: ["hi"], expected: "message=hi"),
        .init(words: ["-n", "hi"], expected: "no-stream message=hi"),
        .init(words: ["--no-stream", "hi"], expected: "no-stream message=hi"),
        .init(words: ["-n", "-n", "hi"], expected: "no-stream message=hi"),
        .init(words: ["-nq", "hi"], expected: "no-stream quiet message=hi"),
        .init(words: ["-m", "gpt", "hi"], expected: "model=gpt message=hi"),
        .init(words: ["-mgpt", "hi"], expected: "model=gpt message=hi"),
        .init(words: ["--model", "gpt", "hi"], expected: "model=gpt message=hi"),
        .init(words: ["--model=gpt", "hi"], expected: "model=gpt message=hi"),
        .init(words: ["--model=a=b", "hi"], expected: "model=a=b message=hi"),
        .init(words: ["--model=", "hi"], expected: "model= message=hi"),
        .init(words: ["--model=-x", "hi"], expected: "model=-x message=hi"),
        .init(words: ["-m", "-", "hi"], expected: "model=- message=hi"),
        .init(words: ["-nm", "gpt", "hi"], expected: "no-stream model=gpt message=hi"),
        .init(words: ["-nmgpt", "hi"], expected: "no-stream model=gpt message=hi"),
        .init(words: ["--limit", "-5", "hi"], expected: "limit=-5 message=hi"),
        .init(words: ["-a", "x", "--attach", "y", "-az", "--attach=w", "hi"], expected: "attach=[\"x\", \"y\", \"z\", \"w\"] message=hi"),
        .init(words: ["hi", "-n"], expected: "no-stream message=hi"),
        .init(words: ["hi", "a", "b"], expected: "message=hi notes=[\"a\", \"b\"]"),
        .init(words: ["-"], expected: "message=-"),
        .init(words: ["--", "-n"], expected: "message=-n"),
        .init(words: ["hi", "--", "--model", "-", "--"], expected: "message=hi notes=[\"--model\", \"-\", \"--\"]"),
        .init(words: ["--include-system-prompt-from-configuration", "hi"], expected: "include-system-prompt-from-configuration message=hi"),
        .init(words: ["--help"], expected: "help"),
        .init(words: ["-h"], expected: "help"),
        .init(words: ["hi", "--modle", "x", "--help"], expected: "help"),
        .init(words: ["-m", "--help"], expected: "help"),
        .init(words: ["-nh"], expected: "help no-stream"),
    ]

    @Test("parses", arguments: accepted)
    func parses(_ example: ParseCase) throws {
        let parsed = try SampleSpecs.send.parse(example.words)
        #expect(summary(of: parsed) == example.expected)
        #expect(parsed.command == "send")
    }

    @Test func helpAfterDoubleDashIsAPositional() throws {
        let parsed = try SampleSpecs.send.parse(["--", "--help"])
        #expect(!parsed.wantsHelp)
        #expect(parsed.positional("message") == "--help")
    }

    @Test func optionalPositional() throws {
        #expect(try SampleSpecs.log.parse([]).positional("revision") == nil)
        #expect(try SampleSpecs.log.parse(["main~2"]).positional("revision") == "main~2")
        #expect(try SampleSpecs.log.parse(["-c", "3"]).int("max-count") == 3)
    }

    @Test func absentValuesReadAsEmpty() throws {
        let parsed = try SampleSpecs.send.parse(["hi"])
        #expect(parsed.option("model") == nil)
        #expect(parsed.options("attach") == [])
        #expect(parsed.positionals("notes") == [])
        #expect(parsed.flag("no-such-flag") == false)
        #expect(try parsed.int("limit") == nil)
        #expect(!parsed.wantsHelp)
    }

    @Test("reads whole numbers", arguments: [("42", 42), ("-5", -5), ("+7", 7), ("0", 0)])
    func integers(_ text: String, _ value: Int) throws {
        let parsed = try SampleSpecs.send.parse(["--limit", text, "hi"])
        #expect(try parsed.int("limit") == value)
    }

    @Test func integerWithinRange() throws {
        let parsed = try SampleSpecs.send.parse(["--limit=100", "hi"])
        #expect(try parsed.int("limit", in: 1...100) == 100)
    }

    @Test func positionalInteger() throws {
        #expect(try SampleSpecs.trim.parse(["3"]).int("count", in: 1...10) == 3)
    }
}
