// swift-tools-version:6.1
import PackageDescription

// Layers point one way:
//   CSHA256            the processor's SHA-256 instructions, for the store's hashing (C: Swift has no intrinsics for them)
//   CStaticRuntime     what the Linux release executable defines in place of the static Foundation archive's own:
//                      mktemp, so that its link prints no glibc warning
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
// imports full Foundation: docs/DESIGN.md): resolving their symbols across a dozen shared libraries at
// every start cost more than most commands (docs/PERFORMANCE.md). `-static-stdlib` for the executable
// alone, in release builds (a debug build's tests link the executable's code with the shared Swift
// Testing): the modules are compiled against the shared runtime, so the libraries stay usable as
// dependencies, which leaves out the static archives' own dependencies; they are named here, in one
// group so their order does not matter. The executable stays position-independent, so its code gets
// address randomisation like everything else it loads. Its symbols are not exported
// (`--no-export-dynamic`, after the `-export-dynamic` that -static-stdlib passes): nothing loads
// against the executable, and the runtime's `dladdr` at every start searched 3,400 of them.
let staticRuntimeOnLinux = ["-static-stdlib", "-Xlinker", "--start-group"]
    + ["FoundationEssentials", "_FoundationCShims", "_FoundationCollections", "swiftSynchronization", "swiftDispatch",
       "dispatch", "BlocksRuntime"]
        .flatMap { ["-Xlinker", "-l\($0)"] }
    + ["-Xlinker", "--end-group", "-Xlinker", "--no-export-dynamic"]

// Start-up tuning that is not a plain build option, opted into by `THREADAI_RELEASE_TUNING=1`
// (scripts/release, which README.md installs with and CI tests; docs/DESIGN.md "How the executable
// is built"), as SwiftPM's own manifest reads its switches. Never in a dependency's build, which has
// no reason to set it; both measured in docs/PERFORMANCE.md.
let releaseTuning = Context.environment["THREADAI_RELEASE_TUNING"] == "1"
// The C++ runtime that the Swift runtime and libdispatch need, linked statically too: the `-lstdc++`
// that -static-stdlib passes finds the linker script named libstdc++.so in Sources/threadai/Linker
// (searched first), which names the static archive, and -static-libgcc does the same for libgcc.
// Loading libstdc++.so and binding 768 of its symbols cost about half the CPU of a start. No linker option
// does it: -static-stdlib's own `-lstdc++` comes before any flag a package can add.
let staticCxxRuntime = ["-L", Context.packageDirectory + "/Sources/threadai/Linker", "-Xclang-linker", "-static-libgcc"]
// Generic types' metadata through accessors that pass the type arguments and witness tables
// directly, not by demangling a mangled type name and then scanning the executable's 5,556 protocol
// conformance records for each requirement, as the default accessors do the first time each type is
// used: a `log` made 31 such look-ups, about a tenth of its CPU. A frontend option the compiler does
// not support as such; every target, the libraries' included, since the switch is set only where
// this package is the root.
let directMetadata: [SwiftSetting] = releaseTuning
    ? [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])] : []
let executableLinkFlags = staticRuntimeOnLinux + (releaseTuning ? staticCxxRuntime : [])

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
        .target(name: "CStaticRuntime", cSettings: [.define("THREADAI_STATIC_RUNTIME", .when(platforms: [.linux], configuration: .release))]),
        .target(name: "ThreadAIStore", dependencies: ["CSHA256", "CSignalCleanup", "ThreadAISupport"], swiftSettings: directMetadata),
        .target(name: "ThreadAISupport", swiftSettings: directMetadata),
        .target(name: "ThreadAIProviders", dependencies: ["ThreadAISupport"], swiftSettings: directMetadata),
        .target(
            name: "ThreadAI",
            dependencies: ["ThreadAIStore", "ThreadAIProviders", "ThreadAISupport", .target(name: "CLibGit2", condition: .when(traits: ["libgit2"]))],
            swiftSettings: directMetadata),
        .target(name: "ThreadAICLI", dependencies: ["ThreadAI", "ThreadAIStore", "ThreadAISupport"], swiftSettings: directMetadata),
        .executableTarget(
            name: "threadai", dependencies: ["ThreadAICLI", "CStaticRuntime"], exclude: ["Linker"], swiftSettings: directMetadata,
            linkerSettings: [.unsafeFlags(executableLinkFlags, .when(platforms: [.linux], configuration: .release))]),
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
