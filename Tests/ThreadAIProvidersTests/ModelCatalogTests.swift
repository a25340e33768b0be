import Testing
@testable import ThreadAIProviders

@Suite("Model catalog")
struct ModelCatalogTests {
    @Test("aliases and ids resolve to the known model", arguments: [
        ("sonnet", "claude-sonnet-5", "anthropic"), ("OPUS", "claude-opus-5", "anthropic"), ("sonnet-5.5", "claude-sonnet-5-5", "anthropic"), ("fable", "claude-fable-5-1", "anthropic"),
        ("sonnet-4.5", "claude-sonnet-4-5", "anthropic"), ("gpt-5.6-terra", "gpt-5.6-terra", "openai"),
        ("haiku", "claude-haiku-4-5", "anthropic"), ("claude-sonnet-4-5-20250929", "claude-sonnet-4-5", "anthropic"),
        ("gpt-4o", "gpt-4o", "openai"), ("gpt-4o-mini", "gpt-4o-mini", "openai"), ("o3-mini", "o3-mini", "openai"),
        ("offline-echo", "offline-echo", "offline"), ("offline", "offline-echo", "offline"),
    ])
    func lookup(name: String, id: String, provider: String) throws {
        let model = try #require(ModelCatalog.lookup(name))
        #expect(model.id == id)
        #expect(model.provider == provider)
        #expect(model.isKnown)
        #expect(model.contextWindow > 0)
        #expect(model.defaultMaxOutputTokens <= model.maxOutputTokens)
    }

    @Test("unknown models are allowed with the documented defaults")
    func unknown() {
        #expect(ModelCatalog.lookup("llama3.2:3b") == nil)
        let model = ModelCatalog.resolve("llama3.2:3b")
        #expect(model.id == "llama3.2:3b")
        #expect(model.provider == nil)
        #expect(!model.isKnown)
        #expect(model.contextWindow == ModelCatalog.unknownContextWindow)
        #expect(model.defaultMaxOutputTokens == ModelCatalog.unknownMaxOutputTokens)
    }

    @Test("a newer model of a provider's naming is that provider's, with the smallest limits of its known models",
          arguments: [("claude-sonnet-9", "anthropic"), ("Claude-X", "anthropic"), ("gpt-6", "openai"), ("o7", "openai"),
                      ("chatgpt-9-latest", "openai")])
    func namedByProvider(name: String, provider: String) {
        let model = ModelCatalog.resolve(name)
        #expect(model.id == name && !model.isKnown)
        #expect(model.provider == provider)
        #expect(model.contextWindow == ModelCatalog.models(for: provider).map(\.contextWindow).min())
        #expect(model.maxOutputTokens == ModelCatalog.models(for: provider).map(\.maxOutputTokens).min())
    }

    @Test("names of no provider's naming belong to none", arguments: ["llama3", "offline-x", "o-mini", "claude", "gpt4"])
    func namedByNone(name: String) {
        #expect(ModelNaming.provider(of: name) == nil)
        #expect(ModelCatalog.resolve(name).provider == nil)
    }

    @Test("a version of a known family differs only in numbers; a changed word is not one")
    func versions() {
        #expect(ModelNaming.isVersionOfKnownFamily("claude-sonnet-9"))
        #expect(ModelNaming.isVersionOfKnownFamily("gpt-6"))
        #expect(!ModelNaming.isVersionOfKnownFamily("claude-sonet-4-5"))
        #expect(!ModelNaming.isVersionOfKnownFamily("sonnet-9"), "not of a provider's naming")
    }

    @Test("no alias or id names two models")
    func namesAreUnique() {
        let names = ModelCatalog.all.flatMap { [$0.id] + $0.aliases }.map { $0.lowercased() }
        #expect(Set(names).count == names.count)
    }

    @Test("aliases resolve only for their own provider")
    func providerScopedAliases() {
        #expect(AnthropicProvider.modelID(for: "sonnet") == "claude-sonnet-5")
        #expect(AnthropicProvider.modelID(for: "gpt-4o") == "gpt-4o")
        #expect(OpenAIProvider.modelID(for: "sonnet") == "sonnet")
    }
}
