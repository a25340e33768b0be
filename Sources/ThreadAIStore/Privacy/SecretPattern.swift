/// One kind of credential the scanner looks for (docs/CLI.md, "Secrets"): a name used in errors and
/// in the `[REDACTED:NAME]` placeholder, a description, and the shape that finds it.
public struct SecretPattern: Sendable {
    /// A short stable name: `anthropic-api-key`, `private-key`, …
    public let name: String
    /// What it is, for people: "an Anthropic API key".
    public let description: String
    /// A finder for each trigger: ASCII strings one of which any match contains (lowercase, and
    /// sought in the lowered text, unless `caseSensitive`), so that the costly regex runs only near
    /// one (most text holds none). A finder stops at its trigger's rarest bytes (`LiteralFinder`).
    let finders: [LiteralFinder]
    /// The triggers are sought as written: the regex matches them in that case only (`SK`, `AKIA`).
    let caseSensitive: Bool
    /// Where a match lies around a trigger, so that the regex runs there, not on the whole text: a
    /// tool's output of megabytes holds `://` or `token` somewhere, and a regex over all of it for
    /// each pattern made a capture's scan most of its cost.
    let reach: Reach

    enum Reach: Sendable {
        /// Anywhere: the regex runs on the whole text (a private key block spans lines).
        case whole
        /// Within the run of characters other than ASCII whitespace that holds the trigger: the
        /// match holds no whitespace.
        case token
        /// From the trigger on, which starts the match, within `length` bytes, on its line.
        case fromTrigger(length: Int)
        /// From the trigger on, which starts the match, to the next trigger or `length` bytes on,
        /// whichever comes first: a block that cannot hold another of its kind (a private key), so
        /// that a text of thousands of headers without an end is read once, not once per header.
        case block(length: Int)

        var startsAtTrigger: Bool {
            switch self {
            case .fromTrigger, .block: return true
            case .whole, .token: return false
            }
        }
    }
    /// The pattern's regex, made once: a regex literal is parsed again each time it is evaluated,
    /// and parsing twenty of them for every message was most of an import's time (61% of importing
    /// a million messages). `\b` as a programmer means it (between a word character and another),
    /// not Unicode's word boundaries, which see none in `user:ghp_…` (a colon joins letters there)
    /// and cost more.
    var regex: Regex<Substring> { compiled.regex }
    private let compiled: CompiledRegex
    /// The part of a match that is the credential (a URL's password, a `KEY=value` line's value), so
    /// the name around it stays readable; nil when the match is no credential after all (a
    /// placeholder, a variable). The whole match by default.
    let secret: @Sendable (Substring) -> Range<String.Index>?

    init(
        name: String, description: String, triggers: [String], caseSensitive: Bool = true, reach: Reach = .token,
        secret: @escaping @Sendable (Substring) -> Range<String.Index>? = { $0.startIndex..<$0.endIndex },
        regex: @escaping @Sendable () -> Regex<Substring>
    ) {
        self.name = name
        self.description = description
        // A trigger's first byte is often a common letter (`s` of `sk-`, `e` of `eyJ`): seeking it
        // by that byte stopped at every one, the most of what scanning a transcript cost.
        self.finders = triggers.map { LiteralFinder(Array($0.utf8), ignoringCase: false) }
        self.caseSensitive = caseSensitive
        self.reach = reach
        self.secret = secret
        self.compiled = CompiledRegex(regex().wordBoundaryKind(.simple))
    }

    // Every quantifier after a pattern's first characters is bounded or runs over characters the next
    // part cannot start with, so a match attempt costs at most a few hundred steps: scanning stays
    // linear in the text (it runs on every captured byte).

    /// Every pattern, in the order they are tried; where two match overlapping text, the earlier wins.
    public static let all: [SecretPattern] = [
        SecretPattern(name: "private-key", description: "a private key block", triggers: ["-----BEGIN"], reach: .block(length: 16_384)) {
            // Through its END line; a block cut short (a truncated tool output) through its base-64 lines,
            // written with real line feeds or with `\n` escapes (a key inside JSON). The END line is
            // looked for within 12,000 characters (an 8,192-bit RSA key is 6.5 KB; escaped, a little
            // more): unbounded, each BEGIN without an END searched the rest of the text.
            #/-----BEGIN[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]{0,12000}?-----END[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----|(?:\s|\\[nr])*(?:[A-Za-z0-9+\/=]{16,}(?:\s|\\[nr])*)*)/#
        },
        SecretPattern(name: "anthropic-api-key", description: "an Anthropic API key", triggers: ["sk-ant-"]) {
            #/sk-ant-[a-z]{2,8}[0-9]{2}-[A-Za-z0-9_\-]{20,}/#
        },
        SecretPattern(name: "openai-api-key", description: "an OpenAI API key", triggers: ["sk-"]) {
            #/\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{32,}/#
        },
        SecretPattern(name: "aws-access-key-id", description: "an AWS access key id", triggers: ["AKIA", "ASIA", "ABIA", "ACCA"]) {
            #/\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/#
        },
        SecretPattern(
            name: "aws-secret-access-key", description: "an AWS secret access key", triggers: ["access_key", "accesskey"],
            caseSensitive: false, reach: .whole, secret: SecretValue.afterSeparator
        ) {
            #/(?i:aws_?secret_?access_?key|secret_?access_?key)["']?\s*[:=]\s*["']?[A-Za-z0-9\/+]{40}\b/#
        },
        SecretPattern(name: "github-token", description: "a GitHub token", triggers: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"]) {
            #/\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/#
        },
        SecretPattern(name: "gitlab-token", description: "a GitLab token", triggers: ["glpat-", "gldt-", "glrt-", "glptt-"]) {
            #/\bgl(?:pat|dt|rt|ptt)-[A-Za-z0-9_\-]{20,255}/#
        },
        SecretPattern(name: "google-api-key", description: "a Google API key", triggers: ["AIza"]) {
            #/\bAIza[0-9A-Za-z_\-]{35}/#
        },
        SecretPattern(name: "slack-token", description: "a Slack token or webhook", triggers: ["xox", "xapp-", "hooks.slack.com"]) {
            #/\bxox[abposre]-[A-Za-z0-9\-]{10,}|\bxapp-[0-9]-[A-Za-z0-9\-]{10,}|https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9\/_\-]{20,}/#
        },
        SecretPattern(name: "stripe-key", description: "a Stripe secret key", triggers: ["_live_"]) {
            #/\b[rs]k_live_[A-Za-z0-9]{20,}/#
        },
        SecretPattern(name: "twilio-api-key", description: "a Twilio API key", triggers: ["SK"]) {
            #/\bSK[0-9a-f]{32}\b/#
        },
        SecretPattern(name: "sendgrid-api-key", description: "a SendGrid API key", triggers: ["SG."]) {
            #/\bSG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}\b/#
        },
        SecretPattern(name: "npm-token", description: "an npm access token", triggers: ["npm_"]) {
            #/\bnpm_[A-Za-z0-9]{36}\b/#
        },
        SecretPattern(name: "pypi-token", description: "a PyPI API token", triggers: ["pypi-AgEIcHlwaS5vcmc"]) {
            #/\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\-]{50,}/#
        },
        SecretPattern(name: "huggingface-token", description: "a Hugging Face token", triggers: ["hf_"]) {
            #/\bhf_[A-Za-z0-9]{34,40}\b/#
        },
        SecretPattern(name: "azure-storage-key", description: "an Azure account or access key", triggers: ["accountkey=", "accesskey="], caseSensitive: false,
                      secret: SecretValue.afterSeparator) {
            #/(?i:AccountKey|SharedAccessKey)=[A-Za-z0-9+\/]{20,}={0,2}/#
        },
        SecretPattern(name: "jwt", description: "a JSON Web Token", triggers: ["eyJ"]) {
            #/\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{16,}/#
        },
        SecretPattern(name: "url-password", description: "a password in a URL or connection string", triggers: ["://"], secret: SecretValue.urlPassword) {
            #/\b[A-Za-z][A-Za-z0-9+.\-]{1,30}:\/\/[^\s:\/@"'<>]{0,128}:[^\s\/@"'<>]{1,256}@/#
        },
        SecretPattern(name: "bearer-token", description: "a bearer token", triggers: ["bearer"], caseSensitive: false, reach: .whole) {
            #/(?i:\bbearer)\s+[A-Za-z0-9\-._~+\/]{20,}=*/#
        },
        // Last: a name such as `password` or `API_KEY` with a value that looks random, when no
        // pattern above knew the value's own shape. The match starts at the word that names a secret
        // (`DB_PASSWORD` from `PASSWORD`): only the value is replaced, so the name's start is not needed.
        // Quotes may be escaped and a value ends at a backslash: a tool's output is often stored as
        // JSON text (`\"api_key\": \"…\"`, lines joined by `\n`).
        SecretPattern(
            name: "secret-assignment", description: "a secret assigned to a name such as PASSWORD or API_KEY",
            triggers: SecretValue.secretNames, caseSensitive: false, reach: .fromTrigger(length: 640), secret: SecretValue.assignedValue
        ) {
            #/(?i:(?:passw(?:or)?d|passphrase|secret|token|api_?key|access_?key|private_?key|credentials?|auth_?key)[A-Za-z0-9_.\-]{0,40})(?:\\?["'])?[ \t]{0,4}(?::=|=>|=|:)[ \t]{0,4}(?:\\?["'])?[^\s"'`,;(){}\[\]<>\\]{8,512}/#
        },
    ]
}

/// A regex made once and shared by every scan. `Regex` is not marked `Sendable`, though a regex is
/// immutable but for the matching program it builds on first use (stored atomically by the standard
/// library); that program is built here, by one match, before the regex is shared, so every later use
/// only reads it.
private final class CompiledRegex: @unchecked Sendable {
    let regex: Regex<Substring>

    init(_ regex: Regex<Substring>) {
        self.regex = regex
        _ = "".firstMatch(of: regex)
    }
}
