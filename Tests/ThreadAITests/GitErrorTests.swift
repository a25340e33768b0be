import Testing
@testable import ThreadAI

@Suite("GitError: what failed, in a few lines")
struct GitErrorTests {
    @Test("git's message is kept up to four lines, the rest counted")
    func longMessageCut() {
        let message = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let error = GitError(purpose: "resolving x", arguments: ["rev-parse", "x"], status: 128, message: message, advice: "")
        #expect(error.description == "git rev-parse failed (exit 128) resolving x. git said: line 1\nline 2\nline 3\nline 4\n(6 more lines)")
        let short = GitError(purpose: "resolving x", arguments: ["rev-parse"], status: 1, message: "fatal: bad\n", advice: "check it")
        #expect(short.description == "git rev-parse failed (exit 1) resolving x; check it. git said: fatal: bad")
    }

    @Test("a git that could not be run has no exit status to show")
    func notRun() {
        let error = GitError(purpose: "looking for code commits", arguments: ["log"], status: nil, message: "", advice: "git is not installed")
        #expect(error.description == "could not run git log looking for code commits; git is not installed.")
    }
}
