// SPDX-License-Identifier: MIT
/*
 * printf.c - freestanding formatter (ck_snprintf) and the line-based
 * console print (ck_printf). No libc, no allocation, no recursion.
 *
 * Conversions: %d %i %u %x %X %p %s %c %%; length modifiers hh h l ll z;
 * flags '-' (left-justify) and '0' (zero-pad numbers); a field width; a
 * precision for %s (at most that many bytes). Anything else is copied as
 * is, so a bad format shows in the output instead of reading stray args.
 */
#include <ck/console.h>
#include "core.h"

#define PRINTF_LINE_BYTES 160   /* ck_printf's stack buffer */

enum { F_LEFT = 1, F_ZERO = 2 };
enum { L_INT, L_LONG, L_LLONG, L_SIZE };

struct fmt_out {
	char *buf;
	size_t size;
	size_t len;        /* bytes the full output takes */
};

struct fmt_spec {
	unsigned int flags;
	int width;
	int prec;          /* -1: none */
	int lmod;
};

static void out_c(struct fmt_out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void out_pad(struct fmt_out *o, char c, int n)
{
	while (n-- > 0)
		out_c(o, c);
}

static void out_str(struct fmt_out *o, const char *s, int n)
{
	while (n-- > 0)
		out_c(o, *s++);
}

/*
 * Emit @prefix ("-", "0x" or "") then the @ndig digits at @dig, padded to
 * the field width: zeros go between prefix and digits, spaces outside.
 */
static void out_field(struct fmt_out *o, const struct fmt_spec *sp,
		      const char *prefix, const char *dig, int ndig)
{
	int plen = (int)strlen(prefix);
	int pad = sp->width - plen - ndig;

	if (!(sp->flags & (F_LEFT | F_ZERO)))
		out_pad(o, ' ', pad);
	out_str(o, prefix, plen);
	if ((sp->flags & (F_LEFT | F_ZERO)) == F_ZERO)
		out_pad(o, '0', pad);
	out_str(o, dig, ndig);
	if (sp->flags & F_LEFT)
		out_pad(o, ' ', pad);
}

/* @base is 10 or 16. */
static void out_num(struct fmt_out *o, const struct fmt_spec *sp,
		    const char *prefix, uint64_t v, unsigned int base,
		    bool upper)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int n = (int)sizeof(tmp);

	/* 32-bit steps where they suffice: 64-bit division is a libgcc call */
	if (base == 16) {
		do {
			tmp[--n] = digits[v & 15u];
			v >>= 4;
		} while (v);
	} else {
		while (v > UINT32_MAX) {
			tmp[--n] = digits[v % 10u];
			v /= 10u;
		}
		uint32_t w = (uint32_t)v;

		do {
			tmp[--n] = digits[w % 10u];
			w /= 10u;
		} while (w);
	}
	out_field(o, sp, prefix, tmp + n, (int)sizeof(tmp) - n);
}

static uint64_t arg_unsigned(va_list *ap, int lmod)
{
	switch (lmod) {
	case L_LONG:
		return va_arg(*ap, unsigned long);
	case L_LLONG:
		return va_arg(*ap, unsigned long long);
	case L_SIZE:
		return va_arg(*ap, size_t);
	default:
		return va_arg(*ap, unsigned int);
	}
}

static int64_t arg_signed(va_list *ap, int lmod)
{
	switch (lmod) {
	case L_LONG:
		return va_arg(*ap, long);
	case L_LLONG:
		return va_arg(*ap, long long);
	case L_SIZE:
		return (ptrdiff_t)va_arg(*ap, size_t);
	default:
		return va_arg(*ap, int);
	}
}

/* Parse flags, width, precision and length after '%'; return the conversion. */
static const char *parse_spec(const char *f, struct fmt_spec *sp)
{
	sp->flags = 0;
	sp->width = 0;
	sp->prec = -1;
	sp->lmod = L_INT;
	for (;; f++) {
		if (*f == '-')
			sp->flags |= F_LEFT;
		else if (*f == '0')
			sp->flags |= F_ZERO;
		else
			break;
	}
	for (; *f >= '0' && *f <= '9'; f++)
		sp->width = sp->width * 10 + (*f - '0');
	if (*f == '.') {
		sp->prec = 0;
		for (f++; *f >= '0' && *f <= '9'; f++)
			sp->prec = sp->prec * 10 + (*f - '0');
	}
	for (; *f == 'h' || *f == 'l' || *f == 'z'; f++) {
		if (*f == 'l')
			sp->lmod = sp->lmod == L_LONG ? L_LLONG : L_LONG;
		else if (*f == 'z')
			sp->lmod = L_SIZE;
	}
	return f;
}

static void conv_str(struct fmt_out *o, struct fmt_spec *sp, const char *s)
{
	int n = 0;

	if (!s)
		s = "(null)";
	while (s[n] && (sp->prec < 0 || n < sp->prec))
		n++;
	sp->flags &= ~(unsigned int)F_ZERO;
	out_field(o, sp, "", s, n);
}

/* One conversion @c with its spec; false if @c is not a conversion. */
static bool convert(struct fmt_out *o, struct fmt_spec *sp, char c,
		    va_list *ap)
{
	int64_t sv;
	char ch;

	switch (c) {
	case 'd':
	case 'i':
		sv = arg_signed(ap, sp->lmod);
		out_num(o, sp, sv < 0 ? "-" : "",
			sv < 0 ? 0 - (uint64_t)sv : (uint64_t)sv, 10, false);
		return true;
	case 'u':
		out_num(o, sp, "", arg_unsigned(ap, sp->lmod), 10, false);
		return true;
	case 'x':
	case 'X':
		out_num(o, sp, "", arg_unsigned(ap, sp->lmod), 16, c == 'X');
		return true;
	case 'p':
		out_num(o, sp, "0x", (uintptr_t)va_arg(*ap, void *), 16, false);
		return true;
	case 's':
		conv_str(o, sp, va_arg(*ap, const char *));
		return true;
	case 'c':
		ch = (char)va_arg(*ap, int);
		sp->flags &= ~(unsigned int)F_ZERO;
		out_field(o, sp, "", &ch, 1);
		return true;
	case '%':
		out_c(o, '%');
		return true;
	default:
		return false;
	}
}

int ck_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct fmt_out o = { buf, size, 0 };
	struct fmt_spec sp;
	const char *start;
	va_list aq;

	va_copy(aq, ap);
	while (*fmt) {
		if (*fmt != '%') {
			out_c(&o, *fmt++);
			continue;
		}
		start = fmt++;
		fmt = parse_spec(fmt, &sp);
		if (*fmt && convert(&o, &sp, *fmt, &aq)) {
			fmt++;
		} else {
			/* not a conversion: copy it through verbatim */
			out_str(&o, start, (int)(fmt - start));
		}
	}
	va_end(aq);
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return o.len > INT32_MAX ? INT32_MAX : (int)o.len;
}

int ck_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = ck_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

/*
 * Each '\n'-terminated piece becomes one console line; a trailing piece
 * without '\n' is a line too. Output beyond the buffer is cut.
 */
int ck_printf(const char *fmt, ...)
{
	char line[PRINTF_LINE_BYTES];
	va_list ap;
	size_t n, start = 0, i;

	va_start(ap, fmt);
	ck_vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	n = strlen(line);
	for (i = 0; i < n; i++) {
		if (line[i] == '\n') {
			console_put_line(line + start, i - start);
			start = i + 1;
		}
	}
	if (start < n)
		console_put_line(line + start, n - start);
	return (int)n;
}
