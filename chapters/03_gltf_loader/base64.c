/* base64.c: decoding the base64 text of a glTF data: URI (exercise ex03.2).
 *
 * Every 4 characters carry 3 bytes: each character is a 6-bit value
 * (A-Z = 0..25, a-z = 26..51, 0-9 = 52..61, '+' = 62, '/' = 63). A final
 * group may be padded with '=' ("QQ==" is one byte, "QUI=" two); glTF
 * writers sometimes drop the padding, so a short last group is accepted.
 */
#include "gltf.h"

/* [listing base64_value] */
static int base64_value(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}
/* [/listing] */

/* [listing base64_decode] */
size_t gltf_base64_decode(const char *text, size_t text_length, unsigned char *out, size_t out_capacity)
{
    /* Up to two '=' at the very end; none anywhere else. */
    size_t length = text_length;
    for (int pad = 0; pad < 2 && length > 0 && text[length - 1] == '='; pad++)
        length--;
    if (length % 4 == 1 || (length != text_length && text_length % 4 != 0))
        return (size_t)-1; /* one leftover character holds only 6 bits */
    size_t written = 0;
    uint32_t bits = 0; /* accumulated 6-bit groups */
    int bit_count = 0;
    for (size_t i = 0; i < length; i++) {
        int v = base64_value(text[i]);
        if (v < 0)
            return (size_t)-1;
        bits = (bits << 6) | (uint32_t)v;
        bit_count += 6;
        if (bit_count >= 8) {
            bit_count -= 8;
            if (written == out_capacity)
                return (size_t)-1;
            out[written++] = (unsigned char)(bits >> bit_count);
            bits &= (1u << bit_count) - 1;
        }
    }
    return written;
}
/* [/listing] */
