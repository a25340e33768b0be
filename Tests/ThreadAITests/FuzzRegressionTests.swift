import Foundation
import Testing
@testable import ThreadAI

/// Replays the regression corpus: every input a fuzz target once crashed on or broke a property with
/// (Tests/Fuzz/Regressions/TARGET/*, docs/DESIGN.md "Fuzzing") goes through the same entry the
/// libFuzzer shim calls, so a crash comes back as a crash of `swift test`.
@Suite struct FuzzRegressionTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions")

    static func folders() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
            .filter { $0.hasDirectoryPath }
    }

    @Test func everyFolderNamesATarget() throws {
        let names = try Self.folders().map(\.lastPathComponent)
        #expect(!names.isEmpty)
        for name in names { #expect(FuzzTargets.all[name] != nil, "no fuzz target named \(name)") }
    }

    @Test func everyInputPasses() throws {
        for folder in try Self.folders() {
            guard let target = FuzzTargets.all[folder.lastPathComponent] else { continue }
            for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
                let broken = target(Array(try Data(contentsOf: file)))
                #expect(broken == nil, "\(folder.lastPathComponent)/\(file.lastPathComponent): \(broken ?? "")")
            }
        }
    }
}
