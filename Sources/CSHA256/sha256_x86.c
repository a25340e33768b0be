// SHA-256 compression with the x86 SHA extensions. Each SHA256RNDS2 does two rounds on the state
// held as two registers, ABEF and CDGH; SHA256MSG1 and SHA256MSG2 compute the message schedule four
// words at a time. The portable implementation in Swift (SHA256Compression.swift) is the reference
// this one is tested against.
#include "CSHA256.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>
#endif

#ifdef CPU_FEATURE_ACTIVE
// glibc (2.33 and later) read the processor's features at start-up: ask it rather than execute CPUID
// again, which a virtual machine traps into its hypervisor (two of them cost about 25 µs a process
// here). glibc 2.32 has the header but another name for the macro, and takes the path below.
int threadai_sha256_hardware_available(void) {
    return CPU_FEATURE_ACTIVE(SSSE3) && CPU_FEATURE_ACTIVE(SSE4_1) && CPU_FEATURE_ACTIVE(SHA);
}
#else
#include <cpuid.h>

int threadai_sha256_hardware_available(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const int ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    const int sha = (ebx >> 29) & 1;
    return ssse3 && sse41 && sha;
}
#endif

__attribute__((target("sha,ssse3,sse4.1")))
void threadai_sha256_compress_hardware(
    uint32_t state[8], const uint8_t *blocks, size_t block_count, const uint32_t round_constants[64]) {
    // Big-endian words: reverse the bytes of each 32-bit lane.
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    // The state as the instructions want it: ABEF in one register, CDGH in the other.
    const __m128i cdab = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1);  // C D A B
    const __m128i efgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B);  // E F G H
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);

    for (; block_count > 0; block_count--, blocks += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        // w[g % 4] holds words 4g…4g+3 of the schedule; the four registers rotate.
        __m128i w[4];
#pragma clang loop unroll(full)
        for (int group = 0; group < 16; group++) {
            __m128i words;
            if (group < 4) {
                words = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16 * group)), byte_swap);
            } else {
                // W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], four at a time.
                const __m128i minus16 = w[group % 4], minus12 = w[(group + 1) % 4];
                const __m128i minus8 = w[(group + 2) % 4], minus4 = w[(group + 3) % 4];
                words = _mm_sha256msg1_epu32(minus16, minus12);
                words = _mm_add_epi32(words, _mm_alignr_epi8(minus4, minus8, 4));
                words = _mm_sha256msg2_epu32(words, minus4);
            }
            w[group % 4] = words;
            __m128i sums = _mm_add_epi32(words, _mm_loadu_si128((const __m128i *)&round_constants[4 * group]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, sums);
            sums = _mm_shuffle_epi32(sums, 0x0E);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, sums);
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }

    const __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    const __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));  // A B C D
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));     // E F G H
}

#else

int threadai_sha256_hardware_available(void) { return 0; }

void threadai_sha256_compress_hardware(
    uint32_t state[8], const uint8_t *blocks, size_t block_count, const uint32_t round_constants[64]) {
    (void)state;
    (void)blocks;
    (void)block_count;
    (void)round_constants;
}

#endif
