/* SPDX-License-Identifier: MIT */
/*
 * at91-dbgu: the AT91SAM9260 DBGU as Linux's atmel_serial and soc driver
 * and the co-kernel's console use it, and USART0's PDC transmitter.
 * - CIDR identifies an AT91SAM9260 (Linux's soc match 0x019803a0 under
 *   mask 0x7fffffe0), EXID 0;
 * - the loader leaves the DBGU enabled: TXRDY and TXEMPTY set; TXDIS
 *   clears both, TXEN sets them again;
 * - receive: the "Q" the run script feeds sets RXRDY, RHR returns it and
 *   clears RXRDY;
 * - interrupts: IER TXRDY raises AIC source 1 (SYS), IDR lowers it;
 * - USART0: PDC transmit (TPR/TCR, PTCR TXTEN) empties TCR and sets
 *   ENDTX and TXBUFE (Linux uses the PDC on the USARTs).
 */
#include "at91.h"

#define US_CR(b)	((b) + 0x00)
#define US_IER(b)	((b) + 0x08)
#define US_IDR(b)	((b) + 0x0c)
#define US_IMR(b)	((b) + 0x10)
#define US_CSR(b)	((b) + 0x14)
#define US_RHR(b)	((b) + 0x18)
#define DBGU_CIDR	(DBGU_BASE + 0x40)
#define DBGU_EXID	(DBGU_BASE + 0x44)
#define PDC_TPR(b)	((b) + 0x108)
#define PDC_TCR(b)	((b) + 0x10c)
#define PDC_PTCR(b)	((b) + 0x120)
#define PDC_PTSR(b)	((b) + 0x124)

#define RXRDY		(1u << 0)
#define TXRDY		(1u << 1)
#define ENDTX		(1u << 4)
#define TXEMPTY		(1u << 9)
#define TXBUFE		(1u << 11)
#define CR_TXEN		(1u << 6)
#define CR_TXDIS	(1u << 7)

void irq_handler(void)
{
}

void fiq_handler(void)
{
}

static const char pdc_text[] = "usart0 pdc\n";

int main(void)
{
	uint32_t n, c;

	check("CIDR is an AT91SAM9260", rd(DBGU_CIDR) & 0x7fffffe0u,
	      0x019803a0u);
	check("EXID", rd(DBGU_EXID), 0);
	check("CSR: TXRDY and TXEMPTY at start",
	      rd(US_CSR(DBGU_BASE)) & (TXRDY | TXEMPTY), TXRDY | TXEMPTY);
	wr(US_CR(DBGU_BASE), CR_TXDIS);
	check("CSR after TXDIS", rd(US_CSR(DBGU_BASE)) & (TXRDY | TXEMPTY), 0);
	wr(US_CR(DBGU_BASE), CR_TXEN);
	check("CSR after TXEN", rd(US_CSR(DBGU_BASE)) & (TXRDY | TXEMPTY),
	      TXRDY | TXEMPTY);

	/* receive the 'Q' from the host */
	for (n = 0; n < 50000000 && !(rd(US_CSR(DBGU_BASE)) & RXRDY); n++)
		;
	check("RXRDY with a character from the host",
	      rd(US_CSR(DBGU_BASE)) & RXRDY, RXRDY);
	c = rd(US_RHR(DBGU_BASE)) & 0xffu;
	check("RHR", c, 'Q');
	check("RXRDY cleared by the RHR read", rd(US_CSR(DBGU_BASE)) & RXRDY,
	      0);

	/* interrupt on the SYS line */
	check("SYS quiet", rd(AIC_IPR) & 2u, 0);
	wr(US_IER(DBGU_BASE), TXRDY);
	check("IMR", rd(US_IMR(DBGU_BASE)), TXRDY);
	check("SYS pending with TXRDY enabled", rd(AIC_IPR) & 2u, 2u);
	wr(US_IDR(DBGU_BASE), TXRDY);
	check("SYS quiet after IDR", rd(AIC_IPR) & 2u, 0);

	/* USART0: PDC transmit */
	wr(US_CR(US0_BASE), CR_TXEN);
	check("USART0 TXRDY after TXEN", rd(US_CSR(US0_BASE)) & TXRDY, TXRDY);
	wr(PDC_TPR(US0_BASE), (uint32_t)pdc_text);
	wr(PDC_TCR(US0_BASE), sizeof(pdc_text) - 1);
	check("USART0 ENDTX with TCR set", rd(US_CSR(US0_BASE)) & ENDTX, 0);
	wr(PDC_PTCR(US0_BASE), 1u << 8);
	check("USART0 PTSR TXTEN", rd(PDC_PTSR(US0_BASE)), 1u << 8);
	check("USART0 TCR emptied", rd(PDC_TCR(US0_BASE)), 0);
	check("USART0 TPR advanced", rd(PDC_TPR(US0_BASE)),
	      (uint32_t)pdc_text + sizeof(pdc_text) - 1);
	check("USART0 ENDTX and TXBUFE",
	      rd(US_CSR(US0_BASE)) & (ENDTX | TXBUFE), ENDTX | TXBUFE);

	probe_end("at91-dbgu", 0);
}
