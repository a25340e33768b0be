import ThreadAISupport
extension ProviderError: CustomStringConvertible {
    /// What happened and what to do, in one or two sentences.
    public var description: String {
        switch self {
        case .badRequest(let d):
            return "\(d.provider) rejected the request (\(Self.statusText(d))). "
                + "Check the model name and settings such as max tokens; the same request will fail again."
        case .unauthorized(let d) where !d.keySent:
            return "\(d.provider) asks for an API key, and no API key was sent (\(Self.statusText(d))). "
                + "Set one with \(Self.keySettings(for: d.provider))."
        case .unauthorized(let d):
            return "\(d.provider) did not accept the API key (\(Self.statusText(d))). "
                + "Set a valid key with \(Self.keySettings(for: d.provider))."
        case .forbidden(let d):
            return "\(d.provider) refused access (\(Self.statusText(d))). "
                + "The key is valid but may not use this model or resource; check its permissions, or pick another model."
        case .modelNotFound(let model, let d):
            return "\(d.provider) does not know the model “\(model)” (\(Self.statusText(d))). "
                + "Check the name with `\(Remedy(.listModels))`; if you set a base URL (\(Self.baseURLVariable(for: d.provider))), check it too."
        case .payloadTooLarge(let d):
            return "The request was too large for \(d.provider) (\(Self.statusText(d))). "
                + "Send less history: start a fork from a later message, or use `\(Remedy(.sendWithoutContext))`."
        case .rateLimited(let d):
            return "\(d.provider) is rate limiting this key (\(Self.statusText(d))). "
                + "Wait \(Self.waitText(d.retryAfter)) and run `\(Remedy(.retry))`, or check the account's limits."
        case .serverError(let d):
            return "\(d.provider) had an internal error (\(Self.statusText(d))). "
                + "The fault is on the provider's side; run `\(Remedy(.retry))` in a moment."
        case .serviceUnavailable(let d):
            return "\(d.provider) is temporarily unavailable (\(Self.statusText(d))). "
                + "Wait \(Self.waitText(d.retryAfter)) and run `\(Remedy(.retry))`."
        case .overloaded(let d):
            return "\(d.provider) is overloaded (\(Self.statusText(d))). "
                + "Wait \(Self.waitText(d.retryAfter)) and run `\(Remedy(.retry))`, or try a smaller model."
        case .httpStatus(let d) where (200...299).contains(d.status):
            return "\(d.provider) answered with an error instead of a reply (\(Self.statusText(d))). "
                + "That is the server's own message; once it is dealt with, run `\(Remedy(.retry))`."
        case .httpStatus(let d):
            let advice = d.status >= 500
                ? "The fault is on the server's side; run `\(Remedy(.retry))` in a moment."
                : "Check the base URL (\(Self.baseURLVariable(for: d.provider))), the model and the settings."
            return "\(d.provider) answered with an error (\(Self.statusText(d))). " + advice
        case .redirected(let d):
            guard let location = d.location else {
                return "\(d.provider) answered with a redirect (HTTP \(d.status)) without saying where to (no Location header). "
                    + "Check the base URL (\(Self.baseURLSettings(for: d.provider)))."
            }
            return "\(d.provider) answered with a redirect (HTTP \(d.status)) to \(location). "
                + "\(Remedy.program) does not follow redirects, so the API key goes only where you send it: set the base URL "
                + "(\(Self.baseURLSettings(for: d.provider))) to " + (d.baseURL ?? "the address it points to, without the API's own path") + "."
        case .connectionRefused(let provider, let host):
            return "Could not connect to \(provider) at \(host): connection refused. "
                + "Check that the server is running and that the base URL (\(Self.baseURLVariable(for: provider))) is right."
        case .connectionDropped(let provider, let afterFirstByte, let detail):
            let what = afterFirstByte
                ? "The connection to \(provider) dropped in the middle of the reply"
                : "The connection to \(provider) closed before any reply arrived"
            return what + (detail.map { " (\($0))" } ?? "") + ". "
                + (afterFirstByte ? "Any text received is kept as a partial reply; check" : "Check")
                + " the network or proxy and run `\(Remedy(.retry))`."
        case .timeoutBeforeFirstByte(let provider, let after):
            return "\(provider) sent nothing for \(Self.secondsText(after)) after the request. "
                + "The server may be overloaded or unreachable; run `\(Remedy(.retry))`, or raise the first-byte timeout."
        case .stalled(let provider, let after):
            return "The reply from \(provider) stalled: nothing arrived for \(Self.secondsText(after)) in the middle of the stream. "
                + "Any text received is kept as a partial reply; run `\(Remedy(.retry))`, or raise the stall timeout."
        case .malformedStream(let provider, let line):
            return "\(provider) sent a stream event that is not valid JSON: \(line). "
                + "The server, or a proxy in between, is not speaking the protocol; check the base URL (\(Self.baseURLVariable(for: provider)))."
        case .malformedResponse(let provider, let what, let start):
            return "\(provider) sent \(what) that is not the JSON its API documents: \(start). "
                + "The server, or a proxy in between, is not speaking the protocol; check the base URL (\(Self.baseURLVariable(for: provider)))."
        case .missingTerminator(let provider, let expected):
            return "The stream from \(provider) ended without its terminator (\(expected)), so the reply is incomplete. "
                + "Any text received is kept as a partial reply; run `\(Remedy(.retry))`."
        case .streamError(let provider, let type, let message):
            let said = [type, message].compactMap { $0 }.joined(separator: ": ")
            return "\(provider) reported an error while streaming the reply" + (said.isEmpty ? "" : " (\(said))") + ". "
                + "Any text received is kept as a partial reply; run `\(Remedy(.retry))`."
        case .cancelled:
            return "The request was cancelled before the reply finished. Any text received is kept as a partial reply."
        case .missingAPIKey(let provider, let variable):
            return "No API key is set for \(provider). "
                + "Set one with `\(Remedy(.setKey, provider))` or the \(variable) environment variable."
        case .invalidBaseURL(let provider, let url, let reason):
            return "The base URL “\(url)” for \(provider) is not usable: \(reason). "
                + "Give an absolute http:// or https:// URL in \(Self.baseURLVariable(for: provider)) or the configuration."
        case .transport(let provider, let detail):
            return "Could not reach \(provider): \(detail). Check the network, proxy and base URL (\(Self.baseURLVariable(for: provider)))."
        }
    }

    /// A few words naming the failure, for progress lines such as "retrying in 2.1 s (429 rate limited)".
    public var shortReason: String {
        switch self {
        case .badRequest(let d): return "\(d.status) bad request"
        case .unauthorized(let d): return "\(d.status) unauthorized"
        case .forbidden(let d): return "\(d.status) forbidden"
        case .modelNotFound(_, let d): return "\(d.status) model not found"
        case .payloadTooLarge(let d): return "\(d.status) request too large"
        case .rateLimited(let d): return "\(d.status) rate limited"
        case .serverError(let d): return "\(d.status) server error"
        case .serviceUnavailable(let d): return "\(d.status) unavailable"
        case .overloaded(let d): return "\(d.status) overloaded"
        case .httpStatus(let d): return "HTTP \(d.status)"
        case .redirected(let d): return "\(d.status) redirect"
        case .connectionRefused: return "connection refused"
        case .connectionDropped: return "connection dropped"
        case .timeoutBeforeFirstByte: return "no response"
        case .stalled: return "stream stalled"
        case .malformedStream: return "malformed stream"
        case .malformedResponse: return "malformed response"
        case .missingTerminator: return "stream cut short"
        case .streamError(_, let type, _): return type ?? "stream error"
        case .cancelled: return "cancelled"
        case .missingAPIKey: return "missing API key"
        case .invalidBaseURL: return "invalid base URL"
        case .transport: return "network error"
        }
    }

    /// The environment variable that holds a provider's key, as the official SDKs name it.
    public static func keyVariable(for provider: String) -> String {
        provider == "anthropic" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY"
    }

    /// Where a provider's key is set: `threadai keys set` and its environment variable. A compatible
    /// server is sent `OPENAI_API_KEY` only when `OPENAI_BASE_URL` named it (docs/PROVIDERS.md).
    static func keySettings(for provider: String) -> String {
        switch provider {
        case "anthropic", "openai":
            return "`\(Remedy(.setKey, provider))` or the \(keyVariable(for: provider)) environment variable"
        default:
            return "`\(Remedy(.setKey, provider))` (or OPENAI_API_KEY, when OPENAI_BASE_URL names the server)"
        }
    }

    /// The environment variable that overrides a provider's base URL, as the official SDKs name it.
    public static func baseURLVariable(for provider: String) -> String {
        provider == "anthropic" ? "ANTHROPIC_BASE_URL" : "OPENAI_BASE_URL"
    }

    /// Where a provider's base URL is set: its environment variable and its configuration key.
    static func baseURLSettings(for provider: String) -> String {
        switch provider {
        case "anthropic": return "ANTHROPIC_BASE_URL, or anthropic.base-url in the configuration"
        case "openai": return "OPENAI_BASE_URL, or openai.base-url in the configuration"
        default: return "openai-compatible.base-url in the configuration, or OPENAI_BASE_URL"
        }
    }

    private static func statusText(_ details: HTTPErrorDetails) -> String {
        var text = "HTTP \(details.status)"
        if let type = details.errorType { text += " \(type)" }
        if let message = details.message, !message.isEmpty { text += ": \(message)" }
        if let id = details.requestID { text += "; request id \(id)" }
        return text
    }

    private static func waitText(_ retryAfter: Duration?) -> String {
        retryAfter.map(secondsText) ?? "a little"
    }

    /// "40 ms", "2.1 s", "30 s", "120 s", "5 min".
    static func secondsText(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if seconds > 120 { return "\(Int((seconds / 60).rounded())) min" }
        if seconds > 0, seconds < 0.1 { return "\(Int((seconds * 1000).rounded())) ms" }
        if seconds >= 10 || seconds == seconds.rounded() { return "\(Int(seconds.rounded())) s" }
        return "\((seconds * 10).rounded() / 10) s"
    }
}
