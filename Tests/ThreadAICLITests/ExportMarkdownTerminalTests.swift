import Testing
import ThreadAI

/// `export md` keeps a message's exact text in a file or a pipe, and shows it safely on a terminal.
@Suite("export md and control characters")
struct ExportMarkdownTerminalTests {
    @Test func aTerminalSeesEscapesVisiblyAPipeGetsTheExactText() async throws {
        let folder = try await repositoryFolder()
        let text = "esc \u{1B}[31mRED\u{1B}[0m bell\u{07} \u{202E} rtl"
        #expect(await runCLI(["send", text], in: folder).status == 0)
        let piped = await runCLI(["export", "md"], in: folder)
        #expect(piped.output.contains(text))
        let shown = await runCLI(["export", "md"], in: folder, stdoutIsTerminal: true)
        #expect(shown.output.contains("esc ^[[31mRED^[[0m bell^G <U+202E> rtl"))
        #expect(!shown.output.contains("\u{1B}"))
    }
}
