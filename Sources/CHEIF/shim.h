// libheif: HEIF/HEIC and AVIF decoding (the container, grids, irot/imir/clap, and the HEVC and
// AV1 decoder plugins). Errors come back as `struct heif_error` values, never by longjmp.
//
// Not linked: libheif and its decoders (x265, libde265, dav1d, aom) are a tenth of the program's
// start-up, and only HEIF photos need them. `libheif_functions_load` opens the library at run time
// and resolves the functions HuntKit calls into a struct of pointers whose types are libheif's own
// declarations; its header is used for those types and constants only.
#include <dlfcn.h>
#include <stdlib.h>
#include <libheif/heif.h>

// The functions HuntKit calls, without their `heif_` prefix.
#define LIBHEIF_FUNCTIONS(X) \
    X(context_alloc) X(context_free) X(context_read_from_reader) X(context_set_maximum_image_size_limit) \
    X(context_set_max_decoding_threads) X(context_get_primary_image_ID) X(context_get_primary_image_handle) \
    X(image_handle_release) X(image_handle_get_width) X(image_handle_get_height) \
    X(image_handle_get_ispe_width) X(image_handle_get_ispe_height) X(image_handle_get_luma_bits_per_pixel) \
    X(image_handle_get_number_of_thumbnails) X(image_handle_get_list_of_thumbnail_IDs) X(image_handle_get_thumbnail) \
    X(decoding_options_alloc) X(decoding_options_free) X(decode_image) \
    X(image_release) X(image_get_width) X(image_get_height) X(image_get_plane_readonly) \
    X(image_get_bits_per_pixel) X(image_get_bits_per_pixel_range)

/// libheif's functions: `context_alloc` is `heif_context_alloc`, with its type.
struct libheif_functions {
#define LIBHEIF_FIELD(name) __typeof__(&heif_##name) _Nonnull name;
    LIBHEIF_FUNCTIONS(LIBHEIF_FIELD)
#undef LIBHEIF_FIELD
};

/// Opens `library` (`RTLD_NOW | RTLD_LOCAL`: every symbol bound now, none visible to others) and
/// resolves each function: the struct, kept for the life of the process like the library, or NULL
/// with `*error` saying why in dlerror's words. Call once.
static inline const struct libheif_functions *_Nullable
libheif_functions_load(const char *_Nonnull library, const char *_Nullable *_Nonnull error) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) { *error = dlerror(); return NULL; }
    struct libheif_functions *functions = malloc(sizeof *functions);
    if (functions == NULL) { *error = "out of memory"; dlclose(handle); return NULL; }
#define LIBHEIF_RESOLVE(name) \
    if ((functions->name = (__typeof__(&heif_##name))dlsym(handle, "heif_" #name)) == NULL) { \
        *error = dlerror(); free(functions); dlclose(handle); return NULL; \
    }
    LIBHEIF_FUNCTIONS(LIBHEIF_RESOLVE)
#undef LIBHEIF_RESOLVE
    return functions;
}
