/* SPDX-License-Identifier: MIT */
/* list.h - intrusive circular doubly linked list used by the RT core. */
#ifndef CK_LIST_H
#define CK_LIST_H

#include <stddef.h>

struct ck_list {
	struct ck_list *next, *prev;
};

#define CK_LIST_INIT(name) { &(name), &(name) }

#define ck_container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

static inline void ck_list_init(struct ck_list *l)
{
	l->next = l;
	l->prev = l;
}

static inline int ck_list_empty(const struct ck_list *l)
{
	return l->next == l;
}

/* Insert @n before @pos (at the tail when @pos is the head). */
static inline void ck_list_insert_before(struct ck_list *pos, struct ck_list *n)
{
	n->next = pos;
	n->prev = pos->prev;
	pos->prev->next = n;
	pos->prev = n;
}

static inline void ck_list_add_tail(struct ck_list *head, struct ck_list *n)
{
	ck_list_insert_before(head, n);
}

static inline void ck_list_del(struct ck_list *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
	n->next = n;
	n->prev = n;
}

#endif /* CK_LIST_H */
