import Foundation

/// What `threadai --help` and `threadai COMMAND --help` list, for the tests of what is generated from
/// the same specs (completion scripts, the manual page).
enum HelpText {
    /// The command names `threadai --help` lists.
    static func commandNames(_ overview: String) -> [String] {
        let lines = overview.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("COMMANDS") }) else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
            line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first.map(String.init) : nil
        }
    }

    /// The `--long` options a command's help lists.
    static func longOptions(_ help: String) -> [String] {
        help.split(separator: "\n").compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard let range = trimmed.range(of: #"--[a-z][a-z0-9-]*"#, options: .regularExpression),
                  trimmed.hasPrefix("-") else { return nil }
            return String(trimmed[range])
        }
    }
}
