/// A bad memory access (SIGSEGV, SIGBUS, EXC_BAD_ACCESS), also inside the
/// executor-check code: memory corruption, not an isolation assertion.
enum MemoryCorruptionKind: CrashKind {
    static let id = "memory-corruption"
    static let verdict = TriageVerdict.memoryCorruption
    static let identifiedBy = "a memory signal or exception (SIGSEGV, SIGBUS, EXC_BAD_ACCESS), whatever the frames, or malloc's or a sanitizer's heap-corruption message"
    static let samples = [
        """
        * thread #5, queue = 'com.example.worker', stop reason = EXC_BAD_ACCESS (code=1, address=0x10)
          * frame #0: 0x00000001a0000010 libswift_Concurrency.dylib`swift_task_isCurrentExecutorImpl(swift::SerialExecutorRef) + 40
            frame #1: 0x0000000100001000 App`closure #1 in Model.load() at Model.swift:12:5
        """,
        "SCDevelop(12570,0x10263f8c0) malloc: *** error for object 0x2000001028741d1: pointer being freed was not allocated",
        """
        *** Program crashed: Bad pointer dereference at 0x0000000000000000 ***

        Thread 0 crashed:

         0 0x000055d0b7f5c0e7 Reader.next() + 12 in prog at /src/Reader.swift:9:3
        """,
    ]

    static func matches(_ evidence: CrashEvidence) -> Bool { evidence.isMemory }

    static func describe(_ evidence: CrashEvidence, in diagnosis: inout Diagnosis) {
        diagnosis.verdict = verdict
        if !evidence.memorySignals.isEmpty {
            diagnosis.evidence.append("signal: " + evidence.memorySignals.joined(separator: ", ") + " (a bad memory access, not a trap)")
        }
        diagnosis.evidence += evidence.heapMessages.prefix(2)
        let heapCheck = !evidence.heapMessages.isEmpty || evidence.heapCheckFrame != nil
        diagnosis.cause = !evidence.checkFrames.isEmpty ? "bad-executor-pointer" : heapCheck ? "heap-corruption" : "bad-access"
        if let check = evidence.heapCheckFrame, evidence.heapMessages.isEmpty {
            diagnosis.evidence.append("frame \(check.index): \(check.displayName), the heap's own check reporting a damaged heap")
        }
        if heapCheck, evidence.memorySignals.isEmpty {
            diagnosis.summary = "The heap's own check failed (a pointer freed twice or never allocated, a damaged block): memory corruption, often two threads mutating the same object."
        } else if let check = evidence.checkFrames.first {
            diagnosis.evidence.append("frame \(check.index): \(check.displayName)")
            diagnosis.summary = "A bad memory access inside the executor-check code (\(check.displayName)): memory corruption (a freed or damaged actor, task or queue), not an isolation assertion."
        } else {
            diagnosis.summary = "A bad memory access" + (evidence.frames.first.map { " in \($0.displayName)" } ?? "") + ": memory corruption or a dangling pointer, not an isolation problem."
        }
        if evidence.memorySignals.isEmpty, evidence.heapMessages.isEmpty, let access = evidence.objectAccessOnTop {
            diagnosis.cause = "bad-access"
            diagnosis.confidence = .medium
            diagnosis.decidedBy = "the signal or exception line above the stack (EXC_BAD_ACCESS, SIGSEGV)"
            diagnosis.evidence.append("frame \(access.index): \(access.displayName) on top: it touches an object's header and stops only on a freed or damaged object")
            diagnosis.summary = "A stop in \(access.displayName): a freed or damaged object was retained, released or sent a message (memory corruption, often two threads racing on one reference)."
        }
        if evidence.memorySignals.isEmpty, evidence.heapMessages.isEmpty, evidence.objectAccessOnTop == nil, let arrived = evidence.signalFaultFrame {
            diagnosis.confidence = .medium
            diagnosis.decidedBy = "the signal's name (SIGSEGV or SIGBUS is a bad access; SIGILL or SIGTRAP would be a trap)"
            diagnosis.evidence.append("a signal handler's frames (\(evidence.signalHandlerFrames.last?.displayName ?? "")) sit on frame \(arrived.index): \(arrived.displayName), which stops only on a bad access" + (evidence.checkFrames.isEmpty ? "" : ": the executor check faulted while reading an executor, it did not fail"))
        }
        diagnosis.evidence += evidence.fatalMessages.prefix(2)
        diagnosis.topFrames = evidence.topFrames
    }
}
