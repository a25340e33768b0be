// swift-tools-version:6.1
import PackageDescription

// Layers point one way:
//   CSHA256            the processor's SHA-256 instructions, for the store's hashing (C: Swift has no intrinsics for them)
//   CProcessArguments  what the statically linked Linux release executable defines in place of the archives' own:
//                      argv for the runtime (a start-up hook), mktemp for FoundationEssentials (no link warning)
//   CSignalCleanup     the lock and temporary files removed when a signal stops the process (C: a signal
//                      handler may only make async-signal-safe calls)
//   CLibGit2           the system's libgit2 (pkg-config), only with the `libgit2` trait: ThreadAI's git seam
//                      reads repositories with it instead of the `git` command
//   ThreadAISupport    what FoundationEssentials lacks and full Foundation would cost every start: a lock, a
//                      thread, whitespace trimming, byte replacement, JSON string text (package-internal)
//   ThreadAIStore      objects, refs, history, context, diff — no providers, no terminal
//   ThreadAIProviders  the model harness — knows nothing of the store's files
//   ThreadAI           composes the two for an app: conversations, send, configuration
//   ThreadAICLI        the `threadai` commands and terminal rendering
//   threadai           the executable: a few lines that hand over to ThreadAICLI
// On Linux the release executable carries the Swift runtime and FoundationEssentials (no module
// imports full Foundation: docs/DESIGN.md): resolving their symbols
// across a dozen shared libraries at every start cost more than most commands (docs/PERFORMANCE.md).
// `-static-stdlib` for the executable alone, in release builds (a debug build's tests link the
// executable's code with the shared Swift Testing): the modules are compiled against the shared
// runtime, so the libraries stay usable as dependencies, which leaves out the static archives' own
// dependencies; they are named here, in one group so their order does not matter. The C++ runtime
// that the Swift runtime and libdispatch need is linked statically too (a linker script named
// libstdc++.so in Sources/threadai/Linker, searched first, and -static-libgcc): loading libstdc++.so
// and binding 768 of its symbols cost about a fifth of a start. And it is linked at a fixed address
// (`-no-pie`): as a position-independent executable, its 79,000 pointers in metadata were relocated at
// every start, and every page holding one was copied: 1.65 → 1.2 ms of CPU per `--version`. The
// executable's own code then loses address randomisation; the libraries it loads keep it. Its symbols
// are not exported (`--no-export-dynamic`, after the `-export-dynamic` that -static-stdlib passes):
// nothing loads against the executable, and the runtime's `dladdr` at every start searched 3,400 of
// them. CProcessArguments gives the runtime argv without its start-up scan of /proc/self/maps.
let staticRuntimeOnLinux = ["-static-stdlib", "-L", Context.packageDirectory + "/Sources/threadai/Linker"]
    + ["-Xclang-linker", "-static-libgcc", "-Xlinker", "--start-group"]
    + ["FoundationEssentials", "_FoundationCShims", "_FoundationCollections", "swiftSynchronization", "swiftDispatch",
       "dispatch", "BlocksRuntime"]
        .flatMap { ["-Xlinker", "-l\($0)"] }
    + ["-Xlinker", "--end-group", "-Xlinker", "-lstdc++", "-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic"]

// Generic types' metadata through accessors that pass the type arguments and witness tables
// directly, not by demangling a mangled type name and then scanning the executable's 5,556 protocol
// conformance records for each requirement, as the default accessors do the first time each type is
// used: a `log` made 31 such look-ups, about a tenth of its CPU (docs/PERFORMANCE.md).
let directMetadata: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]
// The CLI's modules always have it: no library product holds them. The library targets have it only
// where unsafe flags cannot stop an app from depending on them: on Linux (Xcode refuses a product
// with unsafe flags even from a branch), in a git checkout of an untagged commit (SwiftPM refuses them
// in a versioned dependency, which is checked out at its tag, or comes from a registry without git).
#if os(Linux)
let libraryDirectMetadata = Context.gitInformation.map { $0.currentTag == nil } == true ? directMetadata : []
#else
let libraryDirectMetadata: [SwiftSetting] = []
#endif

let package = Package(
    name: "ThreadAI",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "ThreadAI", targets: ["ThreadAI"]),
        .library(name: "ThreadAIStore", targets: ["ThreadAIStore"]),
        .library(name: "ThreadAIProviders", targets: ["ThreadAIProviders"]),
        .executable(name: "threadai", targets: ["threadai"]),
        // The libFuzzer shim, built only by Tests/Fuzz/run.sh with the fuzzer sanitizer (docs/DESIGN.md "Fuzzing").
        .executable(name: "threadai-fuzz", targets: ["threadai-fuzz"]),
    ],
    // `libgit2`: ThreadAI reads git repositories with libgit2 (the system's, found by pkg-config)
    // in place of the `git` command, which an iOS app does not have (docs/DESIGN.md "The git seam").
    traits: [.trait(name: "libgit2", description: "Read git repositories with libgit2 instead of the git command")],
    targets: [
        .target(name: "CSHA256"),
        .systemLibrary(name: "CLibGit2", pkgConfig: "libgit2", providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]),
        .target(name: "CSignalCleanup"),
        .target(name: "CProcessArguments", cSettings: [.define("THREADAI_OWN_ARGUMENTS", .when(platforms: [.linux], configuration: .release))]),
        .target(name: "ThreadAIStore", dependencies: ["CSHA256", "CSignalCleanup", "ThreadAISupport"], swiftSettings: libraryDirectMetadata),
        .target(name: "ThreadAISupport", swiftSettings: libraryDirectMetadata),
        .target(name: "ThreadAIProviders", dependencies: ["ThreadAISupport"], swiftSettings: libraryDirectMetadata),
        .target(
            name: "ThreadAI",
            dependencies: ["ThreadAIStore", "ThreadAIProviders", "ThreadAISupport", .target(name: "CLibGit2", condition: .when(traits: ["libgit2"]))], swiftSettings: libraryDirectMetadata),
        .target(name: "ThreadAICLI", dependencies: ["ThreadAI", "ThreadAIStore", "ThreadAISupport"], swiftSettings: directMetadata),
        .executableTarget(
            name: "threadai", dependencies: ["ThreadAICLI", "CProcessArguments"], exclude: ["Linker"], swiftSettings: directMetadata,
            linkerSettings: [.unsafeFlags(staticRuntimeOnLinux, .when(platforms: [.linux], configuration: .release))]),
        // What the test targets share: the tools some tests drive (skipped with a line when missing,
        // failed under CI's THREADAI_REQUIRE_TOOLS=1) and the `.slow` trait (skipped under THREADAI_TESTS=fast).
        .target(name: "ThreadAITestSupport", path: "Tests/Support"),
        .testTarget(name: "ThreadAIStoreTests", dependencies: ["ThreadAIStore", "ThreadAITestSupport"]),
        .testTarget(name: "ThreadAIProvidersTests", dependencies: ["ThreadAIProviders", "ThreadAISupport", "ThreadAITestSupport"]),
        // Test doubles of the ThreadAI library's protocols (a key store, a provider), for its tests and the CLI's.
        .target(name: "ThreadAILibraryTestSupport", dependencies: ["ThreadAI"], path: "Tests/LibrarySupport"),
        .testTarget(name: "ThreadAITests", dependencies: ["ThreadAI", "ThreadAITestSupport", "ThreadAILibraryTestSupport"]),
        .testTarget(name: "ThreadAICLITests", dependencies: ["ThreadAICLI", "ThreadAITestSupport", "ThreadAILibraryTestSupport"]),
        .executableTarget(
            name: "threadai-fuzz", dependencies: ["ThreadAI"], path: "Tests/Fuzz/Shim",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .testTarget(name: "EndToEndTests", dependencies: ["threadai", "ThreadAIStore", "ThreadAITestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
