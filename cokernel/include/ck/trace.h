/* SPDX-License-Identifier: MIT */
/*
 * trace.h - the RT tracer's API for RT programs (cokernel/core/trace.c).
 *
 * The tracer records the RT interrupt path (entry, PIC ack, clock read,
 * timer expiry, wake-up, switch, exit: ipc/ck_trace.h) in a ring of
 * CK_TRACE_EVENTS events in co-kernel memory, each with the raw
 * clocksource counter (converted to RT clock ns when published), an event
 * id and two payload words. It is off at boot. Off, it costs the RT path
 * nothing: the RT entry calls the handler without trace points; on, the
 * arch rewrites that call to the traced copy (arch_rt_handler_set()).
 * A freeze stops recording; the tracer's own task (priority CK_PRIO_MIN)
 * then publishes the ring in the "trace" state block and re-arms it.
 */
#ifndef CK_TRACE_API_H
#define CK_TRACE_API_H

#include <stdbool.h>
#include <stdint.h>

/**
 * ck_trace_start() - empty the ring and start recording (the RT entry
 * runs the traced handler from its next interrupt on); a ring frozen and
 * not yet published starts recording once the tracer's task has
 * published it. The last published snapshot stays. No effect if tracing
 * is on. The first call creates the tracer's task and state block (a
 * boot that never traces runs as without the tracer); if that fails, it
 * says so on the console and tracing stays off.
 * Context: RT task or init, RT unmasked.
 */
void ck_trace_start(void);

/**
 * ck_trace_stop() - stop recording; the RT entry runs the handler without
 * trace points again. The published snapshot stays for Linux to read.
 * Context: RT task or init.
 */
void ck_trace_stop(void);

/**
 * ck_trace_clock() - record that the caller read @now_ns for a sample (a
 * CK_TRACE_TASK_CLOCK event, timestamped at that read when no RT
 * interrupt came since). Nothing when tracing is off or frozen.
 * Context: RT task or RT interrupt.
 */
void ck_trace_clock(uint64_t now_ns);

/**
 * ck_trace_freeze() - freeze the ring: a CK_TRACE_FREEZE event carrying
 * @value and @tag, then recording stops until the tracer's task has
 * published the ring (state block "trace", with @session) and re-armed
 * it. A freeze while frozen, or with tracing off, is ignored.
 * Return: true if this call froze the ring.
 * Context: RT task or RT interrupt.
 */
bool ck_trace_freeze(uint32_t value, uint32_t tag, uint32_t session);

#endif /* CK_TRACE_API_H */
