/**
 * The web-platform globals engine/core uses that browsers and Node both provide. Only the core's
 * own tsconfig reads this file: it leaves lib.dom out, so anything else from the DOM is an error.
 */
interface URLSearchParams {
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  toString(): string;
}
// eslint-disable-next-line no-var -- a global declaration, as lib.dom writes it
declare var URLSearchParams: { prototype: URLSearchParams; new (init?: string | Record<string, string>): URLSearchParams };

interface URL {
  readonly hash: string;
  readonly host: string;
  readonly hostname: string;
  readonly href: string;
  readonly origin: string;
  readonly pathname: string;
  readonly protocol: string;
  readonly search: string;
  readonly searchParams: URLSearchParams;
  toString(): string;
}
// eslint-disable-next-line no-var -- a global declaration, as lib.dom writes it
declare var URL: { prototype: URL; new (url: string, base?: string | URL): URL };

declare function structuredClone<T>(value: T): T;
