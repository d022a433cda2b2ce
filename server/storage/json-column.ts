/** A JSON text column read tolerantly: null, empty or malformed text reads as absent, never a throw. */
export function parseJsonColumn(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
