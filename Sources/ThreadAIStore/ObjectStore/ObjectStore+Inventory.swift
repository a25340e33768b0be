extension ObjectStore {
    /// Every object id and every stray file (left-over temporary files, names that are not ids),
    /// from one listing of the store: `fsck` needs both, and listing 256 folders twice cost it.
    /// - Returns: the ids in no particular order; the strays in the order the folders list them.
    public func inventory() throws(FileSystemError) -> (ids: [ObjectID], strays: [String]) {
        var ids: [ObjectID] = []
        var strays: [String] = []
        for (folder, isDirectory) in try FilePaths.entries(of: directory) {
            let folderPath = directory + "/" + folder
            guard folder.utf8.count == 2, isDirectory ?? FilePaths.isDirectory(folderPath) else {
                strays.append(folderPath)
                continue
            }
            for name in try FilePaths.contents(of: folderPath) {
                if let id = Self.objectID(folder: folder, fileName: name) {
                    ids.append(id)
                } else {
                    strays.append(folderPath + "/" + name)
                }
            }
        }
        return (ids, strays)
    }

    /// The names of files in the object folders that are not objects.
    public func strayFiles() throws(FileSystemError) -> [String] {
        try inventory().strays
    }

}
