/// Typed access to the keys docs/FORMAT.md §4.2 defines. Setting nil removes the key; every setter writes
/// the value's one canonical text, so these cannot make a message invalid.
extension Message {
    /// The provider that answered (`offline`, `anthropic`, `openai`, `openai-compatible`).
    public var provider: String? {
        get { fields[FrontmatterKey.provider] }
        set { setCheckedField(FrontmatterKey.provider, to: newValue) }
    }

    /// The model that answered.
    public var model: String? {
        get { fields[FrontmatterKey.model] }
        set { setCheckedField(FrontmatterKey.model, to: newValue) }
    }

    /// How the reply ended: the provider's stop reason, `interrupted` or `error`.
    public var finish: String? {
        get { fields[FrontmatterKey.finish] }
        set { setCheckedField(FrontmatterKey.finish, to: newValue) }
    }

    /// Why the reply is partial: a provider error, in words.
    public var error: String? {
        get { fields[FrontmatterKey.error] }
        set { setCheckedField(FrontmatterKey.error, to: newValue) }
    }

    /// Tokens the provider counted in the request. A negative value is not a count and removes the key.
    public var inputTokens: Int? {
        get { integerField(FrontmatterKey.inputTokens) }
        set { setIntegerField(FrontmatterKey.inputTokens, to: newValue) }
    }

    /// Tokens in the reply. A negative value is not a count and removes the key.
    public var outputTokens: Int? {
        get { integerField(FrontmatterKey.outputTokens) }
        set { setIntegerField(FrontmatterKey.outputTokens, to: newValue) }
    }

    /// Milliseconds from the request to the end of the reply. A negative value removes the key.
    public var latencyMilliseconds: Int? {
        get { integerField(FrontmatterKey.latencyMilliseconds) }
        set { setIntegerField(FrontmatterKey.latencyMilliseconds, to: newValue) }
    }

    /// Milliseconds from the request to the first token. A negative value removes the key.
    public var firstTokenMilliseconds: Int? {
        get { integerField(FrontmatterKey.firstTokenMilliseconds) }
        set { setIntegerField(FrontmatterKey.firstTokenMilliseconds, to: newValue) }
    }

    private mutating func setIntegerField(_ key: String, to value: Int?) {
        // The format has no negative numbers; a negative measurement is unknown rather than zero.
        setCheckedField(key, to: value.flatMap { $0 >= 0 ? String($0) : nil })
    }
}
