import Foundation
import Testing
import ThreadAITestSupport

/// `threadai completion bash|zsh|fish` (docs/CLI.md, "Shell completion"), loaded into the real shells:
/// bash completes through its completion function as it would at a Tab, fish through `complete -C`,
/// and zsh's script is checked to parse and to register itself.
@Suite("CLI: shell completion", .slow)
struct CompletionTests {
    /// A repository with threads `main` and `feature` and a tag `good`, and the three scripts in files.
    private struct Scripts {
        let sandbox: CLISandbox
        let folder: String

        init() throws {
            sandbox = try CLISandbox.initialized(sending: "first")
            try sandbox.succeed(["checkout", "-b", "feature"])
            try sandbox.succeed(["send", "on the feature"])
            try sandbox.succeed(["tag", "good"])
            folder = try sandbox.folder.folder("scripts")
            for shell in ["bash", "zsh", "fish"] {
                let script = try sandbox.succeed(["completion", shell]).stdout
                try script.write(toFile: path(shell), atomically: true, encoding: .utf8)
            }
        }

        func path(_ shell: String) -> String { folder + "/threadai." + shell }

        /// Runs `shell -c script` in `directory` (default: the repository's folder) with `threadai` on
        /// the PATH; returns what it printed (standard output and error) and its status.
        func run(_ shell: String, _ arguments: [String], in directory: String? = nil) throws -> (output: String, status: Int32) {
            // bash comes with every Linux that Swift runs on; the other two shells are extras.
            if let tool = ["zsh": RequiredTool.zsh, "fish": .fish][shell] { try tool.require() }
            var environment = sandbox.environment([:])
            let binaryFolder = (try ThreadAIBinary.path() as NSString).deletingLastPathComponent
            environment["PATH"] = binaryFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            return try ExternalProgram.run([shell] + arguments, in: directory ?? sandbox.work, environment: environment)
        }

        /// What bash's completion function offers for the command line `words`, the last being the word
        /// under the cursor, one candidate a line.
        func bash(_ words: [String], in directory: String? = nil) throws -> [String] {
            let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            let script = """
                source '\(path("bash"))'
                COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMPREPLY=()
                _threadai
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try run("bash", ["-c", script], in: directory)
            #expect(result.status == 0, "\(result.output)")
            return result.output.split(separator: "\n").map(String.init).sorted()
        }
    }

    @Test("bash: the script registers _threadai and completes commands, options, their words, and thread and tag names")
    func bash() throws {
        let scripts = try Scripts()
        let registered = try scripts.run("bash", ["-c", "source '\(scripts.path("bash"))' && complete -p threadai"])
        #expect(registered.status == 0 && registered.output.contains("complete -F _threadai threadai"), "\(registered.output)")
        #expect(try scripts.bash(["threadai", "checkout", "fe"]) == ["feature"])
        #expect(try scripts.bash(["threadai", "show", ""]) == ["feature", "good", "main"])
        #expect(try scripts.bash(["threadai", "diff", "main", "g"]) == ["good"])
        #expect(try scripts.bash(["threadai", "che"]) == ["checkout"])
        #expect(try scripts.bash(["threadai", "log", "--max"]) == ["--max-count"])
        #expect(try scripts.bash(["threadai", "log", "--no-p"]) == ["--no-pager"], "global options after the command")
        #expect(try scripts.bash(["threadai", "log", "-n", ""]) == [], "a number is not a thread name")
        #expect(try scripts.bash(["threadai", "export", ""]) == ["claude-code", "html", "json", "md"])
        #expect(try scripts.bash(["threadai", "config", "s"]) == ["set"])
        #expect(try scripts.bash(["threadai", "help", "comp"]) == ["completion"])
        #expect(try scripts.bash(["threadai", "completion", ""]) == ["bash", "fish", "zsh"])
        // From another folder, the names come from the repository --repo names.
        let elsewhere = try scripts.sandbox.folder.folder("elsewhere")
        #expect(try scripts.bash(["threadai", "--repo", scripts.sandbox.work, "checkout", "m"], in: elsewhere) == ["main"])
        #expect(try scripts.bash(["threadai", "checkout", "--repo=" + scripts.sandbox.work, "f"], in: elsewhere) == ["feature"])
        #expect(try scripts.bash(["threadai", "checkout", "m"], in: elsewhere) == [], "no repository, no names, no noise")
    }

    @Test("completion --refs lists the threads, then the tags; a bad shell is a usage error")
    func refsAndErrors() throws {
        let scripts = try Scripts()
        #expect(try scripts.sandbox.succeed(["completion", "--refs"]).stdout == "feature\nmain\ngood\n")
        for arguments in [["completion"], ["completion", "tcsh"], ["completion", "--refs", "bash"]] {
            let result = try scripts.sandbox.run(arguments)
            #expect(result.status == 2 && result.stdout.isEmpty && !result.stderr.isEmpty, "\(result)")
        }
    }

    @Test("every command and every option of every command is in the scripts")
    func everyCommandAndOption() throws {
        let scripts = try Scripts()
        let overview = try scripts.sandbox.succeed(["--help"]).stdout
        let bash = try String(contentsOfFile: scripts.path("bash"), encoding: .utf8)
        let zsh = try String(contentsOfFile: scripts.path("zsh"), encoding: .utf8)
        let fish = try String(contentsOfFile: scripts.path("fish"), encoding: .utf8)
        let commands = HelpText.commandNames(overview)
        #expect(commands.count > 20 && commands.contains("completion"))
        for command in commands {
            #expect(bash.contains("\n        \(command)) echo "), "bash lacks \(command)")
            #expect(zsh.contains("\n                \(command)) _arguments"), "zsh lacks \(command)")
            #expect(fish.contains("-n '__threadai_using \(command)'"), "fish lacks \(command)")
            let help = try scripts.sandbox.succeed([command, "--help"]).stdout
            let bashOptions = bash.split(separator: "\n").first { $0.hasPrefix("        \(command)) echo ") }?.split(separator: " ") ?? []
            for option in HelpText.longOptions(help) {
                #expect(bashOptions.contains(Substring(option)), "bash lacks \(command) \(option)")
                #expect(fish.contains("__threadai_using \(command)' -l \(option.dropFirst(2))"), "fish lacks \(command) \(option)")
            }
        }
    }

    @Test("zsh and fish parse their scripts; zsh registers _threadai; fish completes thread and tag names")
    func zshAndFish() throws {
        let scripts = try Scripts()
        let zshParse = try scripts.run("zsh", ["-n", scripts.path("zsh")])
        #expect(zshParse.status == 0, "\(zshParse.output)")
        let zshLoad = try scripts.run("zsh", ["-f", "-c", "autoload -Uz compinit && compinit -u -D && source '\(scripts.path("zsh"))' && print -r -- $_comps[threadai]"])
        #expect(zshLoad.status == 0 && zshLoad.output.contains("_threadai"), "\(zshLoad.output)")
        let fishParse = try scripts.run("fish", ["-n", scripts.path("fish")])
        #expect(fishParse.status == 0, "\(fishParse.output)")
        let fish = try scripts.run("fish", ["--no-config", "-c", "source '\(scripts.path("fish"))'; complete -C 'threadai checkout '; complete -C 'threadai log --max'"])
        #expect(fish.status == 0, "\(fish.output)")
        let lines = fish.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("feature") && lines.contains("main") && lines.contains("good"), "\(fish.output)")
        #expect(lines.contains { $0.hasPrefix("--max-count") }, "\(fish.output)")
    }
}
