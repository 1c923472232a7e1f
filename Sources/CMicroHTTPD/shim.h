#ifndef QUARTET_CMICROHTTPD_SHIM_H
#define QUARTET_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// MHD_SIZE_UNKNOWN is a macro Swift does not import.
static inline uint64_t cmhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }
/// MHD_CONTENT_READER_END_OF_STREAM is a macro Swift does not import.
static inline ssize_t cmhd_reader_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
/// MHD_CONTENT_READER_END_WITH_ERROR is a macro Swift does not import.
static inline ssize_t cmhd_reader_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }
#endif
