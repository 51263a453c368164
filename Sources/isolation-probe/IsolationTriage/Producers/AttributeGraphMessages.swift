/// SwiftUI's dependency graph (AttributeGraph.framework): it logs a cycle
/// among a view's attributes, breaks it, and goes on.
enum AttributeGraphMessages {
    static let graph = "AttributeGraph.framework (AG::Graph::print_cycle; its strings as blacktop/ipsw-diffs lists them per iOS release)"

    static let producer = MessageProducer(
        id: "attribute-graph",
        name: "SwiftUI's AttributeGraph",
        sources: [graph],
        messages: [
            ProducerMessage("=== AttributeGraph: cycle detected through attribute {attribute} ===", .diagnostic, cause: "attribute-graph-cycle", source: graph,
                            examples: ["=== AttributeGraph: cycle detected through attribute 352280 ==="]),
            ProducerMessage("cycle detected through attribute: {attribute}", .diagnostic, cause: "attribute-graph-cycle", source: "\(graph), iOS 18 and later",
                            examples: ["AttributeGraph: cycle detected through attribute: 352280"]),
        ]
    )
}
