import Testing
@testable import ThreadAICLI
import ThreadAI

@Suite("Graph layout rows and lane moves")
struct GraphLayoutDetailTests {
    struct CollapseCase: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let targets: [Int?]
        let rows: [String]
    }

    @Test(arguments: [
        CollapseCase(testDescription: "lanes that stay draw nothing", targets: [0, 1], rows: []),
        CollapseCase(testDescription: "last lane ending draws nothing", targets: [0, nil], rows: []),
        CollapseCase(testDescription: "adjacent fold", targets: [0, 0], rows: ["|/"]),
        CollapseCase(testDescription: "lane ending in the middle", targets: [0, nil, 1, 2], rows: ["|  / /"]),
        CollapseCase(testDescription: "fold across one lane", targets: [0, 1, 0], rows: ["| |/", "|/|"]),
        CollapseCase(testDescription: "fold across two lanes", targets: [0, 1, 2, 0], rows: ["| |_|/", "|/| |"]),
        CollapseCase(
            testDescription: "fold across three lanes", targets: [0, 1, 2, 3, 0], rows: ["| |_|_|/", "|/| | |"]),
        CollapseCase(
            testDescription: "fold across one lane while the next shifts", targets: [0, 1, 0, 2],
            rows: ["| |/ /", "|/| |"]),
        CollapseCase(testDescription: "fold then shift", targets: [0, 0, 1], rows: ["|/ /"]),
    ])
    func laneCollapseRows(_ example: CollapseCase) {
        #expect(LaneCollapse.collapse(targets: example.targets).rows == example.rows)
    }

    @Test func lanesWhoseLastStrokeEndsHalfwayAreLeaning() {
        #expect(LaneCollapse.collapse(targets: [0, 0, 1]).leaning == [true, true])
        #expect(LaneCollapse.collapse(targets: [0, nil, 1]).leaning == [false, true])
        #expect(LaneCollapse.collapse(targets: [0, 1, 0]).leaning == [true, false])
        #expect(LaneCollapse.collapse(targets: [0, 1]).leaning == [false, false])
    }

    @Test func nodePrefixesKeepOneSpaceAfterEveryLane() {
        let rows = GraphLayout.rows(for: [
            GraphNode(id: "a1", parent: "m"),
            GraphNode(id: "b1", parent: "m"),
            GraphNode(id: "m", parent: nil),
        ])
        #expect(rows == [
            .node(prefix: "* ", id: "a1"), .node(prefix: "| * ", id: "b1"), .connector("|/"),
            .node(prefix: "* ", id: "m"),
        ])
    }

    @Test func parentThatDoesNotFollowIsDrawnAsARoot() {
        let rows = GraphLayout.rows(for: [
            GraphNode(id: "r", parent: nil),
            GraphNode(id: "m1", parent: "r"),
            GraphNode(id: "x1", parent: "absent"),
        ])
        #expect(rows == [
            .node(prefix: "* ", id: "r"), .node(prefix: "* ", id: "m1"), .node(prefix: "* ", id: "x1"),
        ])
    }

    @Test func placingOneNodeAtATimeMatchesTheWholeList() {
        let shape = GraphShape(["r", "r -> m", "m -> c1", "r -> b1", "m -> a1"])
        let nodes = TopologicalOrder.order(nodes: shape.nodes, heads: shape.heads).map(\.graphNode)
        var layout = GraphLayout<String>()
        var rows: [GraphRow<String>] = []
        for node in nodes {
            layout.place(node, appendingTo: &rows)
        }
        #expect(rows == GraphLayout.rows(for: nodes))
    }

    @Test func connectorLineIgnoresTheText() {
        let row = GraphRow<String>.connector("|/")
        #expect(row.line { _ in "never" } == "|/")
        #expect(GraphRow.node(prefix: "| * ", id: "b1").line { "text of \($0)" } == "| * text of b1")
    }

    @Test func deepChainOfTenThousandMessages() {
        let count = 10_000
        let nodes = (0..<count).map { index in
            DatedGraphNode(id: index, parent: index == 0 ? nil : index - 1, date: index)
        }
        let ordered = TopologicalOrder.order(nodes: nodes, heads: [count - 1])
        let rows = GraphLayout.rows(for: ordered.map(\.graphNode))
        #expect(rows.count == count)
        #expect(rows.first == .node(prefix: "* ", id: count - 1))
        #expect(rows.last == .node(prefix: "* ", id: 0))
        #expect(rows.allSatisfy { if case .node(let prefix, _) = $0 { prefix == "* " } else { false } })
    }

    @Test func manyThreadsForkingAtRandomDrawEveryMessageOnceWithWellFormedRows() {
        var random = SplitMix64(seed: 7)
        var nodes: [DatedGraphNode<Int, Int>] = []
        var heads: [Int] = []
        for thread in 0..<300 {
            var parent: Int? = thread == 0 ? nil : Int(random.next() % UInt64(nodes.count))
            for _ in 0..<(1 + Int(random.next() % 130)) {
                nodes.append(DatedGraphNode(id: nodes.count, parent: parent, date: nodes.count))
                parent = nodes.count - 1
            }
            heads.append(nodes.count - 1)
        }
        let ordered = TopologicalOrder.order(nodes: nodes, heads: heads)
        #expect(ordered.count == nodes.count)
        let rows = GraphLayout.rows(for: ordered.map(\.graphNode))

        var placed: [Int] = []
        for row in rows {
            switch row {
            case .node(let prefix, let id):
                placed.append(id)
                #expect(prefix.count % 2 == 0 && prefix.hasSuffix(" "))
                #expect(prefix.filter { $0 == "*" }.count == 1)
                #expect(prefix.allSatisfy { "*|/ ".contains($0) })
            case .connector(let drawing):
                #expect(!drawing.isEmpty && !drawing.hasSuffix(" "))
                #expect(drawing.allSatisfy { "|/_ ".contains($0) })
            }
        }
        #expect(placed == ordered.map(\.id))
    }
}

/// A small deterministic generator, so a failure can be reproduced.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
