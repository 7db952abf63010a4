/** Allowances reset at 00:00 UTC on the 1st of each month. */
export function billingPeriod(now = new Date()): { period: string; startsAt: Date; resetsAt: Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    period: `${year}-${String(month + 1).padStart(2, "0")}`,
    startsAt: new Date(Date.UTC(year, month, 1)),
    resetsAt: new Date(Date.UTC(year, month + 1, 1)),
  };
}

export function secondsUntil(date: Date, now = new Date()): number {
  return Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 1000));
}
