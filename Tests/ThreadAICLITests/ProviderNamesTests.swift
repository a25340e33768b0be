import Foundation
import Testing
import ThreadAITestSupport
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
        let files = try PackageSources.swiftFiles(of: "ThreadAICLI")
        #expect(!files.isEmpty)
        for (file, text) in files {
            for list in [ProviderKind.allNames, ProviderKind.listed(ProviderKind.keyed)] {
                #expect(!text.contains(list), "\(file) writes out the provider list '\(list)'")
            }
        }
    }
}

/// Everything that lists or looks up providers derives from `ProviderRegistry.all`, so a provider
/// registered there (one file, one line) is in help, `config`, `models`, `status` and key lookup.
@Suite("Providers come from one registry")
struct ProviderRegistryTests {
    @Test func kindsKeysAndVariablesFollowTheRegistry() {
        #expect(ProviderKind.allCases == ProviderRegistry.all.map(\.kind))
        #expect(ProviderKind.allCases.map(\.rawValue) == ["offline", "anthropic", "openai", "openai-compatible"])
        for registration in ProviderRegistry.all {
            #expect(ProviderKind(rawValue: registration.kind.rawValue) == registration.kind)
            #expect(registration.configKeys.allSatisfy { ConfigKey.all.contains($0) })
            #expect(CredentialLookup.environmentVariable(for: registration.kind) == registration.keyVariable)
        }
        #expect(ProviderRegistry.keyVariables == ["ANTHROPIC_API_KEY", "OPENAI_API_KEY"])
        #expect(ConfigKey.provider.defaultText == "anthropic if its key is set, else openai if its key is set, else offline")
        #expect(ProviderKind(rawValue: "stub") == nil, "a kind nobody registered is no provider")
        #expect(ProviderKind(registering: "stub").defaultModel == nil)
    }

    /// No provider's name or key variable is spelt outside its registration (`Configuration/Providers/`)
    /// in ThreadAI and the CLI (the fuzz targets' names aside).
    @Test func noProviderIsSpeltOutsideItsRegistration() throws {
        let spellings = ProviderKind.allCases.map { "\"\($0.rawValue)\"" }
        for module in ["ThreadAI", "ThreadAICLI"] {
            let files = try PackageSources.swiftFiles(of: module)
                .filter { !$0.path.hasPrefix("Configuration/Providers/") && !$0.path.hasPrefix("Fuzzing/") }
            #expect(!files.isEmpty)
            for (file, text) in files {
                for spelling in spellings {
                    #expect(!text.contains(spelling), "\(module)/\(file) spells \(spelling)")
                }
                if module.hasSuffix("CLI") {
                    for variable in ProviderRegistry.keyVariables {
                        #expect(!text.contains(variable), "\(module)/\(file) spells \(variable)")
                    }
                }
            }
        }
    }
}
