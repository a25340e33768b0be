/// Who wrote a message.
public enum Role: String, CaseIterable, Codable, Sendable, CustomStringConvertible {
    /// Instructions that frame the conversation.
    case system
    /// The person.
    case user
    /// The model.
    case assistant

    /// The word written in a message's `role` key.
    public var description: String { rawValue }
}
