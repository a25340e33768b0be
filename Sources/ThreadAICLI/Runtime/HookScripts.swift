import ThreadAI
import ThreadAISupport

/// The shell scripts of `threadai hooks install` (docs/CLI.md, `hooks`). Each starts by running the
/// user's own hook, kept as `NAME.threadai-chained`, and stops when it fails, so installing ours
/// changes nothing of what the user's hook does.
enum HookScripts {
    /// The script for `hook`, which runs `threadai` (an absolute path when known; else from PATH)
    /// on the repository in `repository` (relative to the work tree's top, or absolute).
    static func script(_ hook: GitHooks.Hook, threadai: String, repository: String) -> String {
        let header = """
            #!/bin/sh
            \(GitHooks.marker)
            threadai=\(quoted(threadai))
            [ -x "$threadai" ] || threadai=threadai
            chained="$0\(GitHooks.chainedSuffix)"
            if [ -x "$chained" ]; then "$chained" "$@" || exit $?; fi
            top=$(git rev-parse --show-toplevel) || exit 0
            repository=\(repository.hasPrefix("/") ? quoted(repository) : "\"$top\"/" + quoted(repository))
            [ -d "$repository/.threadai" ] || exit 0

            """
        switch hook {
        case .prepareCommitMsg:
            return header + """
                # A merge or squash message, or one git already has: add nothing.
                case "$2" in merge|squash) exit 0 ;; esac
                trailers=$("$threadai" --repo "$repository" trailer 2>/dev/null) || exit 0
                [ -n "$trailers" ] || exit 0
                # One --trailer a line (Thread:, and Assisted-by: when asked for), each added unless the
                # message has one of its key already (amend, cherry-pick, rebase, by hand): it keeps that.
                message=$1
                set --
                while IFS= read -r line; do set -- "$@" --trailer "$line"; done <<EOF
                $trailers
                EOF
                git interpret-trailers --in-place --if-exists doNothing "$@" "$message"

                """
        case .preCommit:
            return header + """
                if ! "$threadai" --repo "$repository" scan --staged --quiet; then
                    echo "threadai: the commit was stopped by 'threadai scan --staged' (above)." >&2
                    echo "threadai: keep them out of the commit, or commit anyway with git commit --no-verify." >&2
                    exit 1
                fi

                """
        }
    }

    /// The command line an agent's hook runs (`hooks install --agent`): `threadai capture` on the
    /// repository in `repository` (relative to the work tree's top, found from the agent's working
    /// folder, so a settings file shared through git works in every clone; or absolute), with the
    /// hook's JSON on standard input. It exits 0 whatever happens, even when `threadai` is missing,
    /// and prints nothing: an agent may stop on a hook's failure, and Gemini CLI reads a hook's
    /// standard output as JSON. `capture` logs its own failures. Codex's and Gemini CLI's hooks name
    /// their agent (`--agent`: Codex may give its session without its rollout's path); Claude Code's
    /// is capture's default, so the command it had before other agents were hooked stays as it was. With
    /// `local` (`install --local`), the captured threads are kept local (`capture --local`, docs/FORMAT.md §13).
    static func agentCommand(threadai: String, repository: String, agent: CodingAgent, local: Bool = false) -> String {
        let location = repository.hasPrefix("/") ? quoted(repository) : "\"$(git rev-parse --show-toplevel)\"/" + quoted(repository)
        let naming = agent == .claudeCode ? "" : " --agent " + agent.rawValue
        return "t=\(quoted(threadai)); [ -x \"$t\" ] || t=threadai; "
            + "\"$t\" --repo \(location) capture\(naming)\(local ? " --local" : "") >/dev/null 2>&1 || true"
    }

    /// `text` in single quotes for the shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingEvery("'", with: "'\\''") + "'"
    }
}
