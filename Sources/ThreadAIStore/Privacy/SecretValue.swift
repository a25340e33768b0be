#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The hand-written checks of `SecretPattern` that a regex cannot say: which part of a match is the
/// credential, and whether a value assigned to a secret's name looks like a real one rather than a
/// placeholder, a variable or a word (docs/CLI.md, "Secrets"). Each looks at one match only, so
/// scanning stays linear.
enum SecretValue {
    /// The words whose presence lets `secret-assignment` run (lowercase, as `SecretPattern`'s triggers).
    static let secretNames = ["passw", "passphrase", "secret", "token", "apikey", "api_key", "accesskey", "access_key",
                              "privatekey", "private_key", "credential", "authkey", "auth_key"]

    /// What follows the first `=` or `:` of the match, and an opening quote.
    @Sendable static func afterSeparator(_ match: Substring) -> Range<String.Index>? {
        guard let separator = match.firstIndex(where: { $0 == "=" || $0 == ":" }) else { return nil }
        var start = match.index(after: separator)
        while start < match.endIndex, " \t\"'=>\\".contains(match[start]) { start = match.index(after: start) }
        return start < match.endIndex ? start..<match.endIndex : nil
    }

    /// The password of `scheme://user:password@`: between the first `:` after `//` and the `@` that
    /// ends the match, unless it is a placeholder (`postgres://user:password@`, `:${DB_PASS}@`).
    @Sendable static func urlPassword(_ match: Substring) -> Range<String.Index>? {
        guard let slashes = match.firstRange(of: "://"),
              let colon = match[slashes.upperBound...].firstIndex(of: ":") else { return nil }
        let password = match.index(after: colon)..<match.index(before: match.endIndex)
        return isPlaceholder(match[password]) ? nil : password
    }

    /// The value of `NAME=value`, `NAME: value`, `"name": "value"` when it looks random; nil for a
    /// placeholder, a variable, a path, a word, a number, code (`token = read_token(…)`).
    @Sendable static func assignedValue(_ match: Substring) -> Range<String.Index>? {
        guard let range = afterSeparator(match) else { return nil }
        let value = match[range]
        // A call or a member of what follows (`getToken(`, `config.secret.value`): code, not a value.
        if range.upperBound < match.base.endIndex, "(.".contains(match.base[range.upperBound]) { return nil }
        guard !isPlaceholder(value), looksRandom(value) else { return nil }
        return range
    }

    /// Values that stand for a secret without being one.
    static func isPlaceholder(_ value: Substring) -> Bool {
        guard let first = value.first else { return true }
        if "$%<[{*#/~\\@".contains(first) || value.hasPrefix("./") || value.hasPrefix("../") { return true }
        if value.contains("${") || value.contains("{{") || value.contains("://") { return true }
        let lowered = value.lowercased()
        let words = ["changeme", "change_me", "password", "passwd", "secret", "example", "placeholder", "redacted",
                     "your", "dummy", "sample", "xxxx", "****", "...", "<", "todo", "fixme", "replace", "process.env", "os.environ"]
        if words.contains(where: { lowered.contains($0) }) { return true }
        return Set(value).count <= 2  // `xxxxxxxx`, `00000000`, `abababab`
    }

    /// Random enough to be a key or a password: letters and digits alternating at least three times
    /// (`k9mP2v`; a name with a version, `release-v2` or `cl100k_base`, alternates once or twice) and at least 3 bits of
    /// entropy per character (a 16-character random key has about 4; a repeated pattern far less).
    static func looksRandom(_ value: Substring) -> Bool {
        var switches = 0
        var lastWasDigit: Bool?
        var counts: [Character: Int] = [:]
        for character in value {
            counts[character, default: 0] += 1
            guard character.isASCII, character.isLetter || character.isNumber else { continue }
            let isDigit = character.isNumber
            if let last = lastWasDigit, last != isDigit { switches += 1 }
            lastWasDigit = isDigit
        }
        guard switches >= 3 else { return false }
        let length = Double(value.count)
        var entropy = 0.0
        for count in counts.values {
            let share = Double(count) / length
            entropy -= share * log2(share)
        }
        return entropy >= min(3.0, log2(length) - 0.5)
    }
}
