import Foundation
import Testing

/// `.threadai/format` (docs/FORMAT.md §15.4) seen from the command line: a repository that uses a
/// feature this version does not know is refused by every command, with the feature named and the
/// upgrade advised, and nothing is written.
@Suite("CLI: format features")
struct FormatFeatureTests {
    @Test("every command refuses a repository with an unknown feature, naming it, writing nothing")
    func refusesUnknownFeature() throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        try Data("feature packs\nfeature teleport\n".utf8).write(to: URL(fileURLWithPath: sandbox.repository + "/format"))
        let before = try DirectorySnapshot(sandbox.repository)
        for arguments in [["log"], ["threads"], ["fsck"], ["send", "more"], ["status"]] {
            let result = try sandbox.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains("'teleport'"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("newer threadai"), "\(arguments): \(result.stderr)")
        }
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }

    @Test("a repository that announces packs is read as before")
    func knownFeature() throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        try Data("feature packs\n".utf8).write(to: URL(fileURLWithPath: sandbox.repository + "/format"))
        #expect(try sandbox.succeed(["log"]).stdout.contains("hello"))
    }
}
