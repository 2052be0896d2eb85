// The academy's country, for addresses and structured data. Its own module: every page's script
// reads it (app/hooks/use-settings.ts), and importing domain/settings.ts there would
// bring the settings' defaults and the payment words along (docs/decisions/045).
export const ACADEMY_COUNTRY = { code: "NG", name: "Nigeria" } as const;
