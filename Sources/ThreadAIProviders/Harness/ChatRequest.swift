/// What a provider is asked: a system prompt and the turns of a conversation, oldest first.
///
/// The harness knows nothing of where the turns came from; `origin` lets a caller say
/// (an app's store, say), and the offline model reports it back so the walk can be seen.
public struct ChatRequest: Sendable, Equatable {
    public var model: String
    public var system: String?
    public var messages: [ChatMessage]
    /// The most tokens the reply may use; providers that require it fall back to their own default.
    public var maxOutputTokens: Int?

    public init(model: String, system: String? = nil, messages: [ChatMessage], maxOutputTokens: Int? = nil) {
        self.model = model
        self.system = system
        self.messages = messages
        self.maxOutputTokens = maxOutputTokens
    }
}

/// Who speaks a turn. System prompts travel in `ChatRequest.system`, never as a turn.
public enum ChatRole: String, Sendable, Equatable, Codable {
    case user
    case assistant
}

public struct ChatMessage: Sendable, Equatable {
    public var role: ChatRole
    public var content: String
    public var origin: Origin?

    /// Where a turn came from, for callers that keep history somewhere: an id and the thread it was written on.
    public struct Origin: Sendable, Equatable {
        public var id: String
        public var thread: String?
        public init(id: String, thread: String?) {
            self.id = id
            self.thread = thread
        }
    }

    public init(role: ChatRole, content: String, origin: Origin? = nil) {
        self.role = role
        self.content = content
        self.origin = origin
    }
}
