import ThreadAI

/// `threadai status`: where you are and what `send` would use.
enum StatusCommand: Command {
    static let name = "status"
    static let spec = CommandSpec(
        name: name,
        abstract: "Show the current thread, its head, its size, and the provider and model send would use.",
        arguments: [
            .option("provider", valueName: "NAME", help: "Show what this provider choice would resolve to."),
            .option("model", short: "m", valueName: "MODEL", help: "Show what this model choice would resolve to."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let style = context.style
        let (head, tips) = try repository.currentHeads()
        let tip = tips.count == 1 ? tips.first : nil
        switch head {
        case .thread(let name):
            let local = try LocalThreads(repository: repository).names().contains(name) ? " (local: kept out of git)" : ""
            let pinned = context.threadPin.map { pin in
                " (from \(pin.source); HEAD is \((try? HeadStore(root: repository.directory).read()).map(Self.label) ?? "unreadable"))"
            } ?? ""
            context.output.line("On thread \(style.thread(name.rawValue))\(local)\(pinned)")
            if let now = repository.renamedAwayButPresent(name) {
                context.output.line(PulledRename.advice(name, now: now))
            }
        case .detached(let id):
            context.output.line("HEAD detached at \(style.id(id.short)) (send needs a thread: 'threadai checkout -b NAME')")
        }
        let outline = try tip.map { try repository.outline(of: $0, walker: repository.walker()) }
        if let tip, let count = outline?.count {
            let header = try repository.objects.header(tip)
            context.output.line("Head: \(style.id(tip.short)) (\(header.role.rawValue), \(header.date.rfc3339))")
            context.output.line("Messages: \(count)")
            if let finish = header.finish, ["error", "interrupted"].contains(finish) {
                context.output.line(style.removed("The last reply is partial (finish: \(finish)): "
                    + "'threadai continue' completes it, 'threadai retry' asks again."))
            } else if let finish = header.finish, Conversation.outputLimitStopReasons.contains(finish) {
                context.output.line("The last reply was cut off at the output limit (finish: \(finish)): 'threadai continue' goes on with it.")
            } else if header.role == .user {
                if case .detached = head {
                    // A thread may hold the reply already, and retry needs a thread to write on.
                    context.output.line("HEAD is at a question: 'threadai checkout -b NAME' then 'threadai retry' asks for a reply here.")
                } else {
                    context.output.line("Your message has no reply yet: 'threadai retry' asks for it.")
                }
            }
        } else if tips.count > 1, case .thread(let name) = head {
            try writeDiverged(name, heads: tips, repository, context)
        } else if case .thread(let name) = head, let gone = Self.goneThread(name, repository) {
            context.output.line(style.removed(gone))
        } else {
            context.output.line("No messages yet. Start with: threadai send \"…\"")
        }
        if let system = Context.systemPrompt(in: outline?.systemPrompt) {
            context.output.line("System prompt: \(Summary.oneLine(system, limit: 70))")
        }
        do {
            let choice = try context.chooseProvider(arguments, repository: repository)
            context.output.line("Provider: \(choice.providerName), model: \(choice.model)")
            if let notice = choice.notice { context.output.line(style.dim("Note: \(notice)")) }
            writeReadiness(choice, context)
        } catch let error as ConfigurationError {
            // A compatible server with no model named: status reports what a send would meet,
            // as it does for a missing key, instead of failing itself.
            guard case .missingModel(let provider) = error else { throw error }
            context.output.line("Provider: \(provider), model: none")
            let connection = try ProviderSelection.connection(
                try context.settingsLayers(choosing: provider, repository: repository), provider: provider,
                credentials: context.credentials)
            writeConnection(provider, credential: connection.credential, baseURL: connection.baseURL, context)
            context.output.line(style.removed("Not ready: send would fail. \(error)"))
        }
        for line in CaptureReport.lines(repository) { context.output.line(line) }
        context.output.line("Repository: \(repository.directory)")
        return .success
    }

    /// Why the unborn current thread `name` is not simply new (a thread deleted or renamed away,
    /// here or by a pull), as `send` would refuse it; nil for a thread that never had messages.
    private static func goneThread(_ name: ThreadName, _ repository: Repository) -> String? {
        do {
            try repository.checkUnbornForWriting(name)
            return nil
        } catch {
            let reason = error.description
            return reason.prefix(1).uppercased() + reason.dropFirst()
        }
    }

    /// Whether the chosen provider has what a send needs, said honestly: where its key comes from
    /// (never the key itself) or that there is none, its base URL, and the error a send would meet.
    private static func writeReadiness(_ choice: ProviderChoice, _ context: CommandContext) {
        guard let settings = choice.settings, settings.provider.value != .offline else { return }
        writeConnection(settings.provider.value, credential: settings.credential, baseURL: settings.baseURL, context)
        do {
            _ = try choice.makeProvider(nil)
        } catch {
            context.output.line(context.style.removed("Not ready: send would fail. \(error)"))
        }
    }

    /// Where the key of provider `kind` comes from (never the key) or that there is none, and its base URL.
    private static func writeConnection(
        _ kind: ProviderKind, credential: Setting<Credential>?, baseURL: Setting<String>?, _ context: CommandContext
    ) {
        if let credential {
            context.output.line("Key: set (from \(credential.source))")
        } else if kind.registration?.keyIsOptional == true {
            context.output.line("Key: none (sent without one; most local servers need none)")
        } else {
            context.output.line(context.style.removed("Key: none"))
        }
        if let baseURL {
            context.output.line("Base URL: \(baseURL.value) (from \(baseURL.source))")
        } else if kind.registration?.needsBaseURL == true {
            context.output.line(context.style.removed("Base URL: none"))
        }
    }

    /// Every head of a diverged thread, and how to settle it (send and retry refuse until then).
    private static func writeDiverged(_ name: ThreadName, heads: [ObjectID], _ repository: Repository, _ context: CommandContext) throws {
        let style = context.style
        context.output.line(style.removed("Diverged: \(heads.count) heads (a git merge kept both clones' messages; nothing is lost)"))
        let walker = repository.walker()
        for head in heads {
            let message = try walker.message(head)
            let count = try walker.chain(to: head).count
            context.output.line("  \(style.id(head.short)) \(message.role.rawValue), \(message.date.rfc3339), "
                + "\(count) messages: \(Summary.oneLine(message.content, limit: 50))")
        }
        context.output.line("send and retry refuse until it is settled: 'threadai threads reconcile \(name)' keeps the newest head")
        context.output.line("  (a head already in another's history is dropped; each other head gets a thread of its own),")
        context.output.line("  'threadai threads reconcile \(name) ID' keeps head ID. 'threadai log' shows every head;")
        context.output.line("  'threadai diff \(heads[0].short) \(heads[1].short)' compares two of them.")
    }

    /// How status names what the shared `HEAD` says, beside a pinned thread.
    private static func label(_ head: Head) -> String {
        switch head {
        case .thread(let name): name.rawValue
        case .detached(let id): "detached at \(id.short)"
        }
    }
}
