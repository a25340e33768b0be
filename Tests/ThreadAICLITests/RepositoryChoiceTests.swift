import Testing
@testable import ThreadAICLI
import ThreadAI

/// The CLI, not the store, turns the process's options and environment into the repository to use.
@Suite struct RepositoryChoiceTests {
    @Test func theOptionWinsOverTHREADAI_DIR() {
        let chosen = RepositoryChoice.named(option: "cwd", environment: ["THREADAI_DIR": "/named"])
        #expect(chosen == RepositoryName(path: "cwd"))
    }

    @Test func THREADAI_DIRNamesTheRepositoryAndIsSaidInErrors() {
        #expect(RepositoryChoice.named(option: nil, environment: ["THREADAI_DIR": "/named"])
                == RepositoryName(path: "/named", namedBy: "THREADAI_DIR"))
    }

    @Test func anEmptyTHREADAI_DIRIsIgnored() {
        #expect(RepositoryChoice.named(option: nil, environment: ["THREADAI_DIR": ""]) == nil)
        #expect(RepositoryChoice.named(option: nil, environment: [:]) == nil)
    }

    @Test func aNonEmptyTHREADAI_NO_CACHETurnsTheCachesOff() {
        #expect(RepositoryChoice.usesCache([:]))
        #expect(RepositoryChoice.usesCache(["THREADAI_NO_CACHE": ""]))
        #expect(!RepositoryChoice.usesCache(["THREADAI_NO_CACHE": "1"]))
    }
}
