#ifndef QUARTET_CFUZZER_H
#define QUARTET_CFUZZER_H
#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver, for an executable that has a `main` of its own (SwiftPM renames an executable's entry
// point, so defining `LLVMFuzzerTestOneInput` and letting libFuzzer provide `main` does not link). Linked from
// the toolchain's libFuzzer by `-sanitize=fuzzer`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
