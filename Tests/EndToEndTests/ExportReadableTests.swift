import Foundation
import Testing
import ThreadAITestSupport

/// Exports a colleague can read (`export md`, `export html`): where a merged outcome came from, the
/// names of attached files and the tags are shown as `log` words them, headings nest, code is monospace.
@Suite("export md and html: merges, files, tags, outline", .slow)
struct ExportReadableTests {
    static let question = "# Heading\n\nRun this:\n\n```sh\n# a comment, not a heading\n```"

    /// `main`: a question and its answer, `research`'s answer merged back, tagged `kept`, then a
    /// question with a heading, a fence and an attached file.
    static func repository() throws -> (sandbox: CLISandbox, answer: String) {
        let sandbox = try CLISandbox.initialized(sending: "Plan the trip")
        try sandbox.succeed(["checkout", "-b", "research"])
        try sandbox.succeed(["send", "Find trains"])
        let answer = try StoredObject.head(of: "research", in: sandbox.repository).id
        try sandbox.succeed(["checkout", "main"])
        try sandbox.succeed(["merge", "research"])
        try sandbox.succeed(["tag", "-m", "the merge", "kept"])
        try "trains at nine\n".write(toFile: sandbox.work + "/notes.txt", atomically: false, encoding: .utf8)
        try sandbox.succeed(["send", "-f", "notes.txt", question])
        return (sandbox, answer)
    }

    @Test("export md: thread sections (##) and message headings (###) nest, a message's headings are moved below them, fences kept")
    func markdownOutline() throws {
        let (sandbox, _) = try Self.repository()
        let main = try sandbox.succeed(["export", "md", "main"]).stdout
        #expect(main.hasPrefix("# main\n\n## main\n\n### 1. user · "), "\(main.prefix(200))")
        #expect(main.contains("\n#### Heading\n") && !main.contains("\n# Heading\n"), "\(main)")
        #expect(main.contains("\n# a comment, not a heading\n"), "a line in a fence is not a heading")
        let research = try sandbox.succeed(["export", "md", "research"]).stdout
        #expect(research.contains("# research\n\nForked from `main` at message"), "\(research)")
        let inherited = try #require(research.range(of: "## main\n\n### 1. user · "))
        let own = try #require(research.range(of: "## research\n\n### 3. user · "))
        #expect(inherited.upperBound < own.lowerBound)
    }

    @Test("export md: a merged message says where it came from, attached files are named, tags are beside their message")
    func markdownLabels() throws {
        let (sandbox, answer) = try Self.repository()
        let main = try sandbox.succeed(["export", "md", "main"]).stdout
        #expect(main.contains("*Merged: the last answer of 'research', from \(answer.prefix(8))*"), "\(main)")
        let merged = try #require(main.range(of: "### 3. user · "))
        let tagged = String(main[merged.lowerBound...].prefix { $0 != "\n" })
        #expect(tagged.contains(" · tag: kept · "), "\(tagged)")
        #expect(main.contains("*Files: notes.txt ("), "\(main)")
    }

    @Test("export html: a merged message links the thread it came from, attached files are listed by name, tags are beside their message")
    func htmlLabels() throws {
        let (sandbox, answer) = try Self.repository()
        let folder = sandbox.work + "/site"
        try sandbox.succeed(["export", "html", folder])
        let page = try ExportHTMLTests.read(folder + "/threads/main.html")
        #expect(page.contains("merged from <a href=\"research.html\">research</a> <code class=\"id\">\(answer.prefix(8))</code>"), "\(page)")
        #expect(page.contains("<span class=\"tag\" title=\"the merge\">tag: kept</span>"))
        #expect(page.contains("Files: <ul><li><code>notes.txt</code> (<code class=\"id\">"))
    }

    @Test("export html: in headless Chromium every pre, code and diff text is set in a monospace font")
    func monospace() throws {
        try RequiredTool.chromium.require()
        let (sandbox, _) = try Self.repository()
        let folder = sandbox.work + "/site"
        try sandbox.succeed(["export", "html", folder])
        let browser = try HeadlessChromium()
        // A copy of each page, beside it so its stylesheet loads, that records the fonts the browser chose.
        let probe = "<script>document.body.setAttribute('data-fonts', Array.from(document.querySelectorAll('pre, code, .words'))"
            + ".map(function (e) { return getComputedStyle(e).fontFamily; }).join('|'))</script></body>"
        for page in ["threads/main.html", "diffs/main_vs_research.html"] {
            let html = try ExportHTMLTests.read(folder + "/" + page).replacingOccurrences(of: "</body>", with: probe)
            let copy = folder + "/" + page.replacingOccurrences(of: ".html", with: "-probe.html")
            try html.write(toFile: copy, atomically: false, encoding: .utf8)
            let dom = try browser.load(copy).dom
            let fonts = try #require(dom.components(separatedBy: "data-fonts=\"").dropFirst().first?.prefix { $0 != "\"" })
            let families = fonts.split(separator: "|")
            #expect(families.count >= 2, "\(page): \(fonts)")
            #expect(families.allSatisfy { $0.hasSuffix("monospace") }, "\(page): \(fonts)")
        }
    }
}
