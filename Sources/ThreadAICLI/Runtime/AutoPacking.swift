#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAI
import ThreadAIStore

/// Packing by itself (docs/FORMAT.md §15.6): after a turn or an import, when packing is due, a
/// `threadai gc --auto` is started in a session of its own and not waited for (git's
/// `gc.autoDetach`), so the turn is never slower by a gc. Its standard error goes to `logs/gc.log`;
/// while that log holds a failure, none starts and the command warns.
enum AutoPacking {
    /// Starts a background `gc --auto` when `repository` needs one. Never fails the command: a
    /// setting it cannot read or a process it cannot start only means no gc this time.
    /// `movedRefs`: how many thread refs the command wrote (an import's), for packing refs.
    static func startIfDue(_ repository: Repository, _ context: CommandContext, movedRefs: Int = 0) {
        guard let limit = try? looseLimit(repository, context) else { return }
        switch Packing.automatic(in: repository, looseLimit: limit, movedRefs: movedRefs) {
        case .notDue:
            return
        case .failedBefore(let log, let reason):
            context.note("packing by itself failed before (\(log): \(reason)); it stays off until 'threadai gc' succeeds.")
        case .due:
            start(repository, context)
        }
    }

    /// `gc.auto` as the settings of `repository` and the environment give it (docs/FORMAT.md §15.6).
    static func looseLimit(_ repository: Repository, _ context: CommandContext) throws -> Int {
        try SettingsLayers.load(flags: [:], environment: context.environment, repositoryDirectory: repository.directory)
            .autoPackLimit()
    }

    private static func start(_ repository: Repository, _ context: CommandContext) {
        #if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
        let log = Packing.logPath(in: repository)
        try? FilePaths.makeDirectories(FilePaths.directoryName(of: log))
        let input = open("/dev/null", O_RDWR | O_CLOEXEC)
        let errors = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        defer {
            if input >= 0 { close(input) }
            if errors >= 0 { close(errors) }
        }
        guard input >= 0, errors >= 0, let executable = SelfExecutable.runnablePath(context) else { return }
        // Not waited for: the process ends on its own, and this one (a turn, an import) soon after.
        _ = ProcessSpawn.start(
            executable, [executable, "--repo", repository.directory, "gc", "--auto"],
            standard: .init(input: input, output: input, error: errors), newSession: true)
        #endif
    }
}
