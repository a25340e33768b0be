#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the real process was started with: its arguments and its environment, read from what the
/// kernel passed (`argv`, `environ`) rather than through `CommandLine.arguments` and `ProcessInfo`,
/// whose first use costs a tenth and a fifth of a `threadai --version` (docs/PERFORMANCE.md, Start-up).
enum ProcessInputs {
    /// The arguments after the program name, or the position (1-based) of the first that is not
    /// valid UTF-8: `CommandLine.arguments` would have repaired it into U+FFFD silently.
    static func arguments() -> Result<[String], ArgumentNotInUTF8> {
        let count = Int(CommandLine.argc)
        var arguments: [String] = []
        arguments.reserveCapacity(max(count - 1, 0))
        for index in stride(from: 1, to: count, by: 1) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            // Not `String(validating:as:)`: generic over the encoding, its first use looks types up by
            // their mangled names (docs/PERFORMANCE.md, "Types looked up by name").
            guard let text = String(validatingCString: argument) else {
                return .failure(ArgumentNotInUTF8(position: index, byteOffset: ArgumentNotInUTF8.firstInvalidByte(in: argument)))
            }
            arguments.append(text)
        }
        return .success(arguments)
    }

    /// The environment as `ProcessInfo.processInfo.environment` gives it: every `NAME=value` entry
    /// split at its first `=`, entries without one left out, a later entry for a name winning.
    static func environment() -> [String: String] {
#if canImport(Glibc) || canImport(Musl)
        // `environ` is imported as never null, but clearenv() leaves it so.
        guard var entry = unsafeBitCast(environ, to: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?.self) else {
            return [:]
        }
        // Sized once: growing from empty rehashed every entry several times (a twentieth of a start).
        var count = 0
        while entry[count] != nil { count += 1 }
        var result = [String: String](minimumCapacity: count)
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
#else
        return ProcessInfo.processInfo.environment
#endif
    }
}

/// A process argument that is not valid UTF-8, by its position after the program name (1-based),
/// and where in it the first byte that UTF-8 cannot read lies (0-based).
struct ArgumentNotInUTF8: Error {
    var position: Int
    var byteOffset: Int

    static func firstInvalidByte(in argument: UnsafePointer<CChar>) -> Int {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument))
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput, .error: return offset
            }
        }
    }
}
