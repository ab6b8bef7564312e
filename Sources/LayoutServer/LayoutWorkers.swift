import Dispatch
import Metrics
import Synchronization
import TextureLayout

/// Runs the CPU-bound part of requests (reading, laying out and drawing documents) off the server's event loops,
/// at most as many at once as there are cores, each under a time limit.
///
/// A job runs on a thread of its own with a large stack (documents nest without limit, as on the command line).
/// When its time is up the waiting request is answered at once and the job's ``LayoutCancellation`` is set, so
/// that the layout pass stops soon after; its slot is given back only when the job has really ended, so that
/// abandoned work never adds up beyond the cores.
final class LayoutWorkers: Sendable {
    /// How many jobs may run at once.
    let capacity: Int
    private let slots: Mutex<Slots>
    /// Where the time waited for a slot and the jobs running go.
    private let metrics: ServerMetrics

    /// Free slots, and the requests waiting for one, in arrival order.
    private struct Slots {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    /// Workers for `capacity` jobs at once (at least one).
    init(capacity: Int, metrics: ServerMetrics) {
        self.capacity = max(1, capacity)
        slots = Mutex(Slots(free: self.capacity))
        self.metrics = metrics
    }

    /// Runs `job` when a slot is free and returns its value, or `nil` when it has not finished within `seconds` of
    /// starting (the job is then asked to stop through the cancellation it is given).
    func run<Value: Sendable>(
        timeout seconds: Double, _ job: @escaping @Sendable (LayoutCancellation) -> Value
    ) async
        -> Value?
    {
        let arrival = ContinuousClock.now
        await acquire()
        metrics.queueWait.record(duration: ContinuousClock.now - arrival)
        let cancellation = LayoutCancellation()
        let answer = FirstAnswer<Value>()
        return await withCheckedContinuation { continuation in
            answer.set(continuation)
            DispatchQueue.global().async {
                self.metrics.layoutsInFlight.increment()
                defer { self.metrics.layoutsInFlight.decrement() }
                let value = withLargeStack {
                    // Reading and shaping, which no pass hands the flag to, find it here.
                    LayoutCancellation.$current.withValue(cancellation) { job(cancellation) }
                }
                answer.resume(value)
                self.release()
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                if answer.resume(nil) { cancellation.cancel() }
            }
        }
    }

    private func acquire() async {
        let granted = slots.withLock { slots in
            guard slots.free > 0 else { return false }
            slots.free -= 1
            return true
        }
        if granted { return }
        await withCheckedContinuation { continuation in
            // Between the check above and here a slot may have come free: look again under the lock.
            let granted = slots.withLock { slots in
                if slots.free > 0 {
                    slots.free -= 1
                    return true
                }
                slots.waiting.append(continuation)
                return false
            }
            if granted { continuation.resume() }
        }
    }

    /// Gives a slot to the longest waiting request, or back to the free ones.
    private func release() {
        let next = slots.withLock { slots -> CheckedContinuation<Void, Never>? in
            if slots.waiting.isEmpty {
                slots.free += 1
                return nil
            }
            return slots.waiting.removeFirst()
        }
        next?.resume()
    }
}

/// The one answer of a job: its value, or `nil` from the timer, whichever comes first.
private final class FirstAnswer<Value: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Value?, Never>?, answered: Bool)>((nil, false))

    func set(_ continuation: CheckedContinuation<Value?, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Answers with `value` unless already answered; returns whether this call answered.
    @discardableResult
    func resume(_ value: Value?) -> Bool {
        let continuation = state.withLock { state -> CheckedContinuation<Value?, Never>? in
            guard !state.answered else { return nil }
            state.answered = true
            return state.continuation
        }
        continuation?.resume(returning: value)
        return continuation != nil
    }
}
