import Foundation
import Testing
@testable import ThreadAICLI

@Suite("Process inputs")
struct ProcessInputsTests {
    @Test("the environment read from environ is what ProcessInfo gives")
    func environmentMatchesProcessInfo() {
        let environment = ProcessInputs.environment()
        #expect(!environment.isEmpty)
        #expect(environment == ProcessInfo.processInfo.environment)
    }
}
