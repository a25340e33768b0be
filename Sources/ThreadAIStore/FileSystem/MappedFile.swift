#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only view of a file's bytes, `mmap(2)`ed: reading a record costs no system call, which is
/// what a cache read ten thousand times in one command needs (git maps its packfiles for the same
/// reason). The mapping outlives a rename or removal of the file, which is how every writer
/// replaces a cache file (`TempFile`); only truncating the file in place under a reader would fault
/// it, and no threadai process does.
final class MappedFile: @unchecked Sendable {
    // Sendable: the mapping is read-only and never changes until `deinit`.
    private let start: UnsafeRawPointer?
    let count: Int

    /// Maps the first `count` bytes of `file`.
    init(_ file: borrowing FileDescriptor, count: Int) throws(FileSystemError) {
        self.count = count
        guard count > 0 else {
            start = nil
            return
        }
        let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, file.raw, 0)
        guard let address, address != MAP_FAILED else { throw .last("mmap", path: file.path) }
        start = UnsafeRawPointer(address)
    }

    /// The whole file at `path`, mapped (a pack, an index, `.packed`): the descriptor is closed
    /// once the mapping is made.
    convenience init(wholeFileAt path: String) throws(FileSystemError) {
        let file = try FileDescriptor(opening: path, flags: FilePaths.replacedFileFlags)
        try self.init(file, count: file.size())
    }

    /// The whole file at `path`, mapped, or nil when there is none (`.packed`, `logs/packed`).
    static func ifPresent(at path: String) throws(FileSystemError) -> MappedFile? {
        do {
            return try MappedFile(wholeFileAt: path)
        } catch {
            if error.isNotFound { return nil }
            throw error
        }
    }

    /// Memory holding a copy of `bytes`, read as a mapped file of them would be (fuzzing, tests).
    init(copying bytes: [UInt8]) throws(FileSystemError) {
        let length = bytes.count
        count = length
        guard length > 0 else {
            start = nil
            return
        }
        let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let address, address != MAP_FAILED else { throw .last("mmap", path: "(memory)") }
        bytes.withUnsafeBytes { buffer in
            if let source = buffer.baseAddress { address.copyMemory(from: source, byteCount: length) }
        }
        start = UnsafeRawPointer(address)
    }

    /// Where the mapping begins (0 for an empty file): for tests that ask the kernel what of it is resident.
    var address: UInt { UInt(bitPattern: start) }

    /// A copy of the bytes `range`, which must lie inside the mapping.
    func bytes(_ range: Range<Int>) -> [UInt8] {
        withBytes(range) { Array($0) }
    }

    /// `body` over the bytes `range` where they lie, without a copy (empty outside the mapping).
    func withBytes<Value, Failure: Error>(
        _ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        guard let start, range.lowerBound >= 0, range.upperBound <= count, !range.isEmpty else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeBufferPointer(start: (start + range.lowerBound).assumingMemoryBound(to: UInt8.self), count: range.count))
    }

    /// Drops the pages read so far from this process's memory: the mapping is private and never
    /// written, so a later read maps them again from the file (from the page cache, without a disk
    /// read). A walk of a history longer than memory calls it between its parts. Only while no other
    /// thread reads the mapping.
    func releaseMemory() {
        guard let start else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: start), count, MADV_DONTNEED)
    }

    deinit {
        if let start { munmap(UnsafeMutableRawPointer(mutating: start), count) }
    }
}
