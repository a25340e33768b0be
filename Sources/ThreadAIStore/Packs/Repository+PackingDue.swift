extension Repository {
    /// Whether packing is due (docs/FORMAT.md §15.6), as git's `gc --auto` decides: more than
    /// `looseLimit` loose objects, estimated from one `objects/XX` folder (ids are uniform, so one
    /// folder in 256 holds about a 256th of them), or more than `PackRollup.smallPackLimit` small
    /// packs. A few file system calls, whatever the size of the store: a turn can afford it.
    /// `looseLimit` 0 means never.
    public func packingDue(looseLimit: Int) -> Bool {
        guard looseLimit > 0 else { return false }
        // Never an error: a folder that cannot be listed counts as empty (fsck reports it).
        let sample = (try? FilePaths.contents(of: objects.directory + "/17"))?.count ?? 0
        if sample > (looseLimit + 255) / 256 { return true }
        let packs = objects.packs
        let names = packs.listNames()
        guard names.count > PackRollup.smallPackLimit else { return false }
        let small = names.lazy.filter { (FilePaths.fileSize(packs.path(of: $0)) ?? 0) < PackRollup.largeSize }
        return small.count > PackRollup.smallPackLimit
    }

    /// The loose-object threshold of git's `gc.auto`, ThreadAI's default too.
    public static let defaultAutoPackLimit = 6700
}
