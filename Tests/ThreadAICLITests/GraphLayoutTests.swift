import Testing
@testable import ThreadAICLI
import ThreadAI

/// Snapshots of whole conversation forests, ordered and drawn. Each expected drawing is what
/// `git log --graph --all --format=%s` prints for commits of the same shape written in the same order.
@Suite("Graph drawing of conversation shapes")
struct GraphLayoutTests {
    @Test func singleChain() {
        let shape = GraphShape(["r", "r -> m1", "m1 -> m2"])
        #expect(shape.drawing == """
            * m2
            * m1
            * r
            """)
    }

    @Test func oneFork() {
        let shape = GraphShape(["r", "r -> m1", "m1 -> m2", "m1 -> f1", "m2 -> m3"])
        #expect(shape.drawing == """
            * m3
            * m2
            | * f1
            |/
            * m1
            * r
            """)
    }

    @Test func twoForksOffOneThread() {
        let shape = GraphShape([
            "r", "r -> m1", "m1 -> m2", "m2 -> m3", "m2 -> b1", "m1 -> a1", "a1 -> a2",
        ])
        #expect(shape.drawing == """
            * a2
            * a1
            | * b1
            | | * m3
            | |/
            | * m2
            |/
            * m1
            * r
            """)
    }

    @Test func forkOfAFork() {
        let shape = GraphShape([
            "r", "r -> m1", "m1 -> m2", "m1 -> f1", "f1 -> f2", "f1 -> g1", "m2 -> m3", "f2 -> f3",
            "g1 -> g2",
        ])
        #expect(shape.drawing == """
            * g2
            * g1
            | * f3
            | * f2
            |/
            * f1
            | * m3
            | * m2
            |/
            * m1
            * r
            """)
    }

    @Test func twoForksAtTheSameMessage() {
        let shape = GraphShape(["r", "r -> m", "m -> a1", "m -> b1", "m -> c1"])
        #expect(shape.drawing == """
            * c1
            | * b1
            |/
            | * a1
            |/
            * m
            * r
            """)
    }

    @Test func forkWithNoMessagesOfItsOwnIsShownOnce() {
        let shape = GraphShape(["r", "r -> m1", "m1 -> m2", "m2 -> m3"], alsoHeads: ["m2"])
        #expect(shape.drawing == """
            * m3
            * m2
            * m1
            * r
            """)
    }

    @Test func forkWithNoMessagesOfItsOwnBesideARealFork() {
        let shape = GraphShape(["r", "r -> m1", "m1 -> m2", "m1 -> f1", "m2 -> m3"], alsoHeads: ["m1"])
        #expect(shape.drawing == """
            * m3
            * m2
            | * f1
            |/
            * m1
            * r
            """)
    }

    @Test func twoUnrelatedConversations() {
        let shape = GraphShape(["r", "x", "r -> r1", "x -> x1", "r1 -> r2"])
        #expect(shape.drawing == """
            * r2
            * r1
            * r
            * x1
            * x
            """)
    }

    @Test func lanePassesAnotherLane() {
        let shape = GraphShape(["r", "r -> m", "m -> c1", "r -> b1", "m -> a1"])
        #expect(shape.drawing == """
            * a1
            | * b1
            | | * c1
            | |/
            |/|
            * | m
            |/
            * r
            """)
    }

    @Test func lanesCrossWithUnderscoreAndShiftAfterwards() {
        let shape = GraphShape([
            "r", "r -> m", "r -> p", "r -> q", "q -> x2", "p -> b2", "m -> c1", "q -> x1", "p -> b1",
            "m -> a1",
        ])
        #expect(shape.drawing == """
            * a1
            | * b1
            | | * x1
            | | | * c1
            | |_|/
            |/| |
            * | | m
            | | | * b2
            | | |/
            | |/|
            | * | p
            |/ /
            | | * x2
            | |/
            | * q
            |/
            * r
            """)
    }

    @Test func rootInTheMiddleShiftsTheLanesToItsRight() {
        let shape = GraphShape([
            "r", "r -> m", "s", "r -> q", "q -> q2", "m -> a1", "s -> s2", "q -> q1", "s -> s1",
            "m -> b1",
        ])
        #expect(shape.drawing == """
            * b1
            | * s1
            | | * q1
            | | | * s2
            | | |/
            | |/|
            | * | s
            |  /
            | | * a1
            | |/
            |/|
            * | m
            | | * q2
            | |/
            | * q
            |/
            * r
            """)
    }

    @Test func laneStillMovingLeftLeansThroughTheNextNodeRow() {
        let shape = GraphShape(["r", "r -> p", "p -> q", "q -> d", "r -> c", "p -> b", "q -> a"])
        #expect(shape.drawing == """
            * a
            | * b
            | | * c
            | | | * d
            | |_|/
            |/| |
            * | | q
            |/ /
            * / p
            |/
            * r
            """)
    }
}

/// A conversation forest for tests: messages in the order they were written, each newer than the ones
/// before it; `"r"` is a first message and `"r -> m1"` is m1 answering r.
struct GraphShape {
    let nodes: [DatedGraphNode<String, Int>]
    let heads: [String]

    /// The shape whose heads are the messages nobody answers, then `alsoHeads`.
    init(_ messages: [String], alsoHeads: [String] = []) {
        nodes = messages.enumerated().map { date, message in
            let parts = message.split(separator: " -> ").map(String.init)
            let id = parts.last ?? message
            return DatedGraphNode(id: id, parent: parts.count > 1 ? parts.first : nil, date: date)
        }
        let answered = Set(nodes.compactMap(\.parent))
        heads = nodes.map(\.id).filter { !answered.contains($0) } + alsoHeads
    }

    /// The forest ordered by ``TopologicalOrder`` and drawn by ``GraphLayout``, each node's text its id.
    var drawing: String {
        let ordered = TopologicalOrder.order(nodes: nodes, heads: heads)
        return GraphLayout.rows(for: ordered.map(\.graphNode))
            .map { $0.line { $0 } }
            .joined(separator: "\n")
    }
}
