/// Which threads there are: every name (ref files and `.packed`, docs/FORMAT.md §5.7), or whether
/// any lies below a folder, asked without listing them all.
extension RefStore {
    /// Every thread with a ref file or packed lines (§5.7), sorted by name.
    public func names() throws(RefError) -> [ThreadName] {
        var names: [ThreadName] = []
        do {
            try Self.collectNames(in: threadsDirectory, prefix: "", into: &names)
            if names.isEmpty { try checkRefsFolder() }
        } catch {
            throw .fileSystem(error)
        }
        let packedNames = try packed.read().keys
        guard !packedNames.isEmpty else { return names.sorted() }
        return Set(names).union(packedNames).sorted()
    }

    /// Whether a thread's name lies below folder `folder` (`aider` for `aider/…`), without listing
    /// every thread: its ref folder holds a name, or `.packed` a line of one.
    public func holdsNames(inFolder folder: String) throws(RefError) -> Bool {
        var names: [ThreadName] = []
        let path = threadsDirectory + "/" + folder
        if FilePaths.isDirectory(path) {
            do {
                try Self.collectNames(in: path, prefix: folder + "/", into: &names)
            } catch {
                throw .fileSystem(error)
            }
        }
        guard names.isEmpty else { return true }
        return try packed.holdsName(withPrefix: folder + "/")
    }
}
