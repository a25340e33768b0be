extension Repository {
    /// Whether packing is due (docs/FORMAT.md §15.6), as git's `gc --auto` decides: more than
    /// `looseLimit` loose objects, estimated from one `objects/XX` folder (ids are uniform, so one
    /// folder in 256 holds about a 256th of them), or more than `PackRollup.smallPackLimit` small
    /// packs. A few file system calls, whatever the size of the store: a turn can afford it.
    /// `looseLimit` 0 means never.
    /// `movedRefs`: how many thread refs the command just wrote; more than `autoPackRefsLimit` (an
    /// import of many conversations) makes packing due too, so that their ref files are packed
    /// (§5.7) while git does not track them yet.
    public func packingDue(looseLimit: Int, movedRefs: Int = 0) -> Bool {
        guard looseLimit > 0 else { return false }
        if movedRefs > Self.autoPackRefsLimit { return true }
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

    /// How many thread refs one command may write before packing is due (`packingDue`).
    public static let autoPackRefsLimit = 100

    /// How many ref files `refs/threads` holds, by a walk of it: for `gc --auto`, which runs apart
    /// from the turn and checks again whether it has work (§15.6).
    public func looseRefCount() -> Int {
        var names: [ThreadName] = []
        // Never an error: a folder that cannot be listed counts as empty (fsck reports it).
        try? RefStore.collectNames(in: refs.threadsDirectory, prefix: "", into: &names)
        return names.count
    }
}
