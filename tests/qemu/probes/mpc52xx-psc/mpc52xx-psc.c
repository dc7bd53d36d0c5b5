/* SPDX-License-Identifier: MIT */
/*
 * mpc52xx-psc - probe of PSC1 in UART mode on lite5200b (qemu/patches/
 * 0024), as Linux 6.1's mpc52xx_uart.c (the MPC5200B psc_ops) drives it:
 *  - the port set up as mpc52xx_uart_startup() and set_termios() do: reset
 *    RX and TX, SICR 0, the FIFO block (rfcntl 0, rfalarm 0x1ff, tfcntl 7,
 *    tfalarm 0x80), IMR RXRDY | TXRDY, MR1/MR2 through the mode pointer,
 *    CSR 0xdd00 and the divisor, TX and RX enabled;
 *  - the mode pointer: after the reset-mode-pointer command MR reads MR1,
 *    then MR2 (console get_options reads MR1 so);
 *  - SR TXRDY and TXEMP with the transmitter idle, ISR TXRDY and TXEMP;
 *  - a string transmitted through TB (run checks it on the console);
 *  - transmitter disabled: bytes written wait (TFNUM 3, TXEMP and TXRDY
 *    clear) and leave when it is enabled again;
 *  - the receiver: "QZ" fed on stdin arrives (RFNUM 2, SR RXRDY, RFSTAT
 *    not empty); ISR RXRDY follows the RX alarm (RFALARM 0x1fe: set with
 *    two bytes, 0x1fd: clear) and with MR1 RxIRQ (FFULL) the full FIFO;
 *    RB reads 'Q'; the reset-RX command flushes 'Z' (RFNUM 0, SR RXRDY
 *    and ISR RXRDY clear, RFSTAT EMPTY);
 *  - IPCR reads CTS and DCD asserted (0);
 *  - the interrupt: ISR & IMR reaches the PIC as peripheral source 1
 *    (enc_status PSe, as Linux's mpc52xx_get_irq() decodes it).
 */
#include "lite5200b.h"

#define P		PSC_BASE(1)
#define RFSTAT_EMPTY	0x0001u
#define ICTL_PER_MASK	0x00
#define ICTL_ENC	0x24

static void set_mode(uint8_t mr1, uint8_t mr2)
{
	wr8(P + PSC_CR, PSC_CR_SEL_MR1);
	wr8(P + PSC_MR, mr1);
	wr8(P + PSC_MR, mr2);
}

int main(void)
{
	uint32_t t0;

	/* mpc52xx_uart_startup(), then set_termios() for 115200 8N1 */
	wr8(P + PSC_CR, PSC_CR_RST_RX);
	wr8(P + PSC_CR, PSC_CR_RST_TX);
	wr32(P + PSC_SICR, 0);
	wr8(P + PSC_RFCNTL, 0x00);
	wr16(P + PSC_RFALARM, 0x1ff);
	wr8(P + PSC_TFCNTL, 0x07);
	wr16(P + PSC_TFALARM, 0x80);
	wr16(P + PSC_ISR, PSC_ISR_RXRDY | PSC_ISR_TXRDY);
	check("SR with TX and RX reset", rd16(P + PSC_SR) &
	      (PSC_SR_TXRDY | PSC_SR_TXEMP | PSC_SR_RXRDY), PSC_SR_TXEMP);
	set_mode(0x13, 0x07);
	wr16(P + PSC_SR, 0xdd00);
	wr8(P + PSC_CTUR, 0);
	wr8(P + PSC_CTLR, 36);
	wr8(P + PSC_CR, PSC_CR_TX_EN);
	wr8(P + PSC_CR, PSC_CR_RX_EN);
	probe_vectors_init();

	wr8(P + PSC_CR, PSC_CR_SEL_MR1);
	check("MR after reset mode pointer (MR1)", rd8(P + PSC_MR), 0x13);
	check("MR next (MR2)", rd8(P + PSC_MR), 0x07);
	check("SR idle TX", rd16(P + PSC_SR) & (PSC_SR_TXRDY | PSC_SR_TXEMP),
	      PSC_SR_TXRDY | PSC_SR_TXEMP);
	check("ISR idle TX", rd16(P + PSC_ISR) & (PSC_ISR_TXRDY | PSC_ISR_TXEMP),
	      PSC_ISR_TXRDY | PSC_ISR_TXEMP);
	check("IPCR", rd8(P + PSC_IPCR), 0);

	puts_psc("psc1 tx: 0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ "
		 "abcdefghijklmnopqrstuvwxyz ~!@#%&*()_+-=[]{};:,.<>/? held:");
	wr8(P + PSC_CR, PSC_CR_TX_DIS);
	wr8(P + PSC_RB, 'x');
	wr8(P + PSC_RB, 'y');
	wr8(P + PSC_RB, 'z');
	check("TFNUM, TX disabled", rd16(P + PSC_TFNUM), 3);
	check("SR, TX disabled with 3 bytes",
	      rd16(P + PSC_SR) & (PSC_SR_TXRDY | PSC_SR_TXEMP), 0);
	check("ISR, TX disabled with 3 bytes",
	      rd16(P + PSC_ISR) & (PSC_ISR_TXRDY | PSC_ISR_TXEMP), 0);
	wr8(P + PSC_CR, PSC_CR_TX_EN);
	check("TFNUM, TX enabled", rd16(P + PSC_TFNUM), 0);
	puts_psc(".\n");

	/* the two bytes fed on stdin */
	t0 = tb_now();
	while (rd16(P + PSC_RFNUM) < 2 && tb_now() - t0 < 5 * TB_HZ)
		;
	check("RFNUM with input QZ", rd16(P + PSC_RFNUM), 2);
	check("SR RXRDY", rd16(P + PSC_SR) & PSC_SR_RXRDY, PSC_SR_RXRDY);
	check("RFSTAT EMPTY", rd16(P + PSC_RFSTAT) & RFSTAT_EMPTY, 0);
	check("ISR RXRDY, RFALARM 0x1ff", rd16(P + PSC_ISR) & PSC_ISR_RXRDY,
	      PSC_ISR_RXRDY);
	wr16(P + PSC_RFALARM, 0x1fe);
	check("ISR RXRDY, RFALARM 0x1fe, 2 bytes",
	      rd16(P + PSC_ISR) & PSC_ISR_RXRDY, PSC_ISR_RXRDY);
	wr16(P + PSC_RFALARM, 0x1fd);
	check("ISR RXRDY, RFALARM 0x1fd, 2 bytes",
	      rd16(P + PSC_ISR) & PSC_ISR_RXRDY, 0);
	wr16(P + PSC_RFALARM, 0x1ff);
	/* PSC1 is the PIC's peripheral source 1 (0027): ISR & IMR */
	wr32(ICTL_BASE + ICTL_PER_MASK, 0xffffff00u & ~(1u << (31 - 1)));
	wr16(P + PSC_ISR, PSC_ISR_RXRDY);
	check("enc_status per, RXRDY in ISR and IMR",
	      rd32(ICTL_BASE + ICTL_ENC) >> 24 & 0x3f, 0x20 | 1);
	wr16(P + PSC_ISR, 0);
	check("enc_status per, IMR 0", rd32(ICTL_BASE + ICTL_ENC) >> 24 & 0x3f, 0);
	wr16(P + PSC_ISR, PSC_ISR_RXRDY | PSC_ISR_TXRDY);
	set_mode(0x53, 0x07);
	check("ISR RXRDY, MR1 RxIRQ=FFULL, 2 bytes",
	      rd16(P + PSC_ISR) & PSC_ISR_RXRDY, 0);
	set_mode(0x13, 0x07);
	check("RB", rd8(P + PSC_RB), 'Q');
	check("RFNUM after one read", rd16(P + PSC_RFNUM), 1);
	wr8(P + PSC_CR, PSC_CR_RST_RX);
	check("RFNUM after reset RX", rd16(P + PSC_RFNUM), 0);
	check("SR RXRDY after reset RX", rd16(P + PSC_SR) & PSC_SR_RXRDY, 0);
	check("ISR RXRDY after reset RX", rd16(P + PSC_ISR) & PSC_ISR_RXRDY, 0);
	check("RFSTAT EMPTY after reset RX", rd16(P + PSC_RFSTAT) & RFSTAT_EMPTY,
	      RFSTAT_EMPTY);
	check("enc_status per, IMR RXRDY | TXRDY, TX idle",
	      rd32(ICTL_BASE + ICTL_ENC) >> 24 & 0x3f, 0x20 | 1);
	wr16(P + PSC_ISR, PSC_ISR_RXRDY);
	check("enc_status per, IMR RXRDY, RX FIFO empty",
	      rd32(ICTL_BASE + ICTL_ENC) >> 24 & 0x3f, 0);
	wr32(ICTL_BASE + ICTL_PER_MASK, 0xffffff00u);
	wr16(P + PSC_ISR, 0);
	wr8(P + PSC_CR, PSC_CR_RX_EN);

	probe_end("mpc52xx-psc", "Linux's port setup, mode pointer, SR/ISR, "
		  "TX held while disabled, RX FIFO count and alarm, reset RX");
}
