import ThreadAI

/// Which repository a command works on, from what the process was given (docs/CLI.md, "Global
/// options"): `--repo DIR` first, then a non-empty `THREADAI_DIR`, else the store's search upward
/// from the current directory; a non-empty `THREADAI_NO_CACHE` turns the caches off. The store
/// itself reads no environment.
enum RepositoryChoice {
    static func named(option: String?, environment: [String: String]) -> RepositoryName? {
        if let option { return RepositoryName(path: option) }
        guard let variable = environment["THREADAI_DIR"], !variable.isEmpty else { return nil }
        return RepositoryName(path: variable, namedBy: "THREADAI_DIR")
    }

    static func usesCache(_ environment: [String: String]) -> Bool {
        environment["THREADAI_NO_CACHE", default: ""].isEmpty
    }

    static func discover(option: String?, environment: [String: String], currentDirectory: String) throws -> Repository {
        try Repository.discover(
            named: named(option: option, environment: environment), currentDirectory: currentDirectory,
            usesCache: usesCache(environment))
    }
}
