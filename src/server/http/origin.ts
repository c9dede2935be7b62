/** The origin the browser called us at: the base of a mailed link when PUBLIC_URL is not set. */
export function requestOrigin(req: { protocol: string; host: string }): string {
  return `${req.protocol}://${req.host}`;
}
