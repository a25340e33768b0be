/// A step that puts right what an error or an `fsck` finding describes, as data: the program that
/// shows it words it (the CLI as a `threadai` command line, docs/DESIGN.md "Errors"; an app as its
/// own action, or with the plain wording below). Library messages interpolate remedies rather than
/// spell commands, so an app that links the libraries never tells its user to run a program it
/// does not have, and `Remedy.suggested(by:)` gives an error's remedies back as values.
public struct Remedy: Sendable, Hashable, CustomStringConvertible {
    /// What the user can do, one case per operation the libraries offer, then the choices a request
    /// can be made with (a program words those as its options: the CLI as `--repo DIR`, `--redact`).
    public enum Action: String, Sendable, CaseIterable {
        case check, clearStaleLocks, log, status, listThreads, checkout, fork, deleteThread, reconcileThread,
             renameThread, listTags, deleteTag, moveTag, initialize, send, reflog, clearCache, retry, regenerate,
             continueReply, configure, configurationHelp, setKey, listModels, sendWithoutContext
        case chooseRepository, chooseModel, chooseProvider, userConfiguration, fileKeyStore, redactSecrets, allowSecrets, upgrade
    }

    public let action: Action
    /// What the action applies to, as a command would take it: names, ids, placeholders (`NAME`,
    /// `ID`), and the options that change it (`--force`).
    public let arguments: [String]

    public init(_ action: Action, _ arguments: any CustomStringConvertible...) {
        self.action = action
        self.arguments = arguments.map(\.description)
    }

    /// The remedy in the wording the program chose (`RemedyWording.use`).
    public var description: String {
        RemedyWording.recording?.withLock { $0.append(self) }
        return RemedyWording.current.words(self)
    }

    /// The program's own name in messages ("Another threadai process…"), in the chosen wording.
    public static var program: String { RemedyWording.current.program }

    /// The remedies `error`'s message suggests, in order.
    public static func suggested(by error: any Error) -> [Remedy] {
        let found = Locked<[Remedy]>([])
        RemedyWording.$recording.withValue(found) { _ = String(describing: error) }
        return found.current
    }
}

/// How remedies read in messages: the library's plain wording unless the program chooses its own
/// once, at start (the CLI's words each as the `threadai` command that does it).
public struct RemedyWording: Sendable {
    public var program: String
    public var words: @Sendable (Remedy) -> String

    public init(program: String, words: @escaping @Sendable (Remedy) -> String) {
        self.program = program
        self.words = words
    }

    /// The action in words, then its arguments: "reconcile thread topic ID".
    public static let plain = RemedyWording(program: "ThreadAI") { remedy in
        ([plainWords(remedy.action)] + remedy.arguments).joined(separator: " ")
    }

    private static func plainWords(_ action: Remedy.Action) -> String {
        switch action {
        case .check: "check the repository"
        case .clearStaleLocks: "clear stale locks"
        case .log: "show the log"
        case .status: "show the status"
        case .listThreads: "list the threads"
        case .checkout: "check out"
        case .fork: "fork thread"
        case .deleteThread: "delete thread"
        case .reconcileThread: "reconcile thread"
        case .renameThread: "rename thread"
        case .listTags: "list the tags"
        case .deleteTag: "delete tag"
        case .moveTag: "move tag"
        case .initialize: "create a repository"
        case .send: "send"
        case .reflog: "show the reflog of"
        case .clearCache: "clear the cache"
        case .retry: "retry"
        case .regenerate: "regenerate"
        case .continueReply: "continue the reply"
        case .configure: "set configuration"
        case .configurationHelp: "list the configuration keys"
        case .setKey: "set the API key"
        case .listModels: "list the models"
        case .sendWithoutContext: "send without the history"
        case .chooseRepository: "the repository's folder"
        case .chooseModel: "the model"
        case .chooseProvider: "the provider"
        case .userConfiguration: "the user configuration"
        case .fileKeyStore: "keys kept in a file"
        case .upgrade: "a newer version of ThreadAI"
        case .redactSecrets: "secrets redacted"
        case .allowSecrets: "secrets allowed"
        }
    }

    private static let chosen = Locked(RemedyWording.plain)

    /// Words every remedy in this process from now on with `wording` (a program's choice at start).
    public static func use(_ wording: RemedyWording) {
        chosen.withLock { $0 = wording }
    }

    /// Runs `body` with remedies worded by `wording` in it and the tasks it starts, whatever the
    /// process chose: for a host that runs the CLI in process beside code that keeps the plain
    /// wording (tests).
    public static func using<Result>(
        _ wording: RemedyWording, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await $scoped.withValue(wording, operation: body, isolation: isolation)
    }

    @TaskLocal private static var scoped: RemedyWording?

    static var current: RemedyWording { scoped ?? chosen.current }

    /// Where `Remedy.suggested(by:)` collects the remedies a message interpolates.
    @TaskLocal static var recording: Locked<[Remedy]>?
}
