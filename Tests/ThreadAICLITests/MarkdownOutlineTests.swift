import Testing
@testable import ThreadAICLI

/// `export md` moves a message's headings below its own: the edge cases of `MarkdownOutline`.
@Suite("export md heading outline")
struct MarkdownOutlineTests {
    @Test("ATX headings move down, capped at six; fences of either mark, code indented by 4, and #words stay")
    func demote() {
        let text = "# One\n## Two #\n   #### Four\n##### Five\n#\n#hashtag\n    # indented code\n~~~\n# in tildes\n~~~\n````md\n# in backticks\n```\n# still in\n````\n# after"
        let expected = "#### One\n##### Two #\n   ###### Four\n###### Five\n####\n#hashtag\n    # indented code\n~~~\n# in tildes\n~~~\n````md\n# in backticks\n```\n# still in\n````\n#### after"
        #expect(MarkdownOutline.demote(text, by: 3) == expected)
    }
}
