#ifndef QUARTET_CBODYIO_H
#define QUARTET_CBODYIO_H
#include <stddef.h>
#include <stdint.h>

// C helpers for large request bodies: decoding base64 with vector instructions, and writing files past the
// page cache.

/// Decodes the longest prefix of `input` made of whole blocks of standard base64 alphabet characters (no
/// padding, no line breaks) with the processor's vector instructions, writing 3 bytes for every 4 characters.
///
/// Returns how many input bytes were consumed (a multiple of 4; 0 when the processor has no suitable
/// instructions or the text starts with something else); the caller decodes the rest. `output` needs room for
/// `length / 4 * 3 + 8` bytes.
size_t cbodyio_base64_decode_blocks(const uint8_t *input, size_t length, uint8_t *output);

/// The `open` flag for writes that go straight to the device (`O_DIRECT`, whose value differs by
/// architecture and which Swift cannot see), or 0 where the system has none.
int cbodyio_direct_flag(void);

#endif
