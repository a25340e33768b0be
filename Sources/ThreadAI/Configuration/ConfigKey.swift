import ThreadAISupport
import ThreadAIStore

/// A configuration key: its name, what it means, what applies when it is unset, and the values it takes.
///
/// The keys are a closed set (`all`); `docs/PROVIDERS.md` documents each one. None of them can hold
/// an API key, and `named(_:)` refuses names that look meant for one.
public struct ConfigKey: Sendable, Hashable, CustomStringConvertible {
    /// The name as written in config files: `provider`, `timeout.stall`, …
    public let name: String
    /// One sentence: what the key sets.
    public let summary: String
    /// What applies when no layer sets the key.
    public let defaultText: String
    /// The environment variable that sets it, between flags and config files; nil for none.
    public let environmentVariable: String?
    let kind: Kind

    enum Kind: Sendable, Hashable {
        case provider
        case model
        case baseURL
        case apiVersion
        case integer(ClosedRange<Int>)
        case seconds(ClosedRange<Double>)
        case boolean
    }

    public var description: String { name }

    public static let provider = ConfigKey(
        name: "provider", summary: "The provider send uses: \(ProviderKind.allNames).",
        defaultText: (ProviderRegistry.all.filter { $0.chosenWhenKeySet != nil }.map { "\($0.kind) if its key is set" }
            + [ProviderKind.offline.rawValue]).joinedText(separator: ", else "),
        environmentVariable: "THREADAI_PROVIDER", kind: .provider)
    public static let model = ConfigKey(
        name: "model", summary: "The model to ask, by id or alias ('\(Remedy(.listModels))' lists them).",
        defaultText: "the provider's default model", environmentVariable: "THREADAI_MODEL", kind: .model)
    public static let maxOutputTokens = ConfigKey(
        name: "max-output-tokens", summary: "The most tokens a reply may use (max_tokens).",
        defaultText: "the model's default (at most \(ModelCatalog.defaultReplyTokenCap))", environmentVariable: nil,
        kind: .integer(1...1_000_000))
    public static let contextBudget = ConfigKey(
        name: "context.budget", summary: "Token budget for the context sent; the oldest turns are left out to fit.",
        defaultText: "the model's context window minus the reply's max output tokens", environmentVariable: nil,
        kind: .integer(1...100_000_000))
    public static let firstByteTimeout = ConfigKey(
        name: "timeout.first-byte", summary: "Seconds to wait for the first byte of a reply.",
        defaultText: "120", environmentVariable: nil, kind: .seconds(0.1...3600))
    public static let stallTimeout = ConfigKey(
        name: "timeout.stall", summary: "Seconds of silence tolerated in the middle of a streamed reply.",
        defaultText: "60", environmentVariable: nil, kind: .seconds(0.1...3600))
    public static let retryMax = ConfigKey(
        name: "retry.max", summary: "Retries after a failed attempt (429, 5xx, 529, connection errors) before any text arrived.",
        defaultText: "3", environmentVariable: nil, kind: .integer(0...10))

    /// Whether messages record where the code stands (docs/FORMAT.md §4.7). The environment variable is
    /// inverted: `THREADAI_NO_ANCHORS=1` turns anchors off whatever the config says (`anchorsEnabled`).
    public static let anchors = ConfigKey(
        name: "anchors", summary: "Record the code's git commit, branch and dirtiness on each message (true or false).",
        defaultText: "true", environmentVariable: nil, kind: .boolean)

    /// How many loose objects make packing due (docs/FORMAT.md §15.6): git's `gc.auto`, with its default.
    public static let gcAuto = ConfigKey(
        name: "gc.auto", summary: "Pack by itself after a turn or an import once about this many messages are loose (0: never).",
        defaultText: "\(Repository.defaultAutoPackLimit)", environmentVariable: nil, kind: .integer(0...1_000_000_000))

    /// Whether `threadai trailer`, and so the commit hook, adds `Assisted-by: AGENT:MODEL` (the Linux
    /// kernel's form for coding assistants) beside `Thread:` (`AssistedBy`). Off unless asked for: a
    /// commit names the tools that helped only when its author chose to.
    public static let trailerAssistedBy = ConfigKey(
        name: "trailer.assisted-by",
        summary: "Add 'Assisted-by: AGENT:MODEL' for the current thread's model to 'threadai trailer' and the commit hook (true or false).",
        defaultText: "false", environmentVariable: nil, kind: .boolean)

    /// Every key, in the order `config list` shows them: each provider's keys (its registration's,
    /// in `ProviderRegistry`'s order) after the provider and the model.
    public static let all: [ConfigKey] = [provider, model] + ProviderRegistry.all.flatMap(\.configKeys) + [
        maxOutputTokens, contextBudget, firstByteTimeout, stallTimeout, retryMax, anchors, gcAuto, trailerAssistedBy,
    ]

    /// The key called `name`.
    /// - Throws: `ConfigurationError.secretKey` for a name meant to hold a credential,
    ///   `.unknownKey` for any other unknown name (with no suggestion; a caller may add one).
    public static func named(_ name: String) throws(ConfigurationError) -> ConfigKey {
        let lowered = name.lowercased()
        if let key = all.first(where: { $0.name == lowered }) { return key }
        if looksLikeSecretName(lowered) { throw .secretKey(name) }
        throw .unknownKey(name, suggestion: nil)
    }

    /// Checks `value` for this key and returns it as it is stored (trimmed; provider names lowercased).
    /// - Throws: `ConfigurationError.secretValue` for anything shaped like an API key, `.invalidValue` otherwise.
    public func validate(_ value: String, source: SettingSource? = nil) throws(ConfigurationError) -> String {
        let trimmed = value.trimmingWhitespace()
        if Redactor().redact(trimmed) != trimmed { throw .secretValue(key: name) }
        func invalid(_ reason: String) -> ConfigurationError {
            .invalidValue(key: name, value: trimmed, reason: reason, source: source)
        }
        if trimmed.isEmpty { throw invalid("it is empty") }
        switch kind {
        case .provider:
            return try ProviderKind(named: trimmed, source: source).rawValue
        case .model:
            guard trimmed.count <= 200, !trimmed.contains(where: { $0.isWhitespace || $0.isASCIIControl }) else {
                throw invalid("a model name has no spaces or control characters and at most 200 characters")
            }
        case .baseURL:
            if let reason = URLCheck.problem(with: trimmed) { throw invalid(reason) }
        case .apiVersion:
            guard trimmed.count <= 40, trimmed.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }) else {
                throw invalid("a version is letters, digits, '-', '.' and '_', such as \(AnthropicProvider.defaultVersion)")
            }
        case .integer(let range):
            guard let number = Int(trimmed), range.contains(number) else {
                throw invalid("it must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return String(number)
        case .seconds(let range):
            guard let seconds = Double(trimmed), seconds.isFinite, range.contains(seconds) else {
                throw invalid("it must be a number of seconds from \(range.lowerBound) to \(Int(range.upperBound))")
            }
        case .boolean:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": return "true"
            case "false", "no", "off", "0": return "false"
            default: throw invalid("it must be true or false")
            }
        }
        return trimmed
    }

    /// `anthropic.api-key`, `openai.key`, `secret`, `auth.bearer`…: names someone would give a credential.
    /// A name whose last word is `key` counts (`openai.key`, `api_key`), not one that merely ends in
    /// those letters (`monkey`).
    private static func looksLikeSecretName(_ name: String) -> Bool {
        let letters = name.filter(\.isLetter)
        let fragments = ["apikey", "secret", "password", "credential", "bearer", "authorization", "accesstoken", "privatekey", "accesskey"]
        return name.split(whereSeparator: { !$0.isLetter }).last == "key" || fragments.contains { letters.contains($0) }
    }
}

extension Character {
    var isASCIIControl: Bool {
        guard let scalar = unicodeScalars.first, unicodeScalars.count == 1 else { return false }
        return scalar.value < 0x20 || scalar.value == 0x7F
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs, CR and LF.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
