// cairo (PDF drawing) and pango (text layout through fontconfig and HarfBuzz), for printable sheets.
//
// Not linked: cairo, pango and the glib, fontconfig, freetype, HarfBuzz and X libraries they bring
// took about 4 ms of every `hunt` start-up (half of the time spent loading libraries), and only
// `hunt sheets` draws. `pangocairo_functions_load` opens libpangocairo at run time and resolves the
// functions HuntSheets calls, from it and the libraries it depends on, into a struct of pointers.
//
// The declarations are written here because the real headers need pkg-config's include paths, and
// a SwiftPM system library that names a pkg-config file links its libraries. They are checked
// against the real headers: `.ci/check/c-declarations.sh` compiles this file with
// HUNT_CHECK_AGAINST_HEADERS defined after <pango/pangocairo.h> and <cairo-pdf.h>, where every
// function's type, every enum's integer type, every constant and the two structs' layouts must
// match (the build fails otherwise).
#ifndef HUNT_CCAIRO_SHIM_H
#define HUNT_CCAIRO_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>

// The enums HuntSheets passes or receives; C gives each the integer type `unsigned int`.
#define PANGOCAIRO_ENUMS(X) \
    X(cairo_status_t) X(cairo_content_t) X(cairo_fill_rule_t) X(cairo_hint_style_t) X(cairo_hint_metrics_t) \
    X(cairo_pdf_metadata_t) X(cairo_pdf_outline_flags_t) \
    X(PangoStyle) X(PangoWeight) X(PangoAlignment) X(PangoWrapMode)

// The constants HuntSheets uses: type, name, value.
#define PANGOCAIRO_CONSTANTS(X) \
    X(cairo_status_t, CAIRO_STATUS_SUCCESS, 0) X(cairo_status_t, CAIRO_STATUS_WRITE_ERROR, 11) \
    X(cairo_content_t, CAIRO_CONTENT_COLOR_ALPHA, 0x3000) X(cairo_fill_rule_t, CAIRO_FILL_RULE_WINDING, 0) \
    X(cairo_hint_style_t, CAIRO_HINT_STYLE_NONE, 1) X(cairo_hint_metrics_t, CAIRO_HINT_METRICS_OFF, 1) \
    X(cairo_pdf_metadata_t, CAIRO_PDF_METADATA_TITLE, 0) X(cairo_pdf_metadata_t, CAIRO_PDF_METADATA_CREATOR, 4) \
    X(cairo_pdf_metadata_t, CAIRO_PDF_METADATA_CREATE_DATE, 5) \
    X(cairo_pdf_outline_flags_t, CAIRO_PDF_OUTLINE_FLAG_BOLD, 0x2) \
    X(int, PANGO_SCALE, 1024) \
    X(PangoStyle, PANGO_STYLE_NORMAL, 0) X(PangoStyle, PANGO_STYLE_ITALIC, 2) \
    X(PangoWeight, PANGO_WEIGHT_NORMAL, 400) X(PangoWeight, PANGO_WEIGHT_BOLD, 700) \
    X(PangoAlignment, PANGO_ALIGN_LEFT, 0) X(PangoAlignment, PANGO_ALIGN_CENTER, 1) \
    X(PangoAlignment, PANGO_ALIGN_RIGHT, 2) X(PangoWrapMode, PANGO_WRAP_WORD_CHAR, 2)

// cairo_rectangle_t's fields, and the leading fields of PangoLayoutLine (read through a pointer
// pango returns, never allocated here).
#define PANGOCAIRO_RECTANGLE_FIELDS double x, y, width, height;
#define PANGOCAIRO_LAYOUT_LINE_FIELDS PangoLayout *layout; int start_index; int length;

#ifndef HUNT_CHECK_AGAINST_HEADERS
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo_font_options cairo_font_options_t;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoContext PangoContext;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoLayoutIter PangoLayoutIter;
#define PANGOCAIRO_TYPEDEF(name) typedef unsigned int name;
PANGOCAIRO_ENUMS(PANGOCAIRO_TYPEDEF)
#undef PANGOCAIRO_TYPEDEF
#define PANGOCAIRO_CONSTANT(type, name, value) static const type name = value;
PANGOCAIRO_CONSTANTS(PANGOCAIRO_CONSTANT)
#undef PANGOCAIRO_CONSTANT
#define CAIRO_TAG_LINK "Link"
typedef struct _cairo_rectangle { PANGOCAIRO_RECTANGLE_FIELDS } cairo_rectangle_t;
typedef struct _PangoLayoutLine { PANGOCAIRO_LAYOUT_LINE_FIELDS } PangoLayoutLine;
typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);
#endif

// The functions HuntSheets calls: return type, name, parameters.
#define PANGOCAIRO_FUNCTIONS(X) \
    X(cairo_surface_t *, cairo_pdf_surface_create_for_stream, (cairo_write_func_t write_func, void *closure, double width_in_points, double height_in_points)) \
    X(void, cairo_pdf_surface_set_metadata, (cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8)) \
    X(int, cairo_pdf_surface_add_outline, (cairo_surface_t *surface, int parent_id, const char *utf8, const char *link_attribs, cairo_pdf_outline_flags_t flags)) \
    X(cairo_surface_t *, cairo_recording_surface_create, (cairo_content_t content, const cairo_rectangle_t *extents)) \
    X(void, cairo_surface_finish, (cairo_surface_t *surface)) \
    X(cairo_status_t, cairo_surface_status, (cairo_surface_t *surface)) \
    X(void, cairo_surface_destroy, (cairo_surface_t *surface)) \
    X(const char *, cairo_status_to_string, (cairo_status_t status)) \
    X(cairo_t *, cairo_create, (cairo_surface_t *target)) \
    X(void, cairo_destroy, (cairo_t *cr)) \
    X(void, cairo_save, (cairo_t *cr)) \
    X(void, cairo_restore, (cairo_t *cr)) \
    X(void, cairo_translate, (cairo_t *cr, double tx, double ty)) \
    X(void, cairo_scale, (cairo_t *cr, double sx, double sy)) \
    X(void, cairo_rotate, (cairo_t *cr, double angle)) \
    X(void, cairo_set_source_rgb, (cairo_t *cr, double red, double green, double blue)) \
    X(void, cairo_set_source_surface, (cairo_t *cr, cairo_surface_t *surface, double x, double y)) \
    X(void, cairo_set_line_width, (cairo_t *cr, double width)) \
    X(void, cairo_set_dash, (cairo_t *cr, const double *dashes, int num_dashes, double offset)) \
    X(void, cairo_set_fill_rule, (cairo_t *cr, cairo_fill_rule_t fill_rule)) \
    X(void, cairo_new_sub_path, (cairo_t *cr)) \
    X(void, cairo_move_to, (cairo_t *cr, double x, double y)) \
    X(void, cairo_line_to, (cairo_t *cr, double x, double y)) \
    X(void, cairo_arc, (cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2)) \
    X(void, cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height)) \
    X(void, cairo_close_path, (cairo_t *cr)) \
    X(void, cairo_fill, (cairo_t *cr)) \
    X(void, cairo_stroke, (cairo_t *cr)) \
    X(void, cairo_paint, (cairo_t *cr)) \
    X(void, cairo_show_page, (cairo_t *cr)) \
    X(void, cairo_tag_begin, (cairo_t *cr, const char *tag_name, const char *attributes)) \
    X(void, cairo_tag_end, (cairo_t *cr, const char *tag_name)) \
    X(cairo_font_options_t *, cairo_font_options_create, (void)) \
    X(void, cairo_font_options_destroy, (cairo_font_options_t *options)) \
    X(void, cairo_font_options_set_hint_metrics, (cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics)) \
    X(void, cairo_font_options_set_hint_style, (cairo_font_options_t *options, cairo_hint_style_t hint_style)) \
    X(PangoLayout *, pango_cairo_create_layout, (cairo_t *cr)) \
    X(void, pango_cairo_update_layout, (cairo_t *cr, PangoLayout *layout)) \
    X(void, pango_cairo_show_layout, (cairo_t *cr, PangoLayout *layout)) \
    X(void, pango_cairo_context_set_font_options, (PangoContext *context, const cairo_font_options_t *options)) \
    X(void, pango_context_set_round_glyph_positions, (PangoContext *context, int round_positions)) \
    X(PangoFontDescription *, pango_font_description_new, (void)) \
    X(void, pango_font_description_free, (PangoFontDescription *desc)) \
    X(void, pango_font_description_set_family, (PangoFontDescription *desc, const char *family)) \
    X(void, pango_font_description_set_absolute_size, (PangoFontDescription *desc, double size)) \
    X(void, pango_font_description_set_weight, (PangoFontDescription *desc, PangoWeight weight)) \
    X(void, pango_font_description_set_style, (PangoFontDescription *desc, PangoStyle style)) \
    X(PangoContext *, pango_layout_get_context, (PangoLayout *layout)) \
    X(void, pango_layout_context_changed, (PangoLayout *layout)) \
    X(void, pango_layout_set_wrap, (PangoLayout *layout, PangoWrapMode wrap)) \
    X(void, pango_layout_set_font_description, (PangoLayout *layout, const PangoFontDescription *desc)) \
    X(void, pango_layout_set_width, (PangoLayout *layout, int width)) \
    X(void, pango_layout_set_alignment, (PangoLayout *layout, PangoAlignment alignment)) \
    X(void, pango_layout_set_text, (PangoLayout *layout, const char *text, int length)) \
    X(void, pango_layout_get_size, (PangoLayout *layout, int *width, int *height)) \
    X(PangoLayoutIter *, pango_layout_get_iter, (PangoLayout *layout)) \
    X(void, pango_layout_iter_free, (PangoLayoutIter *iter)) \
    X(PangoLayoutLine *, pango_layout_iter_get_line_readonly, (PangoLayoutIter *iter)) \
    X(void, pango_layout_iter_get_line_yrange, (PangoLayoutIter *iter, int *y0_, int *y1_)) \
    X(int, pango_layout_iter_next_line, (PangoLayoutIter *iter)) \
    X(void, g_object_unref, (void *object))

/// The functions, each under its C name: `functions->cairo_create(surface)`.
struct pangocairo_functions {
#define PANGOCAIRO_FIELD(result, name, parameters) result (*name) parameters;
    PANGOCAIRO_FUNCTIONS(PANGOCAIRO_FIELD)
#undef PANGOCAIRO_FIELD
};

/// Opens `library` (libpangocairo; `RTLD_NOW | RTLD_LOCAL`: every symbol bound now, none visible to
/// others) and resolves each function in it or the libraries it loaded (cairo, pango, gobject):
/// the struct, kept for the life of the process like the library, or NULL with `*error` saying
/// why in dlerror's words. Call once.
static inline const struct pangocairo_functions *
pangocairo_functions_load(const char *library, const char **error) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) { *error = dlerror(); return NULL; }
    struct pangocairo_functions *functions = malloc(sizeof *functions);
    if (functions == NULL) { *error = "out of memory"; dlclose(handle); return NULL; }
#define PANGOCAIRO_RESOLVE(result, name, parameters) \
    if ((functions->name = (result (*) parameters)dlsym(handle, #name)) == NULL) { \
        *error = dlerror(); free(functions); dlclose(handle); return NULL; \
    }
    PANGOCAIRO_FUNCTIONS(PANGOCAIRO_RESOLVE)
#undef PANGOCAIRO_RESOLVE
    return functions;
}

#ifdef HUNT_CHECK_AGAINST_HEADERS
#define PANGOCAIRO_CHECK_ENUM(name) \
    _Static_assert(__builtin_types_compatible_p(name, unsigned int), #name " is not an unsigned int here");
PANGOCAIRO_ENUMS(PANGOCAIRO_CHECK_ENUM)
#define PANGOCAIRO_CHECK_CONSTANT(type, name, value) _Static_assert(name == value, #name " is not " #value);
PANGOCAIRO_CONSTANTS(PANGOCAIRO_CHECK_CONSTANT)
#define PANGOCAIRO_CHECK_FUNCTION(result, name, parameters) \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), result (*) parameters), #name " is declared differently");
PANGOCAIRO_FUNCTIONS(PANGOCAIRO_CHECK_FUNCTION)
_Static_assert(__builtin_types_compatible_p(cairo_write_func_t,
                                            cairo_status_t (*)(void *, const unsigned char *, unsigned int)),
               "cairo_write_func_t is declared differently");
struct pangocairo_rectangle { PANGOCAIRO_RECTANGLE_FIELDS };
_Static_assert(sizeof(struct pangocairo_rectangle) == sizeof(cairo_rectangle_t), "cairo_rectangle_t's size");
struct pangocairo_layout_line { PANGOCAIRO_LAYOUT_LINE_FIELDS };
#define PANGOCAIRO_CHECK_FIELD(ours, theirs, field) \
    _Static_assert(offsetof(ours, field) == offsetof(theirs, field) && \
                   __builtin_types_compatible_p(__typeof__(((ours *)0)->field), __typeof__(((theirs *)0)->field)), \
                   #theirs "." #field " is declared differently");
PANGOCAIRO_CHECK_FIELD(struct pangocairo_rectangle, cairo_rectangle_t, x)
PANGOCAIRO_CHECK_FIELD(struct pangocairo_rectangle, cairo_rectangle_t, y)
PANGOCAIRO_CHECK_FIELD(struct pangocairo_rectangle, cairo_rectangle_t, width)
PANGOCAIRO_CHECK_FIELD(struct pangocairo_rectangle, cairo_rectangle_t, height)
PANGOCAIRO_CHECK_FIELD(struct pangocairo_layout_line, PangoLayoutLine, layout)
PANGOCAIRO_CHECK_FIELD(struct pangocairo_layout_line, PangoLayoutLine, start_index)
PANGOCAIRO_CHECK_FIELD(struct pangocairo_layout_line, PangoLayoutLine, length)
#endif
#endif
