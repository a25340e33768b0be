import ThreadAI

/// `threadai fsck`: verifies the whole repository.
enum FsckCommand: Command {
    static let spec = CommandSpec(
        name: "fsck",
        abstract: "Verify every object's id and syntax, every parent link, every ref and HEAD.",
        discussion: "Reports each problem with the message id and the file path, and exits with status 3 if any is an error.")

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let (problems, count) = try repository.check()
        for problem in problems {
            context.output.line(problem.severity == .error ? context.style.removed(problem.description) : problem.description)
        }
        let errors = problems.filter { $0.severity == .error }.count
        context.errors.line("checked \(count) objects: \(errors) error\(errors == 1 ? "" : "s"), \(problems.count - errors) warning\(problems.count - errors == 1 ? "" : "s")")
        return errors == 0 ? .success : .corrupt
    }
}
