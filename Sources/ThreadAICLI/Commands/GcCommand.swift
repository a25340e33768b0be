import ThreadAI

/// `threadai gc [--dry-run] [--auto]`: the loose message files moved into packs, and small packs
/// rewritten into larger ones (docs/FORMAT.md §15), so the code repository's git tracks a few files
/// instead of one per message.
enum GcCommand: Command {
    static let name = "gc"
    static let spec = CommandSpec(
        name: name,
        abstract: "Move loose message files into pack files (.threadai/packs/), then remove them.",
        discussion: """
            Writes the loose messages of .threadai/objects/ into packs, .threadai/packs/H.pack (H is \
            the SHA-256 of the file; at most 16 MiB of messages each), together with the small packs \
            that git's geometric rule picks, makes them durable, then removes the loose files and the \
            small packs they hold. Every command reads packed messages as it read loose ones. In git, \
            'git status' then shows those files deleted and the new packs added (and, the first time, \
            .threadai/format): commit them together. Messages of local threads stay loose. Thread refs that \
            git does not track yet go into one file, .threadai/refs/threads/.packed, and every thread's \
            reflog into .threadai/logs/packed (local, not for git). Safe beside \
            a running send (its new messages stay loose) and against a crash at any step (nothing is \
            removed before the new packs are whole on disk). send, chat and import start a gc --auto \
            by themselves when more than gc.auto messages (6,700) are loose or more than 50 packs are small.
            """,
        arguments: [
            .flag("dry-run", short: "n", help: "Say what would be packed; change nothing."),
            .flag("auto", help: "Pack only when packing is due (gc.auto); quietly do nothing when another gc runs."),
        ],
        examples: [.init("threadai gc --dry-run"), .init("threadai gc && git add -A .threadai && git commit -m 'Pack conversations'")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let dryRun = arguments.flag("dry-run")
        if arguments.flag("auto") {
            let limit = try AutoPacking.looseLimit(repository, context)
            guard repository.packingDue(looseLimit: limit, movedRefs: limit > 0 ? repository.looseRefCount() : 0) else { return .success }
        }
        let report: Repository.PackReport
        let refs: RefStore.PackedRefsReport
        let reflogs: RefStore.PackedReflogsReport
        do {
            (report, refs, reflogs) = try Packing.pack(in: repository, dryRun: dryRun)
        } catch PackingError.running where arguments.flag("auto") {
            return .success  // That gc does the work.
        }
        if dryRun { describePlan(report, repository, context) } else { describeWork(report, repository, context) }
        describeRefs(refs, dryRun: dryRun, repository, context)
        describeReflogs(reflogs, dryRun: dryRun, repository, context)
        if report.packedObjects == 0 && report.alreadyPacked == 0 && report.rewrittenPacks.isEmpty && refs.packed == 0 && reflogs.packed == 0 {
            context.output.line("Nothing to pack: \(report.keptLoose > 0 ? "only local threads' messages are loose" : "no loose messages").")
        }
        if report.keptLoose > 0 {
            context.output.line("Kept \(CountedNoun.phrase(report.keptLoose, "message")) of local threads loose (kept out of git).")
        }
        if !dryRun { Packing.clearFailureLog(in: repository) }
        return .success
    }

    private static func describeRefs(_ refs: RefStore.PackedRefsReport, dryRun: Bool, _ repository: Repository, _ context: CommandContext) {
        let file = repository.directory + "/refs/threads/.packed"
        if refs.packed > 0 {
            context.output.line("\(dryRun ? "Would pack" : "Packed") \(CountedNoun.phrase(refs.packed, "thread ref")) into \(file).")
        }
        if refs.droppedLines > 0 {
            context.output.line("\(dryRun ? "Would drop" : "Dropped") \(CountedNoun.phrase(refs.droppedLines, "packed head")) that a newer ref file holds.")
        }
        if refs.announced {
            context.output.line(dryRun ? "Would write \(repository.directory)/format (feature packed-refs)."
                : "Wrote \(repository.directory)/format (feature packed-refs): older versions of threadai cannot read packed refs.")
        }
    }

    private static func describeReflogs(_ reflogs: RefStore.PackedReflogsReport, dryRun: Bool, _ repository: Repository, _ context: CommandContext) {
        guard reflogs.packed > 0 else { return }
        let file = repository.directory + "/logs/packed"
        if dryRun {
            context.output.line("Would pack \(CountedNoun.phrase(reflogs.packed, "thread reflog")) into \(file) (local, not for git).")
        } else {
            let kept = reflogs.packed - reflogs.removed
            let stayed = kept > 0 ? "; \(CountedNoun.phrase(kept, "file")) that changed meanwhile \(kept == 1 ? "stays" : "stay") for the next gc" : ""
            context.output.line("Packed \(CountedNoun.phrase(reflogs.packed, "thread reflog")) into \(file) (local, not for git)\(stayed).")
        }
        if reflogs.announced {
            context.output.line(dryRun ? "Would write \(repository.directory)/format (feature packed-reflogs)."
                : "Wrote \(repository.directory)/format (feature packed-reflogs): older versions of threadai cannot read packed reflogs.")
        }
    }

    private static func describePlan(_ report: Repository.PackReport, _ repository: Repository, _ context: CommandContext) {
        if report.packedObjects > 0 {
            context.output.line("Would pack \(CountedNoun.phrase(report.packedObjects, "loose message")) (\(report.bytes) bytes) and remove their loose files.")
        }
        if !report.rewrittenPacks.isEmpty {
            context.output.line("Would rewrite \(CountedNoun.phrase(report.rewrittenPacks.count, "small pack")) into larger ones.")
        }
        if report.announcedPacks { context.output.line("Would write \(repository.directory)/format (feature packs).") }
        if report.alreadyPacked > 0 {
            context.output.line("Would remove \(CountedNoun.phrase(report.alreadyPacked, "loose file")) of messages already packed.")
        }
    }

    private static func describeWork(_ report: Repository.PackReport, _ repository: Repository, _ context: CommandContext) {
        if !report.packs.isEmpty {
            let rewritten = report.rewrittenPacks.isEmpty ? "" : " and the messages of \(CountedNoun.phrase(report.rewrittenPacks.count, "small pack"))"
            let into = report.packs.count == 1 ? report.packs[0].path : CountedNoun.phrase(report.packs.count, "pack")
            context.output.line("Packed \(CountedNoun.phrase(report.packedObjects, "loose message"))\(rewritten) into \(into) (\(report.bytes) bytes).")
            if report.announcedPacks {
                context.output.line("Wrote \(repository.directory)/format (feature packs): older versions of threadai cannot read packs.")
            }
        }
        if report.removedLooseFiles > 0 {
            context.output.line("Removed \(CountedNoun.phrase(report.removedLooseFiles, "loose file")).")
        }
        if report.removedPacks > 0 {
            context.output.line("Removed \(CountedNoun.phrase(report.removedPacks, "pack")) rewritten into the new ones.")
        }
    }
}
