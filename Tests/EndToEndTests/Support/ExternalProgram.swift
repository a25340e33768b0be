import Foundation

/// Another program the tests drive (a shell, groff, man), found on the PATH.
enum ExternalProgram {
    /// Runs `arguments` (the program first) in `directory` with `environment` (default: the test's own)
    /// and waits; returns what it printed, standard output and error together, and its exit status.
    static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil
    ) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let output = Pipe()
        (process.standardOutput, process.standardError) = (output, output)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }
}
