/**
 * Product analytics. Impersonated sessions send nothing (docs/product/platform.md §1); the session
 * module switches tracking off for them. The sink is a no-op until an analytics webhook
 * is configured (its path is not in the spec).
 */
let enabled = true;

export function setAnalyticsEnabled(next: boolean) {
  enabled = next;
}

export function isAnalyticsEnabled() {
  return enabled;
}

export function track(event: string, properties: Record<string, unknown> = {}) {
  if (!enabled) return;
  window.dispatchEvent(new CustomEvent("starboard:analytics", { detail: { event, properties } }));
}
