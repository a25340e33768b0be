import ThreadAI

/// The CLI's wording of the libraries' remedies: each as the `threadai` command line that does it
/// ("'threadai threads reconcile topic'"), or a choice as the option or environment variable that
/// makes it ("--repo DIR or THREADAI_DIR"), chosen once at start (docs/DESIGN.md "Errors").
enum CommandRemedies {
    static let wording = RemedyWording(program: "threadai") { remedy in
        guard let command = command(remedy.action) else {
            return ([option(remedy.action)] + remedy.arguments).joined(separator: " ")
        }
        return (["threadai", command] + remedy.arguments).joined(separator: " ")
    }

    /// The option that makes a choice (nil for a command's remedy).
    static func option(_ action: Remedy.Action) -> String {
        switch action {
        case .chooseRepository: "--repo DIR or THREADAI_DIR"
        case .chooseModel: "-m MODEL or THREADAI_MODEL"
        case .chooseProvider: "--provider"
        case .userConfiguration: "--user"
        case .fileKeyStore: "THREADAI_KEY_STORE=file"
        case .redactSecrets: "--redact"
        case .allowSecrets: "--allow-secrets"
        case .upgrade: "a newer threadai (README.md, Install)"
        default: ""
        }
    }

    /// The command that does it (nil for a choice, which `option` words).
    static func command(_ action: Remedy.Action) -> String? {
        switch action {
        case .check: "fsck"
        case .clearStaleLocks: "fsck --clear-stale-locks"
        case .log: "log"
        case .status: "status"
        case .listThreads: "threads"
        case .checkout: "checkout"
        case .fork: "checkout -b"
        case .deleteThread: "threads delete"
        case .reconcileThread: "threads reconcile"
        case .renameThread: "threads rename"
        case .listTags: "tag -l"
        case .deleteTag: "tag -d"
        case .moveTag: "tag -f"
        case .initialize: "init"
        case .send: "send"
        case .reflog: "reflog"
        case .clearCache: "cache clear"
        case .retry: "retry"
        case .regenerate: "regenerate"
        case .continueReply: "continue"
        case .configure: "config set"
        case .configurationHelp: "config --help"
        case .setKey: "keys set"
        case .listModels: "models"
        case .sendWithoutContext: "send --no-context"
        case .chooseRepository, .chooseModel, .chooseProvider, .userConfiguration, .fileKeyStore, .redactSecrets, .allowSecrets, .upgrade: nil
        }
    }
}
