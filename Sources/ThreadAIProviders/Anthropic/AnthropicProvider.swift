#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Claude through the Anthropic Messages API, streamed: `POST {base}/v1/messages`.
///
/// Sends `x-api-key` and `anthropic-version`, the system prompt in the top-level `system`
/// field, and always a `max_tokens` (the request's, else the model's default from the catalog).
public struct AnthropicProvider: ChatProvider, ModelListing {
    /// What the provider appends to its base URL.
    static let endpointPath = "/v1/messages"

    public static let defaultBaseURL = "https://api.anthropic.com"
    public static let defaultVersion = "2023-06-01"

    public let name = "anthropic"
    private let credential: Credential
    private let baseURL: URL
    private let version: String
    private let options: ProviderOptions

    /// - Parameters:
    ///   - credential: the API key; required.
    ///   - baseURL: overrides `https://api.anthropic.com` (a proxy or a mock server).
    ///   - version: the `anthropic-version` header.
    /// - Throws: `ProviderError.missingAPIKey` without a key, `.invalidBaseURL` for an unusable base URL.
    public init(
        credential: Credential?, baseURL: String? = nil, version: String = AnthropicProvider.defaultVersion,
        options: ProviderOptions = ProviderOptions()
    ) throws {
        guard let credential else {
            throw ProviderError.missingAPIKey(provider: "anthropic", environmentVariable: ProviderError.keyVariable(for: "anthropic"))
        }
        self.credential = credential
        self.baseURL = try BaseURL.validate(baseURL ?? Self.defaultBaseURL, provider: "anthropic")
        self.version = version
        self.options = options
    }

    public var sentKeys: SentKeys { SentKeys(credentials: [credential]) }

    public func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatEvent, any Error> {
        let redactor = Redactor(credentials: [credential])
        let model = Self.modelID(for: request.model)
        let maxTokens = request.maxOutputTokens ?? ModelCatalog.resolve(model).defaultMaxOutputTokens
        let body: Data
        do {
            body = try AnthropicRequestBody(request, model: model, maxTokens: maxTokens).encoded()
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: ProviderError.wrapping(error, provider: name)) }
        }
        var headers = HTTPHeaders()
        headers["content-type"] = "application/json"
        headers["accept"] = "text/event-stream"
        headers["anthropic-version"] = version
        headers["x-api-key"] = credential.secret
        let call = StreamingCall(
            provider: name, model: model,
            request: HTTPRequest(url: BaseURL.endpoint(baseURL, Self.endpointPath), headers: headers, body: body),
            endpointPath: Self.endpointPath,
            options: options, redactor: redactor,
            makeDecoder: { AnthropicStreamDecoder(redactor: redactor) })
        return call.events()
    }

    /// What the provider appends to its base URL to list its models.
    static let modelsPath = "/v1/models"
    /// The most pages of the models list read (1,000 models each).
    static let modelsPageLimit = 20

    /// `GET {base}/v1/models` with the key and version headers, every page.
    public func listModels() async throws(ProviderError) -> [RemoteModel] {
        let redactor = Redactor(credentials: [credential])
        var headers = HTTPHeaders()
        headers["accept"] = "application/json"
        headers["anthropic-version"] = version
        headers["x-api-key"] = credential.secret
        var models: [RemoteModel] = []
        var after: String?
        for _ in 0..<Self.modelsPageLimit {
            let endpoint = BaseURL.endpoint(baseURL, Self.modelsPath)
            var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
            components?.queryItems = [URLQueryItem(name: "limit", value: "1000")] + (after.map { [URLQueryItem(name: "after_id", value: $0)] } ?? [])
            let get = JSONGet(
                provider: name,
                request: HTTPRequest(url: components?.url ?? endpoint, method: "GET", headers: headers),
                endpointPath: Self.modelsPath, options: options, redactor: redactor)
            let page = try ModelsPage.parse(try await get.body(), provider: name, redactor: redactor)
            models += page.models
            guard page.hasMore == true, let last = page.lastID, last != after else { break }
            after = last
        }
        return models
    }

    /// The API id for a name: an Anthropic alias from the catalog resolved, anything else as given.
    static func modelID(for name: String) -> String {
        guard let known = ModelCatalog.lookup(name), known.provider == "anthropic" else { return name }
        return known.id
    }
}
