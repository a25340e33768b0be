import Foundation
import Testing

/// A thread an older version named with `..` in it (FORMAT §5.2: new names may not hold `..`, but
/// such a thread stays readable): its whole name is a revision, not a range, in every command.
@Suite("CLI: a thread whose name holds '..'")
struct DottedThreadNameTests {
    @Test("show and context take 'a..b' as the thread it names, as log does")
    func showAndContextNameTheThread() throws {
        let sandbox = try CLISandbox.initialized(sending: "the question")
        let head = try sandbox.succeed(["log", "--json", "-n", "1"]).stdout
        let id = try #require(head.firstMatch(of: /"id" *: *"([0-9a-f]{64})"/)?.1)
        try (String(id) + "\n").write(toFile: sandbox.repository + "/refs/threads/a..b", atomically: true, encoding: .utf8)
        let log = try sandbox.run(["log", "--oneline", "a..b"])
        #expect(log.status == 0 && log.stdout.contains(String(id.prefix(7))), "\(log)")
        let show = try sandbox.run(["show", "a..b"])
        #expect(show.status == 0 && show.stdout.contains(String(id)), "\(show)")
        let context = try sandbox.run(["context", "--json", "a..b"])
        #expect(context.status == 0 && context.stdout.contains("the question"), "\(context)")
        // Where no such thread exists, a range is still refused where one message is taken.
        let range = try sandbox.run(["show", "main..main"])
        #expect(range.status == 2 && range.stderr.contains("is a range"), "\(range)")
    }
}
