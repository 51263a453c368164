import Dispatch

/// Uploads events on background queues and logs as it goes, like any
/// library that does nontrivial work off the main thread.
public final class Uploader: Sendable {
    private let queue = DispatchQueue(label: "telemetry.uploader", attributes: .concurrent)

    public init() {}

    /// Uploads `batches` of events concurrently and calls `completion` on
    /// a background queue when all are done.
    public func upload(batches: Int, eventsPerBatch: Int, completion: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        for batch in 0..<batches {
            queue.async(group: group) {
                Logging.sink("batch \(batch): uploading \(eventsPerBatch) events")
                for event in 0..<eventsPerBatch {
                    // Filtered out at .info: never formatted.
                    Logging.log.debug("batch \(batch) event \(event) payload \(String(repeating: "x", count: 64))")
                }
                if batch.isMultiple(of: 3) {
                    Logging.log.warning("batch \(batch): slow response, retried once")
                }
                Logging.sink("batch \(batch): done")
            }
        }
        group.notify(queue: .global(), execute: completion)
    }
}
