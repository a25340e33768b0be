import ThreadAI

/// `threadai cache rebuild|verify|clear`: the local, rebuildable index in `.threadai/cache/`.
enum CacheCommand: Command {
    static let name = "cache"
    static let spec = CommandSpec(
        name: name,
        abstract: "Rebuild, verify or clear the local index in .threadai/cache/ (never needed for correct results).",
        discussion: """
            Commands keep .threadai/cache/ up to date on their own: they check it against the refs on \
            every use, recompute what a pull or another process made stale, and rebuild it when it is \
            missing or damaged, so results never depend on it. 'cache rebuild' recomputes it from the \
            messages now; 'cache verify' compares it with a fresh computation and exits with status 3 \
            if it is damaged or holds a wrong entry (stale entries are normal and only cost a \
            recomputation); 'cache clear' deletes the folder. THREADAI_NO_CACHE=1 turns the cache off.
            """,
        arguments: [
            .positional("action", valueName: "rebuild|verify|clear", arity: .required, help: "What to do."),
        ],
        examples: [.init("threadai cache verify"), .init("threadai cache rebuild")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let action = arguments.positional("action")
        if action != "clear" && !repository.usesCache {
            throw CLIError("THREADAI_NO_CACHE is set, so the cache is off; unset it to \(action ?? "use") the cache.", status: .usage)
        }
        switch action {
        case "rebuild":
            let count = try repository.rebuildCache()
            context.errors.line("Rebuilt \(repository.cache.directory): \(CountedNoun.phrase(count, "thread"))")
        case "verify":
            return write(try repository.verifyCache(), cache: repository.cache, context)
        case "clear":
            try repository.clearCache()
            context.errors.line("Removed \(repository.cache.directory)")
        case let other:
            throw CLIError("unknown action '\(other ?? "")'; use rebuild, verify or clear. See 'threadai cache --help'.", status: .usage)
        }
        return .success
    }

    private static func write(_ report: CacheVerification, cache: CacheFolder, _ context: CommandContext) -> ExitStatus {
        let path = cache.path(of: "threads")
        switch report.file {
        case .absent:
            context.output.line("\(path): absent (built by the next command that needs it)")
        case .damaged:
            context.output.line(context.style.removed("\(path): damaged (ignored; rebuilt by the next command that needs it)"))
        case .renamesChanged:
            context.output.line("\(path): stale (renames changed since it was written; recomputed on next use)")
        case .readable:
            context.output.line("\(path): \(report.current) current, \(report.stale) stale (recomputed on next use), \(report.wrong.count) wrong")
            for name in report.wrong {
                context.output.line(context.style.removed("  wrong: \(name) ('threadai cache rebuild' replaces it)"))
            }
        }
        writeRecords(report.messagesFile, path: cache.path(of: "messages"), count: report.messageRecords,
                     wrong: report.wrongMessages, withoutObject: report.messageRecordsWithoutObject,
                     builtBy: "the next command that needs it", context)
        writeRecords(report.searchFile, path: cache.path(of: "search"), count: report.searchRecords,
                     wrong: report.wrongSearchRecords, withoutObject: report.searchRecordsWithoutObject,
                     builtBy: "the next grep", context)
        writeRecords(report.objectsFile, path: cache.path(of: "objects"), count: report.objectRecords,
                     wrong: report.wrongObjectRecords, withoutObject: 0, builtBy: "the next log of a long history", context)
        writeRecords(report.writtenFile, path: cache.path(of: "written"), count: report.writtenMessages,
                     wrong: report.wrongWrittenMessages, withoutObject: 0, builtBy: "the next blame", context)
        writeMultiPackIndex(report, path: cache.path(of: "packs/multi-pack.idx"), context)
        return report.isSound ? .success : .corrupt
    }

    private static func writeMultiPackIndex(_ report: CacheVerification, path: String, _ context: CommandContext) {
        switch report.multiPackIndexFile {
        case .absent, .renamesChanged:
            context.output.line("\(path): absent (written by the next 'threadai gc' when there are two packs or more)")
        case .damaged:
            context.output.line(context.style.removed("\(path): damaged (ignored; 'threadai cache rebuild' writes it again)"))
        case .readable:
            context.output.line("\(path): covers \(report.multiPackIndexCovers) of \(CountedNoun.phrase(report.packCount, "pack")), "
                + "\(report.wrongMultiPackEntries.count) wrong")
            for id in report.wrongMultiPackEntries.prefix(Self.listedWrongRecords) {
                context.output.line(context.style.removed("  wrong: \(id.hex) ('threadai cache rebuild' replaces the entry)"))
            }
        }
    }

    private static let listedWrongRecords = 20

    /// The line of a file of per-message records (`messages`, `search`, `objects`) and its wrong records.
    private static func writeRecords(_ state: CacheVerification.FileState, path: String, count: Int, wrong: [ObjectID],
                                     withoutObject: Int, builtBy builder: String, _ context: CommandContext) {
        switch state {
        case .absent, .renamesChanged:
            context.output.line("\(path): absent (built by \(builder))")
        case .damaged:
            context.output.line(context.style.removed("\(path): damaged (ignored; rebuilt by \(builder))"))
        case .readable:
            context.output.line("\(path): \(count) messages, \(wrong.count) wrong")
            if withoutObject > 0 {
                context.output.line("  \(CountedNoun.phrase(withoutObject, "record")) of messages this store does not hold (copied "
                    + "from elsewhere, or removed since): unused; 'threadai cache rebuild' drops them")
            }
            // The first ones name the problem; a cache copied from another repository could list thousands.
            for id in wrong.prefix(Self.listedWrongRecords) {
                context.output.line(context.style.removed("  wrong: \(id.hex) ('threadai fsck' checks the message; 'threadai cache rebuild' replaces the record)"))
            }
            if wrong.count > Self.listedWrongRecords {
                context.output.line(context.style.removed("  … and \(wrong.count - Self.listedWrongRecords) more wrong"))
            }
        }
    }
}
