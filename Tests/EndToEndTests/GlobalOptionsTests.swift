import Foundation
import Testing

/// The global options (docs/CLI.md, top) after the command word as well as before it.
@Suite("CLI: global options after the command")
struct GlobalOptionsTests {
    /// A repository in the sandbox's work folder with one exchange, and an empty folder to run from.
    private static func notesAndElsewhere() throws -> (CLISandbox, String) {
        let sandbox = try CLISandbox.initialized(sending: "kept in notes")
        return (sandbox, try sandbox.folder.folder("elsewhere"))
    }

    @Test("--repo works after the command, mixed with the command's own options, as --repo=DIR too")
    func repoAfterCommand() throws {
        let (sandbox, elsewhere) = try Self.notesAndElsewhere()
        let notes = sandbox.work
        for arguments in [["log", "--repo", notes], ["log", "--oneline", "--repo=" + notes], ["--no-color", "log", "--repo", notes, "-n", "1"]] {
            let result = try sandbox.run(arguments, in: elsewhere)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("kept in notes") || result.stdout.contains("Offline model"), "\(result)")
        }
        let send = try sandbox.run(["send", "--repo", notes, "--no-color", "second question"], in: elsewhere)
        #expect(send.status == 0, "\(send)")
        #expect(try sandbox.succeed(["log", "--json"]).stdout.contains("second question"))
    }

    @Test("--repo before and after the command is a usage error that names it and changes nothing")
    func repoOnBothSides() throws {
        let (sandbox, elsewhere) = try Self.notesAndElsewhere()
        let notes = sandbox.work
        let before = try DirectorySnapshot(notes)
        let result = try sandbox.run(["--repo", notes, "send", "--repo", notes, "hi"], in: elsewhere)
        #expect(result.status == 2)
        #expect(result.stderr.contains("'--repo'") && result.stderr.contains("more than once"), "\(result)")
        #expect(try DirectorySnapshot(notes) == before)
    }

    @Test("after --, a global option's spelling is an argument; -h after the command is the command's help")
    func endOfOptionsAndHelp() throws {
        let (sandbox, _) = try Self.notesAndElsewhere()
        let notes = sandbox.work
        let sent = try sandbox.run(["send", "--repo", notes, "--", "--no-color"], in: notes)
        #expect(sent.status == 0, "\(sent)")
        #expect(try sandbox.succeed(["log", "--json"]).stdout.contains("\"--no-color\""))
        let help = try sandbox.run(["log", "--repo", notes, "-h"], in: notes)
        #expect(help.status == 0 && help.stdout.contains("threadai log"), "\(help)")
    }

    @Test("--no-color after the command turns the colour off on a terminal")
    func noColorAfterCommand() throws {
        let sandbox = try CLISandbox.initialized(sending: "colour me")
        let terminal = try TmuxTerminal(
            in: sandbox.folder, directory: sandbox.work,
            environment: sandbox.environment(["TERM": "xterm", "NO_COLOR": "", "THREADAI_PAGER": "cat -v"]))
        #expect(try terminal.run(["log", "-n", "1"]) == 0)
        #expect(try terminal.screen().contains("^["), "coloured without the flag")
        #expect(try terminal.run(["log", "--no-color", "-n", "1"]) == 0)
        let screen = try terminal.screen()
        #expect(screen.contains("colour me") || screen.contains("Offline model"))
        #expect(screen.components(separatedBy: "'--no-color'").last?.contains("^[") == false, "\(screen)")
    }

    @Test("--color colours output that is not a terminal, over NO_COLOR and TERM=dumb, line by line; --no-color wins")
    func colorIntoAPipe() throws {
        let sandbox = try CLISandbox.initialized(sending: "colour me")
        let escape = "\u{1B}["
        #expect(!(try sandbox.succeed(["log", "-n", "1"]).stdout.contains(escape)))
        let run = try sandbox.run(["--color", "log", "-n", "1"], environment: ["NO_COLOR": "1", "TERM": "dumb"])
        #expect(run.status == 0, "\(run.stderr)")
        let coloured = run.stdout
        #expect(coloured.contains(escape), "\(coloured)")
        // No colour runs on past a line break: each line's last escape is the reset.
        for line in coloured.split(separator: "\n") where line.contains(escape) {
            #expect(line.components(separatedBy: escape).last?.hasPrefix("0m") == true, "\(line)")
        }
        #expect(try sandbox.succeed(["log", "-n", "1", "--color"]).stdout.contains(escape))
        #expect(!(try sandbox.succeed(["--color", "log", "--no-color", "-n", "1"]).stdout.contains(escape)))
    }
}


extension GlobalOptionsTests {
    @Test("--repo at a path that does not exist says so; --repo DIR init creates DIR/.threadai, not one in the current folder")
    func repoThatDoesNotExist() throws {
        let (sandbox, elsewhere) = try Self.notesAndElsewhere()
        let missing = sandbox.folder.path + "/no-such-folder"
        let status = try sandbox.run(["--repo", missing, "status"], in: elsewhere)
        #expect(status.status == 1 && status.stderr.contains("\(missing) does not exist"), "\(status)")
        let fromEnvironment = try sandbox.run(["status"], in: elsewhere, environment: ["THREADAI_DIR": missing])
        #expect(fromEnvironment.stderr.contains("(named by THREADAI_DIR) does not exist"), "\(fromEnvironment)")
        let created = try sandbox.run(["--repo", missing, "init"], in: elsewhere)
        #expect(created.status == 0 && created.stdout.contains(missing + "/.threadai"), "\(created)")
        #expect(FileManager.default.fileExists(atPath: missing + "/.threadai/refs"))
        #expect(!FileManager.default.fileExists(atPath: elsewhere + "/.threadai"))
    }
}

extension GlobalOptionsTests {
    /// The library suggests choices as remedies (`Remedy(.chooseRepository)`); the CLI words them as
    /// its options and environment variables.
    @Test("no repository found: the remedy names 'threadai init', --repo DIR and THREADAI_DIR")
    func noRepositoryRemedy() throws {
        let (sandbox, elsewhere) = try Self.notesAndElsewhere()
        let result = try sandbox.run(["status"], in: elsewhere, environment: ["THREADAI_DIR": ""])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("Run 'threadai init' to create one, or name one with --repo DIR or THREADAI_DIR."), "\(result)")
    }
}
