import Testing

/// `threads` marks a fork whose head is already in its parent's history (git's `branch --merged`),
/// with the command that deletes it (issue 33: after reconciling in two clones in turn such forks
/// stayed listed with no hint).
@Suite("CLI: threads marks forks merged into their parent")
struct MergedForksTests {
    @Test("a fork whose head the parent's history holds is marked with its delete command; a fork with its own messages is not")
    func mergedForkIsMarked() throws {
        let sandbox = try CLISandbox.initialized(sending: "start")
        try sandbox.succeed(["checkout", "-b", "spent", "main"])
        try sandbox.succeed(["checkout", "-b", "alive", "main"])
        try sandbox.succeed(["send", "alive's own"])
        try sandbox.succeed(["checkout", "main"])
        try sandbox.succeed(["send", "main goes on"])
        let lines = try sandbox.succeed(["threads"]).stdout.split(separator: "\n").map(String.init)
        let spent = lines.first { $0.contains("spent") } ?? ""
        #expect(spent.contains("merged into main: delete with 'threadai threads delete spent'"), "\(lines)")
        #expect(lines.first { $0.contains("alive") }?.contains("merged") == false, "\(lines)")
        #expect(lines.first { $0.contains("* main") }?.contains("merged") == false, "\(lines)")
        let onlyMerged = try sandbox.succeed(["threads", "--merged"]).stdout
        #expect(onlyMerged.contains("spent") && !onlyMerged.contains("alive") && !onlyMerged.contains("* main"), "\(onlyMerged)")
        // The command offered works as given: nothing is lost, so no --force.
        try sandbox.succeed(["threads", "delete", "spent"])
        #expect(try sandbox.succeed(["threads", "--merged"]).stdout == "No merged forks.\n")
    }
}
