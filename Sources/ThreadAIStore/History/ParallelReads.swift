import Dispatch

/// Reads many message objects at once, on every core: each read and verified exactly as
/// `ObjectStore.message` reads it (the file's SHA-256 against its id, then the §4.4 checks).
enum ParallelReads {
    /// Ids per task: enough to keep the hand-over cheap, few enough that two cores finish together.
    private static let chunk = 64

    /// `objects.message(id)` for each of `ids`, in the order of `ids`.
    static func messages(_ ids: [ObjectID], from objects: ObjectStore) -> [Result<Message, ObjectError>] {
        let slots = Slots(count: ids.count)
        DispatchQueue.concurrentPerform(iterations: (ids.count + chunk - 1) / chunk) { task in
            for index in (task * chunk)..<min(ids.count, (task + 1) * chunk) {
                do throws(ObjectError) {
                    slots.set(index, .success(try objects.message(ids[index])))
                } catch {
                    slots.set(index, .failure(error))
                }
            }
        }
        return slots.take()
    }

    /// One result per id, each written by exactly one task, read only after every task has ended:
    /// a buffer allocated once, so no task ever touches another's slot or any shared reference count.
    private final class Slots: @unchecked Sendable {
        private let storage: UnsafeMutableBufferPointer<Result<Message, ObjectError>?>

        init(count: Int) {
            storage = .allocate(capacity: count)
            storage.initialize(repeating: nil)
        }

        deinit {
            _ = storage.deinitialize()
            storage.deallocate()
        }

        func set(_ index: Int, _ result: Result<Message, ObjectError>) {
            storage[index] = result
        }

        func take() -> [Result<Message, ObjectError>] {
            storage.compactMap { $0 }
        }
    }
}
