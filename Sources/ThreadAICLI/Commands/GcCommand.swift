import ThreadAI

/// `threadai gc [--dry-run]`: the loose message files moved into one pack (docs/FORMAT.md §15), so
/// the code repository's git tracks a few files instead of one per message.
enum GcCommand: Command {
    static let name = "gc"
    static let spec = CommandSpec(
        name: name,
        abstract: "Move loose message files into one pack file (.threadai/packs/), then remove them.",
        discussion: """
            Writes every loose message of .threadai/objects/ into one pack, .threadai/packs/H.pack (H \
            is the SHA-256 of the file), makes it durable, then removes the loose files it holds. \
            Every command reads packed messages as it read loose ones. In git, 'git status' then shows \
            the loose files deleted and the pack added (and, the first time, .threadai/format): \
            commit them together. Messages of local threads stay loose. Safe beside a running send \
            (its new messages stay loose) and against a crash at any step (nothing is removed before \
            the pack is whole on disk). --dry-run says what it would do and changes nothing.
            """,
        arguments: [
            .flag("dry-run", short: "n", help: "Say what would be packed; change nothing."),
        ],
        examples: [.init("threadai gc --dry-run"), .init("threadai gc && git add -A .threadai && git commit -m 'Pack conversations'")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let dryRun = arguments.flag("dry-run")
        let report = try Packing.packLooseObjects(in: repository, dryRun: dryRun)
        let messages = CountedNoun.phrase(report.packedObjects, "loose message")
        if dryRun {
            if report.packedObjects > 0 {
                context.output.line("Would pack \(messages) (\(report.bytes) bytes) into one pack and remove their loose files.")
            }
            if report.announcedPacks { context.output.line("Would write \(repository.directory)/format (feature packs).") }
            if report.alreadyPacked > 0 {
                context.output.line("Would remove \(CountedNoun.phrase(report.alreadyPacked, "loose file")) of messages already packed.")
            }
        } else if let pack = report.pack {
            context.output.line("Packed \(messages) into \(pack.path) (\(pack.size) bytes).")
            if report.announcedPacks {
                context.output.line("Wrote \(repository.directory)/format (feature packs): older versions of threadai cannot read packs.")
            }
        }
        if !dryRun && report.removedLooseFiles > 0 {
            context.output.line("Removed \(CountedNoun.phrase(report.removedLooseFiles, "loose file")).")
        }
        if report.packedObjects == 0 && report.alreadyPacked == 0 {
            context.output.line("Nothing to pack: \(report.keptLoose > 0 ? "only local threads' messages are loose" : "no loose messages").")
        }
        if report.keptLoose > 0 {
            context.output.line("Kept \(CountedNoun.phrase(report.keptLoose, "message")) of local threads loose (kept out of git).")
        }
        return .success
    }
}
