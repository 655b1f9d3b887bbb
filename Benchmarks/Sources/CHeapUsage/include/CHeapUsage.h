#ifndef C_HEAP_USAGE_H
#define C_HEAP_USAGE_H

#include <stddef.h>

/// Bytes of heap in use by malloc: glibc's mallinfo2() (uordblks + hblkhd), summed over every
/// arena. 0 where mallinfo2 does not exist.
size_t wiring_bench_heap_bytes_in_use(void);

/// Returns freed memory at the top of the heap to the system (glibc's malloc_trim), so that
/// successive readings compare like with like. Does nothing where malloc_trim does not exist.
void wiring_bench_heap_trim(void);

#endif
