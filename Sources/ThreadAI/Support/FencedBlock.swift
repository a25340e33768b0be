/// A Markdown fenced code block as ThreadAI writes parts and files into message content
/// (docs/FORMAT.md §4.6, §4.7): the fence is one backtick longer than the longest run of backticks in
/// the body, and at least three, so the body can never close it early.
enum FencedBlock {
    /// `FENCE INFO LF BODY LF FENCE`; `body` is given without its final line end.
    static func text(info: String, body: String) -> String {
        var longest = 0
        var run = 0
        for character in body {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + info + "\n" + body + "\n" + fence
    }
}
