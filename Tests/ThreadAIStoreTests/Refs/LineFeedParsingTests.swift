import Testing
import Foundation
@testable import ThreadAIStore

/// The format's line files are read byte by byte at LF (docs/FORMAT.md §5.4, §6, §4.7): a `String`
/// split at "\n" goes by grapheme clusters, where CR LF is one character and a combining mark joins
/// the `/` before it.
@Suite("Line files split at LF alone")
struct LineFeedParsingTests {
    @Test func aHeadNamingAThreadThatStartsWithACombiningMarkReadsBack() throws {
        let folder = try TemporaryDirectory()
        let name = try ThreadName("\u{345}x")
        let head = HeadStore(root: folder.path)
        try head.write(.thread(name), from: nil, to: nil, reflogMessage: "test")
        #expect(try head.read() == .thread(name))
    }

    @Test func aHeadEndingInCRLFSaysSo() throws {
        let folder = try TemporaryDirectory()
        try Files.write(Array("ref: refs/threads/main\r\n".utf8), to: folder.child("HEAD"))
        #expect {
            try HeadStore(root: folder.path).read()
        } throws: { error in
            "\(error)".contains("CR LF")
        }
    }

    @Test(arguments: [
        ("a\tz\r\n", "a", "a"),                 // a CR left in a name makes the line invalid, not a rename to "z\r"
        ("a\tb\nb\tc\n", "a", "c"),
        ("a\tb\r\nb\tc\n", "b", "c"),            // the valid line after a CR LF one still applies
        ("a\tHEAD x\n", "a", "a"),               // an invalid name
        ("a\tb\tc\n", "a", "a"),                 // two TABs
    ])
    func renamesReplayOnlyValidLines(_ text: String, _ recorded: String, _ current: String) throws {
        let folder = try TemporaryDirectory()
        try Files.write(Array(text.utf8), to: folder.child("renames"))
        #expect(try Renames(path: folder.child("renames"), localPath: folder.child("local-renames")).currentName(of: recorded) == current)
    }

    @Test func aFilesListWithACRLFLineIsRejected() {
        let blob = String(repeating: "1", count: 40)
        #expect(CodeAnchorValue.problem(withKey: FrontmatterKey.files, value: "\(blob) p\r\nxyz") != nil)
        #expect(CodeAnchorValue.problem(withKey: FrontmatterKey.files, value: "\(blob) p\n\(blob) q") == nil)
    }
}

@Suite("A refs folder that is not a folder")
struct RefsFolderDamageTests {
    @Test(arguments: ["file", "dangling link"])
    func isDamageNotAnEmptyRepository(_ kind: String) throws {
        let folder = try TemporaryDirectory()
        if kind == "file" {
            try Files.write("x", to: folder.child("refs"))
        } else {
            try FileManager.default.createSymbolicLink(atPath: folder.child("refs"), withDestinationPath: folder.child("nowhere"))
        }
        let refs = RefStore(root: folder.path)
        #expect(throws: RefError.self) { try refs.allHeads() }
        #expect(throws: RefError.self) { try refs.names() }
    }

    @Test("fsck says what is wrong with refs, not an I/O error")
    func fsckNamesTheCause() throws {
        let scratch = try ScratchRepository()
        _ = try scratch.appendTurns(1, prefix: "q")
        try Files.remove(scratch.root + "/refs")
        try Files.write("x", to: scratch.root + "/refs")
        do {
            _ = try scratch.repository.check()
            Issue.record("fsck of a repository whose refs is a file passed")
        } catch {
            #expect("\(error)".contains("Not a directory") && !"\(error)".contains("Input/output"), "\(error)")
        }
    }

    @Test func aMissingRefsFolderIsARepositoryWithoutThreads() throws {
        let folder = try TemporaryDirectory()
        #expect(try RefStore(root: folder.path).allHeads().isEmpty)
    }
}
