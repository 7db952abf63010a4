/** Display formats shared by the dashboard's pages: UTC everywhere, as the billing period is. */
export function formatDate(date: Date | string | null | undefined): string {
  if (!date) return "never";
  return new Date(date).toISOString().slice(0, 10);
}

export function formatDateTime(date: Date | string | null | undefined): string {
  if (!date) return "never";
  return `${new Date(date).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function formatNumber(value: number): string {
  return value.toLocaleString("en-US");
}
