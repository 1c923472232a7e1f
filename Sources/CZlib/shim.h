#ifndef QUARTET_CZLIB_SHIM_H
#define QUARTET_CZLIB_SHIM_H
#include <zlib.h>

// NB: deflateInit2 and inflateInit2 are macros (they pass the library's version and the stream's size, so a
// header and library that disagree are caught); these give them to Swift.
static inline int quartet_deflate_init_gzip(z_stream *stream, int level) {
    // 15 + 16: the largest window, written with a gzip header and trailer (RFC 1952); memory level 8 as zlib's
    // default.
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

static inline int quartet_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}
#endif
