import Foundation
import Testing
import ThreadAIStore

@Suite("Thread refs: locks and reflogs")
struct RefLockAndReflogTests {
    let scratch: ScratchRepository
    var refs: RefStore { scratch.repository.refs }

    init() throws {
        scratch = try ScratchRepository()
    }

    @Test("a held .lock file makes an update fail with .lock(.held) and change nothing, until it is removed")
    func heldLock() throws {
        let first = try scratch.append("first")
        let next = try scratch.repository.objects.write(scratch.message("next", role: .assistant, parent: first))
        let refPath = refs.path(of: .main)
        let lockPath = refPath + ".lock"
        let holder = try Files.holdLock(lockPath)  // A live holder: a crashed one's lock is taken over.
        defer { Files.letGo(holder) }
        let reflogBefore = try Files.lines(refs.reflog(of: .main).path)

        let error = try #require(throws: RefError.self) {
            try refs.update(.main, to: next, expecting: .head(first), reflogMessage: "blocked")
        }
        guard case .lock(.held(let reportedLockPath)) = error else {
            Issue.record("expected .lock(.held), got \(error)")
            return
        }
        #expect(reportedLockPath == lockPath)
        #expect(error.description.contains(lockPath))
        #expect(try refs.heads(of: .main) == [first])
        #expect(try Files.lines(refs.reflog(of: .main).path) == reflogBefore)
        #expect(try Files.readText(lockPath) == "held by a running process\n", "a waiting writer removed someone else's lock")

        try Files.remove(lockPath)
        try refs.update(.main, to: next, expecting: .head(first), reflogMessage: "unblocked")
        #expect(try refs.heads(of: .main) == [next])
        #expect(!Files.exists(lockPath))
    }

    @Test("every change of a ref appends one reflog line in the FORMAT.md §7 format")
    func reflogFormat() throws {
        let zeros = String(repeating: "0", count: 64)
        let name = try ThreadName("notes/today")
        let a = try scratch.repository.objects.write(scratch.message("a", on: "notes/today", parent: nil))
        let b = try scratch.repository.objects.write(scratch.message("b", on: "notes/today", parent: a))
        try refs.update(name, to: a, expecting: .absent, reflogMessage: "fork: from main at 1a2b3c4d")
        try refs.update(name, to: b, expecting: .head(a), reflogMessage: "send: user\nmessage\twith tab")
        try refs.update(name, to: nil, expecting: .head(b), reflogMessage: "delete")

        // `OLD SP NEW SP DATE TAB MESSAGE`, docs/FORMAT.md §7.
        let reflogLine = #/([0-9a-f]{64}) ([0-9a-f]{64}) (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)\t([^\t\n]*)/#
        let path = scratch.root + "/logs/threads/notes%2Ftoday"
        #expect(refs.reflog(of: name).path == path)
        let lines = try Files.lines(path)
        try #require(lines.count == 3)
        let expected = [(zeros, a.hex, "fork: from main at 1a2b3c4d"), (a.hex, b.hex, "send: user message with tab"),
                        (b.hex, zeros, "delete")]
        for (line, (old, new, message)) in zip(lines, expected) {
            let match = try #require(line.wholeMatch(of: reflogLine), "not a reflog line: \(line.debugDescription)")
            #expect(match.output.1 == old)
            #expect(match.output.2 == new)
            #expect((try? Timestamp(rfc3339: String(match.output.3))) != nil)
            #expect(match.output.4 == message)
        }
        let entries = try refs.reflog(of: name).entries()
        #expect(entries.map(\.old) == [nil, a, b])
        #expect(entries.map(\.new) == [a, b, nil])
        #expect(Files.exists(path), "a deleted thread's reflog is kept")
    }

    @Test("a ref behind its reflog's last value is rewound, on another line elsewhere, ahead not at all; unless a writer holds its lock")
    func rewind() throws {
        let first = try scratch.append("first")
        let second = try scratch.append("second", role: .assistant)
        #expect(scratch.repository.rewind(of: .main) == nil)
        // What a `git checkout` of an older commit leaves: the ref back at `first`, the reflog at `second`.
        try Files.write(first.hex + "\n", to: refs.path(of: .main))
        #expect(scratch.repository.rewind(of: .main) == .behind(head: first, left: second))
        // What a concurrent writer shows between logging and moving the ref: the same two files, and its lock.
        try Files.write(second.hex + "\n", to: refs.path(of: .main) + ".lock")
        #expect(scratch.repository.rewind(of: .main) == nil)
        try Files.remove(refs.path(of: .main) + ".lock")
        // What a pull brings after another clone settled the thread on its own line: a sibling of `second`.
        let sibling = try scratch.repository.objects.write(scratch.message("theirs", role: .assistant, parent: first))
        try Files.write(sibling.hex + "\n", to: refs.path(of: .main))
        #expect(scratch.repository.rewind(of: .main) == .elsewhere(head: sibling, left: second))
        // And a pull that only brought more: no note.
        let more = try scratch.repository.objects.write(scratch.message("more", parent: second))
        try Files.write(more.hex + "\n", to: refs.path(of: .main))
        #expect(scratch.repository.rewind(of: .main) == nil)
    }

    @Test("HEAD moves are logged in logs/HEAD")
    func headReflog() throws {
        let first = try scratch.append("first")
        try scratch.fork("side", at: first)
        try scratch.checkout("side")
        let lines = try Files.lines(scratch.root + "/logs/HEAD")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(first.hex + " " + first.hex + " ") == true)
        #expect(try Files.readText(scratch.root + "/HEAD") == "ref: refs/threads/side\n")
    }
}
