/// Any text as one file name that is safe in every repository folder: each character other than an
/// ASCII letter, digit, `.`, `_` or `-` written `_`, at most 120 characters, and `_` before a leading
/// `.` or in place of nothing (never empty, `.`, `..` or a hidden file). Capture records' keys and
/// anchor notes' names (docs/FORMAT.md §16, §4.7.1).
enum SafeFileName {
    static func of(_ text: String) -> String {
        let safe = String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" }.prefix(120))
        return safe.isEmpty || safe.hasPrefix(".") ? "_" + safe : safe
    }
}
