# SPDX-License-Identifier: MIT
# mk/cache-plugin.mk - `make cache-plugin`: the cache-model TCG plugin,
# qemu/plugins/ckcache.c, as $(HOSTB)/ckcache.so for the project's QEMU
# (docs/cache-model.md). Built with the host's gcc and glib against the
# plugin header of the QEMU build (`make qemu`, built first if need be).
# Included by the top-level Makefile after mk/qemu.mk (QEMU_BUILD).

CACHE_PLUGIN := $(HOSTB)/ckcache.so
CACHE_PLUGIN_SRCS := $(addprefix $(TOP)/qemu/plugins/,ckcache.c ckcache-model.c)
CACHE_PLUGIN_CFLAGS := -std=gnu11 -O2 -g -fPIC -shared -Wall -Wextra -Werror

.PHONY: cache-plugin
cache-plugin: $(CACHE_PLUGIN)

$(CACHE_PLUGIN): $(CACHE_PLUGIN_SRCS) $(TOP)/qemu/plugins/ckcache-model.h \
		$(TOP)/mk/cache-plugin.mk
	@mkdir -p $(@D)
	@qd=$$($(QEMU_BUILD)) || exit 1; \
	echo "  HOSTCC  $(notdir $@) (plugin API: $$qd/src/include/qemu)"; \
	$(NICE) $(HOSTCC) $(CACHE_PLUGIN_CFLAGS) -I$$qd/src/include/qemu \
		$$(pkg-config --cflags glib-2.0) $(CACHE_PLUGIN_SRCS) \
		$$(pkg-config --libs glib-2.0) -o $@
