import ThreadAI

/// `threadai scan`: looks for credentials in messages already stored (docs/CLI.md, "Secrets").
enum ScanCommand: Command {
    static let name = "scan"
    static let spec = CommandSpec(
        name: name,
        abstract: "Look for credentials (API keys, private keys, tokens) in stored messages.",
        discussion: """
            Reads every message and tag note in the repository (or, with --staged, those git's index is about to commit) \
            and prints one line for each credential found: the message, its thread and role, the kind and the \
            position. The credential itself is never printed. Exits 1 when something is found, 0 otherwise; \
            the pre-commit hook of 'threadai hooks install --pre-commit' runs 'threadai scan --staged --quiet'.
            """,
        arguments: [
            .flag("staged", help: "Only the message objects staged in git's index (for a pre-commit hook)."),
            .flag("quiet", short: "q", help: "Print nothing when nothing is found."),
        ],
        examples: [.init("threadai scan"), .init("threadai scan --staged")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let ids: [ObjectID]
        let tags: [ThreadName]
        // Staged files of local threads (with --staged), then messages and tags holding a credential.
        var (localFiles, holding) = (0, 0)
        if arguments.flag("staged") {
            guard let staged = try StagedObjects.staged(threadaiDirectory: repository.directory) else {
                throw CLIError("--staged needs the repository inside a git work tree: \(GitBackends.standard.whyNoRepository(repository.directory)).")
            }
            ids = staged.ids
            tags = staged.tagNames.compactMap { try? ThreadName($0) }
            localFiles = try reportLocal(staged, repository, context)
        } else {
            ids = try repository.objects.allIDs()
            tags = try repository.tags.names()
        }
        for id in ids.sorted(by: { $0.hex < $1.hex }) {
            let message = try repository.objects.message(id)
            let findings = SecretScanner.findings(in: message.content)
            guard !findings.isEmpty else { continue }
            holding += 1
            for finding in findings {
                context.output.line(TerminalSafe.text(
                    "\(context.style.id(id.short)) \(message.thread) \(message.role.rawValue): \(finding)"))
            }
        }
        // A tag's note is shared through git as a message is.
        var tagsHolding = 0
        for name in tags.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard let note = try repository.tags.tag(name)?.note else { continue }
            let findings = SecretScanner.findings(in: note)
            guard !findings.isEmpty else { continue }
            holding += 1
            tagsHolding += 1
            for finding in findings {
                context.output.line(TerminalSafe.text("tag \(name) note: \(finding)"))
            }
        }
        let scanned = CountedNoun.phrase(ids.count, "message")
            + (tags.isEmpty ? "" : " and \(CountedNoun.phrase(tags.count, "tag note"))") + " scanned"
        guard holding > 0 else {
            if localFiles == 0 && !arguments.flag("quiet") { context.note("\(scanned); no credentials found.") }
            return localFiles == 0 ? .success : .failure
        }
        context.note("\(scanned); \(holding) hold what looks like a credential. A stored message cannot change "
            + "(its id is its hash): rotate the credential, and keep the thread out of git with 'threadai local NAME' "
            + "before it is committed (or remove its objects from the commit)."
            + (tagsHolding > 0 ? " A tag's note can go: 'threadai tag -d NAME', then tag again without it." : ""))
        return .failure
    }

    /// Staged files that belong to local threads (docs/FORMAT.md §13), which were forced past the
    /// exclude block (`git add -f`) or staged before the thread became local: one line each, and
    /// one note with the way to unstage them. Returns how many.
    private static func reportLocal(_ staged: StagedObjects.Staged, _ repository: Repository, _ context: CommandContext) throws -> Int {
        guard !(staged.ids.isEmpty && staged.threadNames.isEmpty && staged.tagNames.isEmpty && staged.localLists.isEmpty)
        else { return 0 }
        let keep = try LocalThreads(repository: repository).privateContent()
        let folder = String(repository.directory.split(separator: "/").last ?? ".threadai")
        let isKept = { (names: Set<ThreadName>, name: String) in (try? ThreadName(name)).map(names.contains) == true }
        var paths: [String] = staged.localLists
        paths += staged.threadNames.filter { isKept(keep.threads, $0) }.map { "\(folder)/refs/threads/\($0)" }
        paths += staged.tagNames.filter { isKept(keep.tags, $0) }.map { "\(folder)/refs/tags/\($0)" }
        paths += staged.ids.filter(keep.objects.contains).map { "\(folder)/objects/\($0.hex.prefix(2))/\($0.hex.dropFirst(2)).md" }
        for path in paths { context.output.line(TerminalSafe.text("\(path): staged, but local (kept out of git)")) }
        if !paths.isEmpty {
            context.note("\(CountedNoun.phrase(paths.count, "staged file")) belong to local threads and would share them: "
                + "'git restore --staged \(folder)' (or 'git rm --cached' for files already committed) takes them out of the commit.")
        }
        return paths.count
    }
}
