/// The built-in model that needs no key and no network.
///
/// It answers with a faithful, deterministic account of the context it received, so that the
/// history walk can be seen and tested: how many messages, which threads they came through,
/// the system prompt, and the last user message. It streams that account word by word.
public struct OfflineProvider: ChatProvider {
    public static let modelName = "offline-echo"
    public let name = "offline"

    /// Pause between words, so a terminal shows the stream arriving; zero in tests.
    private let wordDelay: Duration
    /// The most a whole reply spends pausing: a long reply streams with shorter pauses, so the
    /// time to answer stays linear in the text (and small) however long the message is.
    private let pacingLimit: Duration

    public init(wordDelay: Duration = .zero, pacingLimit: Duration = .milliseconds(200)) {
        self.wordDelay = wordDelay
        self.pacingLimit = pacingLimit
    }

    public func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatEvent, any Error> {
        let reply = Self.reply(to: request)
        let pieces = Self.pacedPieces(of: reply, wordDelay: wordDelay, pacingLimit: pacingLimit)
        let delay = wordDelay
        return AsyncThrowingStream { continuation in
            let task = Task {
                let start = ContinuousClock.now
                var firstPiece: ContinuousClock.Instant?
                do {
                    for piece in pieces {
                        try Task.checkCancellation()
                        if delay > .zero { try await Task.sleep(for: delay) }
                        if firstPiece == nil { firstPiece = .now }
                        continuation.yield(.text(piece))
                    }
                    let usage = TokenUsage(
                        inputTokens: request.messages.reduce(0) { $0 + Self.wordCount($1.content) }
                            + Self.wordCount(request.system ?? ""),
                        outputTokens: Self.wordCount(reply))
                    let latency = ReplyLatency(timeToFirstToken: firstPiece.map { $0 - start }, total: .now - start)
                    continuation.yield(.finished(ChatCompletion(
                        stopReason: "end_turn", model: Self.modelName, usage: usage, latency: latency)))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The reply's words, grouped so that a pause of `wordDelay` before each group adds up to at
    /// most `pacingLimit`: a short reply streams word by word, a long one in as many larger groups.
    static func pacedPieces(of text: String, wordDelay: Duration, pacingLimit: Duration) -> [String] {
        let words = wordPieces(of: text)
        guard wordDelay > .zero else { return words }
        let groups = max(1, Int(pacingLimit / wordDelay))
        guard words.count > groups else { return words }
        let size = (words.count + groups - 1) / groups
        return stride(from: 0, to: words.count, by: size).map {
            words[$0..<min($0 + size, words.count)].joined()
        }
    }

    /// The whole reply the offline model gives to `request`.
    public static func reply(to request: ChatRequest) -> String {
        var lines: [String] = []
        let count = request.messages.count
        lines.append("Offline model here. I received \(count) message\(count == 1 ? "" : "s").")
        let segments = threadSegments(of: request.messages)
        if !segments.isEmpty {
            let path = segments.map { "\($0.thread) (\($0.count))" }.joined(separator: " → ")
            lines.append("They came through \(segments.count) thread\(segments.count == 1 ? "" : "s"): \(path).")
        }
        if let system = request.system, !system.allSatisfy(\.isWhitespace) {
            lines.append("System prompt: \(quoted(system))")
        } else {
            lines.append("System prompt: none.")
        }
        if let last = request.messages.last(where: { $0.role == .user }) {
            lines.append("Your last message: \(quoted(last.content))")
        }
        return lines.joined(separator: "\n")
    }

    /// Consecutive runs of messages that name the same thread, in order.
    static func threadSegments(of messages: [ChatMessage]) -> [(thread: String, count: Int)] {
        var segments: [(thread: String, count: Int)] = []
        for message in messages {
            let thread = message.origin?.thread ?? "(unnamed)"
            if let last = segments.last, last.thread == thread {
                segments[segments.count - 1].count += 1
            } else {
                segments.append((thread, 1))
            }
        }
        return segments
    }

    private static func quoted(_ text: String) -> String {
        let oneLine = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "“\(oneLine)”"
    }

    /// Splits text into pieces that each end after a run of spaces, so joining them gives the text back.
    static func wordPieces(of text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var sawSpace = false
        for character in text {
            if sawSpace && !character.isWhitespace {
                pieces.append(current)
                current = ""
                sawSpace = false
            }
            current.append(character)
            if character.isWhitespace { sawSpace = true }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// The number of runs of non-white-space characters. The usage of a reply counts every word of
    /// the context, so ASCII text (where white space is exactly TAB, LF, VT, FF, CR and space, and a
    /// CR LF pair only joins two of them) is counted by bytes; other text by `Character`.
    static func wordCount(_ text: String) -> Int {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.split(whereSeparator: { $0.isWhitespace }).count }
        var count = 0
        var inWord = false
        for byte in text.utf8 {
            let isSpace = byte == 0x20 || (0x09...0x0D).contains(byte)
            if !isSpace && !inWord { count += 1 }
            inWord = !isSpace
        }
        return count
    }
}
