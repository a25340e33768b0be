#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The running `threadai`, as an absolute path, for what runs it again: the git hooks `hooks
/// install` writes, and the `gc` that packing by itself starts.
enum SelfExecutable {
    /// The program's path, absolute; `threadai` (found on PATH) when it cannot be known.
    static func path(_ context: CommandContext) -> String {
        let invoked = ProcessInfo.processInfo.arguments.first ?? "threadai"
        guard invoked.contains("/") else { return "threadai" }
        return URL(fileURLWithPath: context.absolutePath(invoked)).standardizedFileURL.path
    }

    /// The program's file, absolute, for starting it again now: as `path`, but a program found on
    /// PATH is named by the file the system ran (`/proc/self/exe` on Linux); nil when unknown.
    static func runnablePath(_ context: CommandContext) -> String? {
        let known = path(context)
        if known.contains("/") { return known }
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count)
        // Only the bytes the system wrote; a path that filled the buffer may be cut, so none.
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        return nil
        #endif
    }
}
