/*
 * fuzz/fuzz_dgt.c - the .dgt batch-stream reader (fuzz/batch_stream.h).
 */
#include "batch_stream.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return fz_batch_stream(data, size, false);
}
