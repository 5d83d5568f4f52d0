/*
 * fuzz/fuzz_dgb.c - the .dgb batch-stream reader (fuzz/batch_stream.h).
 *
 * The fuzz build accepts any checksum (FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
 * in src/io/dgb.c), so mutated inputs reach the structure checks behind the
 * checksums; the replay test, built normally, checks them as users get them.
 */
#include "batch_stream.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return fz_batch_stream(data, size, true);
}
