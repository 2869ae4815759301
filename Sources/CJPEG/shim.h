// libjpeg-turbo's TurboJPEG API: scaled decoding (1/8 … 1) and encoding with error codes
// instead of libjpeg's longjmp-based error handling, which Swift cannot use.
#include <turbojpeg.h>
