// Client-side checks that mirror the contract's server rules, without pulling zod into the auth chunks.

/** Same shape as zod 4's z.email(): local@domain.tld with a TLD of two letters or more. */
export function isEmail(value: string): boolean {
  const v = value.trim();
  return (
    v.length > 0 &&
    v.length <= 254 &&
    /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/.test(v)
  );
}
