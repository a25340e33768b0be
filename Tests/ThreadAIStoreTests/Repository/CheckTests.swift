import Foundation
import Testing
import ThreadAIStore

@Suite("fsck: Repository.check()")
struct CheckTests {
    /// What a damage did, for the expectations: the problem's id (if any) and path.
    struct Expected {
        var severity: RepositoryProblem.Severity = .error
        var id: ObjectID?
        var path: String
        var words: String
    }

    struct Damage: CustomTestStringConvertible, Sendable {
        let name: String
        let apply: @Sendable (ForkedConversation) throws -> Expected
        var testDescription: String { name }
    }

    static let damages: [Damage] = [
        .init(name: "a flipped byte in an object") { c in
            let path = c.repository.objects.path(of: c.ua1)
            try Files.flipByte(in: path, at: 10)
            return Expected(id: c.ua1, path: path, words: "corrupt")
        },
        .init(name: "a missing parent") { c in
            try Files.remove(c.repository.objects.path(of: c.ua2))
            return Expected(id: c.aa2, path: c.repository.objects.path(of: c.aa2), words: "parent \(c.ua2.hex) is missing")
        },
        .init(name: "a missing parent under a message no thread reaches (an import cut short): a warning") { c in
            try c.repository.deleteThread(try ThreadName("a"), force: true)
            try Files.remove(c.repository.objects.path(of: c.ua2))
            return Expected(
                severity: .warning, id: c.aa2, path: c.repository.objects.path(of: c.aa2),
                words: "parent \(c.ua2.hex) is missing, and no thread reaches this message: an import or a write was cut short")
        },
        .init(name: "a ref pointing at a missing message") { c in
            let ghost = ObjectID.of(Array("never stored".utf8))
            let path = c.scratch.root + "/refs/threads/ghost"
            try Files.write(ghost.hex + "\n", to: path)
            return Expected(id: ghost, path: path, words: "thread 'ghost' points at a missing message")
        },
        .init(name: "a malformed ref") { c in
            let path = c.scratch.root + "/refs/threads/a"
            try Files.write("garbage\n", to: path)
            return Expected(path: path, words: "malformed")
        },
        .init(name: "a malformed HEAD") { c in
            let path = c.scratch.root + "/HEAD"
            try Files.write("refs/threads/main\n", to: path)
            return Expected(path: path, words: "point it at a thread with '\(Remedy(.checkout, "NAME"))'")
        },
        .init(name: "a HEAD without its line end") { c in
            let path = c.scratch.root + "/HEAD"
            try Files.write("ref: refs/threads/main", to: path)
            return Expected(path: path, words: "point it at a thread with '\(Remedy(.checkout, "NAME"))'")
        },
        .init(name: "a detached HEAD at a missing message") { c in
            let ghost = ObjectID.of(Array("never stored".utf8))
            try Files.write(ghost.hex + "\n", to: c.scratch.root + "/HEAD")
            return Expected(id: ghost, path: c.scratch.root + "/HEAD", words: "HEAD points at a missing message")
        },
        .init(name: "a correctly named object that is not a message") { c in
            let bytes = Array("---\nthread: main\n---\nno role or date\n".utf8)
            let id = ObjectID.of(bytes)
            try Files.write(bytes, to: c.repository.objects.path(of: id))
            return Expected(id: id, path: c.repository.objects.path(of: id), words: "malformed")
        },
        .init(name: "a pipe in an object's place (read without waiting)") { c in
            let path = c.repository.objects.path(of: c.ua1)
            try Files.remove(path)
            guard mkfifo(path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
            return Expected(id: c.ua1, path: path, words: "not a regular file")
        },
        .init(name: "an object linked to an endless device") { c in
            let path = c.repository.objects.path(of: c.ua1)
            try Files.remove(path)
            guard symlink("/dev/zero", path) == 0 else { throw CocoaError(.fileWriteUnknown) }
            return Expected(id: c.ua1, path: path, words: "not a regular file")
        },
        .init(name: "a left-over temporary file (a warning)") { c in
            let path = c.repository.objects.directory + "/" + c.u1.hex.prefix(2) + "/.tmp-abc123"
            try Files.write("half an object", to: path)
            return Expected(severity: .warning, path: path, words: "not an object")
        },
        .init(name: "a diverged thread (a warning)") { c in
            let path = c.scratch.root + "/refs/threads/main"
            try Files.write(c.a2.hex + "\n" + c.u2.hex + "\n", to: path)
            return Expected(severity: .warning, path: path, words: "diverged into 2 heads")
        },
    ]

    @Test("a clean repository has no problems, and every object is counted")
    func clean() throws {
        let c = try ForkedConversation()
        let (problems, count) = try c.repository.check()
        #expect(problems.isEmpty, "\(problems)")
        #expect(count == 12)
    }

    @Test("each kind of damage is reported once, with its id and path", arguments: damages)
    func damaged(_ damage: Damage) throws {
        let c = try ForkedConversation()
        let expected = try damage.apply(c)
        let (problems, _) = try c.repository.check()
        try #require(problems.count == 1, "\(problems)")
        let problem = problems[0]
        #expect(problem.severity == expected.severity)
        #expect(problem.id == expected.id)
        #expect(problem.path == expected.path)
        #expect(problem.description.contains(expected.words), "\(problem)")
        if let id = expected.id { #expect(problem.description.contains(id.hex)) }
    }

    @Test("several problems are all reported, not only the first")
    func severalProblems() throws {
        let c = try ForkedConversation()
        for id in [c.u1, c.aa1, c.ab1] { try Files.flipByte(in: c.repository.objects.path(of: id), at: -2) }
        let (problems, count) = try c.repository.check()
        #expect(count == 12)
        #expect(Set(problems.compactMap(\.id)) == [c.u1, c.aa1, c.ab1])
        #expect(problems.allSatisfy { $0.severity == .error })
    }
}
