import Dispatch
import Testing
@testable import ThreadAIStore

@Suite("BackgroundWork: a value computed beside the caller")
struct BackgroundWorkTests {
    @Test("the work's value comes back from wait()")
    func value() {
        let work = BackgroundWork { (1...100).reduce(0, +) }
        #expect(work.wait() == 5050)
    }

    @Test("the work runs on another thread while the caller goes on: it sees what the caller does after starting it")
    func runsBeside() {
        let callerWentOn = DispatchSemaphore(value: 0)
        // Were the work run inside `init`, it would wait for a signal not yet sent and give up.
        let work = BackgroundWork { callerWentOn.wait(timeout: .now() + 30) == .success }
        callerWentOn.signal()
        #expect(work.wait() == true)
    }
}
