#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds credentials in text before it is stored (docs/CLI.md, "Secrets"): conversations travel with
/// the repository, so a key pasted into a message would be shared with everyone who clones it.
/// Findings give the kind and the position, never the secret itself.
public enum SecretScanner {
    /// A credential found in a text.
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        public var pattern: String
        public var kind: String
        /// 1-based line and column (in characters) where it starts.
        public var line: Int
        public var column: Int
        let range: Range<String.Index>

        public var description: String { "\(kind) (\(pattern)) at line \(line), column \(column)" }
    }

    /// Every credential in `text`, in order; overlapping matches count once. Linear in the text and
    /// the findings, up to a logarithm: a tool's output can hold thousands of them (a dumped `.env`),
    /// and capture must answer in bounded time.
    public static func findings(in text: String) -> [Finding] {
        // Kept sorted by start, never overlapping: a new match meets at most its two neighbours.
        var found: [(pattern: SecretPattern, range: Range<String.Index>)] = []
        let bytes = Array(text.utf8)
        let lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        for pattern in SecretPattern.all {
            let windows = SecretWindows.around(pattern, in: text, bytes: bytes, lowered: lowered)
            guard !windows.isEmpty else { continue }
            let regex = pattern.regex
            for window in windows {
                let matches = pattern.reach.startsAtTrigger
                    ? text[window].prefixMatch(of: regex).map { [$0] } ?? [] : text[window].matches(of: regex)
                for match in matches {
                    guard let range = pattern.secret(text[match.range]) else { continue }
                    var low = 0, high = found.count
                    while low < high {
                        let middle = (low + high) / 2
                        if found[middle].range.lowerBound < range.lowerBound { low = middle + 1 } else { high = middle }
                    }
                    if low < found.count && found[low].range.overlaps(range) { continue }
                    if low > 0 && found[low - 1].range.overlaps(range) { continue }
                    if isDocumentationExample(text[range]) { continue }
                    found.insert((pattern, range), at: low)
                }
            }
        }
        // Lines and columns in one walk of the text, from one finding to the next.
        var findings: [Finding] = []
        findings.reserveCapacity(found.count)
        var (line, column, walked) = (1, 1, text.startIndex)
        for (pattern, range) in found {
            for character in text[walked..<range.lowerBound] {
                if character == "\n" || character == "\r\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            walked = range.lowerBound
            findings.append(Finding(pattern: pattern.name, kind: pattern.description, line: line, column: column, range: range))
        }
        return findings
    }

    /// `text` with every credential replaced by `[REDACTED:NAME]`, built in one pass.
    public static func redacted(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var copied = text.startIndex
        for finding in findings(in: text) {
            result += text[copied..<finding.range.lowerBound]
            result += "[REDACTED:\(finding.pattern)]"
            copied = finding.range.upperBound
        }
        result += text[copied...]
        return result
    }

    /// Published placeholder keys (AWS's `AKIAIOSFODNN7EXAMPLE`) are not secrets.
    private static func isDocumentationExample(_ match: Substring) -> Bool {
        match.contains("EXAMPLE")
    }
}

/// A refusal to store text that holds credentials (exit 1): what holds them and where, with the two
/// ways on.
public struct SecretsFound: Error, Sendable, CustomStringConvertible {
    /// What was about to be stored: "your message", "the system prompt", "chatgpt conversation X item Y".
    public var item: String
    public var findings: [SecretScanner.Finding]

    public init(item: String, findings: [SecretScanner.Finding]) {
        self.item = item
        self.findings = findings
    }

    public var description: String {
        "\(found) Remove it, or run again with \(Remedy(.redactSecrets)) to store it as [REDACTED:KIND], or with \(Remedy(.allowSecrets)) to store it "
            + Self.asItIs
    }

    /// What was found where, without a remedy: for a caller whose ways on differ.
    public var found: String {
        "\(item) holds what looks like \(findings.map(\.description).joined(separator: "; ")); nothing was stored."
    }

    /// The end of the `--allow-secrets` remedy, with why it matters.
    public static let asItIs = "as it is (conversations travel with the repository: whoever clones it can read them)."
}

/// What to do with credentials found in text about to be stored: refuse (the default), store as it is
/// (`--allow-secrets`), or replace them (`--redact`).
public enum SecretPolicy: Sendable, Equatable {
    case refuse
    case allow
    case redact

    /// The text to store for `text`, under this policy.
    /// - Throws: `SecretsFound` naming `item` when the policy refuses and `text` holds a credential.
    public func apply(to text: String, item: String) throws(SecretsFound) -> String {
        switch self {
        case .allow: return text
        case .redact: return SecretScanner.redacted(text)
        case .refuse:
            let findings = SecretScanner.findings(in: text)
            if findings.isEmpty { return text }
            throw SecretsFound(item: item, findings: findings)
        }
    }
}

extension [UInt8] {
    /// Where `needle` (not empty) first occurs at or after `start` in these bytes: `memchr` for its
    /// first byte, then `memcmp`, fast even in a debug build.
    func firstOccurrence(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard let first = needle.first, start >= 0, needle.count <= count - start else { return nil }
        return withUnsafeBytes { haystack in
            needle.withUnsafeBytes { wanted in
                guard let base = haystack.baseAddress, let wantedBase = wanted.baseAddress else { return nil }
                var offset = start
                let last = haystack.count - needle.count
                while offset <= last {
                    guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
                    let position = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + position, wantedBase, needle.count) == 0 { return position }
                    offset = position + 1
                }
                return nil
            }
        }
    }
}
