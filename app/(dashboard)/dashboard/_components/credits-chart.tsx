"use client";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface ChartDay {
  day: string;
  credits: number;
  calls: number;
}

/** Charged credits per day of the billing period (UTC days). */
export function CreditsChart({ days }: { days: ChartDay[] }) {
  return (
    <div className="chart" role="img" aria-label={`Credits per day: ${days.filter((d) => d.credits > 0).length} days with charged calls`}>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e3e5e8" />
          <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(8)} tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} width={48} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => [String(value), "credits"]} labelFormatter={(day) => `${day} (UTC)`} />
          <Bar dataKey="credits" fill="#2952cc" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
