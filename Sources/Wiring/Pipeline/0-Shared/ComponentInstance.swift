/// One built component: the storage of its seed and of its shared bindings.
///
/// Every call of `ComponentFactory.build` makes one instance, in a single allocation; resolvers
/// receive it and read shared values from it with one atomic load.
@usableFromInline
final class ComponentInstance: ManagedBuffer<ComponentInstance.Header, UInt64> {

    @usableFromInline
    struct Header {
        /// The instance's layout, which tells `deinit` how to destroy the values of an instance
        /// that escaped.
        @usableFromInline let layout: InstanceLayout
        /// Nil once the build ends and the instance is kept for the next build (``SpareInstance``).
        @usableFromInline var parent: ComponentInstance?
        /// Whether anything but the `build` that made the instance holds it: a provider, a lazy
        /// value, a closure, a subcomponent. Set once, by the thread running that build, before
        /// the holder exists; never unset.
        @usableFromInline var hasEscaped = false
        /// The token of the task that ran the build when the instance escaped, for a layout
        /// with async shared slots (see `ComponentInstance.recordEscapingTask()`); `SlotState.empty`
        /// otherwise.
        @usableFromInline var escapedIn = SlotState.empty

        @usableFromInline
        init(layout: InstanceLayout, parent: ComponentInstance?) {
            self.layout = layout
            self.parent = parent
        }
    }

    /// Makes the storage of one built component; every shared slot starts empty.
    @inlinable
    static func make(layout: InstanceLayout, parent: ComponentInstance?) -> ComponentInstance {
        let instance = allocate(words: layout.wordCount, header: Header(layout: layout, parent: parent))
        if layout.hasSharedSlots {
            // Zero bytes are an `AtomicWord` holding `SlotState.empty`: every shared slot starts empty.
            instance.words.zero(count: layout.wordCount)
        }
        return instance
    }

    /// Makes the storage of one built component from the one a finished build of the same
    /// component left in `spare`, if any; otherwise allocates it. Every shared slot starts empty.
    @inlinable
    static func make(layout: InstanceLayout, parent: ComponentInstance?, reusing spare: SpareInstance) -> ComponentInstance {
        guard let instance = spare.take() else {
            return make(layout: layout, parent: parent)
        }
        instance.prepareForReuse(layout: layout, parent: parent)
        return instance
    }

    /// Gives an instance a finished build left its new parent. Its slots are empty already:
    /// `endBuild` emptied them when it destroyed their values (see
    /// `InstanceLayout.destroyValues(in:)`), and only a build that never escaped leaves one.
    @usableFromInline
    func prepareForReuse(layout: InstanceLayout, parent: ComponentInstance?) {
        if parent != nil {
            self.parent = parent
        }
    }

    deinit {
        // An instance that never escaped had its values destroyed by `endBuild(layout:)`.
        guard hasEscaped else { return }
        layout.destroyEscapedValues(in: words)
    }

    /// Records that something other than the running `build` now holds the instance. Call it
    /// before that holder can reach another thread.
    ///
    /// Until an instance escapes, only the thread running its `build` can reach it. That is what
    /// lets the build claim shared slots without a compare-and-swap and destroy the values itself
    /// when it ends, for a build whose root holds no provider.
    @inlinable
    func escape() {
        // Written once, by the thread running the build; later holders, on any thread, only
        // read it.
        if !hasEscaped {
            hasEscaped = true
            if layout.hasAsyncSharedSlots {
                recordEscapingTask()
            }
        }
    }

    /// Ends the `build` that made the instance: when nothing else holds it, destroys its values
    /// now; otherwise the last holder's release does, in `deinit`.
    @usableFromInline
    func endBuild(layout: InstanceLayout) {
        if !hasEscaped {
            layout.destroyValues(in: words)
        }
    }

    /// Ends the `build` that made the instance, as ``endBuild(layout:)`` does; an instance that
    /// nothing else holds is then kept in `spare` for the next build of its component.
    @usableFromInline
    func endBuild(layout: InstanceLayout, keepingIn spare: SpareInstance) {
        guard !hasEscaped else { return }
        layout.destroyValues(in: words)
        parent = nil
        spare.offer(self)
    }

    /// The instance of the ancestor `depth` levels up: 1 is the parent. Validation guarantees the
    /// chain is that long.
    @usableFromInline
    func ancestor(_ depth: Int) -> ComponentInstance {
        var instance = self
        for _ in 0..<depth {
            guard let parent = instance.parent else {
                preconditionFailure("Wiring internal error: a subcomponent instance has no ancestor \(depth) levels up.")
            }
            instance = parent
        }
        return instance
    }

    // MARK: - The seed

    /// Stores the seed; `build` calls this once, before anything can read it.
    @inlinable
    func storeSeed<T>(_ value: consuming T, at slot: StorageSlot) {
        if slot.isBoxed {
            words.initialize(to: Box(value), at: slot.valueOffset)
        } else {
            words.initialize(to: value, at: slot.valueOffset)
        }
    }

    /// Reads a value that is always present: the seed.
    @inlinable
    func storedValue<T>(at slot: StorageSlot, as type: T.Type) -> T {
        if slot.isBoxed {
            return words.value(at: slot.valueOffset, as: Box<T>.self).value
        }
        return words.value(at: slot.valueOffset, as: T.self)
    }

    // MARK: - Shared bindings

    /// The shared value of a slot: made by `create` the first time, then the same value.
    ///
    /// The hit path is one acquire load and a copy of the value, inlined into the resolver
    /// (`Linker.finish`); the miss is a call that ends the function, so the hit saves no register.
    @inlinable
    @inline(__always)
    func shared<T>(_ slot: StorageSlot, _ create: Resolver<T>) -> T {
        let words = self.words
        if words.state(at: slot.stateOffset).load(ordering: .acquiring) == SlotState.ready {
            return words.value(at: slot.valueOffset, as: T.self)
        }
        return madeShared(slot, create)
    }

    /// `shared` for values kept in a box because of their alignment.
    func sharedBoxed<T>(_ slot: StorageSlot, _ create: Resolver<T>) -> T {
        shared(slot) { instance in Box(create(instance)) }.value
    }

    /// The miss of ``shared(_:_:)``: makes the slot's value unless another thread has, exactly
    /// once, however many threads ask at the same time (see ``OnceSlot``), then gives it. Not
    /// specialised for each type, to keep the code each binding adds to its module small: it
    /// runs once per binding and built component.
    @usableFromInline
    @inline(never)
    func madeShared<T>(_ slot: StorageSlot, _ create: Resolver<T>) -> T {
        let words = self.words
        let state = words.state(at: slot.stateOffset)
        // Before the instance escapes, no other thread can race for the slot.
        if OnceSlot.claim(state, isUncontended: !hasEscaped, name: { "\(T.self)" }) {
            words.initialize(to: create(self), at: slot.valueOffset)
            OnceSlot.publish(state)
        }
        return words.value(at: slot.valueOffset, as: T.self)
    }
}

extension ComponentInstance {
    /// The shared value of a slot whose factory can throw: made by `create` the first time it
    /// succeeds. A `create` that throws leaves the slot empty, so the next request tries again.
    func sharedThrowing<T>(_ slot: StorageSlot, _ create: (ComponentInstance) throws -> T) throws -> T {
        if slot.isBoxed {
            return try sharedThrowing(slot.unboxed) { instance in Box(try create(instance)) }.value
        }
        let words = self.words
        let state = words.state(at: slot.stateOffset)
        if state.load(ordering: .acquiring) != SlotState.ready,
           OnceSlot.claim(state, isUncontended: !hasEscaped, name: { "\(T.self)" }) {
            do {
                words.initialize(to: try create(self), at: slot.valueOffset)
            } catch {
                OnceSlot.abandon(state)
                throw error
            }
            OnceSlot.publish(state)
        }
        return words.value(at: slot.valueOffset, as: T.self)
    }
}
