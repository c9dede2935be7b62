/**
 * Outbound format versions (docs/integrations.md "Format versions"). A receiver built on today's
 * format keeps getting it: each connection that sends returns out (Biztalk Outbound Return, SGL Ecom)
 * names the version it reads in `connection_meta.format_version`; absent means 1.
 *
 * * 1 — the original return file (XML, flat) and web-shop post, byte for byte.
 * * 2 — adds the evidence of issue 16: dispositions, restock locations, discrepancies, photo links (and what other
 *   features register below).
 * * 3 — adds issue 27's inspection per line: grade, step answers, serial (versions 1 and 2 unchanged).
 *
 * To add an element: register a feature with the first version that carries it, and let the builder
 * write it only when `formatHas(version, feature)`. A new version is only needed when an element would
 * break a receiver of the latest one (a changed width, a removed element) — adding to the newest
 * version that no receiver has taken yet in a release is fine.
 */
export const OUTBOUND_FORMAT_VERSIONS = [1, 2, 3] as const;
export type OutboundFormatVersion = (typeof OUTBOUND_FORMAT_VERSIONS)[number];
export const DEFAULT_OUTBOUND_FORMAT_VERSION: OutboundFormatVersion = 1;

/** The first format version that carries each optional part of the outbound return. */
export const FORMAT_FEATURES = {
  /** Per line: disposition code and text, restock location. */
  dispositions: 2,
  /** Per line: wrong / extra item (and the order line it replaced); missing order lines; totals. */
  discrepancies: 2,
  /** Per line and per return: signed, long-lived links to the photos (no login needed). */
  photoLinks: 2,
  /** Per line (issue 27): the grade and its name, the inspection steps as answered, the serial and its checks. */
  inspection: 3,
} as const satisfies Record<string, OutboundFormatVersion>;
export type FormatFeature = keyof typeof FORMAT_FEATURES;

export const formatHas = (version: OutboundFormatVersion, feature: FormatFeature): boolean => version >= FORMAT_FEATURES[feature];

/** The version a connection asked for; anything missing or unknown reads as 1 (today's format). */
export function formatVersionOf(meta: Record<string, unknown> | null | undefined): OutboundFormatVersion {
  const v = meta?.format_version;
  return (OUTBOUND_FORMAT_VERSIONS as readonly unknown[]).includes(v) ? (v as OutboundFormatVersion) : DEFAULT_OUTBOUND_FORMAT_VERSION;
}

/** Connection types whose outbound messages have a format version. */
export const VERSIONED_CONNECTION_TYPES = ['Biztalk Outbound Return', 'SGL Ecom'] as const;
