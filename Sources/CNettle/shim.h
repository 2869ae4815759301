// Nettle (GNU's low-level cryptography library, Debian's nettle-dev): SHA-256 and HMAC-SHA256
// for the players' team tokens and upload names. Contexts are plain structs; nothing allocates.
#include <nettle/sha2.h>
#include <nettle/hmac.h>
