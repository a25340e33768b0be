import ThreadAI

/// The CLI's wording of the libraries' remedies: each as the `threadai` command line that does it
/// ("'threadai threads reconcile topic'"), chosen once at start (docs/DESIGN.md "Errors").
enum CommandRemedies {
    static let wording = RemedyWording(program: "threadai") { remedy in
        (["threadai", command(remedy.action)] + remedy.arguments).joined(separator: " ")
    }

    static func command(_ action: Remedy.Action) -> String {
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
        }
    }
}
