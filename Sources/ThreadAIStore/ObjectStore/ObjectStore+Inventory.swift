extension ObjectStore {
    /// Every object id and every stray file (left-over temporary files, names that are not ids),
    /// from one listing of the store, its folders listed on every core: `fsck` needs both. The ids
    /// include those of every readable pack, each id once however many places hold it.
    /// - Returns: the ids in no particular order; the strays in the order the folders list them.
    /// - Throws: the first failure in the order the store lists its folders.
    public func inventory() throws(FileSystemError) -> (ids: [ObjectID], strays: [String]) {
        let (ids, strays) = try looseInventory()
        let packed = packs.allIDs()
        guard !packed.isEmpty else { return (ids, strays) }
        return (Array(packed.union(ids)), strays)
    }

    /// `inventory()` of the loose files alone: what `gc` packs.
    public func looseInventory() throws(FileSystemError) -> (ids: [ObjectID], strays: [String]) {
        let entries = try FilePaths.entries(of: directory)
        var ids: [ObjectID] = []
        var strays: [String] = []
        try OrderedParallel.forEach(count: entries.count, window: entries.count) { (index: Int) throws(FileSystemError) in
            try folderInventory(entries[index].name, isDirectory: entries[index].isDirectory)
        } consume: { (found: (ids: [ObjectID], strays: [String])) throws(FileSystemError) in
            ids += found.ids
            strays += found.strays
        }
        return (ids, strays)
    }

    /// The ids and strays of the entry `name` of `objects/`: a stray itself unless it is a folder of
    /// two characters.
    func folderInventory(_ name: String, isDirectory: Bool?) throws(FileSystemError) -> (ids: [ObjectID], strays: [String]) {
        let folderPath = directory + "/" + name
        guard name.utf8.count == 2, isDirectory ?? FilePaths.isDirectory(folderPath) else { return ([], [folderPath]) }
        var ids: [ObjectID] = []
        var strays: [String] = []
        for file in try FilePaths.contents(of: folderPath) {
            if let id = Self.objectID(folder: name, fileName: file) {
                ids.append(id)
            } else {
                strays.append(folderPath + "/" + file)
            }
        }
        return (ids, strays)
    }

    /// The names of files in the object folders that are not objects.
    public func strayFiles() throws(FileSystemError) -> [String] {
        try inventory().strays
    }
}
