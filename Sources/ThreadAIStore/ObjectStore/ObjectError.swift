import ThreadAISupport

/// Why an object could not be read or written. Each case names the object and where it lives.
public enum ObjectError: Error, CustomStringConvertible, Sendable {
    /// No object with this id exists.
    case missing(ObjectID, path: String)
    /// The file's bytes do not hash to its name.
    case corrupt(ObjectID, path: String, actual: ObjectID)
    /// The bytes hash correctly but are not a valid message (docs/FORMAT.md §4.4).
    case malformed(ObjectID, path: String, MessageFormatError)
    case fileSystem(FileSystemError)

    public var description: String {
        let restore = "Restore it from git or another clone and run '\(Remedy(.check))', which says how."
        switch self {
        case .missing(let id, let path):
            return "message \(id.hex) is missing (expected at \(path)). \(restore)"
        case .corrupt(let id, let path, let actual):
            return "message \(id.hex) is corrupt: \(path) hashes to \(actual.hex), not to its name. \(restore)"
        case .malformed(let id, let path, let reason):
            return "message \(id.hex) at \(path) is not a valid message object: \(reason). \(restore)"
        case .fileSystem(let error):
            return error.description
        }
    }

    /// The id of the object concerned, when there is one.
    public var objectID: ObjectID? {
        switch self {
        case .missing(let id, _), .corrupt(let id, _, _), .malformed(let id, _, _): return id
        case .fileSystem: return nil
        }
    }
}
