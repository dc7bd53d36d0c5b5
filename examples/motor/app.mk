# SPDX-License-Identifier: MIT
# The motor example as an application (mk/app.mk): make image APP=examples/motor
APP_RT_SRCS := rt/motor.c
APP_TOOLS := motor
APP_ROOTFS := rootfs
