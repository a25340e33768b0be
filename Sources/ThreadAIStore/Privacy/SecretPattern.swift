/// One kind of credential the scanner looks for (docs/CLI.md, "Secrets"): a name used in errors and
/// in the `[REDACTED:NAME]` placeholder, a description, and the shape that finds it.
public struct SecretPattern: Sendable {
    /// A short stable name: `anthropic-api-key`, `private-key`, …
    public let name: String
    /// What it is, for people: "an Anthropic API key".
    public let description: String
    /// Lowercase ASCII strings one of which any match contains: the costly regex runs only on text
    /// that holds one (most text holds none).
    let triggers: [String]
    let regex: @Sendable () -> Regex<Substring>

    /// Every pattern, in the order they are tried; where two match overlapping text, the earlier wins.
    public static let all: [SecretPattern] = [
        SecretPattern(name: "private-key", description: "a private key block", triggers: ["private key"]) {
            #/-----BEGIN[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----)?/#
        },
        SecretPattern(name: "anthropic-api-key", description: "an Anthropic API key", triggers: ["sk-ant-"]) {
            #/sk-ant-[a-z]{2,8}[0-9]{2}-[A-Za-z0-9_\-]{20,}/#
        },
        SecretPattern(name: "openai-api-key", description: "an OpenAI API key", triggers: ["sk-"]) {
            #/\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{32,}/#
        },
        SecretPattern(name: "aws-access-key-id", description: "an AWS access key id", triggers: ["akia", "asia", "abia", "acca"]) {
            #/\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/#
        },
        SecretPattern(name: "aws-secret-access-key", description: "an AWS secret access key", triggers: ["access_key", "accesskey"]) {
            #/(?i:aws_?secret_?access_?key|secret_?access_?key)["']?\s*[:=]\s*["']?[A-Za-z0-9\/+]{40}\b/#
        },
        SecretPattern(name: "github-token", description: "a GitHub token", triggers: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"]) {
            #/\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/#
        },
        SecretPattern(name: "google-api-key", description: "a Google API key", triggers: ["aiza"]) {
            #/\bAIza[0-9A-Za-z_\-]{35}/#
        },
        SecretPattern(name: "slack-token", description: "a Slack token or webhook", triggers: ["xox", "hooks.slack.com"]) {
            #/\bxox[abposr]-[A-Za-z0-9\-]{10,}|https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9\/_\-]{20,}/#
        },
        SecretPattern(name: "stripe-key", description: "a Stripe secret key", triggers: ["_live_"]) {
            #/\b[rs]k_live_[A-Za-z0-9]{20,}/#
        },
        SecretPattern(name: "bearer-token", description: "a bearer token", triggers: ["bearer"]) {
            #/(?i:\bbearer)\s+[A-Za-z0-9\-._~+\/]{20,}=*/#
        },
    ]
}
