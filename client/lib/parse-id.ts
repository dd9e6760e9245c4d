/** A route's id parameter as a positive integer (docs/OPERATIONS.md ids), or undefined when it is not one. */
export function parseId(value: string | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
