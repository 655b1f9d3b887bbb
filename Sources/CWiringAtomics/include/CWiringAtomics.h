// The atomics of Wiring's run-time: C11 <stdatomic.h> on one machine word, so that Wiring needs
// no `Synchronization` (macOS 15, iOS 18) and runs where the Swift 5.9 runtime does.
//
// Every function takes the address of a plain `intptr_t` (`UnsafeMutablePointer<Int>` in Swift)
// that is only ever accessed through these functions, and reads it as an `_Atomic(intptr_t)`:
// on every platform Swift supports the two have the same size and alignment (checked below), and
// a word-sized atomic is lock-free, so the cast changes no bit of memory. The functions are
// `static inline`: Swift imports them through Clang and inlines each into its caller, one
// instruction on x86-64 and ARM64, as `Synchronization.Atomic` was.
//
// Orderings are spelled in the name, as in `Atomic`'s `ordering:` labels: `relaxed`, `acquire`,
// `release`, `acq_rel` (an exchange that acquires and releases; a failed compare-exchange then
// acquires) and `seq_cst`. No type of this header appears in Wiring's public API.
#ifndef CWIRING_ATOMICS_H
#define CWIRING_ATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

_Static_assert(sizeof(_Atomic(intptr_t)) == sizeof(intptr_t), "an atomic word is a word");
_Static_assert(_Alignof(_Atomic(intptr_t)) == _Alignof(intptr_t), "an atomic word is aligned as a word");

#define CWIRING_WORD(address) ((_Atomic(intptr_t) *)(address))

static inline intptr_t wiring_atomic_load_relaxed(intptr_t *address) {
    return atomic_load_explicit(CWIRING_WORD(address), memory_order_relaxed);
}

static inline intptr_t wiring_atomic_load_acquire(intptr_t *address) {
    return atomic_load_explicit(CWIRING_WORD(address), memory_order_acquire);
}

static inline intptr_t wiring_atomic_load_seq_cst(intptr_t *address) {
    return atomic_load_explicit(CWIRING_WORD(address), memory_order_seq_cst);
}

static inline void wiring_atomic_store_relaxed(intptr_t *address, intptr_t value) {
    atomic_store_explicit(CWIRING_WORD(address), value, memory_order_relaxed);
}

static inline void wiring_atomic_store_release(intptr_t *address, intptr_t value) {
    atomic_store_explicit(CWIRING_WORD(address), value, memory_order_release);
}

static inline void wiring_atomic_store_seq_cst(intptr_t *address, intptr_t value) {
    atomic_store_explicit(CWIRING_WORD(address), value, memory_order_seq_cst);
}

static inline intptr_t wiring_atomic_exchange_acquire(intptr_t *address, intptr_t value) {
    return atomic_exchange_explicit(CWIRING_WORD(address), value, memory_order_acquire);
}

/// Stores `desired` if the word holds `*expected`, and returns true; otherwise writes the word's
/// value to `*expected` and returns false. Strong: it never fails spuriously.
static inline bool wiring_atomic_compare_exchange_acq_rel(intptr_t *address, intptr_t *expected, intptr_t desired) {
    return atomic_compare_exchange_strong_explicit(
        CWIRING_WORD(address), expected, desired, memory_order_acq_rel, memory_order_acquire);
}

static inline bool wiring_atomic_compare_exchange_release(intptr_t *address, intptr_t *expected, intptr_t desired) {
    return atomic_compare_exchange_strong_explicit(
        CWIRING_WORD(address), expected, desired, memory_order_release, memory_order_relaxed);
}

static inline bool wiring_atomic_compare_exchange_seq_cst(intptr_t *address, intptr_t *expected, intptr_t desired) {
    return atomic_compare_exchange_strong_explicit(
        CWIRING_WORD(address), expected, desired, memory_order_seq_cst, memory_order_seq_cst);
}

#undef CWIRING_WORD

#endif
