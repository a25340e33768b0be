#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// One GET of a whole JSON document from a provider (its models list), with the same timeouts,
/// retries and errors as a streamed reply.
struct JSONGet: Sendable {
    var provider: String
    var request: HTTPRequest
    /// The path appended to the base URL, to tell the base URL a redirect points to.
    var endpointPath: String
    var options: ProviderOptions
    var redactor: Redactor

    /// The most of a body read: far more than any models list.
    static let limit = 16 * 1024 * 1024

    /// The body of the success response.
    /// - Throws: `ProviderError` for an error status, a redirect, a network failure or a timeout.
    func body() async throws(ProviderError) -> Data {
        let received = Locked<Data?>(nil)
        let (provider, request, options, redactor, endpointPath) = (provider, request, options, redactor, endpointPath)
        do {
            let loop = RetryLoop(policy: options.retryPolicy, environment: options.retryEnvironment, observer: options.onRetry)
            try await loop.run(provider: provider, outputStarted: { false }) {
                try await Watchdog.run(options.timeouts, provider: provider) { monitor in
                    let response: HTTPResponse
                    do {
                        response = try await options.transport.send(request)
                    } catch let error as HTTPTransportError {
                        throw ProviderError.fromTransport(
                            error, provider: provider, host: BaseURL.hostAndPort(request.url), afterFirstByte: false,
                            redactor: redactor)
                    }
                    defer { response.abort() }
                    let body = await StreamingCall.collect(response.body, limit: Self.limit, monitor: monitor)
                    guard (200...299).contains(response.status) else {
                        // A 404 here is the endpoint's, not a model's: no model was named.
                        let failure = ProviderError.forResponse(
                            response, body: body, request: request, endpointPath: endpointPath, provider: provider,
                            model: "", redactor: redactor, now: options.retryEnvironment.now())
                        if case .modelNotFound(_, let details) = failure { throw ProviderError.httpStatus(details) }
                        throw failure
                    }
                    received.withLock { $0 = body }
                }
            }
        } catch {
            throw Task.isCancelled ? .cancelled : ProviderError.wrapping(error, provider: provider)
        }
        return received.withLock { $0 } ?? Data()
    }
}
