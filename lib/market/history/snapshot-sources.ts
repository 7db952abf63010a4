/** What each snapshot source is and which measures it collected: the label on every point of a history. */
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
};

export function describeSource(source: string) {
  return SNAPSHOT_SOURCES[source] ?? { description: "Snapshot source without a description.", collects: [] };
}
