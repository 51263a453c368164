/// SwiftUI's dependency graph (AttributeGraph.framework): it logs a cycle
/// among a view's attributes, breaks it, and goes on; on a broken
/// precondition (a value set while the graph updates) it logs and aborts.
enum AttributeGraphMessages {
    static let graph = "AttributeGraph.framework (AG::Graph::print_cycle; its strings as blacktop/ipsw-diffs lists them per iOS release)"
    static let precondition = "OpenSwiftUIProject/OpenAttributeGraph Sources/OpenAttributeGraphCxx/Misc/assert.cpp (precondition_failure: logs, then abort(); the reimplementation keeps AttributeGraph's words, its own name read as `AttributeGraph`)"

    static let producer = MessageProducer(
        id: "attribute-graph",
        name: "SwiftUI's AttributeGraph",
        sources: [graph],
        messages: [
            ProducerMessage("=== AttributeGraph: cycle detected through attribute {attribute} ===", .diagnostic, cause: "attribute-graph-cycle", source: graph,
                            examples: ["=== AttributeGraph: cycle detected through attribute 352280 ==="]),
            ProducerMessage("AttributeGraph precondition failure: {reason}.", .stop, cause: "attribute-graph-precondition", source: precondition,
                            examples: ["AttributeGraph precondition failure: setting value during update: 2072."]),
            ProducerMessage("precondition failure: {reason}", .stop, cause: "attribute-graph-precondition", source: "\(precondition) (the logged line)",
                            examples: ["[error] precondition failure: setting value during update: 2072"]),
            ProducerMessage("cycle detected through attribute: {attribute}", .diagnostic, cause: "attribute-graph-cycle", source: "\(graph), iOS 18 and later",
                            examples: ["AttributeGraph: cycle detected through attribute: 352280"]),
        ]
    )
}
