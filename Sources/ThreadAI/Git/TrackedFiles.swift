#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which of some paths git's index tracks (a local thread's files committed before it became local).
public enum TrackedFiles {
    /// The `patterns` (anchored exclude patterns, `/PATH` from the top of the work tree) that git tracks.
    public static func among(_ patterns: [String], repository: Repository) throws(GitError) -> [String] {
        let paths = patterns.map { String($0.dropFirst()) }
        guard !paths.isEmpty,
              let output = try GitCommand.run(
                ["ls-files", "-z", "--full-name", "--"] + paths.map { ":(top,literal)" + $0 },
                in: URL(fileURLWithPath: repository.directory).deletingLastPathComponent(), purpose: "finding tracked files")
        else { return [] }
        return output.split(separator: "\0").map(String.init)
    }
}
