import Foundation
import Testing
@testable import ThreadAICLI
import ThreadAITestSupport

/// Options are read by their long names (`arguments.flag("no-context")`), and a misspelt name
/// would quietly answer false. Every name the CLI's sources read must be an argument of the command
/// whose file reads it, or, in the helpers commands share, of some command.
@Suite struct OptionNameTests {
    /// Each file's reads of a name, as `(file, name)`.
    static func reads() throws -> [(file: String, name: String, text: String)] {
        let pattern = try NSRegularExpression(pattern: #"\b(?:arguments|globals)\.(?:flag|option|options|positional|positionals|int)\("([a-z0-9-]+)""#)
        var found: [(String, String, String)] = []
        for (file, text) in try PackageSources.swiftFiles(of: "ThreadAICLI") {
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                found.append((file, String(text[range]), text))
            }
        }
        return found
    }

    @Test func everyNameReadIsAnArgument() throws {
        let byCommand = Dictionary(uniqueKeysWithValues: ThreadAICLI.commands.map {
            ($0.name, Set($0.spec.argumentsWithHelp.map(\.name)))
        })
        let globals = Set(ThreadAICLI.globalOptions.map(\.name))
        let any = byCommand.values.reduce(globals, { $0.union($1) })
        let reads = try Self.reads()
        #expect(reads.count > 50, "the pattern finds the reads")
        for read in reads {
            // A command's own file says `static let name = "NAME"`.
            let own = read.text.firstMatch(of: /static let name = "([a-z-]+)"/).map { String($0.1) }
            let names = own.flatMap { byCommand[$0] }.map { $0.union(globals) } ?? any
            #expect(names.contains(read.name), "\(read.file) reads '\(read.name)', which \(own.map { "'\($0)'" } ?? "no command") has")
        }
    }
}
