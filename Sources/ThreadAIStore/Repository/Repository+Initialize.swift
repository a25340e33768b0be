extension Repository {
    /// The `.gitattributes` that `init` writes (docs/FORMAT.md §8).
    public static let gitAttributes = """
        # ThreadAI hashes these files byte for byte: git must never convert or filter them.
        * -text -ident -filter -working-tree-encoding
        # Two clones that extend one thread keep both heads when merged (docs/FORMAT.md §5.1).
        /refs/threads/** merge=union
        /renames merge=union
        # Anchor notes are appended to: a merge keeps both sides' lines (docs/FORMAT.md §4.7.1).
        /anchors/** merge=union

        """

    /// The `.gitignore` that `init` writes (docs/FORMAT.md §8).
    public static let gitIgnore = """
        # Local to this working copy (docs/FORMAT.md §1).
        /HEAD
        /logs/
        /cache/
        *.lock
        .tmp-*

        """

    /// Creates a repository in `folder/.threadai`, or completes one that exists (like `git init`,
    /// running it again is safe and changes no conversation). `HEAD` is left on the unborn thread `main`.
    /// - Returns: the repository, and whether it was newly created.
    public static func initialize(in folder: String) throws(RepositoryError) -> (repository: Repository, created: Bool) {
        let directory = normalized(folder) + "/.threadai"
        let created = !FilePaths.isDirectory(directory)
        let repository = Repository(unchecked: directory)
        do {
            try FilePaths.makeDirectories(directory + "/objects")
            try FilePaths.makeDirectories(directory + "/refs/threads")
            for (name, text) in [(".gitattributes", gitAttributes), (".gitignore", gitIgnore)]
            where !FilePaths.exists(directory + "/" + name, followingLinks: true) {
                try TempFile.write(Array(text.utf8), to: directory + "/" + name)
            }
            if !FilePaths.exists(directory + "/HEAD", followingLinks: true) {
                try TempFile.write(Array("ref: refs/threads/main\n".utf8), to: directory + "/HEAD")
            }
        } catch {
            throw .fileSystem(error)
        }
        return (repository, created)
    }
}
