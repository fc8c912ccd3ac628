#include "CHeap.h"
#if defined(__linux__)
#include <malloc.h>
#endif
#if defined(__GLIBC__)
size_t cheap_heap_in_use(void) { return mallinfo2().uordblks; }
#else
size_t cheap_heap_in_use(void) { return 0; }
#endif
