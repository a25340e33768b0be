/// The API keys a provider puts in its requests, to be taken out of the replies that come back.
///
/// A server or a proxy that reflects the request's headers into its reply (a debugging echo
/// server, a misconfigured gateway) would otherwise have the key printed, stored in a message
/// that travels with the repository, and sent again with every later turn. The keys themselves
/// never leave this value: only `KeyFilter` reads them.
public struct SentKeys: Sendable {
    /// Each key's bytes, longest first, so a key that holds another is replaced whole.
    fileprivate let keys: [[UInt8]]

    /// No keys: a provider that sends none (the offline model, a compatible server without one).
    public static let none = SentKeys(credentials: [])

    public init(credentials: [Credential]) {
        keys = credentials.map { Array($0.secret.utf8) }.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
    }

    /// A filter for one reply's text.
    public func filter() -> KeyFilter {
        KeyFilter(keys: keys)
    }
}

/// Replaces every sent key in a reply streamed in pieces with `[REDACTED:api-key]`, as the secret
/// scanner's `--redact` marks a credential: the exact bytes, wherever the pieces split them. A
/// piece's tail that could be the start of a key is held back until the next piece (or `finish`)
/// shows whether it is.
public struct KeyFilter: Sendable {
    /// What a key is replaced with.
    public static let placeholder = "[REDACTED:api-key]"

    private let keys: [[UInt8]]
    private var pending: [UInt8] = []
    /// How many keys were replaced so far.
    public private(set) var replaced = 0

    fileprivate init(keys: [[UInt8]]) {
        self.keys = keys
    }

    /// The text of `piece` (and of what was held back before it) that can be handed on now.
    public mutating func feed(_ piece: String) -> String {
        if keys.isEmpty { return piece }
        pending += piece.utf8
        return drain(atEnd: false)
    }

    /// Whatever was held back: the reply has ended (finished, failed or stopped).
    public mutating func finish() -> String {
        drain(atEnd: true)
    }

    private mutating func drain(atEnd: Bool) -> String {
        var output: [UInt8] = []
        var index = 0
        scanning: while index < pending.count {
            let rest = pending[index...]
            for key in keys {
                if rest.starts(with: key) {
                    output += Self.placeholder.utf8
                    replaced += 1
                    index += key.count
                    continue scanning
                }
                if !atEnd, rest.count < key.count, key.starts(with: rest) {
                    break scanning  // Perhaps the start of a key: wait for the next piece.
                }
            }
            output.append(pending[index])
            index += 1
        }
        pending.removeFirst(index)
        // Keys are ASCII, so text is held back only from an ASCII byte on: `output` ends where a
        // character does.
        return String(decoding: output, as: UTF8.self)
    }
}
