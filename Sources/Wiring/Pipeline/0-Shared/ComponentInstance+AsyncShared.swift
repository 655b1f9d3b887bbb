extension SlotState {
    /// The state of an async shared slot whose value the build makes before the instance
    /// escapes: no other task can ask for it then, and asking for the task's token would cost
    /// each such value about 90 instructions. Should the instance escape in the middle of the
    /// creation, the escape records that task (`ComponentInstance.recordEscapingTask()`).
    @usableFromInline static let beingMadeByTheBuild = 2

    /// What `currentTaskToken()` returns outside any task. Wiring makes async values only in
    /// tasks, so no slot holds it.
    static let beingMadeOutsideATask = 3

    /// Whether a slot's state says that its value is being made: by a thread, or by a task.
    static func isBeingMade(_ state: Int) -> Bool {
        state != empty && state != ready
    }
}

extension StorageSlot {
    /// Offset of the word before an async shared slot's state word, which holds the slot's
    /// ``AsyncSlotWaiters`` once a request has waited (see
    /// `InstanceLayoutBuilder.addShared(_:in:)`).
    var waitersOffset: Int {
        stateOffset - MemoryLayout<Int>.size
    }
}

/// Async shared bindings: their values live in the instance's storage like every shared value,
/// and are made once per instance however many tasks ask at the same moment.
///
/// - A made value is read with one acquiring load and a copy (``isSharedValueMade(_:)``,
///   ``sharedValue(_:as:)``): no lock, no await.
/// - Before the instance escapes (see ``escape()``), only the task building it can reach it, so
///   the value is made right there, in that task: no task is created, no lock is taken. A
///   creation that hands the instance to other tasks makes them wait for it as below; the
///   creation itself sees the building task's cancellation.
/// - Once the instance has escaped, the first request makes the value in a task of its own,
///   started on the requesting thread (`Task.immediate` where available), so cancelling a task
///   that waits for it does not cancel it: the others still get the value. Other requests wait
///   for it through the slot's ``AsyncSlotWaiters``, made by the first of them.
/// - A creation that throws leaves the slot empty: every request that waited for it receives
///   the error, and the next request starts a new creation.
/// - While a value is made, its slot's state holds the making task's token (or says that the
///   build makes it, and the escape recorded the build's task). A request from that
///   task, which can only come from the factory's own chain of awaits, throws
///   `SharedValueCycle` instead of waiting for itself. A task that makes one value of the
///   instance, or of an ancestor, and asks for another makes that one too, in place of
///   starting a task and awaiting it: a cycle through several async shared bindings comes back
///   to the task that started it. A value the build makes this way after the instance escaped
///   sees the build's cancellation, as the values it made before do.
/// - Two requests that enter such a cycle at once, from different bindings, each start a
///   creation, which then waits for the other's. A request that must wait records its wait in
///   ``WaitForGraph``, and first follows the waits recorded there from the value it wants: one
///   that comes back to a value its own task makes throws `SharedValueCycle` instead.
extension ComponentInstance {
    /// Whether an async shared slot's value is made: one acquiring load.
    @inlinable
    func isSharedValueMade(_ slot: StorageSlot) -> Bool {
        words.state(at: slot.stateOffset).load(ordering: .acquiring) == SlotState.ready
    }

    /// The made value of a shared slot; call it once ``isSharedValueMade(_:)`` is true.
    @inlinable
    func sharedValue<T>(_ slot: StorageSlot, as type: T.Type) -> T {
        if slot.isBoxed {
            return words.value(at: slot.valueOffset, as: Box<T>.self).value
        }
        return words.value(at: slot.valueOffset, as: T.self)
    }

    /// The value of an async shared slot: made by `create` unless it is made, awaited while
    /// another task makes it. An error `create` throws reaches the caller wrapped by `errors`,
    /// or as it is when `errors` is nil (`create` wraps its errors itself).
    ///
    /// The path of a build that nothing else reaches is this function alone, inlined into the
    /// binding's resolver: the slot is claimed with a plain store and `create` awaited here, no
    /// async frame of its own.
    @inline(__always)
    func sharedAsync<T>(_ slot: StorageSlot, _ create: @escaping AsyncResolver<T>, errors: ErrorContext?) async throws -> T {
        let state = words.state(at: slot.stateOffset)
        guard !hasEscaped, state.load(ordering: .relaxed) == SlotState.empty else {
            return try await sharedAsyncOnceEscaped(slot, create, errors: errors)
        }
        // Only this task can reach the instance: nothing else makes the value or waits for it.
        state.store(SlotState.beingMadeByTheBuild, ordering: .relaxed)
        return try await makeClaimedSharedAsync(slot, create, errors: errors)
    }

    /// `sharedAsync` once the instance has escaped, or when the slot is not empty.
    @inline(never)
    private func sharedAsyncOnceEscaped<T>(_ slot: StorageSlot, _ create: @escaping AsyncResolver<T>, errors: ErrorContext?) async throws -> T {
        let state = words.state(at: slot.stateOffset)
        let token = currentTaskToken()
        while true {
            let (claimed, found) = state.compareExchange(
                expected: SlotState.empty, desired: token, ordering: .acquiringAndReleasing
            )
            if claimed {
                if isMakingAsyncValue(token, otherThan: slot) {
                    // This task makes another value, which waits for this one: make this one here
                    // too (see the type's comment).
                    return try await makeClaimedSharedAsync(slot, create, errors: errors)
                }
                let shared = SharedInstance(self)
                let creation = Self.startCreation {
                    let instance = shared.instance
                    let maker = currentTaskToken()
                    // The slot still holds the token of the task that claimed it, which awaits
                    // this one: the maker is this task from now on.
                    instance.words.state(at: slot.stateOffset).store(maker, ordering: .relaxed)
                    return SentValue(try await instance.makeClaimedSharedAsync(slot, create, errors: errors))
                }
                return try await creation.value.value
            }
            if found == SlotState.ready {
                return sharedValue(slot, as: T.self)
            }
            if maker(of: found) == token {
                // This task is making the value: its factory, or one it awaits, asked for it.
                throw SharedValueCycle(binding: "\(T.self)")
            }
            // Being made by another task: wait for it, then look again (it may have failed).
            guard try await waitWhileMaking(slot, token: token) else {
                // That task waits, through others, for a value this one makes.
                throw SharedValueCycle(binding: "\(T.self)")
            }
        }
    }

    /// Waits while another task makes the value of an async shared slot, for the task whose
    /// token is `token`: until the value is made, or its creation failed (which throws the
    /// creation's error). Returns false at once, without waiting, when the making task waits,
    /// through other tasks' waits, for a value that this task makes: two requests entered a
    /// cycle of async providers from its two ends, and neither wait would ever end (see
    /// ``WaitForGraph``).
    private func waitWhileMaking(_ slot: StorageSlot, token: Int) async throws -> Bool {
        let state = words.state(at: slot.stateOffset)
        let graph = WaitForGraph.tasks
        let waiter = CollectionOfOne(token)
        guard graph.startWaiting(waiter, for: WaitForGraph.Slot(state: state, buildMaker: escapedIn)) else {
            return false
        }
        defer { graph.stopWaiting(waiter) }
        let waiters = words.objectWord(at: slot.waitersOffset, of: AsyncSlotWaiters.self).loadOrSet { AsyncSlotWaiters() }
        try await waiters.wait(task: token) {
            SlotState.isBeingMade(state.load(ordering: .sequentiallyConsistent))
        }
        return true
    }

    /// Whether the task whose token is `token` makes the value of an async shared slot of this
    /// instance other than `slot`, or of an ancestor's: a child's value can wait for a parent's.
    private func isMakingAsyncValue(_ token: Int, otherThan slot: StorageSlot) -> Bool {
        if layout.isMakingAsyncValue(token, in: words, otherThan: slot.waitersOffset, maker: maker(of:)) { return true }
        var ancestor = parent
        while let instance = ancestor {
            if instance.layout.isMakingAsyncValue(token, in: instance.words, otherThan: -1, maker: instance.maker(of:)) {
                return true
            }
            ancestor = instance.parent
        }
        return false
    }

    /// The token of the task making the value of an async slot whose state is `state`.
    private func maker(of state: Int) -> Int {
        state == SlotState.beingMadeByTheBuild ? escapedIn : state
    }

    /// Records the task running the build, as the instance escapes: the maker of the async
    /// values that the build started to make before, whose slots say `beingMadeByTheBuild`.
    @usableFromInline
    func recordEscapingTask() {
        escapedIn = currentTaskToken()
    }

    /// Runs the creation of a claimed async shared slot, stores and publishes the value (or
    /// empties the slot when `create` throws), and resumes whoever waited.
    @inline(__always)
    private func makeClaimedSharedAsync<T>(_ slot: StorageSlot, _ create: AsyncResolver<T>, errors: ErrorContext?) async throws -> T {
        let value: T
        do {
            value = try await create(self)
        } catch {
            let wrapped: any Error = errors?.wrap(error) ?? error
            abandonSharedAsync(slot, error: wrapped)
            throw wrapped
        }
        publishSharedAsync(slot, value)
        return value
    }

    /// Stores and publishes the value of a claimed async shared slot, and resumes whoever waited.
    private func publishSharedAsync<T>(_ slot: StorageSlot, _ value: T) {
        let words = self.words
        if slot.isBoxed {
            words.initialize(to: Box(value), at: slot.valueOffset)
        } else {
            words.initialize(to: value, at: slot.valueOffset)
        }
        // Published before the waiters are read: a request that sets the waiters after this
        // read finds the value made (see `AtomicObjectWord`).
        words.state(at: slot.stateOffset).store(SlotState.ready, ordering: .sequentiallyConsistent)
        words.objectWord(at: slot.waitersOffset, of: AsyncSlotWaiters.self).load()?.resumeAll(with: .success(()))
    }

    /// Empties a claimed async shared slot whose creation threw, and hands the error to whoever
    /// waited; the next request starts a new creation.
    ///
    /// Once the instance has escaped, the slot is emptied under the waiters' lock: a request
    /// that empties it, claims it again and fails could otherwise be listed before this one's
    /// waiters are read, and receive this creation's error instead of its own.
    private func abandonSharedAsync(_ slot: StorageSlot, error: any Error) {
        let state = words.state(at: slot.stateOffset)
        guard hasEscaped else {
            // Only this task can reach the instance: nothing waits.
            state.store(SlotState.empty, ordering: .sequentiallyConsistent)
            return
        }
        words.objectWord(at: slot.waitersOffset, of: AsyncSlotWaiters.self).loadOrSet { AsyncSlotWaiters() }
            .resumeAll(with: .failure(error)) { state.store(SlotState.empty, ordering: .sequentiallyConsistent) }
    }

    /// Starts the task that makes a value other tasks may wait for. It runs on the calling
    /// thread until it first suspends, where the toolchain allows: a creation that does not
    /// suspend is done before this returns, without a hop to another thread.
    private static func startCreation<T>(
        _ operation: sending @escaping @isolated(any) () async throws -> SentValue<T>
    ) -> Task<SentValue<T>, any Error> {
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            return Task.immediate(operation: operation)
        }
        return Task(operation: operation)
    }
}
