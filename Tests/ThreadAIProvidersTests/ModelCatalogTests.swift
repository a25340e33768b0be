import Testing
@testable import ThreadAIProviders

@Suite("Model catalog")
struct ModelCatalogTests {
    @Test("aliases and ids resolve to the known model", arguments: [
        ("sonnet", "claude-sonnet-4-5", "anthropic"), ("OPUS", "claude-opus-4-1", "anthropic"),
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

    @Test("no alias or id names two models")
    func namesAreUnique() {
        let names = ModelCatalog.all.flatMap { [$0.id] + $0.aliases }.map { $0.lowercased() }
        #expect(Set(names).count == names.count)
    }

    @Test("aliases resolve only for their own provider")
    func providerScopedAliases() {
        #expect(AnthropicProvider.modelID(for: "sonnet") == "claude-sonnet-4-5")
        #expect(AnthropicProvider.modelID(for: "gpt-4o") == "gpt-4o")
        #expect(OpenAIProvider.modelID(for: "sonnet") == "sonnet")
    }
}
