#ifdef __linux__
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include "CBodyIO.h"

int cbodyio_direct_flag(void) {
#ifdef O_DIRECT
    return O_DIRECT;
#else
    return 0;
#endif
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

// Classification (after Muła and Lemire, "Faster Base64 Encoding and Decoding Using AVX2 Instructions"):
// a byte is in the alphabet when the bit sets chosen by its low and its high nibble do not meet. Its six-bit
// value is the byte plus an offset chosen by its high nibble ('/' shares '+'s nibble, so it takes slot 1).
__attribute__((target("avx2")))
static size_t decode_avx2(const uint8_t *input, size_t length, uint8_t *output) {
    const __m256i by_low = _mm256_setr_epi8(
        0x15, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x13, 0x1A, 0x1B, 0x1B, 0x1B, 0x1A,
        0x15, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x13, 0x1A, 0x1B, 0x1B, 0x1B, 0x1A);
    const __m256i by_high = _mm256_setr_epi8(
        0x10, 0x10, 0x01, 0x02, 0x04, 0x08, 0x04, 0x08, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
        0x10, 0x10, 0x01, 0x02, 0x04, 0x08, 0x04, 0x08, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10);
    const __m256i offsets = _mm256_setr_epi8(
        0, 16, 19, 4, -65, -65, -71, -71, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 16, 19, 4, -65, -65, -71, -71, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i low_nibble = _mm256_set1_epi8(0x0F);
    const __m256i slash = _mm256_set1_epi8('/');
    // Two 6-bit values into 12 bits (first << 6 | second), then two of those into 24 bits.
    const __m256i pairs = _mm256_set1_epi32(0x01400140);
    const __m256i quads = _mm256_set1_epi32(0x00011000);
    // Each 32-bit lane holds its 24 bits little-endian: take bytes 2, 1, 0 of every lane.
    const __m256i order = _mm256_setr_epi8(
        2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1,
        2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);

    size_t consumed = 0;
    while (consumed + 32 <= length) {
        const __m256i text = _mm256_loadu_si256((const __m256i *)(input + consumed));
        const __m256i high = _mm256_and_si256(_mm256_srli_epi32(text, 4), low_nibble);
        const __m256i low = _mm256_and_si256(text, low_nibble);
        const __m256i clash = _mm256_and_si256(_mm256_shuffle_epi8(by_low, low), _mm256_shuffle_epi8(by_high, high));
        if (!_mm256_testz_si256(clash, clash)) break;
        const __m256i slot = _mm256_add_epi8(high, _mm256_cmpeq_epi8(text, slash));
        const __m256i values = _mm256_add_epi8(text, _mm256_shuffle_epi8(offsets, slot));
        const __m256i merged = _mm256_madd_epi16(_mm256_maddubs_epi16(values, pairs), quads);
        const __m256i packed = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(merged, order), lanes);
        _mm256_storeu_si256((__m256i *)(output + consumed / 4 * 3), packed);
        consumed += 32;
    }
    return consumed;
}

size_t cbodyio_base64_decode_blocks(const uint8_t *input, size_t length, uint8_t *output) {
    // NB: reads what the compiler runtime detected at start-up; no state of our own, so no race.
    return __builtin_cpu_supports("avx2") ? decode_avx2(input, length, output) : 0;
}

#else

size_t cbodyio_base64_decode_blocks(const uint8_t *input, size_t length, uint8_t *output) {
    (void)input;
    (void)length;
    (void)output;
    return 0;
}

#endif
