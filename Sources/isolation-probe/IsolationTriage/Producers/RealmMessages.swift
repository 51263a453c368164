/// Realm's Swift and Objective-C SDK: the exceptions (`RLMException`) it
/// raises when a Realm or its results are used wrongly, the best known
/// when a Realm is used from a thread other than the one it was opened on.
enum RealmMessages {
    static let results = "realm/realm-swift Realm/RLMResults.mm"
    static let thread = "realm/realm-core src/realm/object-store/shared_realm.cpp (Realm::verify_thread; realm-swift's RLMThrowResultsError raised the same words before)"

    static let producer = MessageProducer(
        id: "realm",
        name: "Realm (realm-swift and realm-core)",
        sources: [results, thread],
        messages: [
            ProducerMessage("Realm accessed from incorrect thread.", .stop, cause: "framework-thread-check", source: thread,
                            examples: ["*** Terminating app due to uncaught exception 'RLMException', reason: 'Realm accessed from incorrect thread.'"]),
            ProducerMessage("Cannot delete objects from RLMResults<{type}>: only RLMObjects can be deleted.", .stop, cause: "uncaught-exception", source: results,
                            examples: ["Cannot delete objects from RLMResults<int>: only RLMObjects can be deleted."]),
            ProducerMessage("Cannot distinct on keypath '{keyPath}': KVC collection operators are not supported.", .stop, cause: "uncaught-exception", source: results,
                            examples: ["Cannot distinct on keypath '@sum.age': KVC collection operators are not supported."]),
            ProducerMessage("Cannot modify {collection} outside of a write transaction.", .stop, cause: "uncaught-exception", source: results,
                            examples: ["Cannot modify Results outside of a write transaction."]),
            ProducerMessage("Index {index} is out of bounds (must be less than {count}).", .stop, cause: "index-out-of-range", source: results,
                            examples: ["Index 3 is out of bounds (must be less than 2)."]),
            ProducerMessage("Missing key path for KVC collection operator {operator} in key path '{keyPath}'", .stop, cause: "uncaught-exception", source: results,
                            examples: ["Missing key path for KVC collection operator sum in key path '@sum'"]),
            ProducerMessage("Nested key paths are not supported yet for KVC collection operators.", .stop, cause: "uncaught-exception", source: results),
            ProducerMessage("Querying is currently only implemented for arrays of Realm Objects", .stop, cause: "uncaught-exception", source: results),
            ProducerMessage("Unsupported KVC collection operator found in key path '{keyPath}'", .stop, cause: "uncaught-exception", source: results,
                            examples: ["Unsupported KVC collection operator found in key path '@median.age'"]),
            ProducerMessage("self is not a valid key-path for a KVC array collection operator as 'unionOfArrays'.", .stop, cause: "uncaught-exception", source: results),
        ]
    )
}
