/* shader_log.h: turn a GL driver's info log into "file:line: message" lines.
 *
 * Drivers write the line number in their own way:
 *   Mesa:   0:12(5): error: `foo' undeclared
 *   NVIDIA: 0(12) : error C1008: undefined variable "foo"
 *   AMD:    ERROR: 0:12: 'foo' : undeclared identifier
 * Rewriting them as shaders/lit.frag:12: ... lets editors jump to the line.
 * Pure string work, no GL, so it is unit tested.
 */
#ifndef SA_SHADER_LOG_H
#define SA_SHADER_LOG_H

#include <stddef.h>

void shader_log_format(const char *file, const char *driver_log, char *out, size_t out_len);

#endif
