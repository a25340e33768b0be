// The libFuzzer shim: one executable for every target, which it takes from THREADAI_FUZZ_TARGET
// (Tests/Fuzz/run.sh). Only `run.sh`'s build (`--sanitize fuzzer -Xswiftc -DTHREADAI_FUZZ`) gives it
// the entry point; libFuzzer supplies `main`. A normal build compiles it to a one-line hint.
#if THREADAI_FUZZ
import Glibc
import ThreadAI

private let target: @Sendable ([UInt8]) -> String? = {
    let name = getenv("THREADAI_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTargets.all[name] else {
        fatalError("THREADAI_FUZZ_TARGET must be one of: \(FuzzTargets.all.keys.sorted().joined(separator: " "))")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let broken = target(Array(UnsafeBufferPointer(start: data, count: size))) {
        fatalError("property broken: \(broken)")
    }
    return 0
}
#else
@main
enum FuzzHint {
    static func main() {
        print("threadai-fuzz runs only as built by Tests/Fuzz/run.sh (swift build --sanitize fuzzer)")
    }
}
#endif
