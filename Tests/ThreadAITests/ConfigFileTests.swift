import Foundation
import Testing
import ThreadAITestSupport
import ThreadAI

struct ConfigSyntaxCase: CustomTestStringConvertible, Sendable {
    var text: String
    var line: Int
    var testDescription: String { text.debugDescription }
}

struct ConfigValueCase: CustomTestStringConvertible, Sendable {
    var key: String
    var value: String
    var testDescription: String { "\(key) = \(value.debugDescription)" }
}

@Suite("Config files: parse, edit, write; keys and values")
struct ConfigFileTests {
    static let sample = """
        # Shared settings for this repository
        provider = anthropic

          # the model everyone uses
        model=sonnet
        timeout.stall   =   30
        model = haiku

        """

    @Test func parsesEntriesCommentsAndTheLastValueWins() throws {
        let file = try ConfigFile(parsing: Self.sample, path: "c")
        #expect(file.entries.map(\.key) == ["provider", "model", "timeout.stall", "model"])
        #expect(file.entry(for: "model")?.value == "haiku")
        #expect(file.entry(for: "model")?.line == 7)
        #expect(file.entry(for: "timeout.stall")?.value == "30")
        #expect(file.entry(for: "retry.max") == nil)
    }

    @Test func editingKeepsCommentsAndOrder() throws {
        var file = try ConfigFile(parsing: Self.sample, path: "c")
        file.set("model", to: "opus")
        file.set("retry.max", to: "1")
        let removed = file.remove("timeout.stall")
        let removedAgain = file.remove("timeout.stall")
        #expect(removed && !removedAgain)
        #expect(file.text == """
            # Shared settings for this repository
            provider = anthropic

              # the model everyone uses
            model = opus
            retry.max = 1

            """)
    }

    @Test func toleratesCRLFAndAValueWithHashes() throws {
        let file = try ConfigFile(parsing: "model = a#b\r\n# c\r\n", path: "c")
        #expect(file.entry(for: "model")?.value == "a#b")
        #expect(file.text == "model = a#b\n# c\n")
    }

    @Test func writesAtomicallyAndReadsBack() throws {
        let folder = try ScratchFolder()
        var file = ConfigFile()
        file.set("provider", to: "openai")
        file.set("openai.base-url", to: "http://127.0.0.1:8080/v1")
        try file.save(to: folder.at("nested/threadai/config"))
        let loaded = try ConfigFile.load(folder.at("nested/threadai/config"))
        #expect(loaded.text == file.text)
        #expect(loaded.entry(for: "openai.base-url")?.value == "http://127.0.0.1:8080/v1")
        #expect(try folder.permissions("nested/threadai/config") == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.at("nested/threadai")) == ["config"])
        #expect(try ConfigFile.load(folder.at("absent")).entries.isEmpty)
    }

    static let badSyntax: [ConfigSyntaxCase] = [
        .init(text: "provider anthropic", line: 1),
        .init(text: "# ok\n = value", line: 2),
        .init(text: "Model = x", line: 1),
        .init(text: "a\n\nmy_key = x", line: 1),
        .init(text: "ok = 1\n9lives = x", line: 2),
    ]

    @Test("rejects", arguments: badSyntax)
    func rejectsSyntax(_ example: ConfigSyntaxCase) {
        #expect(throws: ConfigurationError.self) { try ConfigFile(parsing: example.text, path: "cfg") }
        do {
            _ = try ConfigFile(parsing: example.text, path: "cfg")
        } catch {
            guard case .syntax(let path, let line, _) = error else {
                Issue.record("expected a syntax error, got \(error)")
                return
            }
            #expect(path == "cfg")
            #expect(line == example.line)
        }
    }

    @Test("a merge conflict left in the file is named as one, on the line of its first marker")
    func conflictMarkers() {
        let text = "provider = openai\n<<<<<<< HEAD\nmodel = gpt-5\n=======\nmodel = gpt-4.1\n>>>>>>> origin/main\n"
        do {
            _ = try ConfigFile(parsing: text, path: "cfg")
            Issue.record("a conflicted file parsed")
        } catch {
            #expect(error.description.hasPrefix("cfg:2: a git merge left its conflict markers here"), "\(error)")
        }
    }

    static let invalidValues: [ConfigValueCase] = [
        .init(key: "provider", value: "gemini"),
        .init(key: "provider", value: ""),
        .init(key: "model", value: "two words"),
        .init(key: "anthropic.base-url", value: "ftp://example.com"),
        .init(key: "anthropic.base-url", value: "api.anthropic.com"),
        .init(key: "openai.base-url", value: "https://user:pass@example.com/v1"),
        .init(key: "openai-compatible.base-url", value: "http://localhost:11434/v1?x=1"),
        .init(key: "anthropic.version", value: "2023 06 01"),
        .init(key: "max-output-tokens", value: "0"),
        .init(key: "max-output-tokens", value: "lots"),
        .init(key: "context.budget", value: "-5"),
        .init(key: "timeout.first-byte", value: "0"),
        .init(key: "timeout.stall", value: "forever"),
        .init(key: "timeout.stall", value: "nan"),
        .init(key: "retry.max", value: "11"),
    ]

    @Test("refuses the value", arguments: invalidValues)
    func refusesValue(_ example: ConfigValueCase) throws {
        let key = try ConfigKey.named(example.key)
        #expect(throws: ConfigurationError.self) { try key.validate(example.value) }
    }

    @Test func acceptsAndNormalizesValues() throws {
        #expect(try ConfigKey.provider.validate(" OpenAI-Compatible ") == "openai-compatible")
        #expect(try ConfigKey.retryMax.validate("007") == "7")
        #expect(try ConfigKey.stallTimeout.validate("0.5") == "0.5")
        #expect(try ConfigKey.compatibleBaseURL.validate("http://localhost:11434/v1") == "http://localhost:11434/v1")
        #expect(try ConfigKey.anthropicVersion.validate("2023-06-01") == "2023-06-01")
    }

    @Test("never takes an API key as a value", arguments: ["model", "anthropic.base-url", "anthropic.version", "provider"])
    func refusesSecretValues(_ name: String) throws {
        let key = try ConfigKey.named(name)
        #expect(throws: ConfigurationError.secretValue(key: name)) { try key.validate("sk-ant-api03-abcdefghijklmnop") }
    }

    @Test("refuses key names meant for credentials",
          arguments: ["anthropic.api-key", "openai.key", "api_key", "secret", "openai.password", "auth.bearer", "apikey"])
    func refusesSecretNames(_ name: String) {
        #expect(throws: ConfigurationError.secretKey(name)) { try ConfigKey.named(name) }
    }

    @Test func unknownKeysAreNamed() {
        #expect(throws: ConfigurationError.unknownKey("modle", suggestion: nil)) { try ConfigKey.named("modle") }
        // Ending in the letters "key" does not make a name a credential's.
        #expect(throws: ConfigurationError.unknownKey("monkey", suggestion: nil)) { try ConfigKey.named("monkey") }
        #expect(ConfigKey.all.count == Set(ConfigKey.all.map(\.name)).count)
    }

    @Test func errorMessagesNeverEchoASecret() {
        let error = ConfigurationError.invalidValue(
            key: "openai.base-url", value: "https://me:hunter2@example.com?key=sk-proj-abcdefghijkl", reason: "r", source: nil)
        #expect(!error.description.contains("hunter2"))
        #expect(!error.description.contains("sk-proj-abcdefghijkl"))
    }
}
