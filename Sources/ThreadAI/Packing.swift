import ThreadAIStore

/// `gc` for an app or the CLI: the store's `packLooseObjects` (docs/FORMAT.md §15.3), keeping the
/// messages of local threads loose (§13): a pack is shared through git whole, and git's exclude file
/// can keep out a loose file, not part of a pack.
public enum Packing {
    /// Packs the loose objects of `repository` but those local threads keep out of git.
    public static func packLooseObjects(in repository: Repository, dryRun: Bool) throws -> Repository.PackReport {
        let keptOut = try LocalThreads(repository: repository).privateContent().objects
        return try repository.packLooseObjects(keptLoose: keptOut, dryRun: dryRun)
    }
}
