import Foundation
import Testing

/// A document nested far deeper than any export: the reader recursed once per level and ran out of
/// stack (a segfault) at 50,000 levels. Every importer that reads JSON is given one.
@Suite("import: JSON nested too deep")
struct DeepJSONTests {
    @Test("is refused with an error that says how deep, exit 1, nothing written", arguments: ["chatgpt", "threadai-json"])
    func refused(format: String) throws {
        let sandbox = try CLISandbox.initialized()
        let file = sandbox.work + "/deep.json"
        let depth = 50_000
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        // threadai-json's frame is read member by member; an unknown member's value is passed over.
        let document = format == "threadai-json" ? "{\"format\": \"threadai-json\", \"extra\": \(nested)}" : nested
        try document.write(toFile: file, atomically: true, encoding: .utf8)
        let before = try DirectorySnapshot(sandbox.repository)
        let result = try sandbox.run(["import", format, file])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("more than 512 objects and arrays one inside the other"), "\(result.stderr)")
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }
}
