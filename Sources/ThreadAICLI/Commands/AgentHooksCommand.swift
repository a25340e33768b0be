#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAI

/// `threadai hooks install|uninstall|status --agent NAME [--local]`: ThreadAI's `capture` in a coding
/// agent's hooks of this project (docs/CLI.md, `hooks`). What goes where is the library's
/// (`AgentHooks`); this words it.
enum AgentHooksCommand {
    static func run(_ arguments: ParsedArguments, _ context: CommandContext, repository: Repository) throws -> ExitStatus {
        guard let name = arguments.option("agent") else {
            throw CLIError("--local goes with --agent claude-code: hooks install --agent claude-code --local.", status: .usage)
        }
        guard let agent = CodingAgent(rawValue: name) else {
            let known = CodingAgent.allCases.map(\.rawValue).joined(separator: ", ")
            throw CLIError("'\(name)' is not an agent ThreadAI can hook; --agent takes \(known).", status: .usage)
        }
        guard !arguments.flag("pre-commit") else {
            throw CLIError("--pre-commit is a git hook; it does not go with --agent.", status: .usage)
        }
        let action = arguments.positional("action")
        if arguments.flag("local"), action != "install" {
            throw CLIError("--local goes with install; \(action ?? "this action") covers both of the agent's files.", status: .usage)
        }
        let hooks = AgentHooks(top: try projectTop(repository))
        switch action {
        case "install":
            let command = HookScripts.agentCommand(
                threadai: SelfExecutable.path(context), repository: try HooksCommand.repositoryLocation(repository),
                agent: agent, local: arguments.flag("local"))
            let change = try hooks.install(agent, local: arguments.flag("local"), command: command)
            let events = agent.events.joined(separator: ", ")
            context.note(change.changed
                ? "installed 'threadai capture' in \(change.path) on \(events)"
                : "\(change.path) was installed already (on \(events))")
            if change.createdFile, arguments.flag("local") {
                // Claude Code has git ignore this file when it makes it; made here first, it may not be.
                context.note("\(change.path) is yours alone only while git ignores it: add it to .gitignore unless git ignores it already")
            }
        case "uninstall":
            let changes = try hooks.uninstall(agent)
            if changes.isEmpty { context.note("no hook of ThreadAI's was in \(agent.rawValue)'s settings") }
            for change in changes {
                context.note(change.removedFile
                    ? "removed \(change.path) (it held only ThreadAI's hooks)"
                    : "removed ThreadAI's hooks from \(change.path); the rest is as it was")
            }
        case "status":
            try status(of: [agent], repository: repository, context)
        default:
            throw CLIError("hooks needs an action: install, uninstall or status.", status: .usage)
        }
        return .success
    }

    /// One line per agent: where its ThreadAI hooks are and on which events, or that it has none.
    static func status(of agents: [CodingAgent], repository: Repository, _ context: CommandContext) throws {
        let hooks = AgentHooks(top: try projectTop(repository))
        for agent in agents {
            let found = try hooks.status(agent)
            if found.isEmpty {
                context.output.line("\(agent.rawValue): not installed (\(hooks.top)/\(agent.settingsFile(local: false) ?? ""))")
            }
            for (path, events) in found {
                context.output.line("\(agent.rawValue): installed (\(path): \(events.joined(separator: ", ")))")
            }
        }
    }

    /// The folder the agents' project settings live in: the code repository's top, or without git
    /// the folder holding `.threadai`.
    private static func projectTop(_ repository: Repository) throws -> String {
        if let tree = try CodeTree.read(threadaiDirectory: repository.directory) { return tree.top }
        return URL(fileURLWithPath: repository.directory).deletingLastPathComponent().resolvingSymlinksInPath().path
    }
}
