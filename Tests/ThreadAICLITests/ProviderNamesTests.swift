import Foundation
import Testing
@testable import ThreadAICLI
import ThreadAI

/// Help texts list the providers from `ProviderKind`, the one list (docs/DESIGN.md, "Adding a
/// provider"): a provider added there shows in `send`, `chat`/`retry` and `keys` help without an edit.
@Suite("Provider names come from one list")
struct ProviderNamesTests {
    @Test func listsInWordsAreBuiltFromTheKinds() {
        #expect(ProviderKind.allNames == "offline, anthropic, openai or openai-compatible")
        #expect(ProviderKind.listed(ProviderKind.keyed) == "anthropic, openai or openai-compatible")
        #expect(ProviderKind.listed([.anthropic]) == "anthropic")
        #expect(ProviderKind.keyed == ProviderKind.allCases.filter { $0 != .offline })
    }

    @Test func helpTextsNameEveryProvider() async throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.at("work"), withIntermediateDirectories: true)
        for command in ["send", "retry", "chat"] {
            let help = await runCLI([command, "--help"], in: folder)
            #expect(help.output.contains(ProviderKind.allNames + "."), "\(command) --help")
        }
        let keys = await runCLI(["keys", "--help"], in: folder)
        #expect(keys.output.contains(ProviderKind.listed(ProviderKind.keyed) + "."))
    }

    /// No list of providers is written out by hand in the command line's sources.
    @Test func theCommandLineSpellsNoProviderList() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let cli = root.appendingPathComponent("Sources/ThreadAICLI")
        let files = try #require(FileManager.default.enumerator(atPath: cli.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: cli.appendingPathComponent(file), encoding: .utf8)
            for list in [ProviderKind.allNames, ProviderKind.listed(ProviderKind.keyed)] {
                #expect(!text.contains(list), "\(file) writes out the provider list '\(list)'")
            }
        }
    }
}
