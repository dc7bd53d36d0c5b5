# SPDX-License-Identifier: MIT
# lite5200b.mk - build rules shared by the lite5200b probes: a probe's
# Makefile sets NAME and includes this; `run` builds into a temporary OUT
# directory (see run-lite5200b).
CROSS ?= powerpc-linux-gnu-
OUT ?= .
LIB := $(dir $(lastword $(MAKEFILE_LIST)))
CFLAGS = -mcpu=603e -msoft-float -fno-pie -nostdlib -ffreestanding -static \
	-Wl,--build-id=none -Wa,-mregnames -I$(LIB)

$(OUT)/$(NAME).elf: $(NAME).S $(LIB)lite5200b.S $(LIB)g2-expect.S $(LIB)lite5200b.ld
	$(CROSS)gcc $(CFLAGS) -no-pie -T $(LIB)lite5200b.ld -o $@ $(NAME).S

clean:
	rm -f $(OUT)/$(NAME).elf

.PHONY: clean
