#if libgit2
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CLibGit2
import ThreadAIStore

/// The git seam through libgit2, for an app without a `git` command (iOS): built only with the
/// package's `libgit2` trait (docs/DESIGN.md "The git seam"). It answers what GitCommandBackend
/// answers, from the same files: HEAD, the refs, the index, the config. libgit2 1.5 reads only
/// SHA-1 repositories; a SHA-256 one fails to open with libgit2's error.
///
/// Every libgit2 object is freed in the scope that got it; strings are copied out of libgit2's
/// memory before the object that owns them is freed.
public struct LibGit2Backend: GitBackend {
    public init() {}

    /// libgit2's global state, set up once per process on first use and never shut down: an app may
    /// ask from any thread at any time, and a shutdown racing another thread's call would free state
    /// that call uses. The process's exit releases it.
    private static let initialized: Int32 = git_libgit2_init()

    public func workTree(around folder: URL) throws(GitError) -> GitWorkTree? {
        let operation = Operation(purpose: "finding the git work tree", arguments: ["rev-parse", "--show-toplevel"])
        return try Self.withRepository(around: folder, operation) { repository, top throws(GitError) in
            guard let common = git_repository_commondir(repository) else { return nil }
            let commonFolder = URL(fileURLWithPath: String(cString: common))
            var hooks = commonFolder.appendingPathComponent("hooks").path
            // As `git rev-parse --git-path hooks` answers it, which GitCommandBackend resolves from `folder`.
            if let configured = try Self.configuredPath(repository, "core.hooksPath", operation) {
                hooks = configured.hasPrefix("/") ? configured : folder.appendingPathComponent(configured).standardizedFileURL.path
            }
            return GitWorkTree(
                top: top, algorithm: .sha1,
                excludeFile: commonFolder.appendingPathComponent("info/exclude").standardizedFileURL.path,
                hooksFolder: URL(fileURLWithPath: hooks).standardizedFileURL.path)
        } ?? nil
    }

    public func anchor(around folder: URL, excluding: String, advice: String) throws(GitError) -> CodeAnchor? {
        let operation = Operation(purpose: "reading where the code stands", arguments: ["status"], advice: advice)
        return try Self.withRepository(around: folder, operation) { repository, top throws(GitError) in
            var anchor = CodeAnchor(commit: nil, branch: nil, dirty: false)
            var head: OpaquePointer?
            try operation.check(git_reference_lookup(&head, repository, "HEAD"))
            defer { git_reference_free(head) }
            if git_reference_type(head) == GIT_REFERENCE_SYMBOLIC, let target = git_reference_symbolic_target(head) {
                let name = String(cString: target)
                anchor.branch = name.hasPrefix("refs/heads/") ? String(name.dropFirst("refs/heads/".count)) : name
            }
            var id = git_oid()
            let resolved = git_reference_name_to_id(&id, repository, "HEAD")
            if resolved == 0 {
                anchor.commit = Self.hex(id)
            } else if resolved != GIT_ENOTFOUND.rawValue, resolved != GIT_EUNBORNBRANCH.rawValue {
                try operation.check(resolved)
            }
            let excluded = Self.relative(folder, top: top) + excluding
            anchor.dirty = try Self.changedPaths(repository, operation).contains { $0 != excluded && !$0.hasPrefix(excluded + "/") }
            return anchor
        }
    }

    public func commits(_ revision: String, around folder: URL) throws(GitError) -> Set<String>? {
        let isRange = revision.contains("..")
        let operation = Operation(
            purpose: "resolving the code revision \(revision)",
            arguments: isRange ? ["rev-list", revision, "--"] : ["rev-parse", "--verify", revision + "^{commit}"])
        return try Self.withRepository(around: folder, operation) { repository, _ throws(GitError) in
            guard isRange else {
                return try Self.withCommit(revision, repository, operation) { commit throws(GitError) in
                    guard let id = git_object_id(commit) else { throw operation.failure(GIT_ERROR.rawValue) }
                    return [Self.hex(id.pointee)]
                }
            }
            var walk: OpaquePointer?
            try operation.check(git_revwalk_new(&walk, repository))
            defer { git_revwalk_free(walk) }
            try operation.check(git_revwalk_push_range(walk, revision))
            var ids = Set<String>()
            var id = git_oid()
            while true {
                let code = git_revwalk_next(&id, walk)
                if code == GIT_ITEROVER.rawValue { return ids }
                try operation.check(code)
                ids.insert(Self.hex(id))
            }
        }
    }

    /// libgit2's blame has neither `-w` nor `-M` as git's command has them: `blame` runs the command.
    public func blame(_ path: String, revision: String?, lines: ClosedRange<Int>?, around folder: URL) throws(GitError) -> String? {
        guard GitCommand.isInstalled else {
            throw GitError(purpose: "blaming \(path)", arguments: ["blame"], status: nil, message: "",
                           advice: "blame needs git's own command, which this system lacks")
        }
        return try GitCommandBackend().blame(path, revision: revision, lines: lines, around: folder)
    }

    /// A commit's changed files, as blame (which runs git's command here) needs them: by git's command too.
    public func changedFiles(of revision: String, around folder: URL) throws(GitError) -> (commit: String, committed: Int64, paths: [String])? {
        guard GitCommand.isInstalled else {
            throw GitError(purpose: "listing the files of commit \(revision)", arguments: ["diff-tree"], status: nil, message: "",
                           advice: "blame needs git's own command, which this system lacks")
        }
        return try GitCommandBackend().changedFiles(of: revision, around: folder)
    }

    /// Read by git's command too, as blame (its only user) is.
    public func details(of commits: [String], around folder: URL) throws(GitError) -> [String: (parents: [String], message: String)] {
        guard GitCommand.isInstalled else {
            throw GitError(purpose: "reading \(commits.count) commits", arguments: ["log"], status: nil, message: "",
                           advice: "blame needs git's own command, which this system lacks")
        }
        return try GitCommandBackend().details(of: commits, around: folder)
    }

    /// The message as `git log -1 --format=%B` prints it: the commit's message and a line feed.
    public func message(of revision: String, around folder: URL) throws(GitError) -> String? {
        let operation = Operation(purpose: "reading the message of commit \(revision)", arguments: ["log", "-1", "--format=%B"])
        return try Self.withRepository(around: folder, operation) { repository, _ throws(GitError) in
            try Self.withCommit(revision, repository, operation) { commit throws(GitError) in
                guard let message = git_commit_message(commit) else { throw operation.failure(GIT_ERROR.rawValue) }
                return String(cString: message) + "\n"
            }
        }
    }

    /// `REVISION:PATH` as git's revision syntax reads it; not found is no file.
    public func file(_ path: String, in revision: String, around folder: URL) throws(GitError) -> [UInt8]? {
        let operation = Operation(purpose: "reading \(path) at \(revision)", arguments: ["cat-file", "blob", revision + ":" + path])
        let found = try Self.withRepository(around: folder, operation) { repository, _ throws(GitError) -> [UInt8]? in
            var object: OpaquePointer?
            let code = git_revparse_single(&object, repository, revision + ":" + path)
            defer { git_object_free(object) }
            if code == GIT_ENOTFOUND.rawValue { return nil }
            try operation.check(code)
            guard let object, git_object_type(object) == GIT_OBJECT_BLOB else { return nil }
            let size = Int(git_blob_rawsize(object))
            guard size > 0, let content = git_blob_rawcontent(object) else { return [] }
            return Array(UnsafeRawBufferPointer(start: content, count: size))
        }
        return found ?? nil
    }

    /// The index against HEAD's tree (the empty tree on an unborn branch), as `git diff --cached
    /// --diff-filter=ACMR` lists it; a rename's new path is listed either way.
    public func stagedFiles(around folder: URL, under paths: [String]) throws(GitError) -> [String]? {
        let operation = Operation(purpose: "listing the staged messages", arguments: ["diff", "--cached"])
        return try Self.withRepository(around: folder, operation) { repository, top throws(GitError) in
            var head: OpaquePointer?, tree: OpaquePointer?
            let found = git_repository_head(&head, repository)
            defer { git_reference_free(head) }
            if found == 0 {
                try operation.check(git_reference_peel(&tree, head, GIT_OBJECT_TREE))
            } else if found != GIT_EUNBORNBRANCH.rawValue, found != GIT_ENOTFOUND.rawValue {
                try operation.check(found)
            }
            defer { git_object_free(tree) }
            var index: OpaquePointer?
            try operation.check(git_repository_index(&index, repository))
            defer { git_index_free(index) }
            var options = git_diff_options()
            try operation.check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)))
            var diff: OpaquePointer?
            try operation.check(git_diff_tree_to_index(&diff, repository, tree, index, &options))
            defer { git_diff_free(diff) }
            let prefix = Self.relative(folder, top: top)
            let listed: [git_delta_t] = [GIT_DELTA_ADDED, GIT_DELTA_COPIED, GIT_DELTA_MODIFIED, GIT_DELTA_RENAMED]
            var files: [String] = []
            for position in 0..<git_diff_num_deltas(diff) {
                guard let delta = git_diff_get_delta(diff, position), listed.contains(delta.pointee.status),
                      let name = delta.pointee.new_file.path else { continue }
                let path = String(cString: name)
                guard path.hasPrefix(prefix) else { continue }
                let relative = String(path.dropFirst(prefix.count))
                if Self.isAt(relative, anyOf: paths) { files.append(relative) }
            }
            return files
        }
    }

    public func trackedFiles(around folder: URL, under paths: [String]) throws(GitError) -> [String] {
        guard !paths.isEmpty else { return [] }
        let operation = Operation(purpose: "finding tracked files", arguments: ["ls-files"])
        return try Self.withRepository(around: folder, operation) { repository, _ throws(GitError) in
            var index: OpaquePointer?
            try operation.check(git_repository_index(&index, repository))
            defer { git_index_free(index) }
            var files: [String] = []
            for position in 0..<git_index_entrycount(index) {
                guard let entry = git_index_get_byindex(index, position), let name = entry.pointee.path else { continue }
                let path = String(cString: name)
                // A conflicted path has an entry per stage, in a row: listed once, as `git ls-files` does.
                if path != files.last, Self.isAt(path, anyOf: paths) { files.append(path) }
            }
            return files
        } ?? []
    }

    public func whyNoRepository(_ folder: String) -> String { "\(folder) is not inside a git work tree" }

    public func noRepository(_ folder: String, purpose: String, arguments: [String]) -> GitError {
        GitError(purpose: purpose, arguments: arguments, status: GIT_ENOTFOUND.rawValue, message: "",
                 advice: whyNoRepository(folder), library: "libgit2")
    }
}

extension LibGit2Backend {
    /// What ThreadAI was doing, for the error when libgit2 fails; `arguments` name the git command
    /// that does the same.
    struct Operation {
        var purpose: String
        var arguments: [String]
        var advice = ""

        func check(_ code: Int32) throws(GitError) {
            if code < 0 { throw failure(code) }
        }

        /// libgit2's last error on this thread, copied out.
        func failure(_ code: Int32) -> GitError {
            let message = git_error_last().flatMap { $0.pointee.message }.map { String(cString: $0) } ?? ""
            return GitError(purpose: purpose, arguments: arguments, status: code, message: message, advice: advice, library: "libgit2")
        }
    }

    /// Runs `body` with the repository whose work tree holds `folder` and that work tree's top
    /// (symbolic links resolved); nil when there is none (no repository, or a bare one).
    static func withRepository<T>(
        around folder: URL, _ operation: Operation, _ body: (OpaquePointer, String) throws(GitError) -> T
    ) throws(GitError) -> T? {
        _ = initialized
        var repository: OpaquePointer?
        let opened = git_repository_open_ext(&repository, folder.path, 0, nil)
        defer { git_repository_free(repository) }
        if opened == GIT_ENOTFOUND.rawValue { return nil }
        try operation.check(opened)
        guard let repository, git_repository_is_bare(repository) == 0, let workdir = git_repository_workdir(repository) else { return nil }
        return try body(repository, URL(fileURLWithPath: String(cString: workdir)).resolvingSymlinksInPath().path)
    }

    /// Runs `body` with the commit `revision` names, peeled as `REVISION^{commit}` is.
    static func withCommit<T>(
        _ revision: String, _ repository: OpaquePointer, _ operation: Operation, _ body: (OpaquePointer) throws(GitError) -> T
    ) throws(GitError) -> T {
        var commit: OpaquePointer?
        try operation.check(git_revparse_single(&commit, repository, revision + "^{commit}"))
        defer { git_object_free(commit) }
        guard let commit else { throw operation.failure(GIT_ERROR.rawValue) }
        return try body(commit)
    }

    /// A path the config holds (`~` expanded), nil when unset.
    static func configuredPath(_ repository: OpaquePointer, _ name: String, _ operation: Operation) throws(GitError) -> String? {
        var config: OpaquePointer?
        try operation.check(git_repository_config_snapshot(&config, repository))
        defer { git_config_free(config) }
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        let found = git_config_get_path(&buffer, config, name)
        if found == GIT_ENOTFOUND.rawValue { return nil }
        try operation.check(found)
        return buffer.ptr.map { String(cString: $0) }
    }

    /// The paths (from the top) of tracked files that differ from HEAD in the index or the work
    /// tree, as `git status --untracked-files=no` finds them.
    static func changedPaths(_ repository: OpaquePointer, _ operation: Operation) throws(GitError) -> [String] {
        var options = git_status_options()
        try operation.check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)))
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags = 0 // neither untracked nor ignored files
        var list: OpaquePointer?
        try operation.check(git_status_list_new(&list, repository, &options))
        defer { git_status_list_free(list) }
        var paths: [String] = []
        for position in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, position),
                  let delta = entry.pointee.head_to_index ?? entry.pointee.index_to_workdir else { continue }
            if entry.pointee.head_to_index == nil, UInt32(delta.pointee.new_file.mode) == GIT_FILEMODE_COMMIT.rawValue,
               let name = delta.pointee.new_file.path, try !submoduleChanged(repository, String(cString: name), operation) {
                continue
            }
            for file in [delta.pointee.old_file, delta.pointee.new_file] {
                if let name = file.path { paths.append(String(cString: name)) }
            }
        }
        return paths
    }

    /// Whether the submodule at `path` changed as `git status --untracked-files=no` counts it: its
    /// HEAD moved or its tracked files changed, its untracked files not counted (libgit2's status
    /// counts them, unless the submodule's `ignore` setting says otherwise).
    static func submoduleChanged(_ repository: OpaquePointer, _ path: String, _ operation: Operation) throws(GitError) -> Bool {
        var submodule: OpaquePointer?
        try operation.check(git_submodule_lookup(&submodule, repository, path))
        defer { git_submodule_free(submodule) }
        guard let name = git_submodule_name(submodule) else { return true }
        var status: UInt32 = 0
        try operation.check(git_submodule_status(&status, repository, name, GIT_SUBMODULE_IGNORE_UNTRACKED))
        // Not counted: the four "in HEAD, index, config, work tree" bits (GIT_SUBMODULE_STATUS__IN_FLAGS,
        // 0x000F), and a submodule never checked out, which git status does not list either.
        let notCounted = UInt32(0x000F) | GIT_SUBMODULE_STATUS_WD_UNINITIALIZED.rawValue
        return status & ~notCounted != 0
    }

    /// The path of `folder` from the top, with a trailing `/` unless it is the top.
    static func relative(_ folder: URL, top: String) -> String {
        let resolved = folder.resolvingSymlinksInPath().path
        return resolved.hasPrefix(top + "/") ? String(resolved.dropFirst(top.count + 1)) + "/" : ""
    }

    /// Whether `path` is one of `paths` or inside one of them.
    static func isAt(_ path: String, anyOf paths: [String]) -> Bool {
        paths.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    static func hex(_ id: git_oid) -> String {
        SHA256.hexString(withUnsafeBytes(of: id.id) { Array($0) })
    }
}
#endif
