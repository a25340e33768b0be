import Testing
import ThreadAICLI

struct SplitCase: CustomTestStringConvertible, Sendable {
    let words: [String]
    let repo: String?
    let flags: [String]
    let command: String?
    let arguments: [String]
    var testDescription: String { words.isEmpty ? "(nothing)" : words.joined(separator: " ") }
}

@Suite("Splitting global options from the command")
struct CommandLineSplitTests {
    static let cases: [SplitCase] = [
        .init(words: [], repo: nil, flags: [], command: nil, arguments: []),
        .init(words: ["send", "hi"], repo: nil, flags: [], command: "send", arguments: ["hi"]),
        .init(words: ["--repo", "d", "send", "-m", "x", "hi"], repo: "d", flags: [], command: "send", arguments: ["-m", "x", "hi"]),
        .init(words: ["--repo=d", "log"], repo: "d", flags: [], command: "log", arguments: []),
        .init(words: ["-C", "d", "log"], repo: "d", flags: [], command: "log", arguments: []),
        .init(words: ["-Cd", "log"], repo: "d", flags: [], command: "log", arguments: []),
        .init(words: ["--no-color", "send", "--repo", "x"], repo: nil, flags: ["no-color"], command: "send", arguments: ["--repo", "x"]),
        .init(words: ["--version"], repo: nil, flags: ["version"], command: nil, arguments: []),
        .init(words: ["--help"], repo: nil, flags: ["help"], command: nil, arguments: []),
        .init(words: ["-h", "send"], repo: nil, flags: ["help"], command: "send", arguments: []),
        .init(words: ["send", "--help"], repo: nil, flags: [], command: "send", arguments: ["--help"]),
        .init(words: ["--", "-odd", "x"], repo: nil, flags: [], command: "-odd", arguments: ["x"]),
        .init(words: ["--"], repo: nil, flags: [], command: nil, arguments: []),
        .init(words: ["-", "x"], repo: nil, flags: [], command: "-", arguments: ["x"]),
    ]

    @Test("splits", arguments: cases)
    func splits(_ example: SplitCase) throws {
        let split = try CommandLineSplit(example.words, globalOptions: SampleSpecs.globals)
        #expect(split.globals.option("repo") == example.repo)
        #expect(["no-color", "version", "help"].filter { split.globals.flag($0) } == example.flags)
        #expect(split.command == example.command)
        #expect(split.arguments == example.arguments)
    }

    @Test("global errors name the program", arguments: [
        (["--repo"], "threadai: option '--repo' needs a value, as in '--repo <dir>'. See 'threadai --help'."),
        (["--no-colour", "log"], "threadai: unknown option '--no-colour'; did you mean '--no-color'? See 'threadai --help'."),
        (["-x", "log"], "threadai: unknown option '-x'. See 'threadai --help'."),
        (["--repo=a", "--repo=b", "log"], "threadai: option '--repo' was given more than once; give it once. See 'threadai --help'."),
        (["--version=2"], "threadai: '--version' is a flag and takes no value. See 'threadai --help'."),
    ])
    func errors(_ words: [String], _ message: String) {
        expectMessage(message, from: { () throws(ArgumentError) in
            _ = try CommandLineSplit(words, globalOptions: SampleSpecs.globals)
        })
    }

    @Test func globalSetIsAParameter() throws {
        let split = try CommandLineSplit(["--offline", "send"], globalOptions: [.flag("offline", help: "")])
        #expect(split.globals.flag("offline"))
        #expect(throws: ArgumentError.self) { try CommandLineSplit(["--offline"], globalOptions: SampleSpecs.globals) }
    }
}
