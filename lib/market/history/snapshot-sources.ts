/** What each snapshot source is and which measures it collects: the label on every point of a history. */
export const SNAPSHOT_SOURCES: Record<string, { description: string; collects: string[] }> = {
  "steam-review-stats-2021": {
    description:
      "Steam appreviews query_summary, downloaded in 2021 but counting reviews written up to 2018-07-01 (the download's end date): Steam user reviews, all languages.",
    collects: ["reviews"],
  },
  "steamspy-2023-02-04": {
    description: "SteamSpy `all` snapshot of 2023-02-04: Steam review counts as SteamSpy read them, its owners range (an estimate), CCU, price (US cents).",
    collects: ["reviews", "owners", "ccu", "price"],
  },
  "steamspy-2025-01-01": {
    description: "SteamSpy `all` snapshot of 2025-01-01: Steam review counts as SteamSpy read them, its owners range (an estimate), CCU, price (US cents).",
    collects: ["reviews", "owners", "ccu", "price"],
  },
  steamspy: {
    description:
      "SteamSpy `all` pages read by Ludex's daily sync: Steam review counts as SteamSpy read them, its owners range (an estimate), the previous day's peak CCU, price and discount (US cents).",
    collects: ["reviews", "owners", "ccu", "price"],
  },
  "steam-appreviews": {
    description: "Steam's own review totals (appreviews query_summary, all languages and purchase types), read by Ludex's sync: daily for hot titles, weekly for the rest.",
    collects: ["reviews"],
  },
  "steam-store": {
    description: "Steam store price for the US (appdetails price_overview: price, list price and discount, US cents), read by Ludex's sync daily.",
    collects: ["price"],
  },
  "steam-players": {
    description:
      "Concurrent players when Ludex's sync asked Steam (GetNumberOfCurrentPlayers): one sample a day for hot titles, a week for the rest, at no fixed hour; not a daily peak.",
    collects: ["players"],
  },
};

export function describeSource(source: string) {
  return SNAPSHOT_SOURCES[source] ?? { description: "Snapshot source without a description.", collects: [] };
}

export function sourceCollects(source: string, measure: string): boolean {
  return describeSource(source).collects.includes(measure);
}
