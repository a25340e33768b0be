import Testing
import ThreadAI

/// The detectors for what agents' tool output carries (issue 37; docs/CLI.md, "Secrets"): each
/// finds its credential and replaces only it, and leaves alone the look-alikes that transcripts are
/// full of. Every fake key is assembled here at run time from pieces, so this file holds none that a
/// scanner (ours or a host's) would flag.
@Suite("Secret detectors")
struct SecretDetectorsTests {
    /// A text and what it must become.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let redacted: String
        var testDescription: String { name }
    }

    /// 40 characters that look random (letters and digits mixed).
    static let random = "q7Rw2ZpX9vLk4TnB8sHd3FgJ6mYc1VbN5eUa0KxQ"
    static let hex = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b"
    static func token(_ count: Int) -> String { String(String(repeating: random, count: 8).prefix(count)) }

    static let found: [Case] = [
        .init(name: "postgres URL", text: "DATABASE_URL=postgres" + "://app:" + random + "@db.internal:5432/app",
              redacted: "DATABASE_URL=postgres://app:[REDACTED:url-password]@db.internal:5432/app"),
        .init(name: "mongodb+srv URL", text: "mongodb+srv" + "://admin:" + token(20) + "@cluster0.example.net/test",
              redacted: "mongodb+srv://admin:[REDACTED:url-password]@cluster0.example.net/test"),
        .init(name: "redis URL without user", text: "redis" + "://:" + token(24) + "@cache:6379/0",
              redacted: "redis://:[REDACTED:url-password]@cache:6379/0"),
        .init(name: "token in a git remote", text: "https" + "://x-access-token:" + token(40) + "@github.com/ada/app.git",
              redacted: "https://x-access-token:[REDACTED:url-password]@github.com/ada/app.git"),
        .init(name: "GitHub token in a git remote", text: "https" + "://ada:" + "ghp" + "_" + token(36) + "@github.com/ada/app.git",
              redacted: "https://ada:[REDACTED:github-token]@github.com/ada/app.git"),
        .init(name: "OpenSSH private key", text: "-----BEGIN " + "OPENSSH PRIVATE KEY-----\n" + token(70) + "\n-----END OPENSSH PRIVATE KEY-----\nok",
              redacted: "[REDACTED:private-key]\nok"),
        .init(name: "EC private key cut short", text: "-----BEGIN " + "EC PRIVATE KEY-----\n" + token(64) + "\n" + token(30) + "\n… (truncated)",
              redacted: "[REDACTED:private-key]… (truncated)"),
        .init(name: "service-account JSON key", text: #"{"private_key": "-----BEGIN "# + #"PRIVATE KEY-----\n"# + token(64) + #"\n-----END PRIVATE KEY-----\n", "x": 1}"#,
              redacted: #"{"private_key": "[REDACTED:private-key]\n", "x": 1}"#),
        .init(name: "AWS secret in a credentials file", text: "aws_secret_access_key = " + random,
              redacted: "aws_secret_access_key = [REDACTED:aws-secret-access-key]"),
        .init(name: "AWS secret in JSON", text: #"{"SecretAccessKey": ""# + random + #""}"#,
              redacted: #"{"SecretAccessKey": "[REDACTED:aws-secret-access-key]"}"#),
        .init(name: "Azure storage connection string",
              text: "DefaultEndpointsProtocol=https;AccountName=ada;AccountKey=" + token(40) + "==;EndpointSuffix=core.windows.net",
              redacted: "DefaultEndpointsProtocol=https;AccountName=ada;AccountKey=[REDACTED:azure-storage-key];EndpointSuffix=core.windows.net"),
        .init(name: "GitHub app token", text: "token ghs" + "_" + token(36), redacted: "token [REDACTED:github-token]"),
        .init(name: "GitLab token", text: "glpat" + "-" + token(20), redacted: "[REDACTED:gitlab-token]"),
        .init(name: "Slack app token", text: "xapp" + "-1-" + token(30), redacted: "[REDACTED:slack-token]"),
        .init(name: "Twilio API key", text: "key SK" + String(hex.prefix(32)), redacted: "key [REDACTED:twilio-api-key]"),
        .init(name: "SendGrid key", text: "SG" + "." + token(22) + "." + token(43), redacted: "[REDACTED:sendgrid-api-key]"),
        .init(name: "npm token", text: "//registry.npmjs.org/:_authToken=npm" + "_" + token(36),
              redacted: "//registry.npmjs.org/:_authToken=[REDACTED:npm-token]"),
        .init(name: "PyPI token", text: "password = pypi" + "-AgEIcHlwaS5vcmc" + token(60), redacted: "password = [REDACTED:pypi-token]"),
        .init(name: "Hugging Face token", text: "HF_TOKEN=hf" + "_" + token(34), redacted: "HF_TOKEN=[REDACTED:huggingface-token]"),
        .init(name: "JWT", text: "cookie: session=eyJ" + token(20) + ".eyJ" + token(30) + "." + token(43),
              redacted: "cookie: session=[REDACTED:jwt]"),
        .init(name: "PASSWORD= in a .env", text: "DB_PASSWORD=" + "Xk9#mP2$vL7q", redacted: "DB_PASSWORD=[REDACTED:secret-assignment]"),
        .init(name: "\"api_key\": in JSON", text: #"{"api_key": ""# + hex + #"", "region": "eu"}"#,
              redacted: #"{"api_key": "[REDACTED:secret-assignment]", "region": "eu"}"#),
        .init(name: "a line of escaped JSON", text: #"{\"env\": \"HOME=/home/ada\nDJANGO_SECRET_KEY="# + random + #"\nDEBUG=1\"}"#,
              redacted: #"{\"env\": \"HOME=/home/ada\nDJANGO_SECRET_KEY=[REDACTED:secret-assignment]\nDEBUG=1\"}"#),
        .init(name: "escaped JSON quotes", text: #"{\"api_key\": \""# + hex + #"\"}"#,
              redacted: #"{\"api_key\": \"[REDACTED:secret-assignment]\"}"#),
        // The regex runs near each trigger only (SecretWindows): the whole run without spaces around it,
        // or from a secret's name on.
        .init(name: "GitHub token deep in a run without spaces", text: #"{"env":{"PATH":"/usr/bin","GH":""# + "ghp" + "_" + token(36) + #""}}"#,
              redacted: #"{"env":{"PATH":"/usr/bin","GH":"[REDACTED:github-token]"}}"#),
        .init(name: "two secret names before one value", text: "export SECRET_TOKEN=" + random + " # rotated",
              redacted: "export SECRET_TOKEN=[REDACTED:secret-assignment] # rotated"),
        .init(name: "a trigger in another word first", text: "SKIP the task; key SK" + String(hex.prefix(32)), redacted: "SKIP the task; key [REDACTED:twilio-api-key]"),
        .init(name: "two private keys, the first cut short", text: "-----BEGIN " + "RSA PRIVATE KEY-----\n" + token(64) + "\n-----BEGIN "
              + "EC PRIVATE KEY-----\n" + token(64) + "\n-----END EC PRIVATE KEY-----\nok",
              redacted: "[REDACTED:private-key][REDACTED:private-key]\nok"),
        .init(name: "TOKEN: in YAML", text: "  client_secret: " + random + "\n  scope: read",
              redacted: "  client_secret: [REDACTED:secret-assignment]\n  scope: read"),
    ]

    @Test("each detector replaces the credential and only it", arguments: found)
    func redacts(_ item: Case) {
        #expect(SecretScanner.redacted(item.text) == item.redacted)
        #expect(SecretScanner.findings(in: item.redacted).isEmpty, "redacting twice changes nothing")
    }

    /// Look-alikes from real transcripts and documentation, one or more per detector.
    static let ignored: [String] = [
        "postgres" + "://user:password@localhost/db", "mysql" + "://root:${DB_PASSWORD}@db/app", "redis" + "://localhost:6379/0",
        "https" + "://user:<token>@github.com/o/r", "see http" + "://example.com:8080/path@v2",
        "-----BEGIN " + "PUBLIC KEY-----\n" + token(64) + "\n-----END PUBLIC KEY-----",
        "AccountKey=<your-account-key>", "token ghs" + "_short",
        "glpat" + "-xxxx", "xapp" + "-1-short", "SKETCH" + String(hex.prefix(28)), "SG" + ".setValue(x)", "npm" + "_config_cache=/tmp/npm",
        "hf" + "_hub_download(repo_id)", "eyJ" + "hbGciOi is the start of every JWT",
        "PASSWORD=changeme", "API_KEY=${OPENAI_API_KEY}", "api_key: <your-key>", "SECRET=xxxxxxxxxxxx", "TOKEN=/run/secrets/token",
        "password = os.environ.get(\"DB_PASSWORD\")", "token = read_token_from_file(path)", "max_tokens: 4096000000",
        "tokenizer: cl100k_base", "secret_name: my-app-secret-v2", "input_tokens: 1234, output_tokens: 5678",
        "\"accessToken\": \"[REDACTED:jwt]\"", "passwordHash: bcrypt", "const token = getToken()",
    ]

    @Test("placeholders, variables, paths, words and code are left alone")
    func ignores() {
        for text in Self.ignored {
            #expect(SecretScanner.findings(in: text).isEmpty, "\(text)")
        }
    }
}
