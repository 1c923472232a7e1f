#ifndef QUARTET_CPNG_SHIM_H
#define QUARTET_CPNG_SHIM_H
#include <png.h>

// NB: the simplified API (png_image_*) is used because it reports errors in `message` instead of longjmp,
// which Swift cannot survive. Its version and format constants are macros; these give them to Swift.
static inline png_uint_32 quartet_png_image_version(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 quartet_png_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline png_uint_32 quartet_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline int quartet_png_image_failed(const png_image *image) { return PNG_IMAGE_FAILED(*image); }
#endif
