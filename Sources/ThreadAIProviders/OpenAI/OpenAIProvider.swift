#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The OpenAI Chat Completions API, streamed: `POST {base}/chat/completions`; in `compatible`
/// mode, any server that speaks it (Ollama, llama.cpp, vLLM, LM Studio, OpenRouter, …).
///
/// Sends the system prompt as the first `system` message, `stream_options.include_usage` (a
/// compatible server that refuses it is asked once more without it), and `Authorization: Bearer`
/// only when a key is set.
public struct OpenAIProvider: ChatProvider, ModelListing {
    public enum Mode: Sendable, Equatable {
        /// OpenAI itself: a key is required, `[DONE]` is the only terminator, the output limit is
        /// sent as `max_completion_tokens`.
        case openai
        /// A compatible server: a key is optional, a base URL required, a stream may also end
        /// after its `finish_reason`, and the output limit is sent as `max_tokens`.
        case compatible
    }

    /// What the provider appends to its base URL.
    static let endpointPath = "/chat/completions"

    public static let defaultBaseURL = "https://api.openai.com/v1"

    public let name: String
    public let mode: Mode
    private let credential: Credential?
    private let baseURL: URL
    private let options: ProviderOptions

    /// - Throws: `ProviderError.missingAPIKey` in `openai` mode without a key;
    ///   `.invalidBaseURL` for an unusable base URL, or none in `compatible` mode.
    public init(
        credential: Credential?, baseURL: String? = nil, mode: Mode = .openai,
        options: ProviderOptions = ProviderOptions()
    ) throws {
        let name = mode == .openai ? "openai" : "openai-compatible"
        if mode == .openai, credential == nil {
            throw ProviderError.missingAPIKey(provider: name, environmentVariable: ProviderError.keyVariable(for: name))
        }
        if mode == .compatible, baseURL == nil {
            throw ProviderError.invalidBaseURL(
                provider: name, url: "", reason: "a compatible server needs its base URL, such as http://localhost:11434/v1")
        }
        self.name = name
        self.mode = mode
        self.credential = credential
        self.baseURL = try BaseURL.validate(baseURL ?? Self.defaultBaseURL, provider: name)
        self.options = options
    }

    public var sentKeys: SentKeys { SentKeys(credentials: credential.map { [$0] } ?? []) }

    public func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatEvent, any Error> {
        let (name, mode) = (name, mode)
        let redactor = Redactor(credentials: credential.map { [$0] } ?? [])
        let model = mode == .openai ? Self.modelID(for: request.model) : request.model
        var fields = OpenAIRequestBody(request, model: model, mode: mode)
        let body: Data
        var bodyWithoutStreamOptions: Data?
        do {
            body = try fields.encoded()
            if mode == .compatible {
                fields.streamOptions = nil
                bodyWithoutStreamOptions = try fields.encoded()
            }
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: ProviderError.wrapping(error, provider: name)) }
        }
        var headers = HTTPHeaders()
        headers["content-type"] = "application/json"
        headers["accept"] = "text/event-stream"
        if let credential { headers["authorization"] = "Bearer \(credential.secret)" }
        let url = BaseURL.endpoint(baseURL, Self.endpointPath)
        let call = StreamingCall(
            provider: name, model: model,
            request: HTTPRequest(url: url, headers: headers, body: body),
            endpointPath: Self.endpointPath,
            // A compatible server that refuses stream_options (Mistral's 422) is asked again without it.
            fallback: bodyWithoutStreamOptions.map {
                .without(field: "stream_options", HTTPRequest(url: url, headers: headers, body: $0))
            },
            options: options, redactor: redactor,
            makeDecoder: { OpenAIStreamDecoder(provider: name, mode: mode, redactor: redactor) })
        return call.events()
    }

    /// What the provider appends to its base URL to list its models.
    static let modelsPath = "/models"

    /// `GET {base}/models`, with the key as a bearer token when there is one (a compatible server
    /// may need none).
    public func listModels() async throws(ProviderError) -> [RemoteModel] {
        let redactor = Redactor(credentials: credential.map { [$0] } ?? [])
        var headers = HTTPHeaders()
        headers["accept"] = "application/json"
        if let credential { headers["authorization"] = "Bearer \(credential.secret)" }
        let get = JSONGet(
            provider: name,
            request: HTTPRequest(url: BaseURL.endpoint(baseURL, Self.modelsPath), method: "GET", headers: headers),
            endpointPath: Self.modelsPath, options: options, redactor: redactor)
        return try ModelsPage.parse(try await get.body(), provider: name, redactor: redactor).models
    }

    /// The API id for a name: an OpenAI alias from the catalog resolved, anything else as given.
    static func modelID(for name: String) -> String {
        guard let known = ModelCatalog.lookup(name), known.provider == "openai" else { return name }
        return known.id
    }
}
