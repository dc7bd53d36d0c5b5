# SPDX-License-Identifier: MIT
# r2d.mk - build rules shared by the r2d (SH-4) probes (pure assembly; needs only
# binutils-sh4-linux-gnu). The raw image is loaded with -kernel at
# 0x0c800000 and entered at 0xac800000 (hw/sh4/r2d.c).
# `run` builds into a temporary directory: make OUT=<dir>.
CROSS ?= sh4-linux-gnu-
OUT   ?= .
LOAD  := 0xac800000

LIB := $(dir $(lastword $(MAKEFILE_LIST)))

all: $(OUT)/probe.bin

$(OUT)/probe.o: probe.s $(LIB)r2d-io.s $(LIB)r2d-macros.s
	$(CROSS)as -little -isa=sh4 -I $(LIB) -o $@ $<

$(OUT)/probe.elf: $(OUT)/probe.o
	$(CROSS)ld -EL -Ttext=$(LOAD) -e _start -o $@ $<

$(OUT)/probe.bin: $(OUT)/probe.elf
	$(CROSS)objcopy -O binary $< $@

clean:
	rm -f $(OUT)/probe.o $(OUT)/probe.elf $(OUT)/probe.bin

.PHONY: all clean
