/// Where each page of an exported site lives, relative to the site's folder.
///
/// A thread's name becomes a file name by keeping `a`-`z`, `0`-`9`, `-` and `.` and writing every
/// other byte of its UTF-8 as `_XX` (lower-case hex), so `chatgpt/Plan-1` is `chatgpt_2f_50lan-1`.
/// Names never collide, even on a case-insensitive file system, and `_p`, `_vs_` (never produced by
/// the encoding, whose `_` is followed by hex digits) join page numbers and diff pairs.
enum SitePaths {
    static func stem(_ thread: String) -> String {
        var stem = ""
        for byte in thread.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
                stem.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16)
                stem += "_" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        // A leading dot would hide the file.
        return stem.hasPrefix(".") ? "_2e" + stem.dropFirst() : stem
    }

    /// `threads/STEM.html` for the first page, `threads/STEM_pN.html` for page N (1-based).
    static func thread(_ thread: String, page: Int = 1) -> String {
        "threads/" + stem(thread) + (page > 1 ? "_p\(page)" : "") + ".html"
    }

    /// The side-by-side diff of two threads from their fork point.
    static func diff(_ left: String, _ right: String) -> String {
        "diffs/" + stem(left) + "_vs_" + stem(right) + ".html"
    }

    /// `index.html` for the first page of the thread list, `index_pN.html` for page N.
    static func index(page: Int = 1) -> String {
        page > 1 ? "index_p\(page).html" : "index.html"
    }

    static let stylesheet = "assets/site.css"
    static let script = "assets/site.js"
}
