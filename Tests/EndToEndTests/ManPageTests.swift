import Foundation
import Testing
import ThreadAITestSupport

/// `threadai man` (docs/CLI.md, "Manual page"): roff for threadai(1) with every command and option,
/// rendered by the real groff and man.
@Suite("CLI: manual page")
struct ManPageTests {
    @Test("every command and every option of every command is in the page, as the help lists them")
    func everyCommandAndOption() throws {
        let sandbox = try CLISandbox()
        let page = try sandbox.succeed(["man"]).stdout
        #expect(page.hasPrefix(".TH THREADAI 1 "))
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "GLOBAL OPTIONS", "COMMANDS", "ENVIRONMENT", "EXIT STATUS"] {
            #expect(page.contains("\n.SH \(section)\n"), "no \(section)")
        }
        let commands = HelpText.commandNames(try sandbox.succeed(["--help"]).stdout)
        #expect(commands.count > 20 && commands.contains("man"))
        let sections = page.components(separatedBy: "\n.SS ")
        for command in commands {
            let roffName = command.replacingOccurrences(of: "-", with: #"\-"#)
            let section = sections.first { $0.hasPrefix("\"threadai \(roffName)\"\n") }
            #expect(section != nil, "no section for \(command)")
            for option in HelpText.longOptions(try sandbox.succeed([command, "--help"]).stdout) where option != "--help" {
                #expect(section?.contains(option.replacingOccurrences(of: "-", with: #"\-"#)) == true, "\(command) \(option)")
            }
        }
        #expect(!page.unicodeScalars.contains { !$0.isASCII }, "roff input stays ASCII (\\[uXXXX] beyond)")
    }

    @Test("groff renders it without a warning, and man -l - shows it")
    func renders() throws {
        let sandbox = try CLISandbox()
        let path = try sandbox.folder.folder("man") + "/threadai.1"
        try sandbox.succeed(["man"]).stdout.write(toFile: path, atomically: true, encoding: .utf8)
        try RequiredTool.require(.groff, .man)
        let groff = try ExternalProgram.run(["sh", "-c", "groff -man -Tutf8 -ww -z '\(path)'"])
        #expect(groff.status == 0 && groff.output.isEmpty, "\(groff.output)")
        let man = try ExternalProgram.run(["sh", "-c", "MANWIDTH=80 man -l - < '\(path)'"])
        #expect(man.status == 0, "\(man.output)")
        for text in ["THREADAI(1)", "GLOBAL OPTIONS", "threadai log", "--no-pager", "threadai completion", "EXIT STATUS"] {
            #expect(man.output.contains(text), "\(text) not in:\n\(man.output.prefix(2000))")
        }
    }
}
