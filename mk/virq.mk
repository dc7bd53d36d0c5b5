# SPDX-License-Identifier: MIT
# virq.mk - Linux's interrupt numbers from the board's LINUX_IRQ_LINES
# (bsp/<board>/board.mk: the PIC lines Linux owns, in vIRQ order; none if
# unset). vIRQ n is the n-th listed line; the co-kernel's soft vIRQs
# (ipc/ck_guest.h CK_VIRQ_SOFT_*) follow them. What each side gets:
#   C (co-kernel):  BOARD_LINUX_IRQ_LIST ("4,5,"), BOARD_NR_LINUX_IRQ_LINES
#                   (ck/bsp.h CK_BOARD_LINUX_LINES_FROM_MK)
#   guest DTS:      VIRQ_SOFT_BASE, VIRQ_CONSOLE, VIRQ_IPC, VIRQ_CONSOLE_TX,
#                   VIRQ_OF_LINE_<line> for each listed line
# through BOARD_MAP_VARS (-DBOARD_<name> for C, -D<name> for the DTS).

LINUX_IRQ_LINES ?=
virq_comma := ,
virq_empty :=
virq_space := $(virq_empty) $(virq_empty)
# "4,5," (each line followed by a comma; empty for none)
LINUX_IRQ_LIST := $(subst $(virq_space),,$(foreach l,$(LINUX_IRQ_LINES),$(l)$(virq_comma)))
NR_LINUX_IRQ_LINES := $(words $(LINUX_IRQ_LINES))
VIRQ_SOFT_BASE := $(NR_LINUX_IRQ_LINES)
# ipc/ck_guest.h CK_VIRQ_SOFT_CONSOLE, _IPC, _CONSOLE_TX
VIRQ_CONSOLE := $(shell echo $$(($(VIRQ_SOFT_BASE) + 0)))
VIRQ_IPC := $(shell echo $$(($(VIRQ_SOFT_BASE) + 1)))
VIRQ_CONSOLE_TX := $(shell echo $$(($(VIRQ_SOFT_BASE) + 2)))
# $(call virq_number,line,list,counter): the position of line in list, from 0
virq_number = $(if $(filter $(1),$(firstword $(2))),$(words $(3)),$\
	$(call virq_number,$(1),$(wordlist 2,$(words $(2)),$(2)),$(3) x))
$(foreach l,$(LINUX_IRQ_LINES),$(eval VIRQ_OF_LINE_$(l) := $(call virq_number,$(l),$(LINUX_IRQ_LINES),)))
BOARD_MAP_VARS += LINUX_IRQ_LIST NR_LINUX_IRQ_LINES VIRQ_SOFT_BASE VIRQ_CONSOLE \
	VIRQ_IPC VIRQ_CONSOLE_TX $(foreach l,$(LINUX_IRQ_LINES),VIRQ_OF_LINE_$(l))
