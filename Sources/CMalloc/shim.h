// glibc's malloc tuning (mallopt, malloc_trim), which Glibc's Swift module does not export:
// `hunt serve` runs for hours and hands freed judgements back to the system.
#include <malloc.h>
