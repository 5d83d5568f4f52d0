/*
 * src/io/parse.h - hand-written number parsing and formatting for the text
 * readers and writers (internal).
 *
 * The parsers read from a pointer and stop at the first byte that cannot
 * continue the number; they never look past a byte that is not a digit, a
 * sign, '.', or an exponent letter, so a text that ends with any other byte
 * (a newline, a NUL sentinel) can be scanned without length checks. They
 * return a dyng_i_num code and leave the pointer after what they consumed.
 *
 * The formatters write decimal digits into a buffer the caller has sized
 * (DYNG_I_INT_CHARS per number) and return the number of bytes written.
 */
#ifndef DYNG_I_PARSE_H
#define DYNG_I_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef enum dyng_i_num {
    DYNG_I_NUM_OK = 0,
    DYNG_I_NUM_NONE,     /* no digits where a number was expected   */
    DYNG_I_NUM_OVERFLOW, /* more than the target type can hold      */
    DYNG_I_NUM_FRACTION  /* a real value with a fractional part     */
} dyng_i_num;

/* Blanks between tokens: space, tab, CR (so CRLF line ends need no special
 * case), vertical tab, form feed. Never '\n' or NUL. */
static inline bool dyng_i_is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline bool dyng_i_is_digit(char c) { return (unsigned char)(c - '0') < 10; }

/* Unsigned decimal digits (no sign) into *out; OVERFLOW past `max` (the
 * digits are consumed all the same). */
static inline dyng_i_num dyng_i_parse_uint(const char **pp, uint64_t max, uint64_t *out) {
    const unsigned char *p = (const unsigned char *)*pp;
    const unsigned char *start = p;
    uint64_t v = 0;
    unsigned d;
    /* 19 digits always fit in 64 bits: no overflow check on the way */
    while ((d = (unsigned)*p - '0') <= 9 && p - start < 19) {
        v = v * 10 + d;
        p++;
    }
    bool over = false;
    for (; (d = (unsigned)*p - '0') <= 9; p++) { /* a 20th digit and more */
        if (over || v > (UINT64_MAX - d) / 10)
            over = true;
        else
            v = v * 10 + d;
    }
    *pp = (const char *)p;
    if (p == start)
        return DYNG_I_NUM_NONE;
    if (over || v > max)
        return DYNG_I_NUM_OVERFLOW;
    *out = v;
    return DYNG_I_NUM_OK;
}

/* An optionally signed decimal integer in [-(max + 1), max]. */
static inline dyng_i_num dyng_i_parse_int(const char **pp, uint64_t max, int64_t *out) {
    const char *p = *pp;
    bool neg = false;
    if (*p == '+' || *p == '-') {
        neg = *p == '-';
        p++;
    }
    uint64_t mag;
    dyng_i_num r = dyng_i_parse_uint(&p, max + (neg ? 1 : 0), &mag);
    *pp = p;
    if (r != DYNG_I_NUM_OK)
        return r;
    *out = neg ? (mag == 0 ? 0 : -(int64_t)(mag - 1) - 1) : (int64_t)mag;
    return DYNG_I_NUM_OK;
}

/*
 * A real number that must be an integer in int32: [+-]digits[.digits]
 * [(e|E)[+-]digits], at least one mantissa digit. "3", "3.0", "3e0",
 * "-2.000", "0.25e2" are integers; "2.5" is FRACTION; a value outside int32
 * is OVERFLOW (FRACTION wins when both apply). The value is
 * acc * 10^(exp10 + zeros), acc holding the significant digits up to the last
 * non-zero one and zeros counting the zeros after it.
 */
static inline dyng_i_num dyng_i_parse_real_i32(const char **pp, int32_t *out) {
    const char *p = *pp;
    bool neg = false, any = false, big = false;
    uint64_t acc = 0;
    int sig = 0;       /* digits in acc                          */
    int64_t zeros = 0; /* zeros after the last non-zero digit    */
    int64_t exp10 = 0; /* exponent minus the fraction digits     */
    if (*p == '+' || *p == '-') {
        neg = *p == '-';
        p++;
    }
    for (int part = 0; part < 2; part++) {
        for (; dyng_i_is_digit(*p); p++) {
            unsigned d = (unsigned)(*p - '0');
            any = true;
            if (part == 1 && exp10 > INT64_MIN / 2)
                exp10--;
            if (d == 0) {
                if ((acc != 0 || big) && zeros < INT64_MAX / 4)
                    zeros++;
                continue;
            }
            if (!big && sig + zeros < 12) { /* acc stays below 10^12 */
                sig += (int)zeros + 1;
                for (; zeros > 0; zeros--)
                    acc *= 10;
                acc = acc * 10 + d;
            } else {
                big = true;
            }
            zeros = 0;
        }
        if (part == 0) {
            if (*p != '.')
                break;
            p++;
        }
    }
    if (!any) {
        *pp = p;
        return DYNG_I_NUM_NONE;
    }
    if (*p == 'e' || *p == 'E') {
        const char *q = p + 1;
        bool eneg = false;
        if (*q == '+' || *q == '-') {
            eneg = *q == '-';
            q++;
        }
        if (!dyng_i_is_digit(*q)) {
            *pp = q;
            return DYNG_I_NUM_NONE;
        }
        int64_t e = 0;
        for (; dyng_i_is_digit(*q); q++)
            if (e < 1000000000)
                e = e * 10 + (*q - '0');
        exp10 += eneg ? -e : e;
        p = q;
    }
    *pp = p;
    if (acc == 0 && !big) {
        *out = 0;
        return DYNG_I_NUM_OK;
    }
    int64_t e = exp10 + zeros; /* power of ten of the last non-zero digit */
    if (e < 0)
        return DYNG_I_NUM_FRACTION;
    if (big || e > 10)
        return DYNG_I_NUM_OVERFLOW;
    for (; e > 0; e--) {
        acc *= 10;
        if (acc > (uint64_t)INT32_MAX + 1)
            return DYNG_I_NUM_OVERFLOW;
    }
    if (acc > (uint64_t)INT32_MAX + (neg ? 1 : 0))
        return DYNG_I_NUM_OVERFLOW;
    *out = neg ? (int32_t)(-(int64_t)acc) : (int32_t)acc;
    return DYNG_I_NUM_OK;
}

/*
 * Eight digits at a time (SWAR): the number of leading decimal digits of the
 * 8 bytes at p (0..8) and, in *value, the number they form. Reads exactly 8
 * bytes, so the caller must have them (the text loader pads its buffers).
 * Little-endian machines only; DYNG_I_SWAR says whether it is available.
 */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define DYNG_I_SWAR 1
static inline unsigned dyng_i_digits8(const unsigned char *p, uint64_t *value) {
    uint64_t a;
    memcpy(&a, p, 8);
    a ^= 0x3030303030303030ULL; /* digits become bytes 0..9 */
    /* high bit of each byte that is not 0..9 (no carry crosses a byte) */
    uint64_t bad =
        (((a & 0x7F7F7F7F7F7F7F7FULL) + 0x7676767676767676ULL) | a) & 0x8080808080808080ULL;
    unsigned n = bad != 0 ? (unsigned)__builtin_ctzll(bad) >> 3 : 8;
    if (n == 0) {
        *value = 0;
        return 0;
    }
    a <<= 8 * (8 - n); /* the digits to the top, zeros (leading) below */
    a = a * 10 + (a >> 8);
    a = (((a & 0x000000FF000000FFULL) * (100 + (1000000ULL << 32))) +
         (((a >> 16) & 0x000000FF000000FFULL) * (1 + (10000ULL << 32)))) >>
        32;
    *value = a;
    return n;
}
#else
#define DYNG_I_SWAR 0
#endif

/* The fast paths of the readers: 1 to 16 digits at u; the pointer after
 * them, or NULL for none or more than 16 (the general path handles those).
 * Reads up to 16 bytes from u, which the loader's padding allows (file.h). */
static inline const unsigned char *dyng_i_fast_digits(const unsigned char *u, uint64_t *v) {
#if DYNG_I_SWAR
    static const uint64_t pow10[8] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000};
    uint64_t a, b;
    unsigned n = dyng_i_digits8(u, &a);
    if (n < 8) {
        *v = a;
        return n > 0 ? u + n : NULL;
    }
    unsigned m = dyng_i_digits8(u + 8, &b);
    if (m == 8)
        return NULL;
    *v = a * pow10[m] + b;
    return u + 8 + m;
#else
    const unsigned char *t = u;
    uint64_t x = 0;
    unsigned d;
    while ((d = (unsigned)*u - '0') <= 9 && u - t < 16) {
        x = x * 10 + d;
        u++;
    }
    if (u == t || (unsigned)*u - '0' <= 9)
        return NULL;
    *v = x;
    return u;
#endif
}

/* Store id v at index k of an int64 (wide) or int32 array. */
static inline void dyng_i_put_id(void *a, int64_t k, uint64_t v, bool wide) {
    if (wide)
        ((int64_t *)a)[k] = (int64_t)v;
    else
        ((int32_t *)a)[k] = (int32_t)v;
}

/* Enough for any int64 with its sign. */
#define DYNG_I_INT_CHARS 21

/* Decimal digits of v, written from the front. Returns the length. */
static inline size_t dyng_i_format_uint(char *s, uint64_t v) {
    static const char pairs[201] = "00010203040506070809"
                                   "10111213141516171819"
                                   "20212223242526272829"
                                   "30313233343536373839"
                                   "40414243444546474849"
                                   "50515253545556575859"
                                   "60616263646566676869"
                                   "70717273747576777879"
                                   "80818283848586878889"
                                   "90919293949596979899";
    char tmp[DYNG_I_INT_CHARS];
    char *e = tmp + sizeof tmp;
    char *q = e;
    while (v >= 100) {
        unsigned r = (unsigned)(v % 100);
        v /= 100;
        q -= 2;
        q[0] = pairs[2 * r];
        q[1] = pairs[2 * r + 1];
    }
    if (v >= 10) {
        q -= 2;
        q[0] = pairs[2 * v];
        q[1] = pairs[2 * v + 1];
    } else {
        *--q = (char)('0' + v);
    }
    size_t n = (size_t)(e - q);
    memcpy(s, q, n);
    return n;
}

static inline size_t dyng_i_format_int(char *s, int64_t v) {
    if (v >= 0)
        return dyng_i_format_uint(s, (uint64_t)v);
    s[0] = '-';
    return 1 + dyng_i_format_uint(s + 1, (uint64_t)(-(v + 1)) + 1);
}

#endif /* DYNG_I_PARSE_H */
