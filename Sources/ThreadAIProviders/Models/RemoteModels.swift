#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One model a provider's own models endpoint lists (`threadai models --remote`).
public struct RemoteModel: Sendable, Equatable {
    /// The id to send, as the provider spells it.
    public var id: String
    /// Anthropic's display name ("Claude Sonnet 4.5"); nil where the endpoint gives none.
    public var displayName: String?
    /// Who owns it, as OpenAI-style servers say (`openai`, `system`, `library`); nil where none.
    public var ownedBy: String?

    public init(id: String, displayName: String? = nil, ownedBy: String? = nil) {
        self.id = id
        self.displayName = displayName
        self.ownedBy = ownedBy
    }
}

/// A provider whose API lists the models it serves: Anthropic's and OpenAI's `GET /v1/models`,
/// and the same endpoint of a compatible server at its base URL.
public protocol ModelListing: Sendable {
    /// The models the endpoint lists, in its order.
    /// - Throws: `ProviderError`, as a reply would meet it (a 401 for a wrong key, a timeout, …).
    func listModels() async throws(ProviderError) -> [RemoteModel]
}

/// One page of a models list, in the shape both APIs share: `data` holds `{id, …}` objects;
/// Anthropic adds `display_name`, `has_more` and `last_id`, OpenAI `owned_by`.
struct ModelsPage: Decodable {
    struct Entry: Decodable {
        var id: String
        var displayName: String?
        var ownedBy: String?

        enum CodingKeys: String, CodingKey {
            case id
            case displayName = "display_name"
            case ownedBy = "owned_by"
        }
    }

    var data: [Entry]
    var hasMore: Bool?
    var lastID: String?

    enum CodingKeys: String, CodingKey {
        case data
        case hasMore = "has_more"
        case lastID = "last_id"
    }

    /// The page in `body`.
    /// - Throws: `ProviderError.malformedResponse` with the start of the body when it is not one.
    static func parse(_ body: Data, provider: String, redactor: Redactor) throws(ProviderError) -> ModelsPage {
        do {
            return try JSONDecoder().decode(ModelsPage.self, from: body)
        } catch {
            let start = String(decoding: body.prefix(ProviderError.lineLimit), as: UTF8.self)
            throw .malformedResponse(
                provider: provider, what: "a models list", start: redactor.redact(start, truncatingTo: ProviderError.lineLimit))
        }
    }

    var models: [RemoteModel] {
        data.map { RemoteModel(id: $0.id, displayName: $0.displayName, ownedBy: $0.ownedBy) }
    }
}
