/// Where configuration lives: the repository's `.threadai/config`, and the user's folder
/// `$XDG_CONFIG_HOME/threadai` (else `~/.config/threadai`, on macOS too) with `config` and `keys`.
public struct ConfigLocations: Sendable, Equatable {
    /// The user's ThreadAI folder, or nil when neither `XDG_CONFIG_HOME` nor `HOME` is usable.
    public var userDirectory: String?

    /// Finds the user's folder from the environment. An `XDG_CONFIG_HOME` that is not an absolute
    /// path is ignored, as the XDG Base Directory specification says.
    public init(environment: [String: String]) {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            userDirectory = Self.trimmingSlashes(xdg) + "/threadai"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            userDirectory = Self.trimmingSlashes(home) + "/.config/threadai"
        } else {
            userDirectory = nil
        }
    }

    /// The user's config file.
    public var userConfig: String? { userDirectory.map { $0 + "/config" } }

    /// The user's keys file (where the Keychain is not used).
    public var keysFile: String? { userDirectory.map { $0 + "/keys" } }

    /// The config file of the repository in `repositoryDirectory` (a `.threadai` folder).
    public static func repositoryConfig(in repositoryDirectory: String) -> String {
        repositoryDirectory + "/config"
    }

    private static func trimmingSlashes(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path == "/" ? "" : path
    }
}
