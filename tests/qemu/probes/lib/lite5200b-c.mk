# SPDX-License-Identifier: MIT
# lite5200b-c.mk - build rules for the lite5200b probes written in C
# (freestanding, the G2_LE as a 603e): a probe's Makefile sets NAME and
# includes this; lite5200b-start.S is the entry, lite5200b.h the helpers,
# lite5200b.ld the layout. `run` builds into a temporary directory: make
# OUT=<dir> (see run-lite5200b).
CROSS ?= powerpc-linux-gnu-
OUT ?= .
LIB := $(dir $(lastword $(MAKEFILE_LIST)))
CFLAGS = -mcpu=603e -msoft-float -O2 -g -Wall -Wextra -Werror -std=gnu11 \
	-ffreestanding -fno-builtin -nostdlib -static -fno-pie -no-pie \
	-mno-sdata -Wl,--build-id=none -Wl,--no-warn-rwx-segments -I$(LIB)

$(OUT)/$(NAME).elf: $(NAME).c $(LIB)lite5200b-start.S $(LIB)lite5200b.ld \
		$(LIB)lite5200b.h
	$(CROSS)gcc $(CFLAGS) -T $(LIB)lite5200b.ld -o $@ \
		$(LIB)lite5200b-start.S $(NAME).c -lgcc

clean:
	rm -f $(OUT)/$(NAME).elf

.PHONY: clean
