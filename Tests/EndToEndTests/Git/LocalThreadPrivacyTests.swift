import Foundation
import Testing
import ThreadAITestSupport

/// What a local thread holds never leaves the machine by another road than git: not by a tag on its
/// message, the commit trailer, an export, or a file forced into the index (docs/FORMAT.md §13).
@Suite("CLI: local threads stay local")
struct LocalThreadPrivacyTests {
    static let secret = "the private question"

    @Test("a tag on a local message is kept out of git with it, and says so; a tag on a shared message is not")
    func tagStaysLocal() throws {
        let clones = try LocalThreadTests.withLocalThread("scratch", sending: [Self.secret])
        let tagged = try clones.threadai(["tag", "private-tag"], in: "a")
        #expect(tagged.stderr.contains("kept out of git"), "\(tagged)")
        #expect(try LocalThreadTests.status(clones, "a").isEmpty, "the tag is not offered to git")
        try clones.threadai(["tag", "shared-tag", "main"], in: "a")
        #expect(try LocalThreadTests.status(clones, "a") == ["?? .threadai/refs/tags/shared-tag"])
        // So a clone's fsck never meets a tag on a message it cannot have.
        try clones.commitAndPush("a", "tags")
        try clones.clone("b")
        #expect(try clones.run(["fsck"], in: "b").status == 0)
        #expect(try clones.threadai(["tag", "-l"], in: "b").stdout.contains("shared-tag"))
    }

    @Test("the trailer never names a local thread: trailer refuses, and the commit hook adds none")
    func noTrailer() throws {
        let clones = try LocalThreadTests.withLocalThread("scratch", sending: [Self.secret])
        let trailer = try clones.run(["trailer"], in: "a")
        #expect(trailer.status == 1 && trailer.stdout.isEmpty && trailer.stderr.contains("is local"), "\(trailer)")
        try clones.threadai(["hooks", "install"], in: "a")
        try clones.commit("a", "code change")
        let message = try clones.git(["log", "-1", "--format=%B"], in: clones.path("a"))
        #expect(!message.contains("Thread:") && !message.contains("scratch"), "\(message)")
        try clones.threadai(["checkout", "main"], in: "a")
        try clones.commit("a", "shared change")
        #expect(try clones.git(["log", "-1", "--format=%B"], in: clones.path("a")).contains("Thread: main@"))
    }

    @Test("export json and html leave local threads out and say so; --include-local writes them and says what it includes")
    func exports() throws {
        let clones = try LocalThreadTests.withLocalThread("scratch", sending: [Self.secret])
        try clones.threadai(["tag", "private-tag"], in: "a")
        let json = try clones.threadai(["export", "json"], in: "a")
        #expect(!json.stdout.contains(Self.secret) && !json.stdout.contains("scratch") && !json.stdout.contains("private-tag"))
        #expect(json.stderr.contains("left out 1 local thread (scratch)"), "\(json.stderr)")
        let all = try clones.threadai(["export", "json", "--include-local"], in: "a")
        #expect(all.stdout.contains(Self.secret) && all.stdout.contains("private-tag"))
        #expect(all.stderr.contains("includes 1 local thread") && all.stderr.contains("scratch"), "\(all.stderr)")
        // What is left out leaves an export that imports whole.
        let file = clones.path("a") + "/../shared.json"
        try json.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: clones.path("empty"), withIntermediateDirectories: true)
        try clones.threadai(["init"], in: "empty")
        try clones.threadai(["import", "threadai-json", file], in: "empty")
        #expect(try clones.run(["fsck"], in: "empty").status == 0)

        let site = clones.path("a") + "/../site"
        let html = try clones.threadai(["export", "html", site], in: "a")
        #expect(html.stderr.contains("left out 1 local thread (scratch)"), "\(html.stderr)")
        let pages = try FileManager.default.subpathsOfDirectory(atPath: site).filter { $0.hasSuffix(".html") }
        #expect(!pages.isEmpty)
        for page in pages {
            #expect(!(try String(contentsOfFile: site + "/" + page, encoding: .utf8)).contains(Self.secret), "\(page)")
        }
        #expect(try clones.run(["export", "md", "--include-local"], in: "a").status == 2)
    }

    @Test("scan --staged names a staged file of a local thread (forced past the exclude block) and fails")
    func scanStaged() throws {
        let clones = try LocalThreadTests.withLocalThread("scratch", sending: [Self.secret])
        #expect(try clones.run(["scan", "--staged"], in: "a").status == 0)
        try clones.git(["add", "-f", ".threadai/refs/threads/scratch"], in: clones.path("a"))
        let scan = try clones.run(["scan", "--staged"], in: "a")
        #expect(scan.status == 1, "\(scan)")
        #expect(scan.stdout.contains(".threadai/refs/threads/scratch: staged, but local"), "\(scan)")
        #expect(scan.stderr.contains("git restore --staged"), "\(scan)")
    }
}
