/** Naming rules shared by the resolver and the emitters. */

/**
 * lowerCamelCase of an operation name. A leading acronym is lowered as a whole, keeping the capital that starts
 * the next word: `GetBalances` -> `getBalances`, `GLAccounts` -> `glAccounts`, `URL` -> `url`.
 */
export function methodName(name: string): string {
  const lead = /^[A-Z]+/.exec(name)?.[0] ?? '';
  if (lead.length <= 1) return name.charAt(0).toLowerCase() + name.slice(1);
  if (lead.length === name.length) return name.toLowerCase();
  const next = name.charAt(lead.length);
  const keep = /[a-z]/.test(next) ? lead.length - 1 : lead.length;
  return name.slice(0, keep).toLowerCase() + name.slice(keep);
}

/**
 * kebab-case of a service name, for npm package names (which must be lower case). Acronyms stay one word:
 * `WeatherService` -> `weather-service`, `HTTPGateway` -> `http-gateway`, `Orders_V2` -> `orders-v2`.
 */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/_+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}
