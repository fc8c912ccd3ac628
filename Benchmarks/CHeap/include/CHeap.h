#include <stddef.h>
/// Bytes of heap in use (glibc mallinfo2's uordblks); 0 where unavailable.
size_t cheap_heap_in_use(void);
