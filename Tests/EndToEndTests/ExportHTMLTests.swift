import Foundation
import Testing
import ThreadAITestSupport

/// `threadai export html DIR`: a static site that opens from its files alone, checked by reading its
/// files and by loading its pages in headless Chromium (docs/CLI.md).
@Suite("export html", .slow)
struct ExportHTMLTests {
    /// The populated repository of `ExportTests`, plus a message no page may let run.
    static func site(pageSize: Int? = nil) throws -> (sandbox: CLISandbox, folder: String) {
        let sandbox = try ExportTests.populated()
        try sandbox.succeed(["checkout", "-b", "hostile", "HEAD~1"])
        try sandbox.succeed(["send", Self.hostile])
        let folder = sandbox.work + "/site"
        let result = try sandbox.succeed(["export", "html", folder] + (pageSize.map { ["--page-size", "\($0)"] } ?? []))
        #expect(result.stderr.contains("threads and"), "\(result)")
        return (sandbox, folder)
    }

    static let hostile = """
        <script>document.body.setAttribute('data-pwned', 'script')</script>
        <img src=x onerror="document.body.setAttribute('data-pwned', 'img')">
        [click](javascript:document.body.setAttribute('data-pwned','link'))
        ```
        </code></pre><script>document.body.setAttribute('data-pwned', 'fence')</script>
        ```
        | a | <b onmouseover=x> |
        |---|---|
        """

    static func files(in folder: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".html") }.sorted()
    }

    static func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    /// The values of `attribute="…"` in `html`.
    static func attributes(_ attribute: String, in html: String) -> [String] {
        html.components(separatedBy: " \(attribute)=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }

    @Test("every page's links and anchors lead to files of the site; nothing is loaded from elsewhere")
    func linksResolve() throws {
        let (sandbox, folder) = try Self.site()
        defer { withExtendedLifetime(sandbox) {} }  // Its folder holds the site.
        let pages = try Self.files(in: folder)
        #expect(pages.contains("index.html"))
        #expect(pages.contains("threads/main.html") && pages.contains("threads/side.html"))
        #expect(pages.contains("diffs/main_vs_hostile.html") || pages.contains("diffs/side_vs_hostile.html"))
        var checked = 0
        for page in pages {
            let html = try Self.read(folder + "/" + page)
            let base = URL(fileURLWithPath: folder + "/" + page).deletingLastPathComponent()
            for target in Self.attributes("href", in: html) + Self.attributes("src", in: html) {
                if target.hasPrefix("https://") || target.hasPrefix("http://") || target.hasPrefix("mailto:") {
                    #expect(!html.contains("src=\"\(target)\""), "\(page) loads \(target)")
                    continue
                }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? URL(fileURLWithPath: folder + "/" + page) : base.appendingPathComponent(parts[0])
                #expect(FileManager.default.fileExists(atPath: file.standardizedFileURL.path), "\(page) → \(target)")
                if parts.count == 2, let text = try? Self.read(file.standardizedFileURL.path) {
                    #expect(text.contains("id=\"\(parts[1])\""), "\(page) → \(target)")
                }
                checked += 1
            }
            // The only script is ours, by file.
            #expect(html.components(separatedBy: "<script").count == 2, "\(page)")
        }
        #expect(checked > 50)
    }

    @Test("forks of one message are compared in name order, whatever forks of another message sort between them")
    func siblingDiffs() throws {
        let sandbox = try CLISandbox.initialized(sending: "q1", "q2")
        for (name, start) in [("a", "HEAD~2"), ("b", "main"), ("c", "main~2")] {
            try sandbox.succeed(["checkout", "-b", name, start])
            try sandbox.succeed(["send", "on \(name)"])
        }
        let folder = sandbox.work + "/site"
        try sandbox.succeed(["export", "html", folder])
        let diffs = try FileManager.default.contentsOfDirectory(atPath: folder + "/diffs").sorted()
        #expect(diffs == ["a_vs_c.html", "main_vs_a.html", "main_vs_b.html", "main_vs_c.html"], "\(diffs)")
    }

    @Test("--page-size splits long threads and the index into linked pages; a second export replaces the first; a foreign folder is refused")
    func pagingAndFolders() throws {
        let (sandbox, folder) = try Self.site(pageSize: 2)
        let pages = try Self.files(in: folder)
        #expect(pages.contains("index_p2.html"))
        // main: two turns, 4 messages.
        #expect(pages.contains("threads/main_p2.html") && !pages.contains("threads/main_p3.html"))
        let first = try Self.read(folder + "/threads/main.html")
        let second = try Self.read(folder + "/threads/main_p2.html")
        #expect(first.contains("rel=\"next\" href=\"main_p2.html\"") && second.contains("rel=\"prev\" href=\"main.html\""))
        #expect(second.contains("page 2 of 2") && !second.contains("rel=\"next\""))
        try sandbox.succeed(["export", "html", folder])
        #expect(try !Self.files(in: folder).contains("threads/main_p2.html"))
        let foreign = sandbox.work + "/photos"
        try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: foreign + "/cat.jpg"))
        let refused = try sandbox.run(["export", "html", foreign])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("did not write"), "\(refused)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: foreign) == ["cat.jpg"])
        #expect(try sandbox.run(["export", "md", "--page-size", "3"]).status == 2)
    }

    @Test("in headless Chromium every page loads without console errors, styled; the fork graph, a diff and screenshots render; message text runs nothing")
    func chromium() throws {
        try RequiredTool.chromium.require()
        let (sandbox, folder) = try Self.site()
        let browser = try HeadlessChromium()
        let hostilePage = folder + "/threads/hostile.html"
        for page in ["index.html", "threads/main.html", "threads/side.html", "threads/hostile.html", "diffs/main_vs_side.html",
                     "threads/chatgpt_2fmerkle-chains-explained-6e1c2a4b.html"] {
            let load = try browser.load(folder + "/" + page)
            #expect(load.consoleMessages.isEmpty, "\(page): \(load.consoleMessages)")
            #expect(load.dom.contains("data-ready=\"ok\""), "\(page): the script did not run or the stylesheet did not load")
            #expect(load.dom.contains("data-errors=\"0\""), "\(page)")
            let body = load.dom.components(separatedBy: "<body").dropFirst().first?.prefix { $0 != ">" } ?? ""
            #expect(!body.contains("data-pwned"), "\(page): \(body)")
        }
        let thread = try browser.load(folder + "/threads/main.html").dom
        let graph = try #require(thread.range(of: "<svg class=\"fork-graph\"")).lowerBound
        let svg = String(thread[graph...].prefix { _ in true }.split(separator: "</svg>", maxSplits: 1)[0])
        #expect(svg.components(separatedBy: "<a class=\"node").count - 1 >= 3)
        #expect(svg.contains("class=\"edge\""))
        #expect(svg.contains("href=\"side.html\"") && svg.contains("href=\"hostile.html\""))
        let diff = try browser.load(folder + "/diffs/main_vs_side.html").dom
        #expect(diff.contains("<del>") && diff.contains("<ins>"))
        #expect(diff.components(separatedBy: "class=\"diff-row").count - 1 >= 2)
        let hostile = try browser.load(hostilePage).dom
        #expect(hostile.contains("&lt;script&gt;"))
        for (page, png) in [("threads/main.html", "thread.png"), ("diffs/main_vs_side.html", "diff.png"), ("index.html", "index.png")] {
            let path = try sandbox.folder.folder("screenshots") + "/" + png
            try browser.screenshot(folder + "/" + page, to: path)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(png) is not a PNG")
            #expect(bytes.count > 5_000, "\(png) is \(bytes.count) bytes")
        }
    }
}
