# SPDX-License-Identifier: MIT
# The Alchemy example as an application (mk/app.mk):
#   make image APP=examples/alchemy [BOARD=...]
APP_RT_SRCS := rt/periodic.c
