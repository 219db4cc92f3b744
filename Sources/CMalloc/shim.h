// glibc's allocator settings (`mallopt`), which Glibc's Swift module leaves out.
#include <malloc.h>
