#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAISupport

/// A system call on a file failed: which operation, on which path, and the system's reason.
public struct FileSystemError: Error, CustomStringConvertible, Equatable, Sendable {
    public var operation: String
    public var path: String
    public var code: Int32

    public init(_ operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// The error of the last failed system call (`errno`).
    static func last(_ operation: String, path: String) -> FileSystemError {
        FileSystemError(operation, path: path, code: errno)
    }

    /// The code of a path that holds a pipe or a device where a regular file is read; not an
    /// `errno` value. (A folder there gives `EISDIR`.)
    public static let notRegularFile: Int32 = -1

    public var isNotFound: Bool { code == ENOENT }
    public var alreadyExists: Bool { code == EEXIST }
    /// No file is where one was read: nothing is there, a file is in the way of a folder on the
    /// path, or a folder is there (the names below a ref's name, not a ref).
    public var meansNoFile: Bool { code == ENOENT || code == ENOTDIR || code == EISDIR }

    public var reason: String {
        if code == Self.notRegularFile { return "not a regular file (a pipe or a device is in its place)" }
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    public var description: String {
        var advice = ""
        switch code {
        case EACCES, EPERM: advice = " Check the permissions of that path."
        case ENOSPC: advice = " Free some disk space and try again."
        case EROFS: advice = " The filesystem is read-only."
        case Self.notRegularFile: advice = " Move it out of the way; '\(Remedy(.check))' lists anything else that is damaged."
        case ENOTDIR: advice = " Something other than a folder is in its place: move it out of the way; '\(Remedy(.check))' lists anything else that is damaged."
        default: break
        }
        return "cannot \(operation) '\(path)': \(reason).\(advice)"
    }
}
