import Foundation
import Testing
@testable import ThreadAIStore

@Suite("DirectoryStream: listing a folder entry by entry, opening entries relative to it")
struct DirectoryStreamTests {
    /// Every entry of `path` as `DirectoryStream` lists it: raw name bytes and `d_type`'s verdict.
    private func streamEntries(_ path: String) throws -> [(bytes: [UInt8], isDirectory: Bool?)] {
        guard let folder = try DirectoryStream.open(path) else { return [] }
        var entries: [(bytes: [UInt8], isDirectory: Bool?)] = []
        folder.forEachEntry { (entry: borrowing DirectoryEntry) in entries.append((Array(entry.bytes), entry.isDirectory)) }
        return entries
    }

    @Test("lists what FileManager and FilePaths.entries list: files, hidden files, folders, symbolic links")
    func sameAsFileManager() throws {
        let folder = try TemporaryDirectory("dirstream")
        try Files.write("x", to: folder.child("plain"))
        try Files.write("x", to: folder.child(".hidden"))
        try Files.write("x", to: folder.child("nested/deeper/file"))
        try Files.write("x", to: folder.child("café-é"))
        try FileManager.default.createSymbolicLink(atPath: folder.child("to-nested"), withDestinationPath: "nested")
        try FileManager.default.createSymbolicLink(atPath: folder.child("dangling"), withDestinationPath: "nowhere")
        for path in [folder.path, folder.child("nested"), folder.child("nested/deeper")] {
            let listed = try streamEntries(path)
            let names = listed.map { String(decoding: $0.bytes, as: UTF8.self) }
            #expect(names.sorted() == (try FileManager.default.contentsOfDirectory(atPath: path)).sorted())
            let old = try FilePaths.entries(of: path)
            #expect(listed.map { String(decoding: $0.bytes, as: UTF8.self) } == old.map(\.name))
            #expect(listed.map(\.isDirectory) == old.map(\.isDirectory))
        }
        let top = Dictionary(uniqueKeysWithValues: try streamEntries(folder.path).map { (String(decoding: $0.bytes, as: UTF8.self), $0.isDirectory) })
        #expect(top["nested"] == true)
        #expect(top["plain"] == false)
        #expect(top["to-nested"] == .some(nil))
    }

    /// readdir's records are as long as their names, packed into one buffer; a reader that copied a
    /// whole `d_name` (256 bytes) read past the buffer's end at its last records, which crashed
    /// `fsck` and `export json` now and then on large folders. Thousands of short names fill the
    /// buffer many times over; under the address sanitizer (`.ci/run`), any read past a record
    /// the system returned fails this test.
    @Test("thousands of short names: every one listed, and nothing read past the records readdir returned")
    func fullBuffers() throws {
        let folder = try TemporaryDirectory("dirstream")
        let names = (0..<4_000).map { String(repeating: "n", count: 1 + $0 % 23) + String($0, radix: 36) }
        for name in names { try Files.write("", to: folder.child(name)) }
        #expect(try FilePaths.entries(of: folder.path).map(\.name).sorted() == names.sorted())
        #expect(try streamEntries(folder.path).map { String(decoding: $0.bytes, as: UTF8.self) }.sorted() == names.sorted())
    }

    @Test("a name that is not UTF-8 comes back as its exact bytes")
    func nonUTF8Name() throws {
        let folder = try TemporaryDirectory("dirstream")
        let bytes: [UInt8] = [0x61, 0xff, 0xfe, 0x62]
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        #expect(try streamEntries(folder.path).map(\.bytes) == [bytes])
    }

    @Test("an absent folder, or a file in the way, is no folder; an unreadable one is an error")
    func absentAndFailing() throws {
        let folder = try TemporaryDirectory("dirstream")
        #expect(try DirectoryStream.open(folder.child("absent")) == nil)
        try Files.write("x", to: folder.child("file"))
        #expect(try DirectoryStream.open(folder.child("file")) == nil)
        #expect(try DirectoryStream.open(folder.child("file/below")) == nil)
        guard let top = try DirectoryStream.open(folder.path) else {
            Issue.record("the folder itself did not open")
            return
        }
        #expect(try top.open(entry: "absent", path: folder.child("absent")) == nil)
        #expect(try top.open(entry: "file", path: folder.child("file")) == nil)
        try FileManager.default.createDirectory(atPath: folder.child("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.child("to-sub"), withDestinationPath: "sub")
        try FileManager.default.createSymbolicLink(atPath: folder.child("to-file"), withDestinationPath: "file")
        try FileManager.default.createSymbolicLink(atPath: folder.child("dangling"), withDestinationPath: "none")
        #expect(top.kind(of: "file") == .file)
        #expect(top.kind(of: "sub") == .folder)
        #expect(top.kind(of: "to-sub") == .linkToFolder)
        #expect(top.kind(of: "to-file") == .file)
        #expect(top.kind(of: "dangling") == .file)
        #expect(top.kind(of: "absent") == .file)
        #expect(throws: FileSystemError.self) {
            _ = try DirectoryStream.open(String(repeating: "a/", count: 3000))
        }
    }

    @Test("an entry opened relative to its folder reads as the file opened by its path")
    func openRelative() throws {
        let folder = try TemporaryDirectory("dirstream")
        try Files.write("hello\n", to: folder.child("sub/file"))
        guard let sub = try DirectoryStream.open(folder.child("sub")) else {
            Issue.record("sub did not open")
            return
        }
        #expect(try FilePaths.readReplacedFile(named: "file", inFolder: sub.descriptor, path: folder.child("sub/file")) == Array("hello\n".utf8))
        #expect(throws: FileSystemError("open", path: folder.child("sub/none"), code: ENOENT)) {
            _ = try FilePaths.readReplacedFile(named: "none", inFolder: sub.descriptor, path: folder.child("sub/none"))
        }
        try FileManager.default.createDirectory(atPath: folder.child("sub/folder"), withIntermediateDirectories: true)
        // A folder fails as `read(2)` fails on one, by name and by path alike: callers take it for no file.
        for read in [{ try FilePaths.readReplacedFile(named: "folder", inFolder: sub.descriptor, path: folder.child("sub/folder")) },
                     { try FilePaths.readReplacedFile(folder.child("sub/folder")) }] as [() throws -> [UInt8]] {
            #expect(throws: FileSystemError("read", path: folder.child("sub/folder"), code: EISDIR)) { _ = try read() }
        }
    }
}
