/// What a model is given for one reply: the effective system prompt and the turns, oldest first,
/// with what was left out to fit the token budget.
public struct Context: Sendable {
    public struct Turn: Sendable, Equatable {
        public var id: ObjectID
        public var role: Role
        /// The thread that owns the message now (its recorded thread, after renames).
        public var thread: String
        public var content: String
        public var estimatedTokens: Int
    }

    /// The effective system prompt: the newest system message in the history (docs/FORMAT.md §5,
    /// "System prompts"), or nil.
    public var system: String?
    public var systemID: ObjectID?
    public var systemTokens: Int

    /// The system prompt a stored system message's `content` puts in force: none for white space
    /// alone (an empty one is how `send -s ""` clears the prompt; providers refuse a blank one).
    public static func systemPrompt(in content: String?) -> String? {
        content.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
    }

    /// The user and assistant messages given to the model, oldest first.
    public var turns: [Turn]
    /// The oldest turns left out to fit the budget, oldest first; whole turns only. All of them from
    /// `Repository.context(of:budget:)`; from a builder that read only what the budget needs
    /// (`Repository.contextBuilder(upTo:budget:)` on a long history), only those it read, the newest.
    public var dropped: [Turn]
    /// How many turns were left out to fit the budget: `dropped`, and those not read.
    public var droppedCount: Int
    /// The budget applied, if any.
    public var budget: Int?
    /// Estimated tokens of what is given: system prompt plus `turns`.
    public var estimatedTokens: Int {
        systemTokens + turns.reduce(0) { $0 + $1.estimatedTokens }
    }
    /// True when even the newest turn alone does not fit the budget (it is given anyway).
    public var exceedsBudget: Bool {
        budget.map { estimatedTokens > $0 } ?? false
    }
}
