import Testing
@testable import ThreadAICLI

/// The trailers `log --for-commit` reads (docs/CLI.md, `log`), as other tools write them.
@Suite struct CommitTrailerTests {
    @Test("each tool's form, keys in any case, in the message's order")
    func forms() {
        let message = """
            Fix the parser

            Body text: not a trailer we read.

            thread: main@abcd1234
            Thread: main@abcd1234
            CLAUDE-SESSION: https://claude.ai/code/session_01AbC?tab=1#top
            Claude-Session: 8463c716-a2ea-4e1c-9d2b-1f0e3a5b7c9d
            Entire-Checkpoint: a3b2c4d5e6f7
            Co-authored-by: aider (openai/gpt-4o) <noreply@aider.chat>
            Co-authored-by: aider <noreply@aider.chat>
            Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>
            Assisted-by: Claude:claude-3-opus coccinelle sparse
            """
        #expect(CommitTrailer.parse(commitMessage: message) == [
            .thread(name: "main", id: "abcd1234"),
            .claudeSession("session_01AbC"),
            .claudeSession("8463c716-a2ea-4e1c-9d2b-1f0e3a5b7c9d"),
            .entireCheckpoint("a3b2c4d5e6f7"),
            .aider(model: "openai/gpt-4o"),
            .aider(model: nil),
            .agentCoAuthor("Claude Opus 4.5"),
            .assistedBy("Claude:claude-3-opus coccinelle sparse"),
        ])
    }

    @Test("values that are not of the tool's form are not read")
    func malformed() {
        let message = """
            Entire-Checkpoint: A3B2C4D5E6F7
            Entire-Checkpoint: a3b2c4d5e6
            Entire-Checkpoint: a3b2c4d5e6f7a
            Claude-Session:
            Claude-Session: https://claude.ai/code/
            Co-authored-by: Ada <ada@example.com>
            Assisted-by:
            """
        #expect(CommitTrailer.parse(commitMessage: message) == [])
    }
}
