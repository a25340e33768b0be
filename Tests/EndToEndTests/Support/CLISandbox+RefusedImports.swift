import Foundation
import Testing

extension CLISandbox {
    /// Imports each text as a file of `format` and expects it refused (exit 1) with a message holding
    /// its expected words, and the repository unchanged by all of them.
    func expectImportsRefused(_ cases: [(text: String, expected: String)], format: String) throws {
        let before = try DirectorySnapshot(repository)
        for (index, (text, expected)) in cases.enumerated() {
            let file = work + "/refused\(index).json"
            try text.write(toFile: file, atomically: false, encoding: .utf8)
            let result = try run(["import", format, file])
            #expect(result.status == 1)
            #expect(result.stderr.contains(expected), "\(result)")
        }
        #expect(try DirectorySnapshot(repository) == before)
    }
}
