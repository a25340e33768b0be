import Foundation

/// Decodes JSON output into plain dictionaries and arrays, so tests check its shape as a script would.
enum JSON {
    static func object(_ result: CLIResult) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any] else {
            throw NotJSON(text: result.stdout)
        }
        return object
    }

    static func array(_ result: CLIResult) throws -> [[String: Any]] {
        guard let array = try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [[String: Any]] else {
            throw NotJSON(text: result.stdout)
        }
        return array
    }

    struct NotJSON: Error, CustomStringConvertible {
        var text: String
        var description: String { "not the JSON expected: \(text)" }
    }
}
