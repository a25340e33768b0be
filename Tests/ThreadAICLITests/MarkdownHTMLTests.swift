import Testing
@testable import ThreadAICLI

/// The exported pages' Markdown renderer: each rule of `MarkdownHTML` / `MarkdownInline`, and that
/// nothing in a message can become markup or script.
@Suite("Markdown → HTML")
struct MarkdownHTMLTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var markdown: String
        var html: String
        var testDescription: String { name }
    }

    static let blocks: [Case] = [
        Case(name: "paragraphs", markdown: "one\ntwo\n\nthree", html: "<p>one\ntwo</p>\n<p>three</p>\n"),
        Case(name: "hard line break", markdown: "one  \ntwo\\\nthree", html: "<p>one<br>\ntwo<br>\nthree</p>\n"),
        Case(name: "headings", markdown: "# One\n### Three ###\n#nope", html: "<h1>One</h1>\n<h3>Three</h3>\n<p>#nope</p>\n"),
        Case(name: "rule", markdown: "a\n\n- - -\n***", html: "<p>a</p>\n<hr>\n<hr>\n"),
        Case(name: "fenced code keeps text as written", markdown: "```swift\nlet a = \"<b>\" && *x*\n\n  indented\n```\nafter",
             html: "<pre><code class=\"language-swift\">let a = &quot;&lt;b&gt;&quot; &amp;&amp; *x*\n\n  indented\n</code></pre>\n<p>after</p>\n"),
        Case(name: "tilde fence, longer closer, unclosed fence runs to the end", markdown: "~~~~\n~~~\n~~~~~\n```\nopen",
             html: "<pre><code>~~~\n</code></pre>\n<pre><code>open\n</code></pre>\n"),
        Case(name: "an attached file's block is captioned with its path (send -f)", markdown: "```file:Sources/a <b>.swift\nx\n```",
             html: "<div class=\"file-name\"><code>Sources/a &lt;b&gt;.swift</code></div>\n<pre><code>x\n</code></pre>\n"),
        Case(name: "hostile info string", markdown: "```\"><script>\nx\n```", html: "<pre><code class=\"language-script\">x\n</code></pre>\n"),
        Case(name: "bullet list", markdown: "- a\n- b *c*\n* other", html: "<ul>\n<li>a</li>\n<li>b <em>c</em></li>\n</ul>\n<ul>\n<li>other</li>\n</ul>\n"),
        Case(name: "ordered list with start and nesting", markdown: "3. x\n   - y\n   - z\n4. w",
             html: "<ol start=\"3\">\n<li>x\n<ul>\n<li>y</li>\n<li>z</li>\n</ul>\n</li>\n<li>w</li>\n</ol>\n"),
        Case(name: "list item with a lazy line and a code block", markdown: "1. a\nb\n\n   ```\n   c\n   ```\n2. d",
             html: "<ol>\n<li>a\nb\n<pre><code>c\n</code></pre>\n</li>\n<li>d</li>\n</ol>\n"),
        Case(name: "quote", markdown: "> a **b**\n> - c", html: "<blockquote>\n<p>a <strong>b</strong></p>\n<ul>\n<li>c</li>\n</ul>\n</blockquote>\n"),
        Case(name: "table with alignment, short and long rows, escaped pipe",
             markdown: "| a | b | c |\n|:--|--:|:-:|\n| 1 | `x|y` |\n| 2 | a\\|b | 3 | 4 |\nafter",
             html: "<table>\n<thead>\n<tr><th style=\"text-align: left\">a</th><th style=\"text-align: right\">b</th><th style=\"text-align: center\">c</th></tr>\n</thead>\n<tbody>\n<tr><td style=\"text-align: left\">1</td><td style=\"text-align: right\"><code>x|y</code></td><td style=\"text-align: center\"></td></tr>\n<tr><td style=\"text-align: left\">2</td><td style=\"text-align: right\">a|b</td><td style=\"text-align: center\">3</td></tr>\n</tbody>\n</table>\n<p>after</p>\n"),
        Case(name: "not a table without a delimiter row", markdown: "a | b\nc | d", html: "<p>a | b\nc | d</p>\n"),
        Case(name: "raw HTML is escaped", markdown: "<script>alert(1)</script>\n<img src=x onerror=alert(1)>",
             html: "<p>&lt;script&gt;alert(1)&lt;/script&gt;\n&lt;img src=x onerror=alert(1)&gt;</p>\n"),
        Case(name: "CRLF and tabs", markdown: "-\ta\r\n-\tb", html: "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n"),
        Case(name: "empty", markdown: "", html: ""),
    ]

    @Test("blocks", arguments: blocks)
    func block(_ example: Case) {
        #expect(MarkdownHTML.render(example.markdown) == example.html)
    }

    static let inlines: [Case] = [
        Case(name: "emphasis and strong", markdown: "*a* **b** _c_ __d__ ~~e~~", html: "<em>a</em> <strong>b</strong> <em>c</em> <strong>d</strong> <del>e</del>"),
        Case(name: "nested emphasis", markdown: "**bold *and* more**", html: "<strong>bold <em>and</em> more</strong>"),
        Case(name: "intraword underscores stay", markdown: "snake_case_name and 2*3*4", html: "snake_case_name and 2<em>3</em>4"),
        Case(name: "unmatched delimiters are text", markdown: "a * b ** c _d", html: "a * b ** c _d"),
        Case(name: "code span keeps its text", markdown: "`` a `*b*` <c> ``", html: "<code>a `*b*` &lt;c&gt;</code>"),
        Case(name: "unclosed backticks are text", markdown: "``a`", html: "``a`"),
        Case(name: "backslash escapes", markdown: "\\*not\\* \\<b\\> \\a", html: "*not* &lt;b&gt; \\a"),
        Case(name: "link with title", markdown: "[the *docs*](https://x.org/a?b=1&c=2 \"T\")",
             html: "<a href=\"https://x.org/a?b=1&amp;c=2\" title=\"T\" rel=\"noopener noreferrer\">the <em>docs</em></a>"),
        Case(name: "relative link and autolink", markdown: "[p](page.html#m) <https://a.b/c>",
             html: "<a href=\"page.html#m\" rel=\"noopener noreferrer\">p</a> <a href=\"https://a.b/c\" rel=\"noopener noreferrer\">https://a.b/c</a>"),
        Case(name: "script links lose their target", markdown: "[x](javascript:alert(1)) [y]( JaVa\tScRiPt:alert(1)) [z](data:text/html,hi)",
             html: "x) y) z"),
        Case(name: "images are links, nothing is loaded", markdown: "![a \"cat\"](https://x/c.png)",
             html: "<a href=\"https://x/c.png\" rel=\"noopener noreferrer\">🖼 a &quot;cat&quot;</a>"),
        Case(name: "quotes and ampersands", markdown: "Tom & \"Jerry\" 'x'", html: "Tom &amp; &quot;Jerry&quot; &#39;x&#39;"),
    ]

    @Test("inline", arguments: inlines)
    func inline(_ example: Case) {
        #expect(MarkdownInline.render(example.markdown) == example.html)
    }

    @Test("no input makes a tag of its own: every < in the output opens a tag the renderer writes")
    func hostileInput() {
        let hostile = [
            "<script>x</script>", "[a](javascript:x)", "`<b>`", "| <i> | b |\n|---|---|\n| <s> | c |",
            "```<x>\n</code></pre><script>\n```", "*<u>*", "> <iframe>", "- <svg onload=x>", "# <h1>", "\u{0}<\u{1}>",
        ]
        let allowed = ["p", "/p", "br", "h1", "/h1", "em", "/em", "strong", "/strong", "del", "/del", "code", "/code", "pre", "/pre",
                       "ul", "/ul", "ol", "/ol", "li", "/li", "blockquote", "/blockquote", "table", "/table", "thead", "/thead",
                       "tbody", "/tbody", "tr", "/tr", "th", "/th", "td", "/td", "a", "/a", "hr"]
        for text in hostile {
            let html = MarkdownHTML.render(text)
            for tag in html.split(separator: "<").dropFirst() {
                let name = tag.prefix { $0 != ">" && $0 != " " }
                #expect(allowed.contains(String(name)), "\(text) → \(html)")
            }
            #expect(!html.contains("\u{0}"))
        }
    }
}

/// What `export html` makes of control characters and bidirectional overrides in a message.
@Suite("HTML text: controls and overrides shown, never applied")
struct HTMLTextTests {
    @Test func overridesAndEscapesAreShownAsTheTerminalViewsShowThem() {
        let text = "price: \u{202E}0.01 USD\u{202C} ok \u{1B}[2Jend <b>\u{7F}"
        #expect(HTMLText.escape(text) == "price: &lt;U+202E&gt;0.01 USD&lt;U+202C&gt; ok ^[[2Jend &lt;b&gt;^?")
        #expect(HTMLText.escape("tab\tline\nfeed") == "tab\tline\nfeed")
    }
}
