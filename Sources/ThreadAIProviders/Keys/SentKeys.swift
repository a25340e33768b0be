/// The API keys a provider puts in its requests, to be taken out of the replies that come back.
///
/// A server or a proxy that reflects the request's headers into its reply (a debugging echo
/// server, a misconfigured gateway) would otherwise have the key printed, stored in a message
/// that travels with the repository, and sent again with every later turn. The keys themselves
/// never leave this value: only `KeyFilter` reads them.
public struct SentKeys: Sendable {
    fileprivate let runs: KeyRuns

    /// No keys: a provider that sends none (the offline model, a compatible server without one).
    public static let none = SentKeys(credentials: [])

    public init(credentials: [Credential]) {
        runs = KeyRuns(keys: credentials.map { Array($0.secret.utf8) })
    }

    /// A filter for one reply's text.
    public func filter() -> KeyFilter {
        KeyFilter(runs: runs)
    }
}

/// Replaces every sent key in a reply streamed in pieces with `[REDACTED:api-key]`, as the secret
/// scanner's `--redact` marks a credential: the key's bytes, or a long run of them (`KeyRuns`),
/// wherever the pieces split them. A piece's tail that could be the start of one is held back until
/// the next piece (or `finish`) shows whether it is.
public struct KeyFilter: Sendable {
    /// What a key is replaced with.
    public static let placeholder = "[REDACTED:api-key]"

    private let runs: KeyRuns
    private var pending: [UInt8] = []
    /// How many keys were replaced so far.
    public private(set) var replaced = 0

    fileprivate init(runs: KeyRuns) {
        self.runs = runs
    }

    /// The text of `piece` (and of what was held back before it) that can be handed on now.
    public mutating func feed(_ piece: String) -> String {
        if runs.isEmpty { return piece }
        pending += piece.utf8
        return drain(atEnd: false)
    }

    /// Whatever was held back: the reply has ended (finished, failed or stopped).
    public mutating func finish() -> String {
        drain(atEnd: true)
    }

    private mutating func drain(atEnd: Bool) -> String {
        // What may still be (part of) a key stays in `pending` for the next piece.
        let (output, index, count) = runs.replacing(in: pending, with: Self.placeholder, atEnd: atEnd)
        replaced += count
        pending.removeFirst(index)
        // Keys are ASCII, so text is held back only from an ASCII byte on: `output` ends where a
        // character does.
        return String(decoding: output, as: UTF8.self)
    }
}
