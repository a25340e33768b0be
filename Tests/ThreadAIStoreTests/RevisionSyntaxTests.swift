import Testing
import ThreadAIStore

@Suite("Revision syntax")
struct RevisionSyntaxTests {
    @Test("parses", arguments: [
        ("HEAD", Revision(base: .head), "HEAD"),
        ("@", Revision(base: .head), "HEAD"),
        ("@~", Revision(base: .head, generations: 1), "HEAD~1"),
        ("main", Revision(base: .name("main")), "main"),
        ("main~", Revision(base: .name("main"), generations: 1), "main~1"),
        ("main~1", Revision(base: .name("main"), generations: 1), "main~1"),
        ("main~0", Revision(base: .name("main")), "main"),
        ("main~007", Revision(base: .name("main"), generations: 7), "main~7"),
        ("main^", Revision(base: .name("main"), generations: 1), "main~1"),
        ("main^1", Revision(base: .name("main"), generations: 1), "main~1"),
        ("main^0", Revision(base: .name("main")), "main"),
        ("main~2^", Revision(base: .name("main"), generations: 3), "main~3"),
        ("HEAD^^^", Revision(base: .head, generations: 3), "HEAD~3"),
        ("a/b~~", Revision(base: .name("a/b"), generations: 2), "a/b~2"),
        ("3f2a9c", Revision(base: .name("3f2a9c")), "3f2a9c"),
        ("3f2a9c~10", Revision(base: .name("3f2a9c"), generations: 10), "3f2a9c~10"),
        ("head", Revision(base: .name("head")), "head"),
        ("x~1000000", Revision(base: .name("x"), generations: 1_000_000), "x~1000000"),
        ("x~999999^", Revision(base: .name("x"), generations: 1_000_000), "x~1000000"),
        ("main@{2}", Revision(base: .name("main"), reflog: .entry(2)), "main@{2}"),
        ("a/b@{0}~2", Revision(base: .name("a/b"), reflog: .entry(0), generations: 2), "a/b@{0}~2"),
        ("HEAD@{1}", Revision(base: .head, reflog: .entry(1)), "HEAD@{1}"),
        ("@{3}^", Revision(base: .currentThread, reflog: .entry(3), generations: 1), "@{3}~1"),
        ("@{-1}", Revision(base: .currentThread, reflog: .previousCheckout(1)), "@{-1}"),
    ])
    func parses(_ text: String, _ expected: Revision, _ normalized: String) throws {
        let revision = try Revision(parsing: text)
        #expect(revision == expected)
        #expect(revision.description == normalized)
    }

    static let grammar = " " + RevisionSyntaxError.grammar

    @Test("rejects with a message that shows the grammar", arguments: [
        ("", "'' is not a revision: it is empty."),
        ("~1", "'~1' is not a revision: it starts with a suffix; put a thread name, message id, HEAD or @ before it."),
        ("^", "'^' is not a revision: it starts with a suffix; put a thread name, message id, HEAD or @ before it."),
        ("main~x", "'main~x' is not a revision: after 'main~' comes 'x', which is not a ~N or ^ suffix."),
        ("main~2x", "'main~2x' is not a revision: after 'main~2' comes 'x', which is not a ~N or ^ suffix."),
        ("main^{commit}", "'main^{commit}' is not a revision: after 'main^' comes '{commit}', which is not a ~N or ^ suffix."),
        ("main~-1", "'main~-1' is not a revision: after 'main~' comes '-1', which is not a ~N or ^ suffix."),
        ("main~\u{663}", "'main~\u{663}' is not a revision: after 'main~' comes '\u{663}', which is not a ~N or ^ suffix."),
        ("main~ 1", "'main~ 1' is not a revision: after 'main~' comes ' 1', which is not a ~N or ^ suffix."),
        ("main^2", "'main^2' is not a revision: '^2' asks for another parent, but messages have a single parent; use ^ or ~N."),
        ("main^10", "'main^10' is not a revision: '^10' asks for another parent, but messages have a single parent; use ^ or ~N."),
        ("main~1000001", "'main~1000001' is not a revision: it goes back more than 1000000 messages."),
        ("main~99999999999999999999999", "'main~99999999999999999999999' is not a revision: it goes back more than 1000000 messages."),
        ("main~1000000^", "'main~1000000^' is not a revision: it goes back more than 1000000 messages."),
        ("main@{x}", "'main@{x}' is not a revision: '@{' must be followed by a number and '}' (main@{2}), or by -N and '}' alone (@{-1})."),
        ("main@{1", "'main@{1' is not a revision: '@{' must be followed by a number and '}' (main@{2}), or by -N and '}' alone (@{-1})."),
        ("@{-0}", "'@{-0}' is not a revision: '@{' must be followed by a number and '}' (main@{2}), or by -N and '}' alone (@{-1})."),
        ("main@{-1}", "'main@{-1}' is not a revision: after 'main' comes '@{-', which is not a ~N or ^ suffix."),
        ("main\u{7}~x", "'main\\u{7}~x' is not a revision: after 'main\\u{7}~' comes 'x', which is not a ~N or ^ suffix."),
    ])
    func rejects(_ text: String, _ expected: String) {
        #expect(throws: RevisionSyntaxError.self) { try Revision(parsing: text) }
        do {
            _ = try Revision(parsing: text)
        } catch {
            #expect(error.description == expected + Self.grammar)
        }
    }

    @Test func reasonsAreTyped() {
        #expect(throws: RevisionSyntaxError(text: "~", reason: .missingBase)) { try Revision(parsing: "~") }
        #expect(throws: RevisionSyntaxError(text: "a^3", reason: .secondParent("^3"))) { try Revision(parsing: "a^3") }
    }
}
