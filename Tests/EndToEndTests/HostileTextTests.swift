import Foundation
import Testing
import ThreadAIStore

/// Text that arrives through git or from a model must not drive the reader's terminal, and text that
/// is not UTF-8 must not be stored repaired.
@Suite("CLI: hostile text")
struct HostileTextTests {
    static let hostile = "title \u{1B}]0;pwned\u{07} colour \u{1B}[31mred\u{1B}[0m back\rspace \u{9B}2J flip \u{202E}txt.exe"

    @Test("log, log --oneline, show, context, threads, status and diff show control characters visibly", arguments: [
        ["log"], ["log", "--oneline"], ["show", "HEAD~1"], ["context"], ["threads"], ["status"], ["diff", "main", "other"],
    ])
    func controlCharactersAreNeutralised(_ command: [String]) throws {
        let sandbox = try CLISandbox()
        try sandbox.succeed(["init"])
        try sandbox.succeed(["send", Self.hostile])
        try sandbox.succeed(["checkout", "-b", "other", "HEAD~1"])
        try sandbox.succeed(["send", "plain " + Self.hostile])
        try sandbox.succeed(["checkout", "main"])
        let output = try sandbox.succeed(command).stdoutBytes
        #expect(!output.contains(0x1B), "an ESC byte reached the terminal")
        #expect(!output.contains(0x07) && !output.contains(0x0D))
        let text = String(decoding: output, as: UTF8.self)
        #expect(!text.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
        if command != ["threads"] && command != ["status"] {
            #expect(text.contains("^[]0;pwned^G"), "the escape sequence is shown, not dropped")
        }
    }

    @Test("a reply, streamed or not, shows control characters visibly too (the offline model repeats the message)", arguments: [
        [String](), ["--no-stream"],
    ])
    func replyIsNeutralised(_ options: [String]) throws {
        let sandbox = try CLISandbox()
        try sandbox.succeed(["init"])
        let output = try sandbox.succeed(["send"] + options + [Self.hostile]).stdoutBytes
        #expect(!output.contains(0x1B) && !output.contains(0x07) && !output.contains(0x0D), "a control byte reached the terminal")
        let text = String(decoding: output, as: UTF8.self)
        #expect(!text.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
        #expect(text.contains("^[]0;pwned^G") && text.contains("<U+202E>txt.exe"), "\(text)")
        #expect(try sandbox.succeed(["show", "--raw"]).stdout.contains("\u{1B}]0;pwned"), "the stored reply keeps the exact text")
    }

    @Test("--raw and --json keep the exact bytes")
    func rawAndJSONStayExact() throws {
        let sandbox = try CLISandbox()
        try sandbox.succeed(["init"])
        try sandbox.succeed(["send", Self.hostile])
        let raw = String(decoding: try sandbox.succeed(["show", "--raw", "HEAD~1"]).stdoutBytes, as: UTF8.self)
        #expect(raw.contains(Self.hostile))
        let log = try JSON.array(try sandbox.succeed(["log", "--json"]))
        #expect(log.last?["content"] as? String == Self.hostile)
    }

    @Test("an argument that is not UTF-8 is refused with exit 2, named by its place and its first bad byte")
    func invalidArgumentIsRefused() throws {
        let sandbox = try CLISandbox()
        try sandbox.succeed(["init"])
        let script = "exec \"$0\" send \"$(printf 'bad \\377 byte')\""
        let result = try ExternalProgram.run(
            ["sh", "-c", script, try ThreadAIBinary.path()], in: sandbox.work, environment: sandbox.environment([:]))
        #expect(result.status == 2, "\(result.output)")
        #expect(result.output.contains("argument 2 (counting the command as 1) is not valid UTF-8 (first bad byte at offset 4)"), "\(result.output)")
        #expect(RepositoryFiles.objectIDs(in: sandbox.repository).isEmpty)
    }

    @Test("standard input that is not UTF-8 is refused with exit 2 and nothing stored")
    func invalidStandardInputIsRefused() throws {
        let sandbox = try CLISandbox()
        try sandbox.succeed(["init"])
        let result = try sandbox.run(["send"], stdinBytes: Array("bad ".utf8) + [0xFF] + Array(" byte".utf8))
        #expect(result.status == 2 && !result.signaled)
        #expect(result.stderr.contains("not valid UTF-8") && result.stderr.contains("offset 4"))
        #expect(RepositoryFiles.objectIDs(in: sandbox.repository).isEmpty)
    }
}
