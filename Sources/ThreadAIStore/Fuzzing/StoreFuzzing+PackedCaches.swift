#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fuzz target of the two checked cache files, `cache/objects` and `cache/search` (docs/FORMAT.md
/// §12.3, §12.4), which are read from a file rather than from bytes.
extension StoreFuzzing {
    /// Each input is tried twice per file kind: as it is, and sealed, that is with the header put
    /// in front and a valid `check` line after it, so that the fuzzer reaches the layout checks and the
    /// record readers behind the check rather than stopping at it. Every record a file that opens
    /// holds is then read.
    package static func packedCaches(_ bytes: [UInt8]) -> String? {
        let path = "/tmp/threadai-fuzz-cache-\(getpid())"
        defer { unlink(path) }
        for kind in packedKinds {
            var files = [bytes]
            if let sealed = sealed(bytes, kind: kind.header) { files.append(sealed) }
            for file in files {
                guard (try? TempFile.writeUnflushed(file, to: path)) != nil else { return nil }
                readEveryRecord(path)
            }
        }
        return nil
    }

    /// The two kinds: each header, and where in a body (the file between header and check line) the
    /// check resumes, read from the body's counts.
    private static let packedKinds: [(header: [UInt8], checkedFrom: @Sendable ([UInt8]) -> Int?)] = [
        (PackedObjects.header, { body in
            // The objects are not checked: the check resumes after them (their length is in the counts).
            guard let objectBytes = LittleEndianBytes(body).uint64(at: body.count - PackedObjects.countsSize + 4) else { return nil }
            return objectBytes <= UInt64(body.count) ? Int(objectBytes) : nil
        }),
        (SearchIndexLayout.header, { body in
            guard let contentBytes = LittleEndianBytes(body).uint64(at: body.count - SearchIndexLayout.countsSize + 8) else { return nil }
            return contentBytes <= UInt64(body.count) ? Int(contentBytes) : nil
        }),
    ]

    /// `body` behind the header of the kind whose header is `kind`, followed by the check line a
    /// writer would give it; nil when its counts do not fit it. Package for the test that seals the
    /// body of a real cache file back into that file.
    package static func sealed(_ body: [UInt8], kind header: [UInt8]) -> [UInt8]? {
        guard let kind = packedKinds.first(where: { $0.header == header }), let checkedFrom = kind.checkedFrom(body) else {
            return nil
        }
        return sealed(body, header: header, checkedFrom: checkedFrom)
    }

    private static func sealed(_ body: [UInt8], header: [UInt8], checkedFrom: Int) -> [UInt8] {
        var check = SearchCheck(byteCount: header.count + body.count - checkedFrom + 1)
        check.update(header)
        check.update(body[checkedFrom...])
        check.update([0x0a])
        return header + body + [0x0a] + CacheFrame.checkLine(check.finish())
    }

    private static func readEveryRecord(_ path: String) {
        if let pack = PackedObjects.open(path) {
            for record in 0..<pack.count where pack.isSound(record) {
                _ = pack.message(pack.id(record))
            }
        }
        if let index = SearchIndex.open(path) {
            var buffer: [UInt8] = []
            for block in 0..<index.blockCount {
                _ = index.readBlock(block, into: &buffer)
                for record in index.records(ofBlock: block) {
                    _ = (index.id(record), index.parent(record), index.seconds(record), index.role(record))
                    _ = (index.threadNumber(record), index.codeNumber(record))
                    _ = try? index.readContent(record, into: &buffer)
                }
            }
        }
    }
}
