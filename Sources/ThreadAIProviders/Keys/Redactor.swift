#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// Removes API keys from text before it is kept anywhere: error messages, stored error bodies,
/// offending stream lines.
///
/// It removes every key it was given, whole or any long run of it (`KeyRuns`: a body that quotes the
/// key without its `sk-…-` prefix), the masked forms providers echo back in 401 bodies
/// (`sk-ant-api03-...abcd`, `sk-proj-****abcd`, a key's first characters or last four next to
/// a mask), bearer tokens, and values after `x-api-key` / `api_key` / `authorization`.
public struct Redactor: Sendable {
    /// What a removed key is replaced with.
    public static let placeholder = "[REDACTED]"

    private let secrets: [String]
    private let runs: KeyRuns

    /// A redactor that also removes these keys wherever they appear, whole, in part or masked.
    public init(credentials: [Credential] = []) {
        self.secrets = credentials.map(\.secret).filter { !$0.isEmpty }
        self.runs = KeyRuns(keys: secrets.map { Array($0.utf8) })
    }

    /// `text` with every key, masked key and bearer token replaced by `[REDACTED]`.
    public func redact(_ text: String) -> String {
        redactMaskedForms(in: redactKnownShapes(in: redactKeyRuns(in: text)))
    }

    private func redactKeyRuns(in text: String) -> String {
        guard !runs.isEmpty else { return text }
        return String(decoding: runs.replacing(in: Array(text.utf8), with: Self.placeholder, atEnd: true).text, as: UTF8.self)
    }

    /// `text` redacted, then cut to at most `limit` characters with an ellipsis.
    public func redact(_ text: String, truncatingTo limit: Int) -> String {
        Self.truncate(redact(text), to: limit)
    }

    /// Cuts `text` to at most `limit` characters, marking the cut with `…`.
    public static func truncate(_ text: String, to limit: Int) -> String {
        guard text.count > limit, limit > 1 else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    private func redactKnownShapes(in text: String) -> String {
        let placeholder = Self.placeholder
        var result = text
        // Header or JSON field names followed by a value: keep the name, drop the value.
        result = result.replacing(
            #/(?i)((?:x-api-key|api[_-]?key|authorization|access[_-]?token)["']?\s*[:=]\s*["']?)(?:bearer\s+)?[^\s"',;}]+/#
        ) { match in "\(match.output.1)\(placeholder)" }
        result = result.replacing(#/(?i)\bbearer\s+[^\s"',;}]+/#) { _ in "Bearer \(placeholder)" }
        // Provider key shapes, whole or masked with *, •, … or dots: sk-…, sk-ant-…, sk-proj-….
        result = result.replacing(#/\bsk-[A-Za-z0-9_\-\.\*•…]{3,}/#) { _ in placeholder }
        return result
    }

    /// Tokens that show a known key's first six or last four characters next to a mask.
    private func redactMaskedForms(in text: String) -> String {
        let keys = secrets.filter { $0.count >= 12 }
        if keys.isEmpty { return text }
        return text.replacing(#/[^\s"'<>,;()\[\]{}]+/#) { match in
            let token = String(match.output)
            let core = token.trimmingTrailingPunctuation()
            let hasMask = core.contains(where: { "*•…".contains($0) }) || core.contains("...")
            guard hasMask else { return token }
            for key in keys where core.hasPrefix(key.prefix(6)) || core.hasSuffix(key.suffix(4)) {
                return Self.placeholder
            }
            return token
        }
    }
}

private extension String {
    func trimmingTrailingPunctuation() -> Substring {
        var end = endIndex
        while end > startIndex, ".:!?".contains(self[index(before: end)]) {
            end = index(before: end)
        }
        return self[startIndex..<end]
    }
}
