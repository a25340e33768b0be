import ThreadAI

/// `threadai status`: where you are and what `send` would use.
enum StatusCommand: Command {
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show the current thread, its head, its size, and the provider and model send would use.",
        arguments: [
            .option("provider", valueName: "NAME", help: "Show what this provider choice would resolve to."),
            .option("model", short: "m", valueName: "MODEL", help: "Show what this model choice would resolve to."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let style = context.style
        let (head, tip) = try repository.currentPosition()
        switch head {
        case .thread(let name):
            context.output.line("On thread \(style.thread(name.rawValue))")
        case .detached(let id):
            context.output.line("HEAD detached at \(style.id(id.short)) (send needs a thread: 'threadai checkout -b NAME')")
        }
        if let tip {
            let count = try repository.walker().chain(to: tip).count
            let header = try repository.objects.header(tip)
            context.output.line("Head: \(style.id(tip.short)) (\(header.role.rawValue), \(header.date.rfc3339))")
            context.output.line("Messages: \(count)")
        } else {
            context.output.line("No messages yet. Start with: threadai send \"…\"")
        }
        if let system = try tip.flatMap({ try repository.systemPrompt(at: $0) }) {
            context.output.line("System prompt: \(Summary.oneLine(system, limit: 70))")
        }
        let choice = try context.chooseProvider(arguments, repository: repository)
        context.output.line("Provider: \(choice.providerName), model: \(choice.model)")
        if let notice = choice.notice { context.output.line(style.dim("Note: \(notice)")) }
        context.output.line("Repository: \(repository.directory)")
        return .success
    }
}
