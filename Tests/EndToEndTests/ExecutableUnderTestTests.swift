import Foundation
import Testing

/// CI runs this suite a second time against the release executable as users build it
/// (`THREADAI_BINARY`, .ci/run): these tests keep that run honest about which executable it tests
/// and check what only that build can get wrong.
@Suite("The executable under test")
struct ExecutableUnderTestTests {
    @Test("a THREADAI_BINARY that names no executable is an error, never the build folder's threadai instead")
    func namedExecutableOrNothing() throws {
        let folder = try TemporaryDirectory("binary")
        let missing = folder.path + "/missing/threadai"
        let notExecutable = folder.path + "/threadai"
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: notExecutable))
        for named in [missing, notExecutable] {
            switch ThreadAIBinary.locate(named: named) {
            case .success(let found):
                Issue.record("THREADAI_BINARY=\(named) ran the tests against \(found)")
            case .failure(let error):
                #expect(error.searched == [named])
            }
        }
    }

    #if os(Linux)
    /// A position-independent executable is ELF type ET_DYN (3); one linked at a fixed address is
    /// ET_EXEC (2), and its code and data get no address randomisation.
    @Test("the executable is position-independent, so its code is loaded at a random address")
    func positionIndependent() throws {
        let path = try ThreadAIBinary.path()
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        let header = [UInt8](try handle.read(upToCount: 18) ?? Data())
        try #require(header.count == 18 && header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], "\(path) is not an ELF file")
        #expect(header[5] == 1, "ELF data encoding is not little-endian")
        let type = UInt16(header[16]) | UInt16(header[17]) << 8
        #expect(type == 3, "\(path) is ELF type \(type), not ET_DYN (3): linked at a fixed address")
    }
    #endif
}
