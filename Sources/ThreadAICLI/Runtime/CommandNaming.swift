/// How a note names the command to run next: `'threadai retry'` at the shell, `'/retry'` inside
/// `chat`, where typing the shell's command would be sent to the model as a message.
struct CommandNaming: Sendable {
    /// True inside a `chat` session.
    let inChat: Bool

    static let shell = CommandNaming(inChat: false)

    init(inChat: Bool) {
        self.inChat = inChat
    }

    /// The naming for the command `arguments` belong to: a chat session's turns are answered with
    /// the `chat` command's arguments.
    init(_ arguments: ParsedArguments) {
        inChat = arguments.command == ChatCommand.spec.name
    }

    var retry: String { named("retry") }
    var continueCommand: String { named("continue") }
    var regenerate: String { named("regenerate") }

    /// `name` (a command that is also a chat command) as this place spells it, quoted.
    private func named(_ name: String) -> String {
        inChat ? "'/\(name)'" : "'threadai \(name)'"
    }
}
