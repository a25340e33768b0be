#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A POSIX extended regular expression (`regcomp`/`regexec`, what `grep -E` uses), matched against
/// one line at a time as bytes. A class, because the compiled `regex_t` must be freed exactly once.
final class POSIXRegex: @unchecked Sendable {
    // `regexec` only reads the compiled expression; one instance is used by one search at a time.
    private var compiled = regex_t()

    /// - Throws: `SearchPatternError.badRegex` with the system's description of the fault.
    init(_ pattern: String, ignoringCase: Bool) throws(SearchPatternError) {
        let flags = REG_EXTENDED | (ignoringCase ? REG_ICASE : 0)
        let status = Self.inUTF8 { regcomp(&compiled, pattern, flags) }
        guard status == 0 else {
            var text = [CChar](repeating: 0, count: 256)
            regerror(status, &compiled, &text, text.count)
            regfree(&compiled)
            let reason = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .badRegex(pattern: pattern, reason: reason)
        }
    }

    deinit { regfree(&compiled) }

    /// The first match in `line[from...]` as a byte range of `line`, or nil. `line` holds no LF.
    func firstMatch(in line: UnsafeRawBufferPointer, from start: Int) -> Range<Int>? {
        guard let base = line.baseAddress?.assumingMemoryBound(to: CChar.self) else {
            return emptyLineMatches() && start == 0 ? 0..<0 : nil
        }
        var match = [regmatch_t(rm_so: regoff_t(start), rm_eo: regoff_t(line.count))]
        // REG_STARTEND: the range is given, no NUL terminator is needed; REG_NOTBOL after the start.
        let flags = REG_STARTEND | (start > 0 ? REG_NOTBOL : 0)
        guard Self.inUTF8({ regexec(&compiled, base, 1, &match, flags) }) == 0 else { return nil }
        return Int(match[0].rm_so)..<Int(match[0].rm_eo)
    }

    private func emptyLineMatches() -> Bool {
        var match = [regmatch_t()]
        return Self.inUTF8 { regexec(&compiled, "", 1, &match, 0) } == 0
    }

    /// Runs `body` with this thread's character type set to UTF-8, whatever the process's locale, so
    /// that `.` and a bracket match a whole character and -i folds letters beyond ASCII, as grep does
    /// in a UTF-8 locale (the C locale would match bytes and cut characters in two).
    private static func inUTF8<Result>(_ body: () -> Result) -> Result {
        guard let locale = utf8Locale else { return body() }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return body()
    }
}

#if canImport(Glibc) || canImport(Musl)
private let characterTypeMask = Int32(1) << LC_CTYPE
#else
private let characterTypeMask = LC_CTYPE_MASK
#endif

/// A UTF-8 character-type locale, made once and never freed; nil where the system has none (then
/// expressions match bytes).
// `locale_t` is a pointer the C library only reads once made; sharing it between threads is safe.
nonisolated(unsafe) private let utf8Locale: locale_t? = {
    for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8", "UTF-8"] {
        if let locale = newlocale(characterTypeMask, name, nil) { return locale }
    }
    return nil
}()
