/// What the harness knows about one model: who serves it, its short names and its limits.
public struct ModelInfo: Sendable, Equatable {
    /// The id sent to the provider, e.g. `claude-sonnet-4-5`.
    public var id: String
    /// The provider that serves it: `anthropic`, `openai` or `offline`; for a model the catalog
    /// does not know, the provider whose naming its name fits, else nil (any provider may serve it).
    public var provider: String?
    /// Short names accepted in its place, e.g. `sonnet`.
    public var aliases: [String]
    /// How many tokens of input and output together the model can attend to.
    public var contextWindow: Int
    /// The most output tokens the model can produce in one reply.
    public var maxOutputTokens: Int
    /// The `max_tokens` sent when the request names none (Anthropic requires one).
    public var defaultMaxOutputTokens: Int
    /// False for a model the catalog does not know, described with conservative defaults.
    public var isKnown: Bool

    public init(
        id: String, provider: String?, aliases: [String] = [], contextWindow: Int,
        maxOutputTokens: Int, defaultMaxOutputTokens: Int? = nil, isKnown: Bool = true
    ) {
        self.id = id
        self.provider = provider
        self.aliases = aliases
        self.contextWindow = contextWindow
        self.maxOutputTokens = maxOutputTokens
        self.defaultMaxOutputTokens = defaultMaxOutputTokens ?? min(maxOutputTokens, ModelCatalog.defaultReplyTokenCap)
        self.isKnown = isKnown
    }
}
