import Foundation

/// A new, empty folder under the system's temporary directory, removed with everything in it when
/// the value is released. Each test makes its own, so tests running in parallel never share files.
final class TemporaryDirectory {
    /// The folder's absolute path, with symbolic links resolved (on macOS `/var` is `/private/var`),
    /// so it compares equal to paths the library derives from it.
    let path: String

    init(_ label: String = "store") throws {
        let base = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
        path = base + "/threadai-tests-\(label)-\(UUID().uuidString.prefix(13))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)  // Best effort: a leftover temp folder harms nothing.
    }

    /// `path/relative`.
    func child(_ relative: String) -> String {
        path + "/" + relative
    }
}

/// Small file operations for arranging and inspecting test repositories by hand.
enum Files {
    /// Creates `path` and takes a `flock` on it, as a live writer holds a lock; closing the
    /// returned descriptor lets go (a lock file nobody holds is taken over by the next writer).
    static func holdLock(_ path: String) throws -> Int32 {
        try write("held by a running process\n", to: path)
        let holder = open(path, O_RDWR)
        guard holder >= 0, flock(holder, LOCK_EX) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return holder
    }

    /// Closes what `holdLock` returned.
    static func letGo(_ holder: Int32) {
        close(holder)
    }

    static func read(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func readText(_ path: String) throws -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    /// Writes `bytes` to `path`, creating missing folders and replacing a read-only file.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if FileManager.default.fileExists(atPath: path) { try makeWritable(path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func remove(_ path: String) throws {
        try FileManager.default.removeItem(atPath: path)
    }

    /// Objects are stored read-only (0444); tests that damage one make it writable first.
    static func makeWritable(_ path: String) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    }

    /// Inverts every bit of the byte at `offset` (negative: from the end), like a disk error would.
    static func flipByte(in path: String, at offset: Int) throws {
        var bytes = try read(path)
        let index = offset >= 0 ? offset : bytes.count + offset
        bytes[index] ^= 0xff
        try write(bytes, to: path)
    }

    static func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// The inode number: a file that was rewritten through a temporary file gets a new one.
    static func inode(_ path: String) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    /// Every file below `folder`, as paths relative to it, sorted.
    static func relativeFiles(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if !isDirectory(folder + "/" + relative) { files.append(relative) }
        }
        return files.sorted()
    }

    /// Every file below `folder` with its bytes: what a change that must leave nothing behind compares.
    static func snapshot(under folder: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for relative in relativeFiles(under: folder) { files[relative] = try read(folder + "/" + relative) }
        return files
    }

    /// The lines of a text file, without their line ends; an absent file has none.
    static func lines(_ path: String) throws -> [String] {
        guard exists(path) else { return [] }
        return try readText(path).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
