import Foundation
import Testing
@testable import ThreadAIStore

/// `HistoryWalker.messages(from:limit:)` reads files on one core and checks them on another: it must
/// give exactly what the one-by-one walk gives, error for error.
@Suite("Reading a history whole, checked on another core")
struct ContentWalkTests {
    let scratch: ScratchRepository
    var repository: Repository { scratch.repository }
    /// Thread `main`, oldest first: a system prompt and 99 messages of questions and answers.
    let chain: [ObjectID]

    init() throws {
        scratch = try ScratchRepository()
        chain = [try scratch.append("Be brief.", role: .system)] + (try scratch.appendTurns(99, prefix: "turn"))
    }

    /// The walk one message at a time.
    func oneByOne(_ head: ObjectID, limit: Int?) throws(HistoryError) -> [(id: ObjectID, message: Message)] {
        try repository.walker().messages(from: head, limit: limit, budget: .max).read
    }

    @Test("the same messages for every limit around the batch size, from every depth")
    func sameAsOneByOne() throws {
        for head in [chain[99], chain[64], chain[31], chain[0]] {
            for limit in [nil, 0, 1, 31, 32, 33, 64, 65, 99, 100, 101] as [Int?] {
                let walked = try oneByOne(head, limit: limit)
                let read = try repository.walker().messages(from: head, limit: limit)
                #expect(read.map(\.id) == walked.map(\.id), "limit \(String(describing: limit))")
                #expect(read.map(\.message) == walked.map(\.message))
            }
        }
        #expect(try repository.walker().messages(from: chain[99]).map(\.id) == chain.reversed())
    }

    @Test("a damaged or missing message is the error the one-by-one walk gives, wherever it lies")
    func damageFound() throws {
        // From 99, four batches; from 45, a first batch that waits for a second and is checked here.
        let cases = [chain[2], chain[40], chain[68], chain[98], chain[99]].map { (chain[99], $0) } + [(chain[45], chain[30]), (chain[45], chain[5])]
        for (head, damaged) in cases {
            let path = repository.objects.path(of: damaged)
            let original = try Files.read(path)
            for damage in [Array("---\nparent: 0\n---\nnot the message\n".utf8), original.dropLast() + [0x20, 0x0A], nil] {
                if let damage { try Files.write(Array(damage), to: path) } else { try Files.remove(path) }
                let walked = #expect(throws: HistoryError.self) { try oneByOne(head, limit: nil) }
                let read = #expect(throws: HistoryError.self) { try repository.walker().messages(from: head) }
                #expect(read.map(String.init(describing:)) == walked.map(String.init(describing:)))
                #expect(read.map(String.init(describing:))?.contains(damaged.hex) == true)
            }
            try Files.write(original, to: path)
        }
    }

    @Test("a damaged message's link to a pipe, a folder or an endless device fails as the one-by-one walk does, without waiting")
    func linkToSomethingElse() throws {
        let damaged = chain[60]
        let path = repository.objects.path(of: damaged)
        let original = try Files.read(path)
        let bait = ObjectID.of(Array("not a stored object".utf8))
        // The damaged bytes name `bait` as their parent: reading ahead follows that link before the check fails.
        try Files.write(Array("---\nparent: \(bait.hex)\n---\ntampered\n".utf8), to: path)
        let baitPath = repository.objects.path(of: bait)
        try FileManager.default.createDirectory(
            atPath: (baitPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        for place in [{ mkfifo(baitPath, 0o644) }, { mkdir(baitPath, 0o755) }, { symlink("/dev/zero", baitPath) }] as [() -> Int32] {
            #expect(place() == 0)
            let walked = #expect(throws: HistoryError.self) { try oneByOne(chain[99], limit: nil) }
            let read = #expect(throws: HistoryError.self) { try repository.walker().messages(from: chain[99]) }
            #expect(read.map(String.init(describing:)) == walked.map(String.init(describing:)))
            #expect(read.map(String.init(describing:))?.contains(damaged.hex) == true)
            #expect(remove(baitPath) == 0)
        }
        let direct = #expect(throws: FileSystemError.self) { try FilePaths.readReplacedFile("/dev/zero") }
        #expect(direct?.code == FileSystemError.notRegularFile)
        try Files.write(original, to: path)
    }

    @Test("the parent link is read from the first line only when it is exactly `parent: ID`")
    func parentLink() throws {
        let id = chain[5]
        #expect(HistoryWalker.parentLink(in: Array("---\nparent: \(id.hex)\nthread: main\n".utf8)) == id)
        #expect(HistoryWalker.parentLink(in: Array("---\nthread: main\nparent: \(id.hex)\n".utf8)) == nil)
        #expect(HistoryWalker.parentLink(in: Array("---\nparent: \(id.hex)".utf8)) == nil)
        #expect(HistoryWalker.parentLink(in: Array("---\nparent: \(id.hex.dropLast())x\n".utf8)) == nil)
    }
}
