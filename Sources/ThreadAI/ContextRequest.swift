extension ChatRequest {
    /// The request a provider receives for `context`: its system prompt and turns, each turn
    /// carrying its id and thread so the offline model can report the walk.
    public init(context: Context, model: String, maxOutputTokens: Int? = nil) {
        self.init(
            model: model,
            system: context.system,
            messages: context.turns.map { turn in
                ChatMessage(
                    role: turn.role == .assistant ? .assistant : .user,
                    content: turn.content,
                    origin: .init(id: turn.id.hex, thread: turn.thread))
            },
            maxOutputTokens: maxOutputTokens)
    }
}
