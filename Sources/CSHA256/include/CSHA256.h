#ifndef THREADAI_CSHA256_H
#define THREADAI_CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor has the SHA-256 instructions `threadai_sha256_compress_hardware` uses
/// (x86-64 SHA extensions with SSSE3 and SSE4.1). Always 0 on other architectures.
int threadai_sha256_hardware_available(void);

/// Compresses `block_count` 64-byte blocks at `blocks` into the eight state words H0…H7 (FIPS 180-4
/// §6.2.2) with the processor's SHA-256 instructions, given the 64 round constants K0…K63 (§4.2.2;
/// the caller's, so they are written down once). Call only when
/// `threadai_sha256_hardware_available()` returned 1.
void threadai_sha256_compress_hardware(
    uint32_t state[8], const uint8_t *blocks, size_t block_count, const uint32_t round_constants[64]);

#endif
