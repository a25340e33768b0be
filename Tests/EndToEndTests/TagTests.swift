import Foundation
import Testing

@Suite("CLI: tags (bookmarks)")
struct TagTests {
    @Test("tag NAME [REV] and -m bookmark messages; tags resolve as revisions and label log, log --graph and show")
    func createListResolve() throws {
        let sandbox = try CLISandbox.initialized(sending: "first question", "second question")
        try sandbox.succeed(["tag", "-m", "the good answer", "good", "HEAD~2"])
        try sandbox.succeed(["tag", "latest"])
        let good = try sandbox.succeed(["log", "--json", "-n", "1", "HEAD~2"])
        let goodID = try #require(try JSON.array(good).first?["id"] as? String)
        #expect(try sandbox.succeed(["show", "--json", "good"]).stdout.contains("\"id\" : \"\(goodID)\""))
        #expect(try sandbox.succeed(["show", "--decorate", "good"]).stdout.contains("(tag: good)"))
        let oneline = try sandbox.succeed(["log", "--oneline", "--decorate"]).stdout
        #expect(oneline.contains("(HEAD -> main, tag: latest)"))
        #expect(oneline.contains("\(goodID.prefix(8)) (tag: good)"))
        #expect(try sandbox.succeed(["log", "--graph", "--all"]).stdout.contains("tag: good"))
        #expect(try sandbox.succeed(["log", "--oneline", "good"]).stdout.split(separator: "\n").count == 2)
        let list = try sandbox.succeed(["tag", "-l"]).stdout
        #expect(list == "good    \(goodID.prefix(8))  the good answer\nlatest  \(try headID(sandbox).prefix(8))\n")
        let json = try JSON.array(try sandbox.succeed(["tag", "-l", "--json"]))
        #expect(json.map { $0["name"] as? String } == ["good", "latest"])
        #expect(json.first?["note"] as? String == "the good answer")
        try sandbox.succeed(["tag", "-m", "first line\nsecond line", "multi"])
        let listed = try sandbox.succeed(["tag", "-l"]).stdout.split(separator: "\n")
        #expect(listed.count == 3 && listed.contains { $0.hasSuffix("  first line …") }, "one line per tag: \(listed)")
        try sandbox.succeed(["tag", "-d", "multi"])
        try sandbox.succeed(["tag", "日本"])
        let wide = try sandbox.succeed(["tag", "-l"]).stdout.split(separator: "\n").map(String.init)
        #expect(wide.contains("日本    \(try headID(sandbox).prefix(8))"), "a wide name takes two columns a character: \(wide)")
        try sandbox.succeed(["tag", "-d", "日本"])
        let clash = try sandbox.succeed(["checkout", "-b", "good"])
        #expect(clash.stderr.contains("a tag is also named 'good': the bare name now means the thread; 'tags/good' names the tag."), "\(clash)")
        try sandbox.succeed(["checkout", "main"])
        try sandbox.succeed(["threads", "delete", "good"])
        #expect(json.first?["role"] as? String == "assistant")
        #expect(try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1"])).first?["tags"] as? [String] == ["latest"])
        // `checkout -b` forks at a tag; the tag stays where it was.
        try sandbox.succeed(["checkout", "-b", "retry", "good"])
        try sandbox.succeed(["send", "on the fork"])
        #expect(try sandbox.succeed(["log", "--oneline", "-n", "1", "tags/good"]).stdout.hasPrefix(String(goodID.prefix(8))))
    }

    @Test("bad tags are refused and change nothing; -f moves, -d deletes and prints the old id")
    func refusalsMoveDelete() throws {
        let sandbox = try CLISandbox.initialized(sending: "question")
        try sandbox.succeed(["tag", "keep", "HEAD~1"])
        let before = try DirectorySnapshot(sandbox.repository)
        for (arguments, status, text) in [
            (["tag", "keep"], Int32(1), "already exists"),
            (["tag", "main"], 1, "there is a thread named 'main'"),
            (["tag", "Keep"], 1, "clashes with the existing tag 'keep'"),
            (["tag", "a..b"], 1, "'..' is reserved"),
            (["tag", "bad name"], 1, "not a valid tag name"),
            (["tag", "x", "nosuchrev"], 1, "names no thread, tag or message"),
            (["tag", "-d", "nosuch"], 1, "no tag named 'nosuch'"),
            (["tag", "-l", "x"], 2, "takes no NAME"),
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status == status, "\(result)")
            #expect(result.stderr.contains(text), "\(result)")
        }
        #expect(try DirectorySnapshot(sandbox.repository) == before)
        let head = try headID(sandbox)
        #expect(try sandbox.succeed(["tag", "-f", "keep"]).stderr.contains("(was "))
        #expect(try sandbox.succeed(["tag", "-l"]).stdout.contains(String(head.prefix(8))))
        #expect(try sandbox.succeed(["tag", "-d", "keep"]).stdout == "Deleted tag 'keep' (was \(head.prefix(8)))\n")
        #expect(try sandbox.succeed(["tag", "-l"]).stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: sandbox.repository + "/refs/tags/keep"))
    }

    @Test("'..' is refused in new thread names, with the reason")
    func rangeInThreadName() throws {
        let sandbox = try CLISandbox.initialized(sending: "question")
        let result = try sandbox.run(["checkout", "-b", "v1..v2"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'..' is reserved for ranges"))
        #expect(try sandbox.run(["threads", "rename", "main", "a..b"]).status != 0)
    }

    @Test("tags travel through a real git clone, and two clones' tags merge")
    func tagsSurviveGitClone() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["first question", "second question"])
        try clones.threadai(["tag", "-m", "worth keeping", "review/first", "HEAD~2"], in: "a")
        try clones.commitAndPush("a", "tag")
        try clones.clone("b")
        let inA = try clones.threadai(["tag", "-l", "--json"], in: "a").stdout
        #expect(try clones.threadai(["tag", "-l", "--json"], in: "b").stdout == inA)
        #expect(try clones.threadai(["show", "--decorate", "review/first"], in: "b").stdout.contains("(tag: review/first)"))
        try clones.threadai(["tag", "from-b"], in: "b")
        try clones.commitAndPush("b", "b's tag")
        try clones.threadai(["tag", "from-a", "HEAD~1"], in: "a")
        try clones.commit("a", "a's tag")
        try clones.pull("a")
        let names = try JSON.array(try clones.threadai(["tag", "-l", "--json"], in: "a")).compactMap { $0["name"] as? String }
        #expect(names == ["from-a", "from-b", "review/first"])
        #expect(try clones.threadai(["fsck"], in: "a").status == 0)
    }

    private func headID(_ sandbox: CLISandbox) throws -> String {
        try #require(try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1"])).first?["id"] as? String)
    }
}

extension TagTests {
    @Test("a tag file a git merge left with conflict markers: tag -l lists the others, names it with the fix, exits 3")
    func listWithAConflictedTag() throws {
        let sandbox = try CLISandbox.initialized(sending: "question")
        try sandbox.succeed(["tag", "good"])
        try sandbox.succeed(["tag", "bad"])
        try "<<<<<<< HEAD\nx\n=======\ny\n>>>>>>> theirs\n".write(toFile: sandbox.repository + "/refs/tags/bad", atomically: false, encoding: .utf8)
        let listed = try sandbox.run(["tag", "-l"])
        #expect(listed.status == 3 && listed.stdout.hasPrefix("good "), "\(listed)")
        #expect(listed.stderr.contains("tag 'bad'") && listed.stderr.contains("git checkout --ours or --theirs"), "\(listed)")
    }
}

extension TagTests {
    /// docs/FORMAT.md §5.6, "Checks": a file in `refs/tags/` whose name breaks the tag-name rules
    /// (`abcd` reads as an id prefix, §5.2 rule 5) is no tag: listings and revisions pass over it,
    /// and `fsck` reports it as an error, with the way out.
    @Test("a tag file with an invalid name: fsck reports it (an error, exit 3); tag -l and revisions pass over it",
          arguments: ["abcd", "HEAD", "-dash", "with space", "folder/.hidden"])
    func invalidTagName(_ name: String) throws {
        let sandbox = try CLISandbox.initialized(sending: "question")
        try sandbox.succeed(["tag", "good"])
        let path = sandbox.repository + "/refs/tags/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data((try headID(sandbox) + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let fsck = try sandbox.run(["fsck"])
        #expect(fsck.status == 3, "\(fsck)")
        #expect(fsck.stdout.contains("error: ") && fsck.stdout.contains("not a valid tag name") && fsck.stdout.contains(path), "\(fsck)")
        #expect(fsck.stdout.contains("fix: "), "\(fsck)")
        let listed = try sandbox.run(["tag", "-l"])
        #expect(listed.status == 0 && listed.stdout.hasPrefix("good ") && listed.stdout.split(separator: "\n").count == 1, "\(listed)")
        #expect(listed.stderr.isEmpty, "\(listed)")
    }
}
