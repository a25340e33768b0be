import Testing
import ThreadAI

/// The credential patterns of docs/CLI.md, "Secrets". Keys are assembled from pieces so that this file
/// itself holds none a scanner would flag.
@Suite("Secrets scanner")
struct SecretScannerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let secret: String
        let pattern: String
        var testDescription: String { name }
    }

    static let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

    static let cases: [Case] = [
        .init(name: "Anthropic", secret: "sk-" + "ant-api03-" + letters, pattern: "anthropic-api-key"),
        .init(name: "OpenAI project key", secret: "sk-" + "proj-" + letters, pattern: "openai-api-key"),
        .init(name: "OpenAI legacy key", secret: "sk-" + String(letters.prefix(48)), pattern: "openai-api-key"),
        .init(name: "AWS access key id", secret: "AKIA" + "Q3EGRIFJQ4WUKZ7X", pattern: "aws-access-key-id"),
        .init(name: "AWS secret key", secret: "aws_secret_access_key = " + String(letters.prefix(40)), pattern: "aws-secret-access-key"),
        .init(name: "GitHub token", secret: "ghp" + "_" + String(letters.prefix(36)), pattern: "github-token"),
        .init(name: "GitHub fine-grained token", secret: "github" + "_pat_" + String(letters.prefix(30)), pattern: "github-token"),
        .init(name: "Google API key", secret: "AIza" + String(letters.prefix(35)), pattern: "google-api-key"),
        .init(name: "Slack bot token", secret: "xoxb" + "-1234567890-abcdefghij", pattern: "slack-token"),
        .init(name: "Stripe live key", secret: "sk" + "_live_" + String(letters.prefix(24)), pattern: "stripe-key"),
        .init(name: "bearer token", secret: "Authorization: Bearer " + String(letters.prefix(30)), pattern: "bearer-token"),
        .init(name: "private key block",
              secret: "-----BEGIN " + "RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----", pattern: "private-key"),
    ]

    @Test("each kind is found with its position; redaction keeps the text around it", arguments: cases)
    func finds(_ item: Case) throws {
        let text = "first line\nsee: " + item.secret + " (end)"
        let findings = SecretScanner.findings(in: text)
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.pattern == item.pattern)
        #expect(finding.line == 2)
        #expect(!finding.description.contains(String(item.secret.suffix(12))), "the secret is never echoed")
        let redacted = SecretScanner.redacted(text)
        #expect(redacted.hasPrefix("first line\nsee: ") && redacted.hasSuffix(" (end)"))
        #expect(redacted.contains("[REDACTED:\(item.pattern)]"))
        #expect(SecretScanner.findings(in: redacted).isEmpty)
    }

    @Test("thousands of credentials in one text (a dumped .env): every one found once at its line and column, and redacted")
    func manyFindings() {
        let key = "ghp" + "_" + String(Self.letters.prefix(36))
        let lines = (0..<3_000).map { index in index % 2 == 0 ? "é \(index) token \(key)" : "line \(index)\r" }
        let text = lines.joined(separator: "\n") + "\n" + key + " " + key
        let findings = SecretScanner.findings(in: text)
        #expect(findings.count == 1_502)
        #expect(findings.prefix(1_500).enumerated().allSatisfy { index, finding in
            finding.line == 2 * index + 1 && finding.column == "é \(2 * index) token ".count + 1
        })
        #expect(findings.suffix(2).map { "\($0.line):\($0.column)" } == ["3001:1", "3001:\(key.count + 2)"])
        let redacted = SecretScanner.redacted(text)
        #expect(!redacted.contains(key))
        #expect(redacted.components(separatedBy: "[REDACTED:github-token]").count == 1_503)
        #expect(redacted.hasPrefix("é 0 token [REDACTED:github-token]\nline 1\r\n"))
    }

    @Test("ordinary text, masked keys and documentation examples are not credentials")
    func ignores() {
        for text in [
            "Use sk-ant-api03-...abcd as shown.", "the AKIA" + "IOSFODNN7EXAMPLE key from AWS's docs", "a sketch-of-a-plan",
            "Bearer tokens are described in RFC 6750.", "-----BEGIN PUBLIC KEY-----",
        ] {
            #expect(SecretScanner.findings(in: text).isEmpty, "\(text)")
        }
    }

    @Test("the policy refuses, allows or redacts; a refusal names the item and the position")
    func policy() throws {
        let text = "key " + "sk-" + "ant-api03-" + Self.letters
        #expect(try SecretPolicy.allow.apply(to: text, item: "x") == text)
        #expect(try SecretPolicy.redact.apply(to: text, item: "x") == "key [REDACTED:anthropic-api-key]")
        #expect(throws: SecretsFound.self) { try SecretPolicy.refuse.apply(to: text, item: "your message") }
        do {
            _ = try SecretPolicy.refuse.apply(to: text, item: "your message")
        } catch {
            #expect(error.description.hasPrefix("your message holds what looks like an Anthropic API key (anthropic-api-key) at line 1, column 5"))
            #expect(!error.description.contains(Self.letters))
        }
    }
}
