// The billing statement download's column headings in each language (issue 24), as ./report-headings.ts
// has the report's: English is what machines read (the download's `headings=en`, and the default of an
// English asker); the cells stay data (event names, amounts as decimal text, currency codes).
import type { Locale } from '../../contract/locales.js';

export const BILLING_HEADING_KEYS = [
  'event',
  'occurredAt',
  'returnId',
  'reference',
  'operator',
  'quantity',
  'rate',
  'amount',
  'currency',
] as const;
export type BillingHeadingKey = (typeof BILLING_HEADING_KEYS)[number];

export const BILLING_HEADINGS: Record<Locale, Record<BillingHeadingKey, string>> = {
  en: {
    event: 'Event',
    occurredAt: 'Occurred At (UTC)',
    returnId: 'Return ID',
    reference: 'Reference',
    operator: 'Operator',
    quantity: 'Quantity',
    rate: 'Rate',
    amount: 'Amount',
    currency: 'Currency',
  },
  de: {
    event: 'Ereignis',
    occurredAt: 'Zeitpunkt (UTC)',
    returnId: 'Retouren-ID',
    reference: 'Referenz',
    operator: 'Bearbeiter',
    quantity: 'Menge',
    rate: 'Tarif',
    amount: 'Betrag',
    currency: 'Währung',
  },
  nl: {
    event: 'Gebeurtenis',
    occurredAt: 'Tijdstip (UTC)',
    returnId: 'Retour-ID',
    reference: 'Referentie',
    operator: 'Medewerker',
    quantity: 'Aantal',
    rate: 'Tarief',
    amount: 'Bedrag',
    currency: 'Valuta',
  },
  pl: {
    event: 'Zdarzenie',
    occurredAt: 'Data zdarzenia (UTC)',
    returnId: 'ID zwrotu',
    reference: 'Referencja',
    operator: 'Operator',
    quantity: 'Ilość',
    rate: 'Stawka',
    amount: 'Kwota',
    currency: 'Waluta',
  },
  es: {
    event: 'Evento',
    occurredAt: 'Fecha del evento (UTC)',
    returnId: 'ID de devolución',
    reference: 'Referencia',
    operator: 'Operario',
    quantity: 'Cantidad',
    rate: 'Tarifa',
    amount: 'Importe',
    currency: 'Moneda',
  },
};

/** The XLSX file's sheet name, total row and workbook title, in the headings' language. */
export const BILLING_FILE_TEXTS: Record<Locale, { sheet: string; total: string; title: (company: string, month: string) => string }> = {
  en: { sheet: 'Billing', total: 'Total', title: (company, month) => `${company}: billing ${month}` },
  de: { sheet: 'Abrechnung', total: 'Summe', title: (company, month) => `${company}: Abrechnung ${month}` },
  nl: { sheet: 'Facturering', total: 'Totaal', title: (company, month) => `${company}: facturering ${month}` },
  pl: { sheet: 'Rozliczenie', total: 'Suma', title: (company, month) => `${company}: rozliczenie ${month}` },
  es: { sheet: 'Facturación', total: 'Total', title: (company, month) => `${company}: facturación ${month}` },
};
