import ThreadAI

/// Keys in memory, for selection tests that must not touch a real store.
public struct MemoryKeyStore: KeyStore {
    public var keys: [ProviderKind: String] = [:]
    public var location: String { "memory" }

    public init(keys: [ProviderKind: String] = [:]) {
        self.keys = keys
    }

    public func key(for provider: ProviderKind) throws(KeyStoreError) -> Credential? {
        keys[provider].flatMap(Credential.init)
    }

    public func setKey(_ secret: String, for provider: ProviderKind) throws(KeyStoreError) {
        throw .invalidKey(reason: "the memory store is read-only")
    }

    public func removeKey(for provider: ProviderKind) throws(KeyStoreError) -> Bool { false }
}

/// A provider that replays scripted events, or fails after them.
public struct ScriptedProvider: ChatProvider {
    public var name = "anthropic"
    public var pieces: [String]
    public var completion: ChatCompletion?
    public var failure: ProviderError?
    public var sentKeys = SentKeys.none

    public init(
        name: String = "anthropic", pieces: [String], completion: ChatCompletion? = nil, failure: ProviderError? = nil,
        sentKeys: SentKeys = .none
    ) {
        self.name = name
        self.pieces = pieces
        self.completion = completion
        self.failure = failure
        self.sentKeys = sentKeys
    }

    public func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatEvent, any Error> {
        AsyncThrowingStream { continuation in
            for piece in pieces { continuation.yield(.text(piece)) }
            if let completion { continuation.yield(.finished(completion)) }
            continuation.finish(throwing: failure)
        }
    }
}

