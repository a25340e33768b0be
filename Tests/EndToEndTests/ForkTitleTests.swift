import Foundation
import Testing

/// `threads` titles forks by their own messages, never by the root's question (see `ForkedSandbox`).
@Suite("CLI: fork titles in threads")
struct ForkTitleTests {
    private func titles(_ sandbox: CLISandbox, cache: Bool = true) throws -> [String: String] {
        let result = try sandbox.run(["threads", "--json"], environment: cache ? [:] : ["THREADAI_NO_CACHE": "1"])
        #expect(result.status == 0, "\(result)")
        return Dictionary(uniqueKeysWithValues: try JSON.array(result).map { ($0["name"] as? String ?? "", $0["title"] as? String ?? "") })
    }

    @Test("a fork of a fork, a fork just made and a second answer each show their own title, cached or not")
    func ownTitles() throws {
        let forked = try ForkedSandbox()
        let sandbox = forked.sandbox
        try sandbox.succeed(["checkout", "-b", "mark", "alt"])  // no message of its own yet
        try sandbox.succeed(["checkout", "-b", "again", "alt-deep~1"])  // at alt-deep's question
        try sandbox.succeed(["retry"])  // another answer to it, owned by again
        let answer = try #require(try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1", "again"])).first?["content"] as? String)
        let expected = [
            "main": "What is a fork?", "alt": "Say it in other words.", "alt-deep": "Once more, shorter.",
            "mark": "Say it in other words.", "again": String(answer.split(separator: "\n")[0].prefix(59)),
        ]
        #expect(try titles(sandbox) == expected)
        #expect(try titles(sandbox, cache: false) == expected)
        let listing = try sandbox.succeed(["threads"]).stdout
        let deepLine = try #require(listing.split(separator: "\n").first { $0.contains("alt-deep ") })
        #expect(deepLine.hasSuffix("Once more, shorter.") && !deepLine.contains("What is a fork?"), "\(listing)")
        // Its own question, once it has one, wins over the answer.
        try sandbox.succeed(["send", "A question of its own"])
        #expect(try titles(sandbox)["again"] == "A question of its own")
        #expect(try titles(sandbox, cache: false)["again"] == "A question of its own")
    }
}
