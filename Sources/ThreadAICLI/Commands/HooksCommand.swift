#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAI

/// `threadai hooks install|uninstall|status`: ThreadAI's opt-in git hooks in the code repository,
/// and with `--agent` its hooks in a coding agent's settings (`AgentHooksCommand`).
enum HooksCommand: Command {
    static let name = "hooks"
    static let spec = CommandSpec(
        name: name,
        abstract: "Install or remove git hooks that link commits to threads, or coding agents' hooks that capture sessions.",
        discussion: """
            'install' adds a prepare-commit-msg hook: a commit made while a thread is checked out gets a \
            'Thread: NAME@ID' trailer ('threadai trailer'). With --pre-commit it also adds a pre-commit hook \
            that stops a commit whose staged .threadai messages hold what looks like a credential \
            ('threadai scan --staged'). Hooks go where git runs them (core.hooksPath when set). A hook you \
            already have is kept as NAME.threadai-chained and runs first, unchanged; installing again only \
            refreshes ThreadAI's script. 'uninstall' removes exactly what 'install' added and puts your hook \
            back. 'status' says what is installed, git hooks and agents' hooks. \
            With --agent claude-code, codex or gemini, 'install' adds 'threadai capture' to that agent's hooks of \
            this project (.claude/settings.json, --local: .claude/settings.local.json; .codex/hooks.json; \
            .gemini/settings.json) on the events that end a turn or a session, keeping everything else in the \
            file as it was; 'uninstall --agent' removes exactly what it added. The hook always exits 0.
            """,
        arguments: [
            .positional("action", valueName: "ACTION", help: "install, uninstall or status."),
            .flag("pre-commit", help: "With install: also install the pre-commit secrets check."),
            .option("agent", valueName: "claude-code|codex|gemini", help: "The coding agent's hooks instead of git's."),
            .flag("local", help: "With install --agent claude-code: in .claude/settings.local.json, which git does not share."),
        ],
        examples: [
            .init("threadai hooks install"), .init("threadai hooks install --pre-commit"), .init("threadai hooks uninstall"),
            .init("threadai hooks install --agent claude-code"), .init("threadai hooks uninstall --agent claude-code"),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        if arguments.option("agent") != nil || arguments.flag("local") {
            return try AgentHooksCommand.run(arguments, context, repository: repository)
        }
        guard let hooks = try GitHooks.locate(threadaiDirectory: repository.directory) else {
            throw CLIError("hooks need a git repository: \(GitBackends.standard.whyNoRepository(repository.directory)).")
        }
        switch arguments.positional("action") {
        case "install":
            let wanted: [GitHooks.Hook] = arguments.flag("pre-commit") ? [.prepareCommitMsg, .preCommit] : [.prepareCommitMsg]
            let location = try repositoryLocation(repository)
            for hook in wanted {
                let script = HookScripts.script(hook, threadai: SelfExecutable.path(context), repository: location)
                let path = hooks.path(of: hook)
                switch try hooks.install(hook, script: script) {
                case .installed: context.note("installed \(path)")
                case .chained: context.note("installed \(path); your hook is kept as \(path + GitHooks.chainedSuffix) and runs first")
                case .alreadyInstalled: context.note("\(path) was installed already (its script is up to date)")
                }
            }
        case "uninstall":
            guard !arguments.flag("pre-commit") else { throw CLIError("uninstall removes every ThreadAI hook; --pre-commit goes with install.", status: .usage) }
            for hook in GitHooks.Hook.allCases {
                let path = hooks.path(of: hook)
                switch try hooks.uninstall(hook) {
                case .removed: context.note("removed \(path)")
                case .restored: context.note("removed ThreadAI's \(path); your hook is back in its place")
                case .notInstalled: break
                }
            }
        case "status":
            for hook in GitHooks.Hook.allCases {
                let state = hooks.isInstalled(hook) ? "installed" : "not installed"
                context.output.line("\(hook.rawValue): \(state) (\(hooks.path(of: hook)))")
            }
            try AgentHooksCommand.status(of: CodingAgent.allCases, repository: repository, context)
        default:
            throw CLIError("hooks needs an action: install, uninstall or status.", status: .usage)
        }
        return .success
    }

    /// Where the hook finds the repository: the folder holding `.threadai`, relative to the work
    /// tree's top (so every worktree uses its own), or absolute when it lies outside.
    static func repositoryLocation(_ repository: Repository) throws -> String {
        let holder = URL(fileURLWithPath: repository.directory).deletingLastPathComponent().resolvingSymlinksInPath().path
        guard let tree = try CodeTree.read(threadaiDirectory: repository.directory) else { return holder }
        if holder == tree.top { return "." }
        return holder.hasPrefix(tree.top + "/") ? String(holder.dropFirst(tree.top.count + 1)) : holder
    }
}
