/// What a message's frontmatter says: shared by a whole `Message` and by a `MessageHeader`, which is
/// the frontmatter alone.
public protocol MessageFrontmatter: Sendable {
    /// The message this one answers or follows; nil for a root.
    var parent: ObjectID? { get }
    /// The thread the message was written on.
    var thread: ThreadName { get }
    var role: Role { get }
    /// When the message was written.
    var date: Timestamp { get }
    /// Every other frontmatter key with its value: the defined ones (`model`, `input-tokens`, …) and
    /// extension keys, which are kept unchanged.
    var fields: [String: String] { get }
}

extension MessageFrontmatter {
    /// The provider that answered (`offline`, `anthropic`, `openai`, `openai-compatible`).
    public var provider: String? { fields[FrontmatterKey.provider] }
    /// The model that answered.
    public var model: String? { fields[FrontmatterKey.model] }
    /// How the reply ended: the provider's stop reason, `interrupted` or `error`.
    public var finish: String? { fields[FrontmatterKey.finish] }
    /// Why the reply is partial: a provider error, in words.
    public var error: String? { fields[FrontmatterKey.error] }
    /// Tokens the provider counted in the request.
    public var inputTokens: Int? { integerField(FrontmatterKey.inputTokens) }
    /// Tokens in the reply.
    public var outputTokens: Int? { integerField(FrontmatterKey.outputTokens) }
    /// Milliseconds from the request to the end of the reply.
    public var latencyMilliseconds: Int? { integerField(FrontmatterKey.latencyMilliseconds) }
    /// Milliseconds from the request to the first token.
    public var firstTokenMilliseconds: Int? { integerField(FrontmatterKey.firstTokenMilliseconds) }

    /// The decimal integer stored under `key`; nil when the key is absent or the number exceeds `Int.max`.
    func integerField(_ key: String) -> Int? {
        fields[key].flatMap { Int($0) }
    }
}

extension MessageFrontmatter {
    /// Whether this is a system prompt (FORMAT §5.5): a `system` message, unless it is an imported
    /// notice, whose `source-role` names a kind other than `system` (Claude Code's compaction
    /// boundaries, local command output, hook summaries). A notice is kept and shown, but it is never
    /// a prompt, never replaces one, and is never given to a model.
    public var isSystemPrompt: Bool {
        role == .system && (fields[FrontmatterKey.sourceRole].map { $0 == Role.system.rawValue } ?? true)
    }

    /// An imported notice: a `system` message that is not a system prompt (`isSystemPrompt`).
    public var isNotice: Bool { role == .system && !isSystemPrompt }
}
