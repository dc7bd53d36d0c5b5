# SPDX-License-Identifier: MIT
# at91.mk - build rules shared by the at91sam9260ek probes (C, freestanding,
# arm-none-eabi-gcc): a probe's Makefile sets NAME and includes this; the
# ELF is linked for SDRAM (0x20000000) and loaded with -kernel.
# `run` builds into a temporary directory: make OUT=<dir>.
CROSS ?= arm-none-eabi-
OUT ?= .
LIB := $(dir $(lastword $(MAKEFILE_LIST)))
CFLAGS = -mcpu=arm926ej-s -marm -mfloat-abi=soft -O2 -g -Wall -Wextra \
	-Werror -std=gnu11 -ffreestanding -fno-builtin -nostdlib -static \
	-Wl,--build-id=none -I$(LIB)

$(OUT)/$(NAME).elf: $(NAME).c $(LIB)at91-start.S $(LIB)at91.ld $(LIB)at91.h
	$(CROSS)gcc $(CFLAGS) -T $(LIB)at91.ld -o $@ $(LIB)at91-start.S \
		$(NAME).c -lgcc

clean:
	rm -f $(OUT)/$(NAME).elf

.PHONY: clean
