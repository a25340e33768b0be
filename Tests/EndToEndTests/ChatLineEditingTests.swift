import Foundation
import Testing
import ThreadAITestSupport

/// `threadai chat`'s line editor and history in a real terminal (tmux, TERM not dumb), through the
/// real binary and the offline model; what was sent is read back with `log`.
@Suite("CLI: chat line editing and history in a real terminal", .slow)
struct ChatLineEditingTests {
    static let canary = "sk-proj-EDITCANARY-7c2f9e1b4d6a8e0f3a5c"

    /// A terminal in the sandbox with a TERM that can edit, `columns` wide.
    private func terminal(_ sandbox: CLISandbox, columns: Int = 160, _ extra: [String: String] = [:]) throws -> TmuxTerminal {
        try RequiredTool.tmux.require()
        return try TmuxTerminal(
            in: sandbox.folder, directory: sandbox.work,
            environment: sandbox.environment(["TERM": "tmux-256color"].merging(extra) { $1 }), columns: columns)
    }

    private func sentMessages(_ sandbox: CLISandbox) throws -> [String] {
        try JSON.array(try sandbox.succeed(["log", "--json"])).filter { $0["role"] as? String == "user" }
            .compactMap { $0["content"] as? String }.reversed()
    }

    private func startChat(_ terminal: TmuxTerminal, prompts: Int = 1) throws {
        try terminal.line("'\(try ThreadAIBinary.path())' chat; echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -x -e '-*icanon' -e '-*echo' | tr '\\n' ' '; echo END''STTY")
        try terminal.waitFor("main> ", count: prompts)
    }

    private func leave(_ terminal: TmuxTerminal) throws -> String {
        try terminal.keys("C-d")
        return try terminal.waitFor("the exit status and the terminal's modes") { $0.contains("ENDSTTY") }
    }

    @Test("arrows, Home/End, Backspace, Delete, word and line deletion and word moves edit the line; wide characters and emoji are one step; Ctrl-R finds an earlier line; the terminal is cooked again after")
    func editing() throws {
        let sandbox = try CLISandbox.initialized()
        let terminal = try terminal(sandbox)
        try startChat(terminal)

        try terminal.type("helo wrld")
        try terminal.keys("Left", "Left", "Left")
        try terminal.type("o")
        try terminal.keys("Home", "Right", "Right", "Right")
        try terminal.type("l")
        try terminal.keys("End", "Enter")
        try terminal.waitFor("main> ", count: 2)

        try terminal.type("drop this line")
        try terminal.keys("C-u")
        try terminal.type("one two three")
        try terminal.keys("C-w", "C-w", "M-b")
        try terminal.type("[")
        try terminal.keys("C-e")
        try terminal.type("]")
        try terminal.keys("C-a", "DC", "C-Right")
        try terminal.type("!")
        try terminal.keys("C-k", "Enter")
        try terminal.waitFor("main> ", count: 3)

        try terminal.type("漢字👋🏽x")
        try terminal.keys("Left", "BSpace", "Left")
        try terminal.type("-")
        try terminal.keys("Enter")
        try terminal.waitFor("main> ", count: 4)

        try terminal.keys("C-r")
        try terminal.type("wor")
        try terminal.waitFor("(reverse-i-search)`wor': hello world")
        try terminal.keys("Enter")
        try terminal.waitFor("main> ", count: 5)

        let screen = try leave(terminal)
        #expect(screen.contains("EXIT=0"), "\(screen)")
        #expect(screen.contains("icanon echo ENDSTTY"), "canonical mode and echo are back: \(screen)")
        #expect(!screen.contains("control keys"), "no line was refused: \(screen)")
        let sent = try sentMessages(sandbox)
        #expect(sent == ["hello world", "one!", "漢-字x", "hello world"])
    }

    @Test("a line longer than the terminal wraps, and is edited and redrawn in place")
    func longLine() throws {
        let sandbox = try CLISandbox.initialized()
        let terminal = try terminal(sandbox, columns: 40)
        try startChat(terminal)
        let words = (1...12).map { "word\($0)" }.joined(separator: " ")
        try terminal.type(words)
        try terminal.keys("Home")
        try terminal.type("START ")
        try terminal.keys("M-f", "M-f", "M-f")
        try terminal.type("~")
        try terminal.keys("End")
        try terminal.type(" END")
        // Not " END" alone: the shell's command line holds it (`echo END''STTY`), so under load the
        // wait ended before the line was drawn at all.
        let drawn = try terminal.waitFor("word12 END")
        #expect(drawn.components(separatedBy: "word12").count == 2, "drawn once, not once per redraw: \(drawn)")
        try terminal.keys("Enter")
        try terminal.waitFor("main> ", count: 2)
        let screen = try leave(terminal)
        #expect(screen.contains("EXIT=0"), "\(screen)")
        let sent = try sentMessages(sandbox)
        #expect(sent == ["START word1 word2 word3~ " + words.dropFirst(18) + " END"])
    }

    @Test("↑ recalls a line typed in an earlier session of this repository; the history file is local (git never sees it), keeps no credential and no line starting with a space")
    func historyAcrossSessions() throws {
        try RequiredTool.git.require()
        let sandbox = try CLISandbox.initialized()
        _ = try ExternalProgram.run(["git", "init", "-q", sandbox.work])
        let first = try terminal(sandbox)
        defer { withExtendedLifetime(first) {} }
        try startChat(first)
        try first.line("remember this")
        try first.waitFor("main> ", count: 2)
        try first.line(" keep this out")
        try first.waitFor("main> ", count: 3)
        try first.line("my key \(Self.canary)")
        try first.waitFor("not kept in the chat history")
        try first.waitFor("main> ", count: 4)
        #expect(try leave(first).contains("EXIT="))

        let history = try String(contentsOfFile: sandbox.repository + "/logs/chat-history", encoding: .utf8)
        #expect(history == "remember this\n", "\(history)")
        let status = try ExternalProgram.run(["git", "-C", sandbox.work, "status", "--porcelain", "--untracked-files=all"])
        #expect(status.status == 0 && status.output.contains(".threadai/") && !status.output.contains("chat-history"), "\(status.output)")

        let second = try TmuxTerminal(
            in: try TemporaryDirectory(), directory: sandbox.work,
            environment: sandbox.environment(["TERM": "tmux-256color"]))
        try startChat(second)
        try second.keys("Up")
        try second.type(" again")
        try second.keys("Enter")
        try second.waitFor("main> ", count: 2)
        try second.keys("Up", "Up", "Enter")
        try second.waitFor("main> ", count: 3)
        #expect(try leave(second).contains("EXIT=0"))
        let sent = try sentMessages(sandbox)
        #expect(sent.count == 4 && sent[0] == "remember this" && sent[1] == " keep this out", "\(sent)")
        #expect(Array(sent.suffix(2)) == ["remember this again", "remember this"], "\(sent)")
        #expect(try String(contentsOfFile: sandbox.repository + "/logs/chat-history", encoding: .utf8)
            == "remember this\nremember this again\nremember this\n", "a repeat of an older line is kept again, as bash does")
    }

    @Test("THREADAI_CHAT_HISTORY=0 neither reads nor writes the history file; ↑ recalls the session's own lines")
    func historyOff() throws {
        let sandbox = try CLISandbox.initialized()
        let terminal = try terminal(sandbox, ["THREADAI_CHAT_HISTORY": "0"])
        try startChat(terminal)
        try terminal.line("not kept")
        try terminal.waitFor("main> ", count: 2)
        try terminal.keys("Up", "Enter")
        try terminal.waitFor("main> ", count: 3)
        #expect(try leave(terminal).contains("EXIT=0"))
        #expect(try sentMessages(sandbox) == ["not kept", "not kept"], "↑ still recalls this session's lines")
        #expect(!FileManager.default.fileExists(atPath: sandbox.repository + "/logs/chat-history"))
    }

    @Test("a history file that cannot be read or written is told once and the session goes on, ↑ recalling its own lines")
    func unusableHistory() throws {
        let sandbox = try CLISandbox.initialized()
        try FileManager.default.createDirectory(
            atPath: sandbox.repository + "/logs/chat-history/not-a-file", withIntermediateDirectories: true)
        let terminal = try terminal(sandbox)
        try startChat(terminal)
        try terminal.line("first")
        try terminal.waitFor("the chat history is not kept")
        try terminal.waitFor("main> ", count: 2)
        try terminal.keys("Up", "Enter")
        try terminal.waitFor("main> ", count: 3)
        let screen = try leave(terminal)
        #expect(screen.contains("EXIT=0"), "\(screen)")
        #expect(screen.components(separatedBy: "the chat history is not kept").count == 2, "told once: \(screen)")
        #expect(try sentMessages(sandbox) == ["first", "first"])
    }

    @Test("Ctrl-Z stops chat with the terminal restored, as a shell's job; fg draws the line again to go on with")
    func suspend() throws {
        let sandbox = try CLISandbox.initialized()
        let terminal = try terminal(sandbox)
        try terminal.line("'\(try ThreadAIBinary.path())' chat")
        try terminal.waitFor("main> ")
        try terminal.type("abc")
        try terminal.keys("C-z")
        try terminal.waitFor("Stopped")
        try terminal.line("stty -a | tr ' ' '\\n' | grep -x -e '-*icanon' -e '-*echo' | tr '\\n' ' '; echo END''STTY; fg")
        let stopped = try terminal.waitFor("main> abc", count: 2)
        #expect(stopped.contains("icanon echo ENDSTTY"), "cooked while stopped: \(stopped)")
        try terminal.line("def")
        try terminal.waitFor("Your last message: “abcdef”")
        try terminal.waitFor("main> ", count: 3)
        try terminal.keys("C-d")
        try terminal.waitFor("the shell's prompt after chat") { $0.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("$") }
        #expect(try sentMessages(sandbox) == ["abcdef"])
    }

    @Test("a bracketed paste of several lines feeds them as typed lines: a \"\"\" block is one message, and text after the last line end stays to edit")
    func paste() throws {
        let sandbox = try CLISandbox.initialized()
        let terminal = try terminal(sandbox)
        try startChat(terminal)
        try terminal.paste("\"\"\"\nfirst line\n\tindented\n\"\"\"\nnot finished")
        try terminal.waitFor("Your last message")
        try terminal.waitFor("main> not finished")
        try terminal.keys("BSpace", "BSpace", "BSpace")
        try terminal.keys("Enter")
        try terminal.waitFor("main> ", count: 3)
        #expect(try leave(terminal).contains("EXIT=0"))
        let sent = try sentMessages(sandbox)
        #expect(sent == ["first line\n\tindented", "not finis"])
    }

    @Test("Ctrl-C drops the line and keeps the session; Ctrl-L redraws; SIGTERM at the prompt ends chat with the terminal restored")
    func interruptAndTerminate() throws {
        let sandbox = try CLISandbox.initialized()
        let terminal = try terminal(sandbox)
        let pidFile = sandbox.work + "/chat.pid"
        try terminal.line("sh -c 'echo $$ > chat.pid; exec \"$0\" chat' '\(try ThreadAIBinary.path())'; echo EXIT=$?; "
            + "stty -a | tr ' ' '\\n' | grep -x -e '-*icanon' -e '-*echo' | tr '\\n' ' '; echo END''STTY")
        try terminal.waitFor("main> ")
        try terminal.type("never sent")
        try terminal.keys("C-c")
        try terminal.waitFor("never sent^C")
        try terminal.waitFor("main> ", count: 2)
        try terminal.type("kept")
        // Drawn before Ctrl-L is pressed: read in one go with it (a loaded machine), "kept" would be
        // drawn only after the clear, and the scrollback would hold no copy of it to count.
        try terminal.waitFor("main> kept")
        try terminal.keys("C-l")
        // The screen is cleared (what it held goes to tmux's scrollback) and the line drawn again at its top.
        try terminal.waitFor("main> kept", count: 2)
        try terminal.keys("Enter")
        try terminal.waitFor("Your last message: “kept”")
        try terminal.waitFor("main> ", count: 4)
        let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGTERM)
        let screen = try terminal.waitFor("the exit status and the terminal's modes") { $0.contains("ENDSTTY") }
        #expect(screen.contains("EXIT=143"), "\(screen)")
        #expect(screen.contains("icanon echo ENDSTTY"), "\(screen)")
        let sent = try sentMessages(sandbox)
        #expect(sent == ["kept"])
    }
}
