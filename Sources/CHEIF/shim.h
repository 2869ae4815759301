// libheif: HEIF/HEIC and AVIF decoding (the container, grids, irot/imir/clap, and the HEVC and
// AV1 decoder plugins). Errors come back as `struct heif_error` values, never by longjmp.
#include <libheif/heif.h>
