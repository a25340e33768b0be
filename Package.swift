// swift-tools-version:6.0
import PackageDescription

// Layers point one way:
//   ThreadAIStore      objects, refs, history, context, diff — no providers, no terminal
//   ThreadAIProviders  the model harness — knows nothing of the store's files
//   ThreadAI           composes the two for an app: conversations, send, configuration
//   ThreadAICLI        the `threadai` commands and terminal rendering
//   threadai           the executable: a few lines that hand over to ThreadAICLI
let package = Package(
    name: "ThreadAI",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "ThreadAI", targets: ["ThreadAI"]),
        .library(name: "ThreadAIStore", targets: ["ThreadAIStore"]),
        .library(name: "ThreadAIProviders", targets: ["ThreadAIProviders"]),
        .executable(name: "threadai", targets: ["threadai"]),
    ],
    targets: [
        .target(name: "ThreadAIStore"),
        .target(name: "ThreadAIProviders"),
        .target(name: "ThreadAI", dependencies: ["ThreadAIStore", "ThreadAIProviders"]),
        .target(name: "ThreadAICLI", dependencies: ["ThreadAI"]),
        .executableTarget(name: "threadai", dependencies: ["ThreadAICLI"]),
        .testTarget(name: "ThreadAIStoreTests", dependencies: ["ThreadAIStore"]),
        .testTarget(name: "ThreadAIProvidersTests", dependencies: ["ThreadAIProviders"]),
        .testTarget(name: "ThreadAICLITests", dependencies: ["ThreadAICLI"]),
        .testTarget(name: "EndToEndTests", dependencies: ["threadai", "ThreadAIStore"]),
    ],
    swiftLanguageModes: [.v6]
)
