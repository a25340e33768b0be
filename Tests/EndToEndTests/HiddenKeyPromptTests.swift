import Foundation
import Testing
import ThreadAITestSupport

/// `threadai keys set` at a real terminal (tmux): the key typed at the hidden prompt, edited with
/// the shared key decoder's keys, never shown, and the terminal given back as it was.
@Suite("CLI: the hidden key prompt in a real terminal", .slow)
struct HiddenKeyPromptTests {
    static let key = "sk-proj-HIDDENPROMPT-4b8d2f6a1c3e5a7b"

    @Test("the key typed (with a Backspace and an arrow key on the way) is stored, never shown; Ctrl-C stores nothing; the terminal is cooked again after each")
    func typedKey() throws {
        try RequiredTool.tmux.require()
        let sandbox = try CLISandbox.initialized()
        let terminal = try TmuxTerminal(
            in: sandbox.folder, directory: sandbox.work, environment: sandbox.environment(["TERM": "tmux-256color"]))
        let modes = "stty -a | tr ' ' '\\n' | grep -x -e '-*icanon' -e '-*echo' | tr '\\n' ' '; echo END''STTY"
        try terminal.line("'\(try ThreadAIBinary.path())' keys set openai; echo EXIT=$?; " + modes)
        try terminal.waitFor("(not shown): ")
        try terminal.type(String(Self.key.dropLast()) + "x")
        try terminal.keys("BSpace", "Left")
        try terminal.type(String(Self.key.last!))
        try terminal.keys("Enter")
        let screen = try terminal.waitFor("the exit status and the terminal's modes") { $0.contains("ENDSTTY") }
        #expect(screen.contains("EXIT=0") && screen.contains("icanon echo ENDSTTY"), "\(screen)")
        #expect(!screen.contains("HIDDENPROMPT"), "the key is never shown: \(screen)")
        let stored = try sandbox.succeed(["keys", "list"]).stdout
        #expect(Self.row("openai", in: stored).map { !$0.contains("not set") } == true, "\(stored)")
        let file = try String(contentsOfFile: sandbox.config + "/threadai/keys", encoding: .utf8)
        #expect(file.contains("openai = \(Self.key)\n"), "the key as typed, edits applied")

        try terminal.line("'\(try ThreadAIBinary.path())' keys set anthropic; echo EXIT=$?; " + modes)
        try terminal.waitFor("(not shown): ", count: 2)
        try terminal.type("sk-ant-never")
        try terminal.keys("C-c")
        let cancelled = try terminal.waitFor("the second exit status") { $0.components(separatedBy: "ENDSTTY").count == 3 }
        #expect(cancelled.contains("cancelled; no key was stored") && cancelled.contains("EXIT=130"), "\(cancelled)")
        #expect(cancelled.components(separatedBy: "icanon echo ENDSTTY").count == 3, "\(cancelled)")
        let after = try sandbox.succeed(["keys", "list"]).stdout
        #expect(Self.row("anthropic", in: after).map { $0.contains("not set") } == true, "\(after)")
    }

    /// The row of `keys list` for `provider`.
    private static func row(_ provider: String, in listing: String) -> String? {
        listing.split(separator: "\n").map(String.init).first { $0.hasPrefix(provider + " ") }
    }
}
