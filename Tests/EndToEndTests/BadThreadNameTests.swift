import Foundation
import Testing

@Suite("CLI: bad thread names change nothing")
struct BadThreadNameTests {
    struct BadName: CustomTestStringConvertible, Sendable {
        let name: String
        let why: String
        var testDescription: String { "\(why): \(name.debugDescription)" }
    }

    static let names: [BadName] = [
        .init(name: "", why: "empty"),
        .init(name: "two words", why: "space"),
        .init(name: "tab\there", why: "tab"),
        .init(name: "line\nbreak", why: "newline"),
        .init(name: "fix:x", why: "colon"),
        .init(name: "main~1", why: "tilde"),
        .init(name: "what?", why: "question mark"),
        .init(name: "a*b", why: "star"),
        .init(name: "back\\slash", why: "backslash"),
        .init(name: "me@home", why: "at sign"),
        .init(name: "\u{1B}[31mred", why: "escape sequence"),
        .init(name: "/lead", why: "leading slash"),
        .init(name: "trail/", why: "trailing slash"),
        .init(name: "a//b", why: "double slash"),
        .init(name: "..", why: "dot-dot"),
        .init(name: "a/../b", why: "dot-dot component"),
        .init(name: ".hidden", why: "leading dot"),
        .init(name: "dot.", why: "trailing dot"),
        .init(name: "x.lock", why: ".lock ending"),
        .init(name: "CON", why: "Windows device"),
        .init(name: "nul.txt", why: "Windows device with extension"),
        .init(name: "HEAD", why: "HEAD"),
        .init(name: "head", why: "HEAD in lower case"),
        .init(name: "cafe", why: "all hex digits"),
        .init(name: "-x", why: "leading dash"),
        .init(name: "+x", why: "leading plus"),
        .init(name: String(repeating: "n", count: 201), why: "201 bytes"),
        .init(name: "main", why: "an existing thread"),
        .init(name: "MAIN", why: "an existing thread in another case"),
        .init(name: "main/sub", why: "under an existing thread"),
        .init(name: "side", why: "an existing fork"),
    ]

    @Test("checkout -b refuses the name with a clear message and leaves .threadai byte for byte unchanged", arguments: names)
    func refused(_ bad: BadName) throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        try sandbox.succeed(["checkout", "-b", "side"])
        try sandbox.succeed(["checkout", "main"])
        let before = try DirectorySnapshot(sandbox.repository)

        let result = try sandbox.run(["checkout", "-b", bad.name, "main"])
        #expect(!result.signaled)
        #expect(result.status == 1 || result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("threadai: ") || result.stderr.hasPrefix("threadai checkout: "), "\(result)")
        #expect(result.stderr.count < 600, "a clear message, not a dump")
        #expect(result.stdout.isEmpty)
        let after = try DirectorySnapshot(sandbox.repository)
        #expect(after == before, "changed: \(after.differences(from: before))")
    }
}

@Suite("CLI: names freed by delete and rename")
struct FreedThreadNameTests {
    struct Freeing: CustomTestStringConvertible, Sendable {
        let how: String
        let commands: [[String]]
        let newName: String
        var testDescription: String { "\(how), then checkout -b \(newName)" }
    }

    static let cases: [Freeing] = [
        .init(how: "delete notes", commands: [["checkout", "-b", "notes"], ["checkout", "main"], ["threads", "delete", "notes"]],
              newName: "notes/draft"),
        .init(how: "rename notes to old", commands: [["checkout", "-b", "notes"], ["threads", "rename", "notes", "old"]],
              newName: "notes/draft"),
        .init(how: "delete notes/draft", commands: [["checkout", "-b", "notes/draft"], ["checkout", "main"],
                                                    ["threads", "delete", "notes/draft"]], newName: "notes"),
    ]

    @Test("a thread can be created where an old one's name or folder was", arguments: cases)
    func reuse(_ freeing: Freeing) throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        for command in freeing.commands { try sandbox.succeed(command) }
        let result = try sandbox.run(["checkout", "-b", freeing.newName])
        #expect(!result.signaled)
        #expect(result.status == 0, "\(result)")
        #expect(try sandbox.run(["fsck"]).status == 0)
    }
}
