import Foundation
import Testing
@testable import ThreadAIProviders

/// A base URL that redirects (from a provider trial): the redirect is not followed, since the
/// request carries the key, and the error names where it points and the base URL to set.
@Suite("Redirects are reported with where they point, never followed")
struct RedirectTests {
    static func endpointPath(_ kind: ProviderKind) -> String {
        kind == .anthropic ? AnthropicProvider.endpointPath : OpenAIProvider.endpointPath
    }

    @Test("a 307 to another path names the base URL that reaches it", arguments: Route.all)
    func relativeLocation(route: Route) async throws {
        let path = Self.endpointPath(route.kind)
        let server = try LoopbackServer(
            ScriptedResponse(status: 307, headers: [("Location", "/api" + path)], steps: [], chunked: false))
        defer { server.stop() }
        let provider = try route.kind.make(baseURL: server.baseURL, options: testOptions(transport: route.transport))
        let reply = await collect(provider.stream(sampleRequest))
        let error = try #require(reply.providerError)
        guard case .redirected(let details) = error else {
            Issue.record("expected a redirect error, got \(error)")
            return
        }
        #expect(details.status == 307)
        #expect(details.location == server.baseURL + "/api" + path)
        #expect(details.baseURL == server.baseURL + "/api")
        #expect(String(describing: error).contains("set the base URL"))
        #expect(String(describing: error).contains("to \(server.baseURL)/api."))
        #expect(server.requests.map(\.path) == [path], "neither followed nor retried")
    }

    @Test("every redirect status; a Location elsewhere loses its password; one with a query names no base URL",
          arguments: [301, 302, 303, 308])
    func otherLocations(status: Int) async throws {
        let server = try LoopbackServer([
            ScriptedResponse(status: status, headers: [("Location", "https://user:hunter2@example.com/v2/chat/completions?x=1")],
                             steps: [], chunked: false),
        ])
        defer { server.stop() }
        let provider = try OpenAIProvider(credential: Credential(canaryKey), baseURL: server.baseURL, options: testOptions(transport: .socket))
        let error = try #require(await collect(provider.stream(sampleRequest)).providerError)
        #expect(error == .redirected(
            RedirectDetails(provider: "openai", status: status, location: "https://example.com/v2/chat/completions?x=1")))
        #expect(!error.isRetryable)
        #expect(!String(describing: error).contains("hunter2"))
    }

    @Test("a redirect without a Location says so")
    func noLocation() async throws {
        let server = try LoopbackServer(ScriptedResponse(status: 301, headers: [], steps: [], chunked: false))
        defer { server.stop() }
        let provider = try OpenAIProvider(credential: Credential(canaryKey), baseURL: server.baseURL, options: testOptions(transport: .socket))
        let error = try #require(await collect(provider.stream(sampleRequest)).providerError)
        #expect(error == .redirected(RedirectDetails(provider: "openai", status: 301)))
        #expect(String(describing: error).contains("no Location header"))
    }
}
