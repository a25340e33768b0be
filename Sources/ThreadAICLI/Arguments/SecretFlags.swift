import ThreadAI

/// `--allow-secrets` and `--redact`, which every command that stores typed or imported text accepts
/// (docs/CLI.md, "Secrets"); without them, text that holds a credential is refused.
enum SecretFlags {
    static let arguments: [ArgumentSpec] = [
        .flag("allow-secrets", help: "Store text even when it holds what looks like a credential (API key, private key, token)."),
        .flag("redact", help: "Replace what looks like a credential with [REDACTED:KIND] before storing."),
    ]

    /// The policy the flags ask for.
    static func policy(_ arguments: ParsedArguments) throws -> SecretPolicy {
        switch (arguments.flag("allow-secrets"), arguments.flag("redact")) {
        case (true, true): throw CLIError("--allow-secrets and --redact cannot be combined: choose one.", status: .usage)
        case (true, false): return .allow
        case (false, true): return .redact
        case (false, false): return .refuse
        }
    }
}
