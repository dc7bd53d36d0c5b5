# SPDX-License-Identifier: MIT
# sh4.mk - the GCC plugin every SH-4 build loads. Debian's sh4-linux-gnu-gcc
# 12.2 miscompiles T-bit tests in its sh_treg_combine passes (DESIGN §9);
# mk/sh4/no_treg_combine.cc turns them off. Included before the board's
# board.mk, which puts $(SH4_PLUGIN_FLAGS) into every SH compile (co-kernel,
# Linux, userland, newlib, U-Boot) and $(SH4_PLUGIN) into TOOLCHAIN_DEPS,
# the order-only prerequisite of every compile.
#   $(SH4_PLUGIN): built once per plugin source and checked against the
#   reproducer (mk/sh4/plugin-build.sh), cached in $(CK_CACHE).
SH4_PLUGIN_KEY := $(shell cat $(TOP)/mk/sh4/no_treg_combine.cc $(TOP)/mk/sh4/plugin-build.sh | \
	sha256sum | cut -c1-12)
SH4_PLUGIN := $(CK_CACHE)/sh4-plugin-$(SH4_PLUGIN_KEY)/no_treg_combine.so
SH4_PLUGIN_FLAGS := -fplugin=$(SH4_PLUGIN)

$(SH4_PLUGIN):
	@$(TOP)/mk/sh4/plugin-build.sh $@

.PHONY: sh4-plugin
sh4-plugin: $(SH4_PLUGIN)
