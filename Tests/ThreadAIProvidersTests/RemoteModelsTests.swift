import Foundation
import Testing
@testable import ThreadAIProviders

/// `listModels`: the models endpoint, over both transports, and what goes wrong there.
@Suite("Providers list their models endpoint")
struct RemoteModelsTests {
    @Test("a body that is not a models list is a malformed response, its start shown redacted", arguments: TransportKind.allCases)
    func malformed(transport: TransportKind) async throws {
        let server = try LoopbackServer(.json(status: 200, "<html>login for \(canaryKey)</html>"))
        defer { server.stop() }
        let provider = try OpenAIProvider(credential: Credential(canaryKey), baseURL: server.baseURL, options: testOptions(transport: transport))
        do {
            let models = try await provider.listModels()
            Issue.record("listed \(models)")
        } catch {
            guard case .malformedResponse(let name, _, let start) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(name == "openai" && start.hasPrefix("<html>login for"))
            #expect(!error.description.contains(canaryKey) && error.description.contains("models list"), "\(error)")
        }
        #expect(server.requests.first?.method == "GET" && server.requests.first?.path == "/models")
    }

    @Test("a 404 there is the endpoint's, not a model's; it is not retried", arguments: TransportKind.allCases)
    func notFound(transport: TransportKind) async throws {
        let server = try LoopbackServer(.json(status: 404, ProviderKind.anthropic.errorBody(type: "not_found_error", message: "no such path")))
        defer { server.stop() }
        let provider = try ProviderKind.anthropic.make(baseURL: server.baseURL, options: testOptions(transport: transport))
        do {
            _ = try await (provider as? any ModelListing)?.listModels()
            Issue.record("no error")
        } catch {
            guard case .httpStatus(let details) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(details.status == 404)
        }
        #expect(server.requests.count == 1)
    }
}
