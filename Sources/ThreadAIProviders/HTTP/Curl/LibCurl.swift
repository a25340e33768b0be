#if canImport(Glibc)
import Glibc

/// The system's libcurl, loaded at run time with `dlopen`: the same `libcurl.so.4` that
/// FoundationNetworking itself loads, so every Linux machine with Swift has it, and building needs
/// no headers and no package. Only the calls the curl transport makes are bound.
///
/// `curl_easy_setopt` is variadic in C. It is bound once per argument kind (a `long`, a pointer, a
/// 64-bit offset) through a non-variadic function type: on the Linux ABIs Swift supports (x86-64
/// System V and AArch64), a variadic callee reads integer and pointer arguments from the same
/// registers as a non-variadic one. The option numbers are those of curl.h (stable ABI).
struct LibCurl: @unchecked Sendable {
    typealias SetLong = @convention(c) (OpaquePointer?, Int32, Int) -> Int32
    typealias SetPointer = @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32
    typealias WriteCallback = @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int

    let globalInit: @convention(c) (Int) -> Int32
    let easyInit: @convention(c) () -> OpaquePointer?
    let easyCleanup: @convention(c) (OpaquePointer?) -> Void
    let setLong: SetLong
    let setPointer: SetPointer
    let easyStrerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let multiInit: @convention(c) () -> OpaquePointer?
    let multiCleanup: @convention(c) (OpaquePointer?) -> Int32
    let multiAddHandle: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let multiRemoveHandle: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let multiPerform: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Int32
    let multiPoll: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UInt32, Int32, UnsafeMutablePointer<Int32>?) -> Int32
    let multiInfoRead: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UnsafeMutableRawPointer?
    let slistAppend: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let slistFreeAll: @convention(c) (OpaquePointer?) -> Void

    // Option numbers from curl.h: LONG 0+, OBJECTPOINT 10000+, FUNCTIONPOINT 20000+, OFF_T 30000+.
    enum Option {
        static let writeData: Int32 = 10_001
        static let url: Int32 = 10_002
        static let postFields: Int32 = 10_015
        static let httpHeader: Int32 = 10_023
        static let headerData: Int32 = 10_029
        static let customRequest: Int32 = 10_036
        static let caInfo: Int32 = 10_065
        static let writeFunction: Int32 = 20_011
        static let headerFunction: Int32 = 20_079
        static let postFieldSizeLarge: Int32 = 30_120
        static let noSignal: Int32 = 99
        static let noBody: Int32 = 44
        static let post: Int32 = 47
        static let httpGet: Int32 = 80
    }

    enum Code {
        static let couldNotResolveProxy: Int32 = 5
        static let couldNotResolveHost: Int32 = 6
        static let couldNotConnect: Int32 = 7
        static let partialFile: Int32 = 18
        static let writeError: Int32 = 23
        static let timedOut: Int32 = 28
        static let gotNothing: Int32 = 52
        static let receiveError: Int32 = 56
    }

    /// Loaded once per process; nil with the reason when libcurl (or a symbol) is missing.
    static let shared: Result<LibCurl, LibCurlUnavailable> = load()

    private static func load() -> Result<LibCurl, LibCurlUnavailable> {
        guard let library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL) ?? dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL) else {
            return .failure(LibCurlUnavailable(reason: "libcurl.so.4 could not be loaded"))
        }
        func bind<T>(_ name: String, as type: T.Type) throws(LibCurlUnavailable) -> T {
            guard let symbol = dlsym(library, name) else {
                throw LibCurlUnavailable(reason: "libcurl has no \(name) (it is older than 7.66)")
            }
            return unsafeBitCast(symbol, to: type)
        }
        do throws(LibCurlUnavailable) {
            let curl = LibCurl(
                globalInit: try bind("curl_global_init", as: (@convention(c) (Int) -> Int32).self),
                easyInit: try bind("curl_easy_init", as: (@convention(c) () -> OpaquePointer?).self),
                easyCleanup: try bind("curl_easy_cleanup", as: (@convention(c) (OpaquePointer?) -> Void).self),
                setLong: try bind("curl_easy_setopt", as: SetLong.self),
                setPointer: try bind("curl_easy_setopt", as: SetPointer.self),
                easyStrerror: try bind("curl_easy_strerror", as: (@convention(c) (Int32) -> UnsafePointer<CChar>?).self),
                multiInit: try bind("curl_multi_init", as: (@convention(c) () -> OpaquePointer?).self),
                multiCleanup: try bind("curl_multi_cleanup", as: (@convention(c) (OpaquePointer?) -> Int32).self),
                multiAddHandle: try bind("curl_multi_add_handle", as: (@convention(c) (OpaquePointer?, OpaquePointer?) -> Int32).self),
                multiRemoveHandle: try bind("curl_multi_remove_handle", as: (@convention(c) (OpaquePointer?, OpaquePointer?) -> Int32).self),
                multiPerform: try bind("curl_multi_perform", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Int32).self),
                multiPoll: try bind("curl_multi_poll", as: (@convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UInt32, Int32, UnsafeMutablePointer<Int32>?) -> Int32).self),
                multiInfoRead: try bind("curl_multi_info_read", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UnsafeMutableRawPointer?).self),
                slistAppend: try bind("curl_slist_append", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?).self),
                slistFreeAll: try bind("curl_slist_free_all", as: (@convention(c) (OpaquePointer?) -> Void).self))
            // CURL_GLOBAL_DEFAULT; reference-counted by libcurl, so FoundationNetworking's own call is fine.
            guard curl.globalInit(3) == 0 else { return .failure(LibCurlUnavailable(reason: "curl_global_init failed")) }
            return .success(curl)
        } catch {
            return .failure(error)
        }
    }

    func describe(_ code: Int32) -> String {
        easyStrerror(code).map { String(cString: $0) } ?? "curl error \(code)"
    }
}

/// Why the curl transport cannot be used here.
struct LibCurlUnavailable: Error, Sendable, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
#endif
