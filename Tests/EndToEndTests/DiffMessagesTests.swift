import Foundation
import Testing

@Suite("CLI: diff --messages")
struct DiffMessagesTests {
    @Test("two messages that share history say where it ends, never 'no shared history'")
    func sharedHistoryOfTwoMessages() throws {
        let sandbox = try CLISandbox.initialized(sending: "root question", "second question")
        try sandbox.succeed(["checkout", "-b", "alt", "HEAD~2"])
        try sandbox.succeed(["send", "another second question"])
        let forkPoint = try #require(try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1", "main~2"])).first?["id"] as? String)
        let text = try sandbox.succeed(["diff", "--messages", "main", "alt"]).stdout
        #expect(!text.contains("No shared history"), "\(text)")
        #expect(text.contains("Shared history: 2 messages up to the fork point \(forkPoint.prefix(8))"), "\(text)")
        let json = try JSON.object(try sandbox.succeed(["diff", "--messages", "--json", "main", "alt"]))
        #expect(json["forkPoint"] as? String == forkPoint)
        #expect(json["sharedMessages"] as? Int == 2)
        // Truly unrelated roots still say so.
        try sandbox.succeed(["send", "--no-context", "unrelated"])
        let oneoff = try #require(try JSON.array(try sandbox.succeed(["threads", "--json"]))
            .first { ($0["name"] as? String)?.hasPrefix("oneoff/") == true }?["name"] as? String)
        #expect(try sandbox.succeed(["diff", "--messages", "main", oneoff]).stdout.contains("No shared history"))
    }
}
