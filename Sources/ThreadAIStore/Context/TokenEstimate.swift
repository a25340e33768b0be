/// A rough count of the tokens a text costs a model, without a tokenizer.
///
/// About four bytes of UTF-8 per token for English prose, plus a few tokens of framing per message,
/// the rule of thumb both large providers publish. `Context` scales it by what replies reported
/// (their recorded `input-tokens` and `output-tokens`) when it can.
public enum TokenEstimate {
    /// Tokens that every message costs for its role and framing.
    public static let perMessageOverhead = 4

    public static func of(_ text: String) -> Int {
        (text.utf8.count + 3) / 4 + perMessageOverhead
    }
}
