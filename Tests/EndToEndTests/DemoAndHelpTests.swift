import Foundation
import Testing

@Suite("CLI: demo, help and usage errors")
struct DemoAndHelpTests {
    static let commands = ["init", "send", "log", "show", "checkout", "threads", "diff", "status", "context", "fsck", "demo"]

    @Test("demo runs the tour: exit 0, the graph and a diff, and leaves a valid repository")
    func demo() throws {
        let sandbox = try CLISandbox()
        let result = try sandbox.run(["demo", "tour"])
        #expect(result.status == 0 && !result.signaled, "\(result)")
        let text = result.stdout
        for expected in ["$ threadai log --graph --all", "(HEAD -> shorter)", "fork: shorter", "$ threadai diff main shorter",
                         "Shared history:", "[-", "{+"] {
            #expect(text.contains(expected), "missing \(expected)")
        }
        let fsck = try sandbox.run(["--repo", "tour", "fsck"])
        #expect(fsck.status == 0, "\(fsck)")
    }

    @Test("demo refuses a folder that already holds threads")
    func demoRefusesUsedFolder() throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        let result = try sandbox.run(["demo", "."])
        #expect(result.status != 0 && !result.signaled)
        #expect(result.stderr.contains("already holds"))
    }

    @Test("an unknown command exits 2 and suggests the closest one", arguments: [
        ("lgo", "log"), ("stauts", "status"), ("thread", "threads"), ("chekout", "checkout"),
    ])
    func unknownCommand(typed: String, suggestion: String) throws {
        let sandbox = try CLISandbox()
        let result = try sandbox.run([typed])
        #expect(result.status == 2 && !result.signaled)
        #expect(result.stderr.contains("'\(typed)' is not a threadai command"))
        #expect(result.stderr.contains("Did you mean '\(suggestion)'?"), "\(result.stderr)")
    }

    @Test("a word a git user reaches for names the threadai command that does it", arguments: [
        ("fork", "checkout -b NAME [AT]"), ("branch", "'threadai threads' lists them"), ("switch", "'threadai checkout NAME'"),
        ("commit", "'threadai send TEXT'"),
    ])
    func gitWord(typed: String, hint: String) throws {
        let result = try CLISandbox().run([typed])
        #expect(result.status == 2 && !result.signaled)
        #expect(result.stderr.contains("'\(typed)' is not a threadai command. ") && result.stderr.contains(hint), "\(result.stderr)")
        #expect(!result.stderr.contains("Did you mean"), "\(result.stderr)")
    }

    @Test("--help of every command exits 0 and shows its usage", arguments: commands)
    func commandHelp(_ command: String) throws {
        let sandbox = try CLISandbox()
        for arguments in [[command, "--help"], [command, "-h"], ["help", command]] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("USAGE: threadai \(command)"), "\(arguments)")
            #expect(result.stderr.isEmpty)
        }
    }

    @Test("threadai --help lists every command; --version prints the version")
    func overview() throws {
        let sandbox = try CLISandbox()
        let help = try sandbox.succeed(["--help"]).stdout
        for command in Self.commands { #expect(help.contains(command)) }
        #expect(try sandbox.succeed(["--version"]).stdout.hasPrefix("threadai "))
    }

    @Test("an unknown option exits 2 with a suggestion")
    func unknownOption() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.run(["log", "--onelin"])
        #expect(result.status == 2 && !result.signaled)
        #expect(result.stderr.contains("--oneline"))
    }

    @Test("a newcomer's slips get the status and the way forward", arguments: [
        (["help", "--help"], 0, "COMMANDS:", nil),
        (["send", "-5 apples"], 2, "", "Text that starts with '-' goes after '--': 'threadai send -- \"-5 apples\"'"),
        (["import", "chatgtp", "README.md"], 2, "", "'chatgtp' is not a format this version imports: give one of chatgpt,"),
        (["show", "main..main~1"], 2, "", "show takes one message: 'threadai log main..main~1'"),
        (["checkout", "main"], 0, "", "Already on 'main'"),
        (["init", "-q"], 0, "", ""),
        (["send", "--no-context", "aside"], 0, nil, "sending without history on a new thread 'oneoff/"),
        (["send", "-s", "  ", "hi"], 0, "System prompt: none.", nil),
        (["context", "main..main"], 2, "", "'main..main' is a range, and context takes one message"),
        (["checkout", "-b", "-x"], 2, "", "'-x' starts with '-', so it is read as an option, not as the value"),
        (["local", "main"], 0, "Thread 'main' is local: kept out of git.", nil),
        (["log", "mian"], 1, "", "'mian' names no thread, tag or message. 'threadai threads' lists threads, 'threadai tag -l' tags; "
            + "'threadai log' shows message ids (give at least 4 hex digits).\nDid you mean 'main'?\n"),
    ] as [([String], Int32, String?, String?)])
    func slips(_ arguments: [String], status: Int32, stdout: String?, stderr: String?) throws {
        let sandbox = try CLISandbox.initialized(sending: "hello", "again")
        try Data("# notes\n".utf8).write(to: URL(fileURLWithPath: sandbox.work + "/README.md"))
        let result = try sandbox.run(arguments)
        #expect(result.status == status && !result.signaled, "\(result)")
        // "" means nothing at all is printed there; any other text must be part of what is.
        if let stdout { #expect(stdout.isEmpty ? result.stdout.isEmpty : result.stdout.contains(stdout), "\(result)") }
        if let stderr { #expect(stderr.isEmpty ? result.stderr.isEmpty : result.stderr.contains(stderr), "\(result)") }
    }

    @Test("status detached at a question does not call it unanswered, and names the fork that retry needs")
    func detachedAtAQuestion() throws {
        let sandbox = try CLISandbox.initialized(sending: "hello", "again")
        try sandbox.succeed(["checkout", "HEAD~1"])
        let status = try sandbox.succeed(["status"]).stdout
        #expect(!status.contains("no reply yet") && status.contains("'threadai checkout -b NAME' then 'threadai retry'"), "\(status)")
    }

    @Test("a thread's name typed in another Unicode form names it; a near miss gets a suggestion")
    func unicodeFormsOfANameAgree() throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        try sandbox.succeed(["checkout", "-b", composed])
        try sandbox.succeed(["checkout", "main"])
        #expect(try sandbox.succeed(["log", "--oneline", decomposed]).stdout == sandbox.succeed(["log", "--oneline", composed]).stdout)
        try sandbox.succeed(["checkout", decomposed])
        #expect(try sandbox.succeed(["status"]).stdout.contains("On thread \(composed)"))
        let near = try sandbox.run(["show", "cafes"])
        #expect(near.status == 1 && near.stderr.hasSuffix("Did you mean '\(composed)'?\n"), "\(near)")
    }
}

