import Testing
import ThreadAICLI

@Suite("Spec self-checks")
struct SpecProblemsTests {
    @Test("sample specs are sound", arguments: [SampleSpecs.send, SampleSpecs.log, SampleSpecs.trim])
    func sound(_ spec: CommandSpec) {
        #expect(spec.problems == [])
    }

    @Test("finds mistakes", arguments: [
        ([.flag("x", help: ""), .flag("x", help: "")], "the name 'x' is used twice."),
        ([.flag("help", help: "")], "the name 'help' is used twice."),
        ([.flag("hard", short: "h", help: "")], "the short name '-h' is used twice."),
        ([.flag("--x", help: "")], "'--x' is not a usable name: use letters, digits and inner '-'."),
        ([.option("a=b", valueName: "v", help: "")], "'a=b' is not a usable name: use letters, digits and inner '-'."),
        ([.positional("a", arity: .optional, help: ""), .positional("b", help: "")],
         "the required positional 'b' comes after an optional one."),
        ([.positional("a", arity: .rest, help: ""), .positional("b", arity: .optional, help: "")],
         "the positional 'b' comes after a rest positional."),
        ([ArgumentSpec(name: "p", short: "p", kind: .positional(.required), help: "")],
         "the positional 'p' cannot have a short name."),
    ] as [([ArgumentSpec], String)])
    func problems(_ arguments: [ArgumentSpec], _ problem: String) {
        let spec = CommandSpec(name: "x", abstract: "", arguments: arguments)
        #expect(spec.problems == [problem])
    }
}
