import Testing
@testable import ThreadAICLI

/// Forests generated at random, with the drawing `git log --graph --all --format=%s` (git 2.39) printed
/// for commits of the same shape written in the same order, trailing spaces removed.
@Suite("Graph drawing matches git")
struct GraphGitParityTests {
    struct GitParityCase: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let messages: [String]
        let alsoHeads: [String]
        let git: String

        init(_ description: String, messages: [String], alsoHeads: [String] = [], git: String) {
            testDescription = description
            self.messages = messages
            self.alsoHeads = alsoHeads
            self.git = git
        }
    }

    @Test(arguments: [
        GitParityCase(
            "a root, then a new thread in the same column",
            messages: [
                "n0", "n1", "n1 -> n2", "n2 -> n3", "n2 -> n4", "n4 -> n5",
                "n3 -> n6", "n5 -> n7", "n5 -> n8", "n2 -> n9", "n3 -> n10", "n0 -> n11",
                "n9 -> n12", "n11 -> n13", "n13 -> n14", "n1 -> n15", "n15 -> n16", "n15 -> n17",
                "n16 -> n18",
            ],
            git: """
                * n18
                * n16
                | * n17
                |/
                * n15
                | * n14
                | * n13
                | * n11
                | * n0
                | * n12
                | * n9
                | | * n10
                | | | * n8
                | | | | * n7
                | | | |/
                | | | * n5
                | | | * n4
                | | |/
                | |/|
                | | | * n6
                | | |/
                | | * n3
                | |/
                | * n2
                |/
                * n1
                """
        ),
        GitParityCase(
            "a lane passes two others with _",
            messages: [
                "n0", "n0 -> n1", "n0 -> n2", "n2 -> n3", "n2 -> n4", "n4 -> n5",
                "n3 -> n6", "n4 -> n7", "n1 -> n8", "n9", "n7 -> n10", "n10 -> n11",
                "n10 -> n12", "n10 -> n13", "n13 -> n14",
            ],
            git: """
                * n14
                * n13
                | * n12
                |/
                | * n11
                |/
                * n10
                * n7
                | * n9
                | * n8
                | * n1
                | | * n6
                | | * n3
                | | | * n5
                | |_|/
                |/| |
                * | | n4
                | |/
                |/|
                * | n2
                |/
                * n0
                """
        ),
        GitParityCase(
            "a root ends a lane in the middle",
            messages: [
                "n0", "n0 -> n1", "n1 -> n2", "n1 -> n3", "n0 -> n4", "n0 -> n5",
                "n5 -> n6", "n7", "n5 -> n8", "n7 -> n9", "n8 -> n10", "n8 -> n11",
                "n11 -> n12", "n7 -> n13", "n0 -> n14", "n7 -> n15", "n3 -> n16", "n3 -> n17",
            ],
            alsoHeads: ["n7"],
            git: """
                * n17
                | * n16
                |/
                * n3
                | * n15
                | | * n14
                | | | * n13
                | | |/
                | |/|
                | | | * n12
                | | | * n11
                | | | | * n10
                | | | |/
                | | | * n8
                | | | | * n9
                | | |_|/
                | |/| |
                | * | | n7
                |  / /
                | | | * n6
                | | |/
                | | * n5
                | |/
                | | * n4
                | |/
                | | * n2
                | |/
                |/|
                * | n1
                |/
                * n0
                """
        ),
        GitParityCase(
            "a lane leans through a node row",
            messages: [
                "n0", "n0 -> n1", "n0 -> n2", "n0 -> n3", "n2 -> n4", "n3 -> n5",
                "n3 -> n6", "n6 -> n7", "n6 -> n8", "n7 -> n9", "n10", "n1 -> n11",
                "n11 -> n12", "n9 -> n13", "n7 -> n14", "n4 -> n15", "n14 -> n16", "n16 -> n17",
                "n8 -> n18", "n16 -> n19", "n5 -> n20", "n18 -> n21",
            ],
            git: """
                * n21
                * n18
                * n8
                | * n20
                | * n5
                | | * n19
                | | | * n17
                | | |/
                | | * n16
                | | * n14
                | | | * n15
                | | | * n4
                | | | * n2
                | | | | * n13
                | | | | * n9
                | | | |/
                | | |/|
                | | * | n7
                | |/ /
                |/| |
                * | | n6
                |/ /
                * / n3
                |/
                | * n12
                | * n11
                | * n1
                |/
                * n0
                * n10
                """
        ),
    ])
    func drawingMatchesGit(_ example: GitParityCase) {
        #expect(GraphShape(example.messages, alsoHeads: example.alsoHeads).drawing == example.git)
    }
}
