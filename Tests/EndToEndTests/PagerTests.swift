import Foundation
import Testing
import ThreadAITestSupport

/// The pager (docs/CLI.md, "Pager"), driven in a real terminal: a recording pager script shows whether
/// and how it ran, and the real `less` is quit early by a key, as a user would.
@Suite("CLI: pager", .slow)
struct PagerTests {
    /// A sandbox with one exchange, and pager scripts that record `$LESS` and their input under `marks`.
    private struct Paging {
        let sandbox: CLISandbox
        let marks: String

        init(sending messages: [String] = ["Hello pager"]) throws {
            sandbox = try CLISandbox()
            try sandbox.succeed(["init"])
            for message in messages { try sandbox.succeed(["send", message]) }
            marks = try sandbox.folder.folder("marks")
            for name in ["first", "second"] {
                let script = marks + "/\(name).sh"
                try "#!/bin/sh\necho \"$LESS\" > '\(marks)/\(name).used'\ncat > '\(marks)/\(name).input'\n"
                    .write(toFile: script, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
            }
        }

        func script(_ name: String) -> String { marks + "/\(name).sh" }
        func used(_ name: String) -> Bool { FileManager.default.fileExists(atPath: marks + "/\(name).used") }
        func input(_ name: String) throws -> String { try String(contentsOfFile: marks + "/\(name).input", encoding: .utf8) }
        func less(_ name: String) throws -> String { try String(contentsOfFile: marks + "/\(name).used", encoding: .utf8) }

        /// A terminal (TERM=xterm, so `less` can draw) whose shell has the sandbox's environment plus `extra`.
        func terminal(_ extra: [String: String] = [:]) throws -> TmuxTerminal {
            try TmuxTerminal(
                in: sandbox.folder, directory: sandbox.work,
                environment: sandbox.environment(["TERM": "xterm"].merging(extra) { $1 }))
        }

        /// Runs `threadai arguments` in a fresh terminal and returns its exit status.
        func runInTerminal(_ arguments: [String], environment: [String: String]) throws -> Int32? {
            let terminal = try terminal(environment)
            return try terminal.run(arguments)
        }
    }

    @Test("on a terminal, log goes through $PAGER with LESS=FRX set, and keeps its exit status")
    func pagesOnTerminal() throws {
        let paging = try Paging()
        let terminal = try paging.terminal(["PAGER": paging.script("first")])
        #expect(try terminal.run(["log"]) == 0)
        #expect(try paging.less("first") == "FRX\n")
        #expect(try paging.input("first").contains("Hello pager"))
        #expect(try paging.input("first").contains("HEAD -> main"), "on a terminal, log labels the thread's head")
        // A failing command keeps its status, and its error reaches the pager rather than the screen under it.
        #expect(try terminal.run(["show", "nosuch"]) == 1)
        #expect(try paging.input("first").contains("'nosuch'"))
    }

    @Test("THREADAI_PAGER comes before PAGER; a LESS the user set is kept; colour goes through the pager")
    func threadaiPagerFirst() throws {
        let paging = try Paging(sending: ["one", "two"])
        let status = try paging.runInTerminal(
            ["log"], environment: [
                "THREADAI_PAGER": paging.script("first"), "PAGER": paging.script("second"), "LESS": "R", "NO_COLOR": "",
            ])
        #expect(status == 0)
        #expect(paging.used("first") && !paging.used("second"))
        #expect(try paging.less("first") == "R\n")
        #expect(try paging.input("first").contains("\u{1B}["), "the pager gets the colours a terminal would")
    }

    @Test("no pager with --no-pager (before or after the command), THREADAI_PAGER=cat or empty, or a command that is not paged",
          arguments: [
            (["--no-pager", "log"], [:]), (["log", "--no-pager"], [:]), (["log"], ["THREADAI_PAGER": "cat"]),
            (["log"], ["THREADAI_PAGER": ""]), (["status"], [:]),
          ] as [([String], [String: String])])
    func noPager(arguments: [String], environment: [String: String]) throws {
        let paging = try Paging()
        let status = try paging.runInTerminal(arguments, environment: environment.merging(["PAGER": paging.script("first")]) { a, _ in a })
        #expect(status == 0)
        #expect(!paging.used("first"))
    }

    @Test("a pager that cannot be found is named and the output shown without it, as git does", arguments: [
        "no-such-pager", "no-such-pager -R", "/no/such/pager",
    ])
    func missingPager(pager: String) throws {
        let paging = try Paging()
        let terminal = try paging.terminal(["PAGER": pager])
        let status = try terminal.run(["log"])
        #expect(status == 0)
        let screen = try terminal.screen()
        #expect(screen.contains("cannot run the pager '\(pager.split(separator: " ")[0])' (not found); showing the output without it."), "\(screen)")
        #expect(screen.contains("Hello pager"), "the output is shown: \(screen)")
    }

    @Test("when standard output is not a terminal, no pager runs")
    func noPagerWhenPiped() throws {
        let paging = try Paging()
        for command in ["log", "show", "context"] {
            let result = try paging.sandbox.run([command], environment: ["PAGER": paging.script("first")])
            #expect(result.status == 0 && result.stdout.contains("Hello pager"))
        }
        #expect(!paging.used("first"))
    }

    @Test("quitting less before the end of a long log exits 0, with no error or broken-pipe noise")
    func quitLessEarly() throws {
        try RequiredTool.less.require()
        let paging = try Paging(sending: (1...40).map { "message \($0)" })
        let terminal = try paging.terminal(["LESS": "FRX", "NO_COLOR": ""])
        try terminal.line("'\(try ThreadAIBinary.path())' log; echo EXIT=$?")
        // The log is longer than the screen, so less waits for a key at its prompt.
        try terminal.waitFor("less waiting at its prompt") { $0.contains("\n:") && !$0.contains("\nEXIT=") }
        try terminal.keys("q")
        let screen = try terminal.waitFor("the exit status") { $0.contains("\nEXIT=") }
        #expect(screen.contains("EXIT=0"), "\(screen)")
        let lowered = screen.lowercased()
        #expect(!lowered.contains("pipe") && !lowered.contains("error") && !lowered.contains("threadai:"), "\(screen)")
    }

    @Test("killed while less shows its output, threadai waits for less to quit, then dies of the signal (no pager left behind)")
    func killedWhilePaging() throws {
        try RequiredTool.less.require()
        let paging = try Paging(sending: (1...40).map { "message \($0)" })
        let terminal = try paging.terminal(["LESS": "FRX", "NO_COLOR": ""])
        let pidFile = paging.marks + "/threadai.pid"
        // `exec` keeps the shell's pid, written first: the pid of this test's threadai, whatever else runs.
        try terminal.line("sh -c 'echo $$ > \"$1\"; exec \"$2\" log' x '\(pidFile)' '\(try ThreadAIBinary.path())'; echo EXIT=$?")
        try terminal.waitFor("less waiting at its prompt") { $0.contains("\n:") && !$0.contains("\nEXIT=") }
        let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let pid = try #require(pid_t(text))
        #expect(kill(pid, SIGTERM) == 0)
        Thread.sleep(forTimeInterval: 0.5)
        // Still there, waiting for less, which still has the terminal.
        #expect(kill(pid, 0) == 0)
        #expect(!(try terminal.screen()).contains("\nEXIT="))
        try terminal.keys("q")
        let screen = try terminal.waitFor("the exit status") { $0.contains("\nEXIT=") }
        #expect(screen.contains("EXIT=143"), "\(screen)")
    }
}

extension TmuxTerminal {
    /// Types `threadai arguments` at the shell, waits until it ends and returns its exit status.
    func run(_ arguments: [String]) throws -> Int32? {
        let pattern = #"EXIT=\d+\."#
        func statuses(_ screen: String) -> [Substring] {
            var found: [Substring] = []
            var rest = screen[...]
            while let match = rest.range(of: pattern, options: .regularExpression) {
                found.append(rest[match].dropFirst(5).dropLast())
                rest = rest[match.upperBound...]
            }
            return found
        }
        let before = statuses(try screen()).count
        let words = try [ThreadAIBinary.path()] + arguments
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        try line(quoted.joined(separator: " ") + "; echo EXIT=$?.")
        let screen = try waitFor("the exit status") { statuses($0).count > before }
        return statuses(screen).last.flatMap { Int32($0) }
    }
}
