/// Bytes gathered into large writes, for the binary cache files (`search`, `objects`): once `check` is
/// set, everything appended also goes through it, so a writer checks its small sections as it
/// streams them out after the content (docs/FORMAT.md §12.3, §12.4).
struct CheckedOutput {
    var bytes: [UInt8] = []
    var check: SearchCheck?

    mutating func append(_ more: [UInt8], to file: borrowing FileDescriptor) throws(FileSystemError) {
        if var running = check {
            running.update(more)
            check = running
        }
        bytes += more
        if bytes.count >= 1 << 20 { try flush(to: file) }
    }

    mutating func append(uint32 value: UInt32, to file: borrowing FileDescriptor) throws(FileSystemError) {
        try appendLittleEndian(value, to: file)
    }

    mutating func append(uint64 value: UInt64, to file: borrowing FileDescriptor) throws(FileSystemError) {
        try appendLittleEndian(value, to: file)
    }

    private mutating func appendLittleEndian(_ value: some FixedWidthInteger & UnsignedInteger, to file: borrowing FileDescriptor) throws(FileSystemError) {
        var word: [UInt8] = []
        word.appendLittleEndian(value)
        try append(word, to: file)
    }

    mutating func append(digestOf id: ObjectID, to file: borrowing FileDescriptor) throws(FileSystemError) {
        var digest: [UInt8] = []
        id.appendDigest(to: &digest)
        try append(digest, to: file)
    }

    mutating func flush(to file: borrowing FileDescriptor) throws(FileSystemError) {
        try file.writeAll(bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}
