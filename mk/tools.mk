# SPDX-License-Identifier: MIT
# mk/tools.mk - Linux userspace tools (linux-guest/tools, GPL-2.0) using ipc/
# and the channel library ipc/lib/libckipc (MIT, so any program may link it).
#   make tools       -> $(B)/tools/{latency,ckipc,switchbench}: static, for the
#                       guest, built with $(LINUX_CROSS)gcc (bsp/<board>/board.mk)
#   make tools-host  -> $(HOSTB)/tools/...: the same for the build machine (ASan/
#                       UBSan), run by the unit tests against a fake region file
#                       (CKIPC_DEV=<file>). `make unit` builds them first and
#                       passes their directory in CK_TOOLS_HOST.

TOOLS_DIR := linux-guest/tools
TOOLS_NAMES := latency ckipc switchbench regcheck sstep
TOOLS_LIB_SRCS := ipc/lib/libckipc.c $(wildcard ipc/*.c) $(TOOLS_DIR)/cli.c
TOOLS_HDRS := $(wildcard $(TOOLS_DIR)/*.h ipc/*.h ipc/lib/*.h)
TOOLS_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror -I$(TOP)/ipc -I$(TOP)/ipc/lib
TOOLS_OUT := $(B)/tools
TOOLS_FILES := $(addprefix $(TOOLS_OUT)/,$(TOOLS_NAMES))
TOOLS_HOST_OUT := $(HOSTB)/tools
TOOLS_HOST_SAN := -g -fsanitize=address,undefined -fno-sanitize-recover=all

.PHONY: tools tools-host
tools: $(addprefix $(TOOLS_OUT)/,$(TOOLS_NAMES))
tools-host: $(addprefix $(TOOLS_HOST_OUT)/,$(TOOLS_NAMES))

$(TOOLS_OUT)/%: $(TOOLS_DIR)/%.c $(TOOLS_LIB_SRCS) $(TOOLS_HDRS)
	@mkdir -p $(@D)
	@echo "  TOOL    $@"
	@$(NICE) $(LINUX_CROSS)gcc -static $(TOOLS_CFLAGS) -o $@ $< $(TOOLS_LIB_SRCS) -lm

$(TOOLS_HOST_OUT)/%: $(TOOLS_DIR)/%.c $(TOOLS_LIB_SRCS) $(TOOLS_HDRS)
	@mkdir -p $(@D)
	@echo "  HOSTTOOL $@"
	@$(NICE) $(HOSTCC) $(TOOLS_CFLAGS) $(TOOLS_HOST_SAN) -o $@ $< $(TOOLS_LIB_SRCS) -lm

unit: tools-host
unit: export CK_TOOLS_HOST := $(TOOLS_HOST_OUT)
