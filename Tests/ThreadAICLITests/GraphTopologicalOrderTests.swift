import Testing
@testable import ThreadAICLI
import ThreadAI

@Suite("Topological order of conversation trees")
struct GraphTopologicalOrderTests {
    private func orderedIDs(_ shape: GraphShape) -> [String] {
        TopologicalOrder.order(nodes: shape.nodes, heads: shape.heads).map(\.id)
    }

    @Test func chainRunsFromHeadToRoot() {
        #expect(orderedIDs(GraphShape(["r", "r -> m1", "m1 -> m2"])) == ["m2", "m1", "r"])
    }

    @Test func newestHeadComesFirstAndEachThreadStaysContiguous() {
        let shape = GraphShape(["r", "r -> a1", "r -> b1", "a1 -> a2", "b1 -> b2", "a2 -> a3"])
        #expect(orderedIDs(shape) == ["a3", "a2", "a1", "b2", "b1", "r"])
    }

    @Test func sharedMessageWaitsForAllItsChildren() {
        // b1 is the newest head, but m is shown only after a1 too.
        let shape = GraphShape(["r", "r -> m", "m -> a1", "m -> b1"])
        #expect(orderedIDs(shape) == ["b1", "a1", "m", "r"])
    }

    @Test func headThatIsAnAncestorOfAnotherHeadAppearsOnceAfterItsChildren() {
        let shape = GraphShape(["r", "r -> m1", "m1 -> m2"], alsoHeads: ["m1", "r", "m1"])
        #expect(orderedIDs(shape) == ["m2", "m1", "r"])
    }

    @Test func unrelatedConversationsFollowEachOtherNewestFirst() {
        let shape = GraphShape(["x", "r", "x -> x1", "r -> r1"])
        #expect(orderedIDs(shape) == ["r1", "r", "x1", "x"])
    }

    @Test func headsWithTheSameDateComeInIDOrder() {
        let nodes = [
            DatedGraphNode(id: "r", parent: nil, date: 0),
            DatedGraphNode(id: "c", parent: "r", date: 5),
            DatedGraphNode(id: "a", parent: "r", date: 5),
            DatedGraphNode(id: "b", parent: "r", date: 5),
        ]
        let ordered = TopologicalOrder.order(nodes: nodes, heads: ["c", "b", "a"]).map(\.id)
        #expect(ordered == ["a", "b", "c", "r"])
    }

    @Test func nodesNoHeadReachesAreLeftOut() {
        let shape = GraphShape(["r", "r -> m1", "m1 -> kept", "m1 -> stray"])
        let ordered = TopologicalOrder.order(nodes: shape.nodes, heads: ["kept"]).map(\.id)
        #expect(ordered == ["kept", "m1", "r"])
    }

    @Test func missingParentAndUnknownHeadAreTolerated() {
        let nodes = [
            DatedGraphNode(id: "m2", parent: "m1", date: 2),
            DatedGraphNode(id: "m1", parent: "gone", date: 1),
        ]
        let ordered = TopologicalOrder.order(nodes: nodes, heads: ["nowhere", "m2"])
        #expect(ordered.map(\.id) == ["m2", "m1"])
        #expect(ordered.last?.parent == "gone")
    }

    @Test func firstOfDuplicateNodesIsUsed() {
        let nodes = [
            DatedGraphNode(id: "m1", parent: "r", date: 1),
            DatedGraphNode(id: "r", parent: nil, date: 0),
            DatedGraphNode(id: "m1", parent: nil, date: 9),
        ]
        let ordered = TopologicalOrder.order(nodes: nodes, heads: ["m1"])
        #expect(ordered == [nodes[0], nodes[1]])
    }

    @Test func cycleEndsTheWalkInsteadOfLooping() {
        let nodes = [
            DatedGraphNode(id: "a", parent: "b", date: 1),
            DatedGraphNode(id: "b", parent: "a", date: 0),
            DatedGraphNode(id: "r", parent: nil, date: 2),
        ]
        #expect(TopologicalOrder.order(nodes: nodes, heads: ["a", "r"]).map(\.id) == ["r"])
    }

    @Test func emptyInputGivesEmptyOrder() {
        let nodes: [DatedGraphNode<String, Int>] = []
        #expect(TopologicalOrder.order(nodes: nodes, heads: ["x"]).isEmpty)
    }
}
