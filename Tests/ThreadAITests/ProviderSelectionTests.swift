import Testing
import ThreadAILibraryTestSupport
import ThreadAI

/// One row of the precedence table: what each layer says, and what the selection must decide.
struct SelectionCase: CustomTestStringConvertible, Sendable {
    var why: String
    var flags: [String: String] = [:]
    var environment: [String: String] = [:]
    var repository: String = ""
    var user: String = ""
    var stored: [ProviderKind: String] = [:]
    /// `provider [source] model [source]`, sources abbreviated: flag, env, repo, user, store, auto, default.
    var expected: String
    var testDescription: String { why }
}

/// The short name of a source, so table rows stay readable.
func sourceTag(_ source: SettingSource) -> String {
    switch source {
    case .flag: return "flag"
    case .environment: return "env"
    case .repositoryConfig: return "repo"
    case .userConfig: return "user"
    case .keyStore: return "store"
    case .automatic: return "auto"
    case .builtIn: return "default"
    }
}

func resolveSelection(_ row: SelectionCase) throws -> ProviderSettings {
    var flags: [ConfigKey: String] = [:]
    for (name, value) in row.flags { flags[try ConfigKey.named(name)] = value }
    let layers = SettingsLayers(
        flags: flags, environment: row.environment,
        repositoryConfig: try ConfigFile(parsing: row.repository, path: "/r/.threadai/config"),
        userConfig: try ConfigFile(parsing: row.user, path: "/u/threadai/config"))
    return try ProviderSelection.resolve(
        layers, credentials: CredentialLookup(environment: row.environment, store: MemoryKeyStore(keys: row.stored)))
}

@Suite("Provider selection: flags > environment > repository config > user config > defaults")
struct ProviderSelectionTests {
    static let anthropicKey = ["ANTHROPIC_API_KEY": "sk-ant-test-0000000000001111"]
    static let openAIKey = ["OPENAI_API_KEY": "sk-test-00000000000000002222"]

    static let table: [SelectionCase] = [
        .init(why: "nothing set: offline", expected: "offline [auto] offline-echo [default]"),
        .init(why: "Anthropic key in the environment: anthropic", environment: anthropicKey,
              expected: "anthropic [auto] claude-sonnet-5 [default]"),
        .init(why: "only an OpenAI key: openai", environment: openAIKey, expected: "openai [auto] gpt-5.5 [default]"),
        .init(why: "both keys: anthropic first", environment: anthropicKey.merging(openAIKey) { a, _ in a },
              expected: "anthropic [auto] claude-sonnet-5 [default]"),
        .init(why: "a stored OpenAI key counts like the environment's", stored: [.openai: "sk-stored-000000003333"],
              expected: "openai [auto] gpt-5.5 [default]"),
        .init(why: "user config beats the automatic choice", environment: anthropicKey, user: "provider = openai",
              expected: "openai [user] gpt-5.5 [default]"),
        .init(why: "repository config beats user config", repository: "provider = anthropic", user: "provider = openai",
              expected: "anthropic [repo] claude-sonnet-5 [default]"),
        .init(why: "environment beats repository config", environment: ["THREADAI_PROVIDER": "openai"],
              repository: "provider = anthropic", expected: "openai [env] gpt-5.5 [default]"),
        .init(why: "flag beats environment", flags: ["provider": "offline"], environment: ["THREADAI_PROVIDER": "openai"],
              expected: "offline [flag] offline-echo [default]"),
        .init(why: "a blank environment variable counts as unset", environment: ["THREADAI_PROVIDER": " "],
              user: "provider = openai", expected: "openai [user] gpt-5.5 [default]"),
        .init(why: "a stronger model flag picks its provider over a config provider", flags: ["model": "gpt-4o"],
              repository: "provider = anthropic", expected: "openai [auto] gpt-4o [flag]"),
        .init(why: "an alias resolves to its id", flags: ["provider": "anthropic"], environment: ["THREADAI_MODEL": "haiku"],
              expected: "anthropic [flag] claude-haiku-4-5 [env]"),
        .init(why: "a weaker model of another provider gives way to the provider's default",
              flags: ["provider": "openai"], user: "model = sonnet", expected: "openai [flag] gpt-5.5 [default]"),
        .init(why: "a known model alone chooses its provider", flags: ["model": "sonnet"],
              expected: "anthropic [auto] claude-sonnet-5 [flag]"),
        .init(why: "repository model beats user model", repository: "model = opus", user: "model = haiku",
              expected: "anthropic [auto] claude-opus-5 [repo]"),
        .init(why: "a compatible server keeps any model name", flags: ["provider": "openai-compatible", "model": "gpt-4o"],
              environment: ["OPENAI_BASE_URL": "http://127.0.0.1:1/v1"], expected: "openai-compatible [flag] gpt-4o [flag]"),
        .init(why: "an unknown model with a key goes to the automatic provider", environment: anthropicKey,
              user: "model = llama3", expected: "anthropic [auto] llama3 [user]"),
        .init(why: "a newer model of a provider's naming chooses that provider", flags: ["model": "gpt-6"],
              environment: anthropicKey, expected: "openai [auto] gpt-6 [flag]"),
    ]

    @Test("chooses", arguments: table)
    func chooses(_ row: SelectionCase) throws {
        let settings = try resolveSelection(row)
        let described = "\(settings.provider.value) [\(sourceTag(settings.provider.source))] "
            + "\(settings.model.value) [\(sourceTag(settings.model.source))]"
        #expect(described == row.expected)
        #expect((settings.notice != nil) == (settings.provider.value == .offline && row.flags["provider"] == nil))
    }

    static let baseURLTable: [SelectionCase] = [
        .init(why: "ANTHROPIC_BASE_URL beats the repository's", environment: anthropicKey.merging(
            ["ANTHROPIC_BASE_URL": "http://127.0.0.1:1"]) { a, _ in a },
              repository: "anthropic.base-url = http://127.0.0.1:2", expected: "http://127.0.0.1:1 [env]"),
        .init(why: "repository base URL beats the user's", environment: anthropicKey,
              repository: "anthropic.base-url = http://127.0.0.1:2", user: "anthropic.base-url = http://127.0.0.1:3",
              expected: "http://127.0.0.1:2 [repo]"),
        .init(why: "no base URL: the provider's default", environment: openAIKey, expected: "(none)"),
        .init(why: "compatible: its own key beats OPENAI_BASE_URL", flags: ["provider": "openai-compatible"],
              environment: ["OPENAI_BASE_URL": "http://127.0.0.1:1/v1"],
              user: "model = llama3\nopenai-compatible.base-url = http://127.0.0.1:4/v1", expected: "http://127.0.0.1:4/v1 [user]"),
        .init(why: "compatible: OPENAI_BASE_URL when nothing else", flags: ["provider": "openai-compatible", "model": "m"],
              environment: ["OPENAI_BASE_URL": "http://127.0.0.1:1/v1"], expected: "http://127.0.0.1:1/v1 [env]"),
    ]

    @Test("base URL", arguments: baseURLTable)
    func baseURL(_ row: SelectionCase) throws {
        let settings = try resolveSelection(row)
        let described = settings.baseURL.map { "\($0.value) [\(sourceTag($0.source))]" } ?? "(none)"
        #expect(described == row.expected)
    }

    @Test func compatibleServerGetsTheOpenAIKeyOnlyWithOpenAIBaseURL() throws {
        var row = SelectionCase(
            why: "", flags: ["provider": "openai-compatible", "model": "m"],
            environment: Self.openAIKey.merging(["OPENAI_BASE_URL": "http://127.0.0.1:1/v1"]) { a, _ in a }, expected: "")
        #expect(try resolveSelection(row).credential.map { sourceTag($0.source) } == "env")
        row.environment = Self.openAIKey
        row.repository = "openai-compatible.base-url = http://127.0.0.1:4/v1"
        #expect(try resolveSelection(row).credential == nil)
        row.stored = [.openAICompatible: "compatible-key-000000004444"]
        #expect(try resolveSelection(row).credential.map { sourceTag($0.source) } == "store")
    }

    @Test func environmentKeyBeatsStoredKey() throws {
        let row = SelectionCase(why: "", environment: Self.anthropicKey, stored: [.anthropic: "sk-ant-stored-0000005555"], expected: "")
        let credential = try #require(try resolveSelection(row).credential)
        #expect(credential.value.masked == "••••1111")
        #expect(sourceTag(credential.source) == "env")
    }

    static let otherProvidersModels: [SelectionCase] = [
        .init(why: "flags: --provider anthropic -m gpt-4o", flags: ["provider": "anthropic", "model": "gpt-4o"],
              expected: "gpt-4o openai anthropic"),
        .init(why: "flags: --provider offline -m gpt-4o", flags: ["provider": "offline", "model": "gpt-4o"],
              expected: "gpt-4o openai offline"),
        .init(why: "flags: --provider openai -m sonnet (an alias)", flags: ["provider": "openai", "model": "sonnet"],
              expected: "sonnet anthropic openai"),
        .init(why: "environment: THREADAI_PROVIDER and THREADAI_MODEL disagree",
              environment: ["THREADAI_PROVIDER": "openai", "THREADAI_MODEL": "haiku"], expected: "haiku anthropic openai"),
        .init(why: "one file: provider and model disagree", repository: "provider = anthropic\nmodel = o3",
              expected: "o3 openai anthropic"),
        .init(why: "a newer model of Anthropic's naming is Anthropic's", flags: ["provider": "openai", "model": "claude-sonnet-9"],
              expected: "claude-sonnet-9 anthropic openai"),
    ]

    @Test("a model of another provider, named as strongly as the provider, is an error naming its provider",
          arguments: otherProvidersModels)
    func modelOfAnotherProvider(_ row: SelectionCase) throws {
        do {
            let settings = try resolveSelection(row)
            Issue.record("\(row.why): chose \(settings.provider.value) with \(settings.model.value)")
        } catch let error as ConfigurationError {
            guard case .modelOfAnotherProvider(let model, let owner, let provider) = error else {
                Issue.record("\(error)")
                return
            }
            #expect("\(model.value) \(owner) \(provider.value)" == row.expected)
            #expect(error.description.contains("'\(model.value)'") && error.description.contains("\(owner) model"), "\(error)")
        }
    }

    @Test func compatibleServerWithoutModelIsAnError() {
        let row = SelectionCase(why: "", flags: ["provider": "openai-compatible"], expected: "")
        #expect(throws: ConfigurationError.missingModel(provider: .openAICompatible)) { try resolveSelection(row) }
    }

    @Test func budgetIsTheContextWindowLessTheReplyUnlessConfigured() throws {
        var row = SelectionCase(why: "", flags: ["model": "sonnet"], expected: "")
        #expect(try resolveSelection(row).contextBudget.value == 1_000_000 - 8_192)
        row.user = "max-output-tokens = 1000"
        #expect(try resolveSelection(row).contextBudget.value == 999_000)
        #expect(try resolveSelection(row).effectiveMaxOutputTokens == 1000)
        row.repository = "context.budget = 5000"
        let budget = try resolveSelection(row).contextBudget
        #expect(budget.value == 5000)
        #expect(sourceTag(budget.source) == "repo")
        row.flags["model"] = "some-local-model"
        row.flags["provider"] = "openai-compatible"
        row.repository = ""
        row.user = ""
        #expect(try resolveSelection(row).contextBudget.value == ModelCatalog.unknownContextWindow - ModelCatalog.unknownMaxOutputTokens)
    }

    @Test func timeoutsAndRetriesComeFromConfig() throws {
        let row = SelectionCase(
            why: "", repository: "timeout.first-byte = 2.5\nretry.max = 0", user: "timeout.stall = 7\nretry.max = 5", expected: "")
        let settings = try resolveSelection(row)
        #expect(settings.timeouts == StreamTimeouts(firstByte: .milliseconds(2500), stall: .seconds(7)))
        #expect(settings.retryPolicy.maxRetries == 0)
        #expect(try resolveSelection(SelectionCase(why: "", expected: "")).timeouts == .standard)
    }

    @Test func invalidValueNamesItsSource() throws {
        let row = SelectionCase(why: "", repository: "retry.max = many", expected: "")
        let error = try #require(throws: ConfigurationError.self) { try resolveSelection(row) }
        #expect(error.description.contains("retry.max"))
        #expect(error.description.contains("/r/.threadai/config"))
    }

    @Test func missingKeyFailsWhenTheProviderIsBuilt() throws {
        let settings = try resolveSelection(SelectionCase(why: "", flags: ["provider": "anthropic"], expected: ""))
        #expect(throws: ProviderError.missingAPIKey(provider: "anthropic", environmentVariable: "ANTHROPIC_API_KEY")) {
            try settings.makeProvider()
        }
    }
}
